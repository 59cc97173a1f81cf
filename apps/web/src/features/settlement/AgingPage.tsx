/**
 * Aging (issue 15): what each client owes us or we owe each carrier, by age of the invoice (0–30, 31–60, 61–90,
 * > 90 days), with Excel export; and the open amounts per party (stated, invoiced, paid, not invoiced, not paid).
 */
import { useState } from 'react';
import { Button, Card, DatePicker, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import dayjs from 'dayjs';
import { SettlementApi } from '@tms/domain';
import { saveResponse } from '../../platform/http.ts';
import { call, callData } from '../../platform/api.ts';
import { useResourceContext } from '../../platform/resource/context.ts';

type AgingRow = z.output<typeof SettlementApi.AgingRow>;
type OpenRow = z.output<typeof SettlementApi.OpenRow>;

/** Rows of a party each (its name, then right-aligned amounts exactly as the server sends them: decimal text). */
function PartyTable<T extends { partyId: number; partyName: string | null }>({ rows, loading, testId, columns }: { rows?: T[]; loading: boolean; testId: string; columns: [string, keyof T & string][] }) {
  const { t } = useResourceContext();
  return (
    <Table<T>
      rowKey="partyId"
      size="small"
      loading={loading}
      dataSource={rows ?? []}
      data-testid={testId}
      columns={[{ title: t('settlement.party'), key: 'p', render: (_, r) => r.partyName ?? r.partyId }, ...columns.map(([title, dataIndex]) => ({ title, dataIndex, align: 'right' as const }))]}
    />
  );
}

export default function AgingPage() {
  const { t, can } = useResourceContext();
  const [kind, setKind] = useState<'RECEIVABLE' | 'PAYABLE'>('RECEIVABLE');
  const [asOf, setAsOf] = useState(dayjs());
  const query = { kind, asOf: asOf.format('YYYY-MM-DD') };
  const q = useQuery({ queryKey: ['aging', query], queryFn: () => callData(SettlementApi.endpoints.aging, { query }) });
  const open = useQuery({ queryKey: ['settlementOpen', kind], enabled: can('finance:statement:query'), queryFn: () => callData(SettlementApi.endpoints.open, { query: { kind } }) });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            <Select aria-label={String(t('settlement.kind'))} value={kind} onChange={setKind} options={['RECEIVABLE', 'PAYABLE'].map((k) => ({ value: k, label: t(`dicts.fin_contract_kind.${k}`) }))} style={{ width: 200 }} data-testid="aging-kind" />
            <DatePicker value={asOf} onChange={(d) => d && setAsOf(d)} allowClear={false} placeholder={t('settlement.asOf')} />
          </Space>
        }
        extra={can('finance:aging:export') && <Button data-testid="aging-export" onClick={() => void call(SettlementApi.endpoints.agingExport, { query }).then((res) => saveResponse(res, `${t('settlement.agingFile')}-${query.asOf}.xlsx`))}>{t('settlement.export')}</Button>}
      >
        <PartyTable<AgingRow> rows={q.data} loading={q.isLoading} testId="aging-table" columns={[['0–30', 'd0_30'], ['31–60', 'd31_60'], ['61–90', 'd61_90'], ['> 90', 'd90plus'], [t('settlement.total'), 'total']]} />
      </Card>
      {can('finance:statement:query') && (
        <Card size="small" title={t('settlement.openTitle')}>
          <PartyTable<OpenRow>
            rows={open.data}
            loading={open.isLoading}
            testId="open-table"
            columns={[
              [t('settlement.statementCount'), 'statements'],
              [t('settlement.stated'), 'totalAmount'],
              [t('settlement.invoiced'), 'invoicedAmount'],
              [t('settlement.paid'), 'paidAmount'],
              [t('settlement.notInvoiced'), 'openAmount'],
              [t('settlement.notPaid'), 'unpaidAmount'],
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
