/**
 * Waybill detail (spec §2 "Waybill list and detail"): basic, shipping, receiving and system information,
 * the item lines with real loaded weight, quantity, cases, pallets, other and split quantity, and (with the
 * finance permission) its receivable charges with how each was priced.
 */
import { useQuery } from '@tanstack/react-query';
import { Drawer, Space, Spin, Table, Tag, Typography } from 'antd';
import { ProDescriptions, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import { allFields, fieldByName, inList, resourceByName, WAYBILL_SECTIONS, WaybillApi, type ResourceDef } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { displayValue, fieldLabel, type Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { useCan } from '../../platform/queries.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';
import WaybillCharges from './WaybillCharges.tsx';

export const waybillDef = resourceByName.get('waybill')!;
export const lineDef = resourceByName.get('waybillLine')!;

export const fetchWaybill = (id: number) => callData(WaybillApi.endpoints.get, { params: { id } });

/** One titled block of fields of a record, formatted like the generic detail. */
export function FieldSection({ def, record, fields, title }: { def: ResourceDef; record: Row; fields: readonly string[]; title: string }) {
  const ctx = useResourceContext();
  const columns: ProDescriptionsItemProps<Row>[] = fields.map((name) => {
    const f = fieldByName(def, name)!;
    return {
      title: fieldLabel(ctx.t, def, name),
      dataIndex: name,
      key: name,
      render: (_dom, row) => displayValue(f, row[name], ctx, row) || '-',
    };
  });
  return <ProDescriptions<Row> title={title} column={3} bordered size="small" dataSource={record} columns={columns} style={{ marginBottom: 16 }} />;
}

/** Table columns of waybill lines: every listed line field but the waybill itself. */
export function useLineColumns() {
  const ctx = useResourceContext();
  return allFields(lineDef)
    .filter((f) => inList(f) && f.name !== 'waybillId' && f.name !== 'createTime')
    .map((f) => ({
      title: fieldLabel(ctx.t, lineDef, f.name),
      dataIndex: f.name,
      key: f.name,
      align: f.kind === 'int' || f.kind === 'decimal' ? ('right' as const) : undefined,
      render: (_v: unknown, row: Row) => displayValue(f, row[f.name], ctx, row) || '-',
    }));
}

export default function WaybillDetail({ id, onClose, onOpen }: { id: number; onClose: () => void; onOpen: (id: number) => void }) {
  const { t } = useResourceContext();
  const q = useQuery({ queryKey: ['waybill', id], queryFn: () => fetchWaybill(id), staleTime: 0 });
  const lineColumns = useLineColumns();
  const can = useCan();
  const w = q.data;
  return (
    <Drawer open width={1100} destroyOnHidden onClose={onClose} title={t('waybill.detailTitle', { code: w ? String(w.code) : '' })}>
      <Spin spinning={q.isLoading}>
        {w && (
          // the drawer scrolls, and nothing in it may take the focus: the content does, so the keyboard scrolls it (WCAG 2.1.1)
          <div data-testid="waybill-detail" tabIndex={0} role="region" aria-label={t('waybill.detailTitle', { code: String(w.code) })}>
            <FieldSection def={waybillDef} record={w} fields={WAYBILL_SECTIONS.basic} title={t('waybill.sections.basic')} />
            <FieldSection def={waybillDef} record={w} fields={WAYBILL_SECTIONS.shipping} title={t('waybill.sections.shipping')} />
            <FieldSection def={waybillDef} record={w} fields={WAYBILL_SECTIONS.receiving} title={t('waybill.sections.receiving')} />
            <FieldSection def={waybillDef} record={w} fields={WAYBILL_SECTIONS.system} title={t('waybill.sections.system')} />
            {w.splitParts.length > 0 && (
              <Space style={{ marginBottom: 16 }} wrap>
                <Typography.Text strong>{t('waybill.sections.parts')}</Typography.Text>
                {/* each part opens in this drawer: a button, so the keyboard reaches it (WCAG 2.1.1) */}
                {w.splitParts.map((p) => (
                  <LinkButton key={p.id} onClick={() => onOpen(p.id)} data-testid={`waybill-part-${p.id}`}>
                    <Tag color={p.status === 'OPEN' ? 'blue' : 'green'} style={{ cursor: 'pointer', marginInlineEnd: 0 }}>
                      {p.code}
                    </Tag>
                  </LinkButton>
                ))}
              </Space>
            )}
            <Typography.Title level={5}>{t('waybill.sections.lines')}</Typography.Title>
            {/* no scroll of its own (a region the keyboard could not scroll): the columns share the drawer's width */}
            <Table<Row> rowKey="id" size="small" bordered pagination={false} dataSource={w.lines} columns={lineColumns} data-testid="waybill-lines" />
            {can('finance:waybillRating:query') && <WaybillCharges waybillId={id} />}
          </div>
        )}
      </Spin>
    </Drawer>
  );
}
