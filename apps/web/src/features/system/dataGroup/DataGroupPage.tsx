/** Data groups: the generic list plus the bindings of clients, carriers and zones (entered by id until master data exists). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Form, Modal, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { resourceByName, SystemApi } from '@tms/domain';
import { callData } from '../../../platform/api.ts';
import { useCan } from '../../../platform/queries.ts';
import ResourceTable from '../../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../../platform/resource/columns.ts';
import { LinkButton } from '../../../platform/LinkButton.tsx';

const def = resourceByName.get('dataGroup')!;
const TYPES = ['CLIENT', 'CARRIER', 'ZONE'] as const;

function BindModal({ group, onClose }: { group: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<(typeof TYPES)[number], string[]>>();
  const q = useQuery({ queryKey: ['dataGroupBinds', group.id], queryFn: () => callData(SystemApi.endpoints.dataGroupBinds, { query: { id: group.id } }), staleTime: 0 });
  const [saving, setSaving] = useState(false);
  const initial = Object.fromEntries(TYPES.map((ty) => [ty, (q.data ?? []).filter((b) => b.targetType === ty).map((b) => String(b.targetId))]));
  return (
    <Modal
      open
      title={t('system.dataGroup.bindTitle', { name: group.name })}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        setSaving(true);
        try {
          for (const ty of TYPES) {
            const ids = (v[ty] ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0);
            await callData(SystemApi.endpoints.dataGroupBind, { body: { id: group.id, targetType: ty, targetIds: ids } });
          }
          message.success(t('resource.saveSuccess'));
          onClose();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('system.dataGroup.idsHint')} />
      <Spin spinning={q.isLoading}>
        {!q.isLoading && (
          <Form form={form} layout="vertical" initialValues={initial}>
            {TYPES.map((ty) => (
              <Form.Item
                key={ty}
                name={ty}
                label={t(`system.dataGroup.type.${ty}`)}
                rules={[{ validator: async (_r, v: string[] | undefined) => ((v ?? []).every((x) => /^[1-9]\d*$/.test(x)) ? undefined : Promise.reject(new Error(t('system.dataGroup.idsInvalid')))) }]}
              >
                <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder={t('system.dataGroup.idsPlaceholder')} />
              </Form.Item>
            ))}
          </Form>
        )}
      </Spin>
    </Modal>
  );
}

export default function DataGroupPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [group, setGroup] = useState<Row | null>(null);
  return (
    <>
      <ResourceTable
        resource={def}
        syncUrl
        rowActions={(row) =>
          can('system:dataGroup:edit')
            ? [
                <LinkButton dialog key="bind" onClick={() => setGroup(row)}>
                  {t('system.dataGroup.bind')}
                </LinkButton>,
              ]
            : []
        }
      />
      {group && <BindModal group={group} onClose={() => setGroup(null)} />}
    </>
  );
}
