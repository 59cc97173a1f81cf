/**
 * The item lines of the order form: items are picked from the chosen client's items only (the client
 * comes first: 'Please select the owner first'), quantities are edited in place, and the totals are
 * the live sums of the lines (the server computes the same on save).
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, InputNumber, Input, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormInstance } from 'antd';
import { ORDER_LINE_INPUT, orderLineResource, orderTotals, resourceByName } from '@tms/domain';
import SelectModal from '../../platform/resource/SelectModal.tsx';
import { fieldLabel, type Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';

/** A line as the form holds it: the body's fields plus what the table shows. */
export interface FormLine {
  key: string;
  itemId: number;
  itemCode?: string;
  itemName?: string;
  clientId?: number;
  quantity: number;
  weight: number;
  volume: number;
  cases: number;
  pallets: number;
  other: number;
  unit?: string | null;
  /** per-piece weight and volume of the item: weight and volume follow the quantity until edited */
  perWeight?: number | null;
  perVolume?: number | null;
}

const NUMBERS = ['quantity', 'weight', 'volume', 'cases', 'pallets', 'other'] as const;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
let seq = 0;

/** Lines of a loaded order → form lines. */
export function toFormLines(lines: Row[]): FormLine[] {
  return lines.map((l) => ({
    key: `l${++seq}`,
    itemId: l.itemId as number,
    itemCode: l.itemCode as string,
    itemName: l.itemName as string,
    quantity: Number(l.quantity ?? 0),
    weight: Number(l.weight ?? 0),
    volume: Number(l.volume ?? 0),
    cases: Number(l.cases ?? 0),
    pallets: Number(l.pallets ?? 0),
    other: Number(l.other ?? 0),
    unit: (l.unit as string | null) ?? null,
  }));
}

/** The body's lines (only what the server takes). */
export function toBodyLines(lines: FormLine[] | undefined): Record<string, unknown>[] {
  return (lines ?? []).map((l) => Object.fromEntries(ORDER_LINE_INPUT.map((k) => [k, l[k as keyof FormLine] ?? null])));
}

export interface LinesInputProps {
  form: FormInstance;
  value?: FormLine[];
  onChange?: (lines: FormLine[]) => void;
}

export default function LinesInput({ form, value, onChange }: LinesInputProps) {
  const ctx = useResourceContext();
  const { t } = ctx;
  const { message } = App.useApp();
  const [picking, setPicking] = useState(false);
  const lines = value ?? [];
  const clientId = Form.useWatch('clientId', form) as number | null | undefined;
  const itemDef = resourceByName.get('item')!;
  const label = (name: string) => fieldLabel(t, orderLineResource, name);

  // another client: its items only (lines of the previous client go)
  useEffect(() => {
    if (clientId && lines.some((l) => l.clientId && l.clientId !== clientId)) onChange?.(lines.filter((l) => !l.clientId || l.clientId === clientId));
  }, [clientId]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = (key: string, patch: Partial<FormLine>) =>
    onChange?.(
      lines.map((l) => {
        if (l.key !== key) return l;
        const next = { ...l, ...patch };
        if ('weight' in patch) next.perWeight = null;
        if ('volume' in patch) next.perVolume = null;
        if ('quantity' in patch) {
          if (l.perWeight != null) next.weight = round3(l.perWeight * next.quantity);
          if (l.perVolume != null) next.volume = round3(l.perVolume * next.quantity);
        }
        return next;
      }),
    );

  const add = () => {
    if (!clientId) return void message.warning(t('messages.order.selectOwnerFirst'));
    setPicking(true);
  };

  const picked = (rows: Row[]) => {
    setPicking(false);
    const added: FormLine[] = rows.map((r) => ({
      key: `l${++seq}`,
      itemId: r.id,
      itemCode: r.code as string,
      itemName: r.name as string,
      clientId: r.clientId as number,
      quantity: 1,
      weight: round3(Number(r.weight ?? 0)),
      volume: round3(Number(r.volume ?? 0)),
      cases: 0,
      pallets: 0,
      other: 0,
      unit: (r.operationUnit as string | null) ?? null,
      perWeight: r.weight == null ? null : Number(r.weight),
      perVolume: r.volume == null ? null : Number(r.volume),
    }));
    onChange?.([...lines, ...added]);
  };

  const totals = orderTotals(lines);
  const num = (name: (typeof NUMBERS)[number], precision: number) => ({
    title: label(name),
    dataIndex: name,
    key: name,
    width: 110,
    render: (_: unknown, l: FormLine) => (
      <InputNumber
        size="small"
        min={0}
        precision={precision}
        value={l[name]}
        style={{ width: '100%' }}
        aria-label={label(name)}
        data-testid={`line-${name}`}
        onChange={(v) => set(l.key, { [name]: Number(v ?? 0) })}
      />
    ),
  });

  return (
    <div data-testid="order-lines">
      <Table<FormLine>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={lines}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text>{t('order.lines.empty')}</Typography.Text> }}
        columns={[
          { title: label('posNo'), key: 'pos', width: 56, render: (_v, _l, i) => i + 1 },
          { title: label('itemCode'), dataIndex: 'itemCode', key: 'itemCode' },
          { title: label('itemName'), dataIndex: 'itemName', key: 'itemName' },
          num('quantity', 0),
          num('weight', 3),
          num('volume', 3),
          num('cases', 0),
          num('pallets', 0),
          num('other', 0),
          {
            title: label('unit'),
            key: 'unit',
            width: 90,
            render: (_v, l) => <Input size="small" value={l.unit ?? ''} maxLength={20} aria-label={label('unit')} onChange={(e) => set(l.key, { unit: e.target.value })} />,
          },
          {
            title: '',
            key: 'remove',
            width: 48,
            render: (_v, l) => (
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('order.lines.remove')} onClick={() => onChange?.(lines.filter((x) => x.key !== l.key))} />
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 8, gap: 16 }}>
        <Button icon={<PlusOutlined />} onClick={add} data-testid="order-add-line" aria-haspopup="dialog" data-dialog="select" data-dialog-key="item">
          {t('order.lines.add')}
        </Button>
        <Typography.Text strong data-testid="order-line-totals">
          {t('order.lines.totals', {
            quantity: totals.totalQuantity,
            weight: totals.totalWeight,
            volume: totals.totalVolume,
            cases: totals.totalCases,
            pallets: totals.totalPallets,
            other: totals.totalOther,
          })}
        </Typography.Text>
      </div>
      {clientId && <SelectModal resource={itemDef} open={picking} multiple filters={{ clientId }} onOk={picked} onCancel={() => setPicking(false)} />}
    </div>
  );
}
