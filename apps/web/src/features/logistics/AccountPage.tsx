/**
 * Logistics accounts (spec §2 "logistics accounts"): the generic list and form of the resource, with a
 * write-only secret, the vehicles bound to each account, a sync-now action for pull accounts and the
 * integration details (push URL, signature, field mapping in effect).
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Descriptions, Empty, Input, Modal, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { LOGISTICS_DEFAULT_MAPPING, LogisticsApi, resourceByName } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { useCan } from '../../platform/queries.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import SelectModal from '../../platform/resource/SelectModal.tsx';
import type { FormExtension } from '../../platform/resource/ResourceForm.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';

const def = resourceByName.get('logisticsAccount')!;
const vehicleDef = resourceByName.get('transportMeans')!;

type BoundVehicle = z.output<typeof LogisticsApi.BoundVehicle>;

function VehiclesModal({ account, onClose }: { account: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const can = useCan();
  const canEdit = can('logistics:account:edit');
  const [picking, setPicking] = useState(false);
  const q = useQuery({ queryKey: ['logisticsVehicles', account.id], queryFn: () => callData(LogisticsApi.accountVehicles, { query: { id: account.id } }), staleTime: 0 });
  const change = async (path: 'bind' | 'unbind', vehicleIds: number[]) => {
    await callData(path === 'bind' ? LogisticsApi.accountBind : LogisticsApi.accountUnbind, { body: { id: account.id, vehicleIds } });
    await q.refetch();
  };
  return (
    <Modal open title={t('logistics.vehiclesTitle', { name: account.accountName })} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      {canEdit && (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setPicking(true)} data-testid="logistics-bind" aria-haspopup="dialog" data-dialog="select" data-dialog-key="transportMeans">
          {t('logistics.bind')}
        </Button>
      )}
      <Table<BoundVehicle>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('logistics.noVehicles')} /> }}
        columns={[
          { title: t('logistics.plateNumber'), dataIndex: 'plateNumber' },
          { title: t('logistics.deviceNumber'), dataIndex: 'deviceNumber', render: (v: string | null) => v ?? '-' },
          { title: t('logistics.carrier'), dataIndex: 'carrierName', render: (v: string | null) => v ?? '-' },
          ...(canEdit
            ? [
                {
                  title: t('resource.actions'),
                  key: 'actions',
                  render: (_: unknown, v: BoundVehicle) => (
                    <LinkButton
                      dialog="confirm"
                      onClick={() =>
                        modal.confirm({
                          title: t('resource.confirmTitle'),
                          content: t('logistics.unbindConfirm', { plate: v.plateNumber }),
                          okText: t('resource.ok'),
                          cancelText: t('resource.cancel'),
                          onOk: () => change('unbind', [v.id]),
                        })
                      }
                    >
                      {t('logistics.unbind')}
                    </LinkButton>
                  ),
                },
              ]
            : []),
        ]}
      />
      <SelectModal
        resource={vehicleDef}
        open={picking}
        multiple
        onCancel={() => setPicking(false)}
        onOk={(rows) => {
          setPicking(false);
          void change(
            'bind',
            rows.map((r) => r.id),
          );
        }}
      />
    </Modal>
  );
}

function mappingInEffect(stored: unknown): string {
  let own: object = {};
  try {
    own = typeof stored === 'string' && stored ? (JSON.parse(stored) as object) : stored && typeof stored === 'object' ? stored : {};
  } catch {
    /* shown as the defaults */
  }
  return JSON.stringify({ ...LOGISTICS_DEFAULT_MAPPING, ...own }, null, 2);
}

function AccessModal({ account, onClose }: { account: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const push = account.mode === 'PUSH';
  return (
    <Modal open title={t('logistics.accessTitle', { name: account.accountName })} width={720} footer={null} onCancel={onClose}>
      <Descriptions column={1} bordered size="small">
        {push ? (
          <Descriptions.Item label={t('logistics.pushUrl')}>
            <Typography.Text copyable code data-testid="logistics-push-url">{`${window.location.origin}/api/logistics/push/${account.id}`}</Typography.Text>
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('logistics.pullUrl')}>
            <Typography.Text code>{String(account.endpointUrl ?? '-')}</Typography.Text>
            <div style={{ marginTop: 8 }}>{t('logistics.pullText')}</div>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('logistics.signing')}>{t('logistics.signingText')}</Descriptions.Item>
        <Descriptions.Item label={t('logistics.mapping')}>
          <pre style={{ margin: 0, fontSize: 12 }}>{mappingInEffect(account.fieldMapping)}</pre>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

export default function AccountPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [vehiclesOf, setVehiclesOf] = useState<Row | null>(null);
  const [accessOf, setAccessOf] = useState<Row | null>(null);

  const form = useMemo<FormExtension>(
    () => ({
      widgets: {
        secret: ({ record }) => <Input.Password placeholder={t(record ? 'logistics.secretKeep' : 'logistics.secretNew')} autoComplete="new-password" />,
        fieldMapping: () => <Input.TextArea rows={3} placeholder={t('logistics.mappingHelp')} />,
      },
    }),
    [t],
  );

  const rowActions = useCallback(
    (row: Row, api: TableApi) => {
      const sync = async () => {
        const hide = message.loading(t('logistics.sync'), 0);
        try {
          const r = await callData(LogisticsApi.accountSync, { body: { id: row.id } });
          message.success(t('logistics.syncDone', { accepted: r.accepted }));
        } finally {
          hide();
          api.reload();
        }
      };
      return [
        <LinkButton dialog key="vehicles" onClick={() => setVehiclesOf(row)} data-testid={`logistics-vehicles-${row.id}`}>
          {t('logistics.vehicles')}
        </LinkButton>,
        ...(row.mode === 'PULL' && row.status === '0' && can('logistics:account:sync')
          ? [
              <LinkButton key="sync" onClick={() => void sync()}>
                {t('logistics.sync')}
              </LinkButton>,
            ]
          : []),
        <LinkButton dialog key="access" onClick={() => setAccessOf(row)}>
          {t('logistics.access')}
        </LinkButton>,
      ];
    },
    [t, can, message],
  );

  return (
    <>
      <ResourceTable resource={def} syncUrl form={form} rowActions={rowActions} />
      {vehiclesOf && <VehiclesModal account={vehiclesOf} onClose={() => setVehiclesOf(null)} />}
      {accessOf && <AccessModal account={accessOf} onClose={() => setAccessOf(null)} />}
    </>
  );
}
