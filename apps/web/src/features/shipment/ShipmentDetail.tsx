/**
 * Dispatch order detail (spec §2 "Shipment list and detail"): basic dispatching, driver, routing and
 * transport information, the waybills (bind / unbind while OPEN or CONFIRMED), item lines, the abnormal
 * receipt report, stops, business log, adjustments (reassignments, returns, legs, prints) and the
 * trajectory playback.
 */
import { Suspense, lazy, useState, type Key } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Space, Spin, Table, Tabs, Typography } from 'antd';
import { fieldByName, resourceByName, SHIPMENT_SECTIONS, type ResourceDef } from '@tms/domain';
import { HttpError } from '../../platform/http.ts';
import { formatDateTime } from '../../platform/format.ts';
import SelectModal from '../../platform/resource/SelectModal.tsx';
import { displayValue, type Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { FieldSection } from '../waybill/WaybillDetail.tsx';
import { action, fetchShipment, rosDef, shipmentDef, type ShipmentDetail as Detail } from './api.ts';

const TrajectoryPlayback = lazy(() => import('./TrajectoryPlayback.tsx'));

const waybillDef = resourceByName.get('waybill')!;
const stopDef = resourceByName.get('shipmentStop')!;
const logDef = resourceByName.get('shipmentLog')!;
const ADJUSTMENTS = new Set(['SHIPMENT_SCHEDULE', 'SHIPMENT_CANCEL_SCHEDULE', 'SHIPMENT_WITHDRAW', 'SHIPMENT_REASSIGN', 'SHIPMENT_REASSIGN_TRANSIT', 'SHIPMENT_RETURN']);

/** Columns of a plain table: [data key, label key under shipment.detail.col, how to format: a time, or like a field of a resource]. */
type Col = [key: string, label: string, format?: 'time' | [ResourceDef, string]];

function useColumns(cols: Col[]) {
  const ctx = useResourceContext();
  return cols.map(([key, label, format]) => ({
    key,
    dataIndex: key,
    title: ctx.t(`shipment.detail.col.${label}`),
    render: (v: unknown, row: Row) => {
      const f = Array.isArray(format) ? fieldByName(format[0], format[1]) : undefined;
      const raw = v === null || v === undefined ? '' : String(v);
      const text = format === 'time' ? (raw && formatDateTime(raw, ctx.dateStyle)) : f ? displayValue(f, v, ctx, row) : raw;
      return text || '-';
    },
  }));
}

function Plain({ rows, cols, testId, selection }: { rows: Row[]; cols: Col[]; testId?: string; selection?: { keys: Key[]; onChange: (k: Key[]) => void } }) {
  const columns = useColumns(cols);
  const { t } = useResourceContext();
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      bordered
      pagination={rows.length > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      columns={columns}
      data-testid={testId}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.keys,
              onChange: selection.onChange,
              // each row's checkbox named by the waybill it selects (antd passes it on to the input; its type lists no aria attributes)
              getCheckboxProps: (row: Row) => ({ 'aria-label': t('a11y.selectRow', { label: String(row.code ?? row.id) }) }) as { disabled?: boolean },
            }
          : undefined
      }
    />
  );
}

const WAYBILL_COLS: Col[] = [
  ['code', 'code'],
  ['orderCode', 'orderCode'],
  ['status', 'status', [waybillDef, 'status']],
  ['clientName', 'client'],
  ['carrierName', 'carrier'],
  ['sourceStationName', 'source'],
  ['destStationName', 'dest'],
  ['totalQuantity', 'quantity'],
  ['totalWeight', 'weight', [waybillDef, 'totalWeight']],
  ['totalVolume', 'volume', [waybillDef, 'totalVolume']],
];
const LINE_COLS: Col[] = [['waybillCode', 'code'], ['itemCode', 'item'], ['itemName', 'item'], ['quantity', 'quantity'], ['weight', 'weight'], ['volume', 'volume']];
const STOP_COLS: Col[] = [
  ['seq', 'seq'],
  ['stationName', 'station'],
  ['stopType', 'stopType', [stopDef, 'stopType']],
  ['eta', 'eta', 'time'],
  ['ata', 'ata', 'time'],
  ['atd', 'atd', 'time'],
];
const LOG_COLS: Col[] = [
  ['operationTime', 'time', 'time'],
  ['operationType', 'operation', [logDef, 'operationType']],
  ['operatorName', 'operator'],
  ['driverName', 'driver'],
  ['waybillCode', 'code'],
  ['remark', 'remark'],
];
const ORDER_TRACKING_COLS: Col[] = [
  ['operationTime', 'time', 'time'],
  ['orderCode', 'orderCode'],
  ['operationType', 'operation', [logDef, 'operationType']],
  ['relatedCode', 'code'],
  ['operatorName', 'operator'],
  ['remark', 'remark'],
];
const ABNORMAL_COLS: Col[] = [
  ['code', 'code'],
  ['waybillCode', 'code'],
  ['itemName', 'item'],
  ['plannedQuantity', 'planned'],
  ['signedQuantity', 'signed'],
  ['shortage', 'shortage'],
  ['damage', 'damage'],
  ['handleResult', 'handle'],
  ['lineRemark', 'remark'],
];
const LEG_COLS: Col[] = [
  ['seq', 'legSeq'],
  ['plateNumber', 'plate'],
  ['driverName', 'driver'],
  ['startTime', 'start', 'time'],
  ['endTime', 'end', 'time'],
  ['handoverPlace', 'place'],
];
const PRINT_COLS: Col[] = [
  ['printNo', 'printNo'],
  ['printTime', 'time', 'time'],
  ['printBy', 'printBy'],
  ['reason', 'reason'],
];

/** The waybills of the shipment, with bind (from the ready-to-dispatch list) and unbind while it is OPEN or CONFIRMED. */
function Waybills({ d, onChanged }: { d: Detail; onChanged: () => void }) {
  const { t, can } = useResourceContext();
  const { message, modal } = App.useApp();
  const [picking, setPicking] = useState(false);
  const [keys, setKeys] = useState<Key[]>([]);
  const editable = d.status === 'OPEN' || d.status === 'CONFIRMED';

  const bind = async (waybillIds: number[], confirmCarrierMismatch = false): Promise<void> => {
    try {
      const r = await action('bind', { id: d.id, waybillIds, confirmCarrierMismatch }, { silent: true });
      message.success(r.msg);
      onChanged();
    } catch (e) {
      const body = e instanceof HttpError ? e.body : null;
      if ((body?.data as { confirm?: string } | undefined)?.confirm === 'carrierMismatch') {
        // spec §5: a carrier mismatch asks before binding
        modal.confirm({ title: t('shipment.confirm.title'), content: body!.msg, okText: t('resource.ok'), cancelText: t('resource.cancel'), onOk: () => bind(waybillIds, true) });
      } else message.error(body?.msg ?? String(e));
    }
  };
  const unbind = () => {
    modal.confirm({
      title: t('shipment.confirm.title'),
      content: t('shipment.confirm.unbind', { count: keys.length }),
      okText: t('resource.ok'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        try {
          const r = await action('unbind', { id: d.id, waybillIds: keys.map(Number) });
          message.success(r.msg);
          setKeys([]);
          onChanged();
        } catch {
          // notification shows the server's message
        }
      },
    });
  };
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('shipment.detail.sections.waybills')}
        </Typography.Title>
        {editable && can('shipment:shipment:bind') && (
          <Button size="small" onClick={() => setPicking(true)} data-testid="shipment-bind" aria-haspopup="dialog" data-dialog="select" data-dialog-key="ros">
            {t('shipment.detail.bindWaybills')}
          </Button>
        )}
        {editable && can('shipment:shipment:unbind') && (
          <Button size="small" danger disabled={!keys.length} onClick={unbind} data-testid="shipment-unbind" aria-haspopup="dialog" data-dialog="confirm">
            {t('shipment.detail.unbindSelected')}
          </Button>
        )}
      </Space>
      <Plain rows={d.waybills} cols={WAYBILL_COLS} testId="shipment-waybills" selection={editable ? { keys, onChange: setKeys } : undefined} />
      <SelectModal
        resource={rosDef}
        open={picking}
        multiple
        onCancel={() => setPicking(false)}
        onOk={(rows) => {
          setPicking(false);
          if (rows.length) void bind(rows.map((r) => r.id));
        }}
      />
    </>
  );
}

export default function ShipmentDetail({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged?: () => void }) {
  const { t } = useResourceContext();
  const q = useQuery({ queryKey: ['shipment', id], queryFn: () => fetchShipment(id), staleTime: 0 });
  const d = q.data;
  const changed = () => {
    void q.refetch();
    onChanged?.();
  };
  const section = (title: string) => (
    <Typography.Title level={5} style={{ marginTop: 16 }}>
      {t(`shipment.detail.sections.${title}`)}
    </Typography.Title>
  );
  return (
    <Drawer open width={1200} destroyOnHidden onClose={onClose} title={t('shipment.detail.title', { code: d ? d.shipmentCode : '' })}>
      <Spin spinning={q.isLoading}>
        {d?.liveEta?.eta && (
          <Alert
            type="info"
            showIcon
            data-testid="shipment-live-eta"
            style={{ marginBottom: 12 }}
            message={t('shipment.detail.liveEta', {
              station: d.liveEta.stationName ?? '',
              eta: formatDateTime(d.liveEta.eta),
              km: d.liveEta.distanceKm ?? '',
              speed: d.liveEta.speedKmh ?? '',
              at: formatDateTime(d.liveEta.positionAt),
            })}
          />
        )}
        {d && (
          <Tabs
            data-testid="shipment-detail"
            items={[
              {
                key: 'info',
                label: t('shipment.detail.sections.basic'),
                children: (
                  <>
                    <FieldSection def={shipmentDef} record={d} fields={SHIPMENT_SECTIONS.basic} title={t('shipment.detail.sections.basic')} />
                    <FieldSection def={shipmentDef} record={d} fields={SHIPMENT_SECTIONS.driver} title={t('shipment.detail.sections.driver')} />
                    <FieldSection def={shipmentDef} record={d} fields={SHIPMENT_SECTIONS.routing} title={t('shipment.detail.sections.routing')} />
                    <Waybills d={d} onChanged={changed} />
                    {section('lines')}
                    <Plain rows={d.lines} cols={LINE_COLS} />
                    {section('abnormal')}
                    {d.abnormalReceipts.length ? <Plain rows={d.abnormalReceipts} cols={ABNORMAL_COLS} testId="shipment-abnormal" /> : <Empty description={t('shipment.detail.noAbnormal')} />}
                  </>
                ),
              },
              { key: 'transport', label: t('shipment.detail.sections.transport'), children: <FieldSection def={shipmentDef} record={d} fields={SHIPMENT_SECTIONS.transport} title={t('shipment.detail.sections.transport')} /> },
              { key: 'stops', label: t('shipment.detail.sections.stops'), children: <Plain rows={d.stops} cols={STOP_COLS} testId="shipment-stops" /> },
              { key: 'log', label: t('shipment.detail.sections.log'), children: <Plain rows={d.tracking} cols={LOG_COLS} testId="shipment-log" /> },
              { key: 'tracking', label: t('shipment.detail.sections.tracking'), children: <Plain rows={d.orderTracking} cols={ORDER_TRACKING_COLS} testId="shipment-order-tracking" /> },
              {
                key: 'adjustment',
                label: t('shipment.detail.sections.adjustment'),
                children: (
                  <>
                    <Plain rows={d.tracking.filter((x) => ADJUSTMENTS.has(String(x.operationType)))} cols={LOG_COLS} />
                    {section('legs')}
                    <Plain rows={d.legs} cols={LEG_COLS} testId="shipment-legs" />
                    {section('prints')}
                    <Plain rows={d.prints} cols={PRINT_COLS} />
                  </>
                ),
              },
              {
                key: 'trajectory',
                label: t('shipment.detail.sections.trajectory'),
                children: (
                  <Suspense fallback={<Spin />}>
                    <TrajectoryPlayback shipmentId={d.id} />
                  </Suspense>
                ),
              },
            ]}
          />
        )}
      </Spin>
    </Drawer>
  );
}
