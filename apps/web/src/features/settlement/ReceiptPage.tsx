/**
 * Paper receipts (回单, issue 15): a scan box (a barcode scanner types the waybill code and Enter) that
 * moves each scanned receipt one step with a running count of what was done and what failed and why,
 * the overdue list, and the generic list of receipts.
 */
import { useRef, useState } from 'react';
import { Card, Input, InputNumber, List, Segmented, Space, Table, Tag, Typography, type InputRef } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import dayjs from 'dayjs';
import { getResource, RECEIPT_ACTION_FROM, SettlementApi } from '@tms/domain';
import { call } from '../../platform/api.ts';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';
import { useResourceContext } from '../../platform/resource/context.ts';

const receiptDef = getResource('paperReceipt');
type Result = z.output<typeof SettlementApi.ScanResult>;
type Overdue = z.output<typeof SettlementApi.OverdueRow>;
const ACTIONS = Object.keys(RECEIPT_ACTION_FROM) as (keyof typeof RECEIPT_ACTION_FROM)[];

export default function ReceiptPage() {
  const { t, can } = useResourceContext();
  const [action, setAction] = useState<(typeof ACTIONS)[number]>('RETURN');
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [results, setResults] = useState<Result[]>([]);
  const [days, setDays] = useState(7);
  const input = useRef<InputRef>(null);
  const overdue = useQuery({ queryKey: ['receiptOverdue', days, results.length], queryFn: () => call(SettlementApi.endpoints.receiptOverdue, { query: { days, pageSize: 100 } }) });
  const scan = async () => {
    const c = code.trim();
    setCode('');
    if (!c) return;
    try {
      const r = await call(SettlementApi.endpoints.receiptScan, { body: { action, codes: [c], reason: reason || undefined } });
      setResults((prev) => [...(r.data ?? []), ...prev]);
    } catch {
      // the error notification carries the server's message
    }
    input.current?.focus();
  };
  const ok = results.filter((r) => r.ok).length;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {can('finance:paperReceipt:scan') && (
        <Card title={t('settlement.scanTitle')} size="small">
          <Space wrap style={{ marginBottom: 8 }}>
            <Segmented value={action} onChange={(v) => setAction(v as typeof action)} options={ACTIONS.map((a) => ({ value: a, label: t(`messages.settlement.receiptActions.${a}`) }))} data-testid="receipt-action" />
            {action === 'LOST' && <Input placeholder={t('settlement.reason')} value={reason} onChange={(e) => setReason(e.target.value)} style={{ width: 240 }} />}
          </Space>
          <Input ref={input} autoFocus size="large" placeholder={t('settlement.scanInput')} value={code} onChange={(e) => setCode(e.target.value)} onPressEnter={scan} data-testid="receipt-scan" />
          <Typography.Paragraph style={{ marginTop: 8 }} data-testid="receipt-count">
            {t('settlement.scanCount', { count: results.length, ok, failed: results.length - ok })}
          </Typography.Paragraph>
          <List
            size="small"
            dataSource={results.slice(0, 20)}
            renderItem={(r) => (
              <List.Item>
                <Tag color={r.ok ? 'green' : 'red'}>{r.code}</Tag> {r.ok ? t(`dicts.fin_receipt_status.${r.status}`) : r.message}
              </List.Item>
            )}
          />
        </Card>
      )}
      <Card title={t('settlement.overdue', { days })} size="small" extra={<InputNumber aria-label={String(t('settlement.overdueDays'))} min={0} max={3650} value={days} onChange={(v) => setDays(Number(v ?? 0))} addonAfter={t('settlement.days')} />}>
        <Table<Overdue>
          rowKey="waybillId"
          size="small"
          loading={overdue.isLoading}
          dataSource={overdue.data?.rows ?? []}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: t('resources.paperReceipt.fields.waybillCode'), dataIndex: 'waybillCode' },
            { title: t('resources.paperReceipt.fields.clientId'), dataIndex: 'clientName' },
            { title: t('settlement.delivered'), key: 'd', render: (_, r) => dayjs(r.deliveredTime).format('YYYY-MM-DD HH:mm') },
            { title: t('settlement.days'), dataIndex: 'days', align: 'right' },
            { title: t('resources.paperReceipt.fields.status'), key: 's', render: (_, r) => t(`dicts.fin_receipt_status.${r.status}`) },
          ]}
        />
      </Card>
      <ResourceTable resource={receiptDef} syncUrl />
    </Space>
  );
}
