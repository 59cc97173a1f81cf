/**
 * Aging (issue 15): what each client owes us or we owe each carrier, by age of the invoice (0–30, 31–60, 61–90,
 * > 90 days), with Excel export; and the open amounts per party (stated, invoiced, paid, not invoiced, not paid).
 */
import { useState } from 'react';
import { Button, Card, DatePicker, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import dayjs from 'dayjs';
import type { SettlementApi } from '@tms/domain';
import { download, get } from '../../platform/http.ts';
import { useResourceContext } from '../../platform/resource/context.ts';

type AgingRow = z.output<typeof SettlementApi.AgingRow>;
type OpenRow = z.output<typeof SettlementApi.OpenRow>;

export default function AgingPage() {
  const { t, can } = useResourceContext();
  const [kind, setKind] = useState<'RECEIVABLE' | 'PAYABLE'>('RECEIVABLE');
  const [asOf, setAsOf] = useState(dayjs());
  const query = { kind, asOf: asOf.format('YYYY-MM-DD') };
  const q = useQuery({ queryKey: ['aging', query], queryFn: () => get<AgingRow[]>('/finance/settlement/aging', query) });
  const open = useQuery({ queryKey: ['settlementOpen', kind], enabled: can('finance:statement:query'), queryFn: () => get<OpenRow[]>('/finance/settlement/open', { kind }) });
  const money = { align: 'right' as const };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            <Select value={kind} onChange={setKind} options={['RECEIVABLE', 'PAYABLE'].map((k) => ({ value: k, label: t(`dicts.fin_contract_kind.${k}`) }))} style={{ width: 200 }} data-testid="aging-kind" />
            <DatePicker value={asOf} onChange={(d) => d && setAsOf(d)} allowClear={false} placeholder={t('settlement.asOf')} />
          </Space>
        }
        extra={can('finance:aging:export') && <Button data-testid="aging-export" onClick={() => download('/finance/settlement/aging/export', query, `${t('settlement.agingFile')}-${query.asOf}.xlsx`)}>{t('settlement.export')}</Button>}
      >
        <Table<AgingRow>
          rowKey="partyId"
          size="small"
          loading={q.isLoading}
          dataSource={q.data ?? []}
          data-testid="aging-table"
          columns={[
            { title: t('settlement.party'), key: 'p', render: (_, r) => r.partyName ?? r.partyId },
            { title: '0–30', dataIndex: 'd0_30', ...money },
            { title: '31–60', dataIndex: 'd31_60', ...money },
            { title: '61–90', dataIndex: 'd61_90', ...money },
            { title: '> 90', dataIndex: 'd90plus', ...money },
            { title: t('settlement.total'), dataIndex: 'total', ...money },
          ]}
        />
      </Card>
      {can('finance:statement:query') && (
        <Card size="small" title={t('settlement.openTitle')}>
          <Table<OpenRow>
            rowKey="partyId"
            size="small"
            loading={open.isLoading}
            dataSource={open.data ?? []}
            data-testid="open-table"
            columns={[
              { title: t('settlement.party'), key: 'p', render: (_, r) => r.partyName ?? r.partyId },
              { title: t('settlement.statementCount'), dataIndex: 'statements', align: 'right' },
              { title: t('settlement.stated'), dataIndex: 'totalAmount', ...money },
              { title: t('settlement.invoiced'), dataIndex: 'invoicedAmount', ...money },
              { title: t('settlement.paid'), dataIndex: 'paidAmount', ...money },
              { title: t('settlement.notInvoiced'), dataIndex: 'openAmount', ...money },
              { title: t('settlement.notPaid'), dataIndex: 'unpaidAmount', ...money },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
