/**
 * Order detail (spec §2 "Add order and order detail"): basic, shipping / receiving, reference, print and
 * total sections, the item lines, the waybills made from it and its tracking (every action on it).
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Spin, Table, Tag, Typography } from 'antd';
import { allFields, fieldByName, inList, OrderApi, orderLineResource, orderResource, resourceByName, type ResourceDef } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { displayValue, fieldLabel, type Row } from '../../platform/resource/columns.ts';
import { useResourceContext, type ResourceContext } from '../../platform/resource/context.ts';

export const fetchOrder = (id: number) => callData(OrderApi.endpoints.get, { params: { id } });

const SECTIONS: [key: string, fields: string[]][] = [
  ['basic', ['code', 'status', 'isLock', 'lockReason', 'source', 'clientId', 'orderTypeId', 'carrierId', 'routeId', 'routeCode', 'transType', 'loadMode', 'batchCode', 'isSplitAllowed', 'auditBy', 'auditTime']],
  ['places', ['sourceStationId', 'sourceZoneId', 'destStationId', 'destZoneId', 'orderDate', 'prepDate', 'etd', 'eta']],
  ['references', ['refNo', 'refNo1', 'refNo2', 'refNo3', 'refNo4', 'customerOrderNo', 'customerSubOrderNo', 'remark']],
  ['print', ['isPrint', 'printQty', 'printDate', 'printTime', 'printBy', 'printerId', 'resetPrint', 'resetReason', 'isPrintCheck']],
  ['totals', ['totalWeight', 'totalVolume', 'totalQuantity', 'totalCases', 'totalPallets', 'totalOther', 'declaredValue']],
];

/** antd Descriptions items of some fields of a record, formatted like the lists. */
function items(ctx: ResourceContext, def: ResourceDef, record: Row, names: string[]) {
  return names.map((name) => ({
    key: name,
    label: fieldLabel(ctx.t, def, name),
    children: displayValue(fieldByName(def, name)!, record[name], ctx, record) || '-',
  }));
}

/** Table columns of some fields of a definition. */
function columnsOf(ctx: ResourceContext, def: ResourceDef, names: string[]) {
  return names.map((name) => {
    const f = fieldByName(def, name)!;
    return {
      title: fieldLabel(ctx.t, def, name),
      dataIndex: name,
      key: name,
      align: f.kind === 'int' || f.kind === 'decimal' ? ('right' as const) : undefined,
      render: (_v: unknown, row: Row) => displayValue(f, row[name], ctx, row) || '-',
    };
  });
}

const LINE_FIELDS = allFields(orderLineResource)
  .filter((f) => inList(f) && !['orderCode', 'clientId', 'orderStatus', 'createTime'].includes(f.name))
  .map((f) => f.name);

export default function OrderDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const ctx = useResourceContext();
  const { t } = ctx;
  const q = useQuery({ queryKey: ['order', id], queryFn: () => fetchOrder(id), staleTime: 0 });
  const o = q.data;
  const waybillDef = resourceByName.get('waybill');
  const trackingDef = resourceByName.get('orderTracking');
  const tracking = trackingDef ? columnsOf(ctx, trackingDef, ['operationTime', 'operationType', 'relatedCode', 'operatorName', 'remark']) : [];
  return (
    <Drawer open width={1100} destroyOnHidden onClose={onClose} title={t('order.detailTitle', { code: o ? String(o.code) : '' })}>
      <Spin spinning={q.isLoading}>
        {o && (
          // the drawer scrolls, and nothing in it takes the focus: the content does, so the keyboard scrolls it (WCAG 2.1.1)
          <div data-testid="order-detail" tabIndex={0} role="region" aria-label={t('order.detailTitle', { code: String(o.code) })}>
            {o.isLock === true && (
              <Tag color="red" style={{ marginBottom: 12 }}>
                {fieldLabel(t, orderResource, 'isLock')}: {String(o.lockReason ?? '')}
              </Tag>
            )}
            {SECTIONS.map(([key, names]) => (
              <Descriptions key={key} title={t(`order.sections.${key}`)} column={3} bordered size="small" items={items(ctx, orderResource, o, names)} style={{ marginBottom: 16 }} />
            ))}
            <Typography.Title level={5}>{t('order.sections.lines')}</Typography.Title>
            <Table size="small" rowKey="id" pagination={false} dataSource={o.lines} columns={columnsOf(ctx, orderLineResource, LINE_FIELDS)} scroll={{ x: 'max-content' }} style={{ marginBottom: 16 }} />
            <Typography.Title level={5}>{t('order.sections.waybills')}</Typography.Title>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={o.waybills}
              columns={waybillDef ? columnsOf(ctx, waybillDef, ['code', 'status', 'shipmentCode', 'totalWeight', 'totalQuantity']) : []}
              style={{ marginBottom: 16 }}
            />
            <Typography.Title level={5}>{t('order.sections.tracking')}</Typography.Title>
            <Table size="small" rowKey="id" pagination={false} dataSource={o.tracking} columns={tracking} data-testid="order-tracking" />
          </div>
        )}
      </Spin>
    </Drawer>
  );
}
