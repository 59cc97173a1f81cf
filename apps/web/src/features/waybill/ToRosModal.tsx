/**
 * "To dispatch" (spec §2 waybill "to-RoS"): put the selected reviewed waybills on a new dispatch order,
 * or on an existing open / confirmed one. When the carriers differ the server asks the question of
 * spec §5 (409 with data.confirm = 'carrierMismatch'); a yes sends again with confirmCarrierMismatch.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Table, Typography } from 'antd';
import type { z } from 'zod';
import { WaybillApi } from '@tms/domain';
import { HttpError } from '../../platform/http.ts';
import { call } from '../../platform/api.ts';
import { displayValue, type Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';

type RosShipment = z.output<typeof WaybillApi.RosShipment> & Row;

const PAGE = 8;

export default function ToRosModal({ rows, onClose, onDone }: { rows: Row[]; onClose: () => void; onDone: () => void }) {
  const ctx = useResourceContext();
  const { t } = ctx;
  const { message, modal } = App.useApp();
  const [mode, setMode] = useState<'create' | 'bind'>('create');
  const [code, setCode] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [picked, setPicked] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const shipments = useQuery({
    queryKey: ['rosShipments', code, pageNum],
    queryFn: () => call(WaybillApi.rosShipments, { query: { shipmentCode: code, pageNum, pageSize: PAGE } }),
    enabled: mode === 'bind',
  });

  const send = async (confirmCarrierMismatch: boolean): Promise<void> => {
    setSaving(true);
    try {
      const body = { ids: rows.map((r) => r.id), shipmentId: mode === 'bind' ? picked : null, confirmCarrierMismatch };
      const r = await call(WaybillApi.toRos, { body }, { silent: true });
      message.success(r.msg);
      onDone();
    } catch (e) {
      const body = e instanceof HttpError ? e.body : null;
      const ask = e instanceof HttpError && e.status === 409 && (body?.data as { confirm?: string } | undefined)?.confirm === 'carrierMismatch';
      if (ask) {
        modal.confirm({
          title: t('waybill.toRosModal.confirmTitle'),
          content: body!.msg,
          okText: t('resource.ok'),
          cancelText: t('resource.cancel'),
          onOk: () => send(true),
        });
      } else {
        message.error(body?.msg ?? String(e));
      }
    } finally {
      setSaving(false);
    }
  };

  const statusField = { name: 'status', kind: 'dict', dict: 'shipment_status' } as const;
  return (
    <Modal
      open
      width={820}
      title={t('waybill.toRosModal.title', { count: rows.length })}
      onCancel={onClose}
      onOk={() => void send(false)}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ disabled: mode === 'bind' && !picked, loading: saving, 'data-testid': 'to-ros-ok' }}
      destroyOnHidden
    >
      <div data-testid="to-ros-modal">
        <Typography.Paragraph>{rows.map((r) => String(r.code)).join('、')}</Typography.Paragraph>
        <Form layout="inline" style={{ marginBottom: 12 }}>
          <Form.Item label={t('waybill.toRosModal.mode')}>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'create' | 'bind')}>
              <Radio value="create" data-testid="to-ros-create">
                {t('waybill.toRosModal.create')}
              </Radio>
              <Radio value="bind" data-testid="to-ros-bind">
                {t('waybill.toRosModal.bind')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        </Form>
        {mode === 'bind' && (
          <>
            <Typography.Paragraph type="secondary">{t('waybill.toRosModal.pick')}</Typography.Paragraph>
            <Input.Search
              allowClear
              placeholder={t('waybill.toRosModal.shipmentCode')}
              onSearch={(v) => {
                setCode(v.trim());
                setPageNum(1);
              }}
              style={{ width: 280, marginBottom: 8 }}
            />
            <Table<RosShipment>
              rowKey="id"
              size="small"
              loading={shipments.isFetching}
              dataSource={shipments.data?.rows ?? []}
              rowSelection={{
                type: 'radio',
                selectedRowKeys: picked ? [picked] : [],
                onChange: (keys) => setPicked(Number(keys[0])),
                getCheckboxProps: (r) => ({ 'aria-label': t('a11y.selectRow', { label: r.shipmentCode }) }) as { disabled?: boolean },
              }}
              onRow={(r) => ({ onClick: () => setPicked(r.id) })}
              pagination={{ current: pageNum, pageSize: PAGE, total: shipments.data?.total ?? 0, onChange: setPageNum, size: 'small' }}
              columns={[
                { title: t('waybill.toRosModal.shipmentCode'), dataIndex: 'shipmentCode', key: 'code' },
                { title: t('waybill.toRosModal.status'), key: 'status', render: (_, r) => displayValue(statusField, r.status, ctx) },
                { title: t('waybill.toRosModal.carrier'), key: 'carrier', render: (_, r) => r.carrierIdLabel ?? '-' },
                { title: t('waybill.toRosModal.waybillCount'), dataIndex: 'waybillCount', key: 'n', align: 'right' },
                { title: t('waybill.toRosModal.stationNum'), dataIndex: 'stationNum', key: 'stops', align: 'right' },
                { title: t('resources.waybill.fields.totalQuantity'), dataIndex: 'totalQuantity', key: 'qty', align: 'right' },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
