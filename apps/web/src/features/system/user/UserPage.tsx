/** Users: the generic list plus roles, dispatch centers, data groups, password reset and user transfer (moving them to another user). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Checkbox, Empty, Form, Input, Modal, Radio, Select, Spin, Table } from 'antd';
import { FormCheckboxGroup, FormSelect } from '../../../platform/FormSelect.tsx';
import { SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PortalApi, resourceByName, SystemApi } from '@tms/domain';
import { callData } from '../../../platform/api.ts';
import { HttpError } from '../../../platform/http.ts';
import { useCan } from '../../../platform/queries.ts';
import ResourceTable from '../../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../../platform/resource/columns.ts';
import { LinkButton } from '../../../platform/LinkButton.tsx';
import { DataText } from '../../../platform/DataText.tsx';

const def = resourceByName.get('user')!;


function RolesModal({ user, onClose }: { user: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const assigned = useQuery({ queryKey: ['userRoles', user.id, true], queryFn: () => callData(SystemApi.endpoints.userRoles, { query: { userId: user.id } }), staleTime: 0 });
  const other = useQuery({ queryKey: ['userRoles', user.id, false], queryFn: () => callData(SystemApi.endpoints.userOtherRoles, { query: { userId: user.id } }), staleTime: 0 });
  const [target, setTarget] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');
  const all = [...(assigned.data ?? []), ...(other.data ?? [])];
  const initial = (assigned.data ?? []).map((r) => r.id);
  const keys = target ?? initial;
  return (
    <Modal
      open
      title={<DataText k="system.user.rolesTitle" data={{ name: user.nickName }} />}
      width={640}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        const add = keys.filter((k) => !initial.includes(k));
        const remove = initial.filter((k) => !keys.includes(k));
        setSaving(true);
        try {
          if (add.length) await callData(SystemApi.endpoints.bindRoles, { body: { userId: user.id, roleIds: add } });
          if (remove.length) await callData(SystemApi.endpoints.unbindRoles, { body: { userId: user.id, roleIds: remove } });
          message.success(t('resource.saveSuccess'));
          onClose();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Spin spinning={assigned.isLoading || other.isLoading}>
        {/* a list of named checkboxes (antd's Transfer left its checkboxes without a name: WCAG 4.1.2) */}
        <Input
          allowClear
          placeholder={t('system.search')}
          aria-label={t('system.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 8 }}
          data-testid="user-roles-search"
        />
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          data-testid="user-roles"
          dataSource={all.filter((r) => !search.trim() || `${r.roleName} ${r.roleKey}`.toLowerCase().includes(search.trim().toLowerCase()))}
          rowSelection={{
            selectedRowKeys: keys,
            preserveSelectedRowKeys: true,
            onChange: (k) => setTarget(k.map(Number)),
            // a disabled role can be taken away, not given
            getCheckboxProps: (r) => ({ disabled: r.status !== '0' && !keys.includes(r.id), 'aria-label': `${r.roleName} (${r.roleKey})` }),
          }}
          columns={[
            { title: t('system.name'), dataIndex: 'roleName' },
            { title: t('system.code'), dataIndex: 'roleKey' },
          ]}
        />
      </Spin>
    </Modal>
  );
}

interface CenterOption {
  id: number;
  code: string;
  name: string;
  assigned: boolean;
  isDefault?: boolean;
}

function CentersModal({ user, onClose }: { user: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['userCenters', user.id], queryFn: () => callData(SystemApi.endpoints.userCenters, { query: { userId: user.id } }), staleTime: 0 });
  const [ids, setIds] = useState<number[] | null>(null);
  const [def, setDef] = useState<number | null | undefined>(undefined);
  const rows = q.data ?? [];
  const chosen = ids ?? rows.filter((r) => r.assigned).map((r) => r.id);
  const dflt = def !== undefined ? def : (rows.find((r) => r.isDefault)?.id ?? null);
  const effectiveDefault = dflt !== null && chosen.includes(dflt) ? dflt : (chosen[0] ?? null);
  return (
    <Modal
      open
      title={<DataText k="system.user.centersTitle" data={{ name: user.nickName }} />}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      onCancel={onClose}
      onOk={async () => {
        await callData(SystemApi.endpoints.setUserCenters, { body: { userId: user.id, ids: chosen, defaultId: effectiveDefault } });
        message.success(t('resource.saveSuccess'));
        onClose();
      }}
    >
      <Table<CenterOption>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('system.user.assigned'),
            width: 80,
            render: (_v, r) => (
              <Checkbox
                aria-label={r.name}
                checked={chosen.includes(r.id)}
                onChange={(e) => setIds(e.target.checked ? [...chosen, r.id] : chosen.filter((x) => x !== r.id))}
              />
            ),
          },
          { title: t('system.code'), dataIndex: 'code' },
          { title: t('system.name'), dataIndex: 'name' },
          {
            title: t('system.user.defaultCenter'),
            width: 90,
            render: (_v, r) => <Radio aria-label={`${t('system.user.defaultCenter')}: ${r.name}`} checked={effectiveDefault === r.id} disabled={!chosen.includes(r.id)} onChange={() => setDef(r.id)} />,
          },
        ]}
      />
    </Modal>
  );
}

function GroupsModal({ user, onClose }: { user: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['userGroups', user.id], queryFn: (): Promise<CenterOption[]> => callData(SystemApi.endpoints.userGroups, { query: { userId: user.id } }), staleTime: 0 });
  const [ids, setIds] = useState<number[] | null>(null);
  const rows = q.data ?? [];
  const chosen = ids ?? rows.filter((r) => r.assigned).map((r) => r.id);
  return (
    <Modal
      open
      title={<DataText k="system.user.groupsTitle" data={{ name: user.nickName }} />}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      onCancel={onClose}
      onOk={async () => {
        await callData(SystemApi.endpoints.setUserGroups, { body: { userId: user.id, ids: chosen } });
        message.success(t('resource.saveSuccess'));
        onClose();
      }}
    >
      <Spin spinning={q.isLoading}>
        {rows.length ? (
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            value={chosen}
            onChange={(v) => setIds(v as number[])}
            options={rows.map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
          />
        ) : (
          <Empty description={t('system.user.noGroups')} />
        )}
      </Spin>
    </Modal>
  );
}

/** A client user's clients (issue 17): the records it sees in the portal. */
function ClientsModal({ user, onClose }: { user: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['userClients', user.id], queryFn: () => callData(PortalApi.endpoints.userClients, { query: { userId: Number(user.id) } }), staleTime: 0 });
  const [ids, setIds] = useState<number[] | null>(null);
  const rows = q.data ?? [];
  const chosen = ids ?? rows.filter((r) => r.assigned).map((r) => r.id);
  return (
    <Modal
      open
      title={<DataText k="portal.admin.clientsTitle" data={{ name: String(user.nickName ?? '') }} />}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      onCancel={onClose}
      onOk={async () => {
        await callData(PortalApi.endpoints.setUserClients, { body: { userId: Number(user.id), clientIds: chosen } });
        message.success(t('resource.saveSuccess'));
        onClose();
      }}
    >
      <Spin spinning={q.isLoading}>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          aria-label={t('portal.admin.clients')}
          value={chosen}
          onChange={(v) => setIds(v)}
          optionFilterProp="label"
          options={rows.map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
          data-testid="user-clients"
        />
      </Spin>
    </Modal>
  );
}

function ResetPasswordModal({ user, onClose }: { user: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  return (
    <Modal
      open
      title={t('system.user.resetPwdTitle', { name: user.userName })}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        try {
          await callData(SystemApi.endpoints.resetPassword, { body: { id: user.id, password: v.password } }, { silent: true });
          message.success(t('system.user.resetPwdDone'));
          onClose();
        } catch (e) {
          if (e instanceof HttpError && e.fieldErrors.password) form.setFields([{ name: 'password', errors: [e.fieldErrors.password] }]);
          else message.error(e instanceof Error ? e.message : t('messages.systemError'));
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="password" label={t('system.user.newPassword')} rules={[{ required: true, message: t('validation.required') }, { min: 6, max: 16, message: t('validation.passwordLength') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('system.user.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('validation.required') },
            ({ getFieldValue }) => ({ validator: (_r, v) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('system.user.passwordMismatch')))) }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface UserOption {
  id: number;
  userName: string;
  nickName: string;
}

function TransferModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ fromUserId: number; toUserId: number; parts: string[] }>();
  const users = useQuery({ queryKey: ['allUsers'], queryFn: () => callData(SystemApi.endpoints.userAll), staleTime: 0 });
  const options = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.nickName} (${u.userName})` }));
  return (
    <Modal
      open
      title={t('system.user.transferTitle')}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await callData(SystemApi.endpoints.transfer, { body: v });
        message.success(t('system.user.transferDone'));
        onClose();
      }}
    >
      <Alert type="info" showIcon message={t('system.user.transferHint')} style={{ marginBottom: 16 }} data-testid="user-transfer-hint" />
      <Form form={form} layout="vertical" initialValues={{ parts: ['roles', 'dispatchCenters', 'dataGroups'] }}>
        <Form.Item name="fromUserId" label={t('system.user.fromUser')} rules={[{ required: true, message: t('validation.required') }]}>
          <FormSelect showSearch optionFilterProp="label" options={options} loading={users.isLoading} />
        </Form.Item>
        <Form.Item
          name="toUserId"
          label={t('system.user.toUser')}
          dependencies={['fromUserId']}
          rules={[
            { required: true, message: t('validation.required') },
            ({ getFieldValue }) => ({ validator: (_r, v) => (v && v === getFieldValue('fromUserId') ? Promise.reject(new Error(t('system.user.sameUser'))) : Promise.resolve()) }),
          ]}
        >
          <FormSelect showSearch optionFilterProp="label" options={options} loading={users.isLoading} />
        </Form.Item>
        <Form.Item name="parts" label={t('system.user.parts')} rules={[{ required: true, type: 'array', min: 1, message: t('validation.required') }]}>
          <FormCheckboxGroup options={(['roles', 'dispatchCenters', 'dataGroups'] as const).map((p) => ({ value: p, label: t(`system.user.part.${p}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Dialog = { kind: 'roles' | 'centers' | 'groups' | 'clients' | 'password'; user: Row } | { kind: 'transfer' } | null;

export default function UserPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog>(null);
  const editable = can('system:user:edit');
  const close = () => setDialog(null);
  return (
    <>
      <ResourceTable
        resource={def}
        syncUrl
        rowActions={(row) => {
          if (!editable) return [];
          return [
            <LinkButton dialog key="roles" onClick={() => setDialog({ kind: 'roles', user: row })}>
              {t('system.user.roles')}
            </LinkButton>,
            <LinkButton dialog key="centers" onClick={() => setDialog({ kind: 'centers', user: row })}>
              {t('system.user.centers')}
            </LinkButton>,
            <LinkButton dialog key="groups" onClick={() => setDialog({ kind: 'groups', user: row })}>
              {t('system.user.groups')}
            </LinkButton>,
            ...(row.userKind === 'CLIENT'
              ? [
                  <LinkButton dialog key="clients" onClick={() => setDialog({ kind: 'clients', user: row })}>
                    {t('portal.admin.clients')}
                  </LinkButton>,
                ]
              : []),
            <LinkButton dialog key="pwd" onClick={() => setDialog({ kind: 'password', user: row })}>
              {t('system.user.resetPwd')}
            </LinkButton>,
          ];
        }}
        toolbarExtra={() =>
          editable
            ? [
                <Button key="transfer" icon={<SwapOutlined />} onClick={() => setDialog({ kind: 'transfer' })} aria-haspopup="dialog">
                  {t('system.user.transfer')}
                </Button>,
              ]
            : []
        }
      />
      {dialog?.kind === 'roles' && <RolesModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'centers' && <CentersModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'groups' && <GroupsModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'clients' && <ClientsModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'password' && <ResetPasswordModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'transfer' && <TransferModal onClose={close} />}
    </>
  );
}
