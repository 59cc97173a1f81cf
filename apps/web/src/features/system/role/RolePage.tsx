/** Roles: the generic list; the form carries the menu / button tree (at least one menu); a data-scope dialog per row. */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Col, Form, Modal, Space, Spin, Switch, Tree, Typography } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { getResource, resourceByName, SystemApi } from '@tms/domain';
import { callData } from '../../../platform/api.ts';
import { useCan, useDict } from '../../../platform/queries.ts';
import ResourceTable from '../../../platform/resource/ResourceTable.tsx';
import type { FormExtension } from '../../../platform/resource/ResourceForm.tsx';
import type { Row } from '../../../platform/resource/columns.ts';
import { buildTree, menuLabel, relatives, useAllRows } from '../common.tsx';
import { LinkButton } from '../../../platform/LinkButton.tsx';
import { FormSelect } from '../../../platform/FormSelect.tsx';
import { DataText, DataValue } from '../../../platform/DataText.tsx';

const def = resourceByName.get('role')!;

/**
 * A checkable tree of parent-linked rows holding exactly the checked ids (parents included).
 * Checking a node checks its ancestors (and, with linkage on, its descendants); unchecking a node
 * unchecks its descendants.
 */
export function CheckTree({
  rows,
  label,
  value = [],
  onChange,
  testId,
}: {
  rows: Row[];
  label: (r: Row) => string;
  value?: number[];
  onChange?: (v: number[]) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [linkage, setLinkage] = useState(true);
  const treeData = useMemo(() => buildTree(rows, 'parentId', label), [rows, label]);
  const rel = useMemo(() => relatives(rows, 'parentId'), [rows]);
  const parents = useMemo(() => rows.filter((r) => rows.some((c) => Number(c.parentId) === r.id)).map((r) => r.id), [rows]);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  return (
    <div data-testid={testId} style={{ width: '100%' }}>
      <Space size="middle" style={{ marginBottom: 8 }} wrap>
        <Button size="small" onClick={() => setExpanded(parents)}>
          {t('system.tree.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('system.tree.collapseAll')}
        </Button>
        <Button size="small" onClick={() => onChange?.(rows.map((r) => r.id))}>
          {t('system.tree.checkAll')}
        </Button>
        <Button size="small" onClick={() => onChange?.([])}>
          {t('system.tree.checkNone')}
        </Button>
        <Space size={4}>
          <Switch size="small" checked={linkage} onChange={setLinkage} aria-label={String(t('system.tree.linkage'))} data-testid="tree-linkage" />
          <Typography.Text>{t('system.tree.linkage')}</Typography.Text>
        </Space>
      </Space>
      <div style={{ border: '1px solid rgba(5,5,5,0.12)', borderRadius: 6, padding: 8, maxHeight: 320, overflow: 'auto' }}>
        <Tree
          checkable
          checkStrictly
          selectable={false}
          treeData={treeData}
          expandedKeys={expanded ?? undefined}
          defaultExpandedKeys={[]}
          onExpand={(k) => setExpanded(k.map(Number))}
          checkedKeys={{ checked: value, halfChecked: [] }}
          onCheck={(_c, info) => {
            const id = Number(info.node.key);
            const set = new Set(value);
            if (info.checked) {
              set.add(id);
              rel.ancestors(id).forEach((a) => set.add(a));
              if (linkage) rel.descendants(id).forEach((d) => set.add(d));
            } else {
              set.delete(id);
              rel.descendants(id).forEach((d) => set.delete(d));
            }
            onChange?.([...set]);
          }}
        />
      </div>
    </div>
  );
}

function MenuTreeItem() {
  const { t } = useTranslation();
  const { data = [], isLoading } = useAllRows(getResource('menu'));
  const label = useMemo(() => (r: Row) => menuLabel(t, r), [t]);
  return (
    <Col span={24}>
      <ProForm.Item
        name="menuIds"
        label={t('system.role.menus')}
        required
        rules={[{ validator: async (_r: unknown, v: unknown) => (Array.isArray(v) && v.length ? undefined : Promise.reject(new Error(t('system.role.needMenu')))) }]}
      >
        {isLoading ? <Spin /> : <CheckTree rows={data} label={label} testId="role-menu-tree" />}
      </ProForm.Item>
    </Col>
  );
}

const formExt: FormExtension = {
  width: 800,
  load: async (record) => {
    if (!record) return { menuIds: [] };
    const r = await callData(SystemApi.endpoints.roleMenus, { params: { id: record.id } });
    return { menuIds: r.checkedKeys };
  },
  extra: () => <MenuTreeItem />,
  beforeSubmit: (body, values) => ({ ...body, menuIds: (values.menuIds as number[] | undefined) ?? [] }),
};

function DataScopeModal({ role, onClose }: { role: Row; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const scopes = useDict('sys_data_scope');
  // the scope's select lists the data-scope dictionary, whose values are the route's (DATA_SCOPES)
  const [form] = Form.useForm<{ dataScope: SystemApi.DataScope; deptIds: number[] }>();
  const scope = Form.useWatch('dataScope', form);
  const depts = useAllRows(getResource('dept'));
  const label = useMemo(() => (r: Row) => String(r.deptName ?? r.id), []);
  useEffect(() => {
    void callData(SystemApi.endpoints.roleDepts, { params: { id: role.id } }).then((r) => form.setFieldsValue({ deptIds: r.checkedKeys }));
  }, [role.id, form]);
  return (
    <Modal
      open
      title={<DataText k="system.role.dataScopeTitle" data={{ name: String(role.roleName ?? '') }} />}
      width={640}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      onCancel={() => onClose(false)}
      onOk={async () => {
        const v = await form.validateFields();
        await callData(SystemApi.endpoints.roleDataScope, { body: { id: role.id, dataScope: v.dataScope, deptIds: v.dataScope === '2' ? (v.deptIds ?? []) : [] } });
        message.success(t('resource.saveSuccess'));
        onClose(true);
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ dataScope: String(role.dataScope ?? '1'), deptIds: [] }}>
        <Form.Item label={t('system.role.roleName')}>
          <Typography.Text>
            <DataValue>{String(role.roleName)}</DataValue> ({String(role.roleKey)})
          </Typography.Text>
        </Form.Item>
        <Form.Item name="dataScope" label={t('system.role.dataScope')} rules={[{ required: true, message: t('validation.required') }]}>
          <FormSelect options={scopes.map((s) => ({ value: s.dictValue, label: s.dictLabel }))} />
        </Form.Item>
        {scope === '2' && (
          <Form.Item
            name="deptIds"
            label={t('system.role.depts')}
            rules={[{ validator: async (_r, v: unknown) => (Array.isArray(v) && v.length ? undefined : Promise.reject(new Error(t('validation.required')))) }]}
          >
            {depts.isLoading ? <Spin /> : <CheckTree rows={depts.data ?? []} label={label} testId="role-dept-tree" />}
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export default function RolePage() {
  const { t } = useTranslation();
  const can = useCan();
  const [scopeOf, setScopeOf] = useState<{ role: Row; reload: () => void } | null>(null);
  return (
    <>
      <ResourceTable
        resource={def}
        syncUrl
        form={formExt}
        rowActions={(row, api) =>
          can('system:role:edit') && row.roleKey !== 'admin'
            ? [
                <LinkButton dialog key="scope" onClick={() => setScopeOf({ role: row, reload: api.reload })}>
                  {t('system.role.dataScope')}
                </LinkButton>,
              ]
            : []
        }
      />
      {scopeOf && (
        <DataScopeModal
          role={scopeOf.role}
          onClose={(changed) => {
            if (changed) scopeOf.reload();
            setScopeOf(null);
          }}
        />
      )}
    </>
  );
}
