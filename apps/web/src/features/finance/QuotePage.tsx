/**
 * Quote / simulation (issue 14): client or carrier, lane, quantities and date → every matching effective
 * contract's price with its trace in words, cheapest first (the dispatcher choosing a carrier).
 * POST /api/finance/quote.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, InputNumber, Radio, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { FinanceApi } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import RefInput from '../../platform/resource/RefInput.tsx';

type Quote = z.output<typeof FinanceApi.QuoteRow>;
interface Values {
  kind: 'RECEIVABLE' | 'PAYABLE';
  partyId?: number | null;
  fromStationId?: number | null;
  toStationId?: number | null;
  weightKg?: number | null;
  volumeM3?: number | null;
  pieces?: number | null;
  km?: number | null;
  date: Dayjs;
}

const qty = (v: number | null | undefined) => (v === null || v === undefined ? undefined : v);

export default function QuotePage() {
  const { t } = useResourceContext();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'RECEIVABLE';
  const [asked, setAsked] = useState(false);
  const quote = useMutation({
    mutationFn: (v: Values) =>
      callData(FinanceApi.quote, {
        body: {
          kind: v.kind,
          ...(v.partyId ? { partyId: v.partyId } : {}),
          from: v.fromStationId ? { stationId: v.fromStationId } : {},
          to: v.toStationId ? { stationId: v.toStationId } : {},
          quantities: { weightKg: qty(v.weightKg), volumeM3: qty(v.volumeM3), pieces: qty(v.pieces), km: qty(v.km) },
          date: v.date.format('YYYY-MM-DD'),
        },
      }),
    onSuccess: () => setAsked(true),
  });
  const rows = quote.data ?? [];
  return (
    <Card title={t('finance.quote.title')} data-testid="finance-quote">
      <Typography.Paragraph type="secondary">{t('finance.quote.hint')}</Typography.Paragraph>
      <Form<Values> form={form} layout="inline" initialValues={{ kind: 'RECEIVABLE', date: dayjs() }} onFinish={(v) => quote.mutate(v)} style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="kind" label={t('finance.quote.kind')}>
          <Radio.Group
            optionType="button"
            onChange={() => form.setFieldValue('partyId', null)}
            options={[
              { value: 'RECEIVABLE', label: t('dicts.fin_contract_kind.RECEIVABLE') },
              { value: 'PAYABLE', label: t('dicts.fin_contract_kind.PAYABLE') },
            ]}
          />
        </Form.Item>
        <Form.Item name="partyId" label={kind === 'RECEIVABLE' ? t('finance.quote.client') : t('finance.quote.carrier')} tooltip={t('finance.quote.partyAny')} style={{ width: 320 }}>
          <RefInput key={kind} refName={kind === 'RECEIVABLE' ? 'client' : 'carrier'} />
        </Form.Item>
        <Form.Item name="fromStationId" label={t('finance.quote.from')} style={{ width: 300 }}>
          <RefInput refName="station" />
        </Form.Item>
        <Form.Item name="toStationId" label={t('finance.quote.to')} style={{ width: 300 }}>
          <RefInput refName="station" />
        </Form.Item>
        <Form.Item name="weightKg" label={t('finance.quote.weightKg')}>
          <InputNumber min={0} precision={3} data-testid="quote-weight" />
        </Form.Item>
        <Form.Item name="volumeM3" label={t('finance.quote.volumeM3')}>
          <InputNumber min={0} precision={3} />
        </Form.Item>
        <Form.Item name="pieces" label={t('finance.quote.pieces')}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
        <Form.Item name="km" label={t('finance.quote.km')}>
          <InputNumber min={0} precision={1} />
        </Form.Item>
        <Form.Item name="date" label={t('finance.quote.date')} rules={[{ required: true }]}>
          <DatePicker allowClear={false} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={quote.isPending} data-testid="quote-run">
            {t('finance.quote.run')}
          </Button>
        </Form.Item>
      </Form>
      {asked && !rows.length && <Alert type="warning" showIcon message={t('finance.quote.none')} data-testid="quote-none" />}
      {rows.length > 0 && (
        <Table<Quote>
          rowKey="contractId"
          size="small"
          bordered
          pagination={false}
          dataSource={rows}
          data-testid="quote-results"
          expandable={{
            defaultExpandAllRows: true,
            expandedRowRender: (q) => (
              <Table
                rowKey={(c) => `${c.chargeTypeCode}-${c.rateLineId}`}
                size="small"
                pagination={false}
                dataSource={q.charges}
                columns={[
                  { title: t('finance.quote.chargeType'), dataIndex: 'chargeTypeCode', key: 'type', width: 140, render: (v: string) => <Tag>{v}</Tag> },
                  { title: t('finance.quote.amount'), dataIndex: 'amount', key: 'amount', width: 120, align: 'right' },
                  { title: t('finance.quote.explanation'), dataIndex: 'explanation', key: 'explanation' },
                ]}
              />
            ),
          }}
          columns={[
            { title: t('finance.quote.rank'), key: 'rank', width: 70, render: (_, __, i) => i + 1 },
            { title: t('finance.quote.contract'), key: 'contract', render: (_, q) => `${q.contractCode} v${q.contractVersion} · ${q.contractName}` },
            { title: t('finance.quote.total'), key: 'total', align: 'right', width: 160, render: (_, q) => <strong>{`${q.total} ${q.currency}`}</strong> },
          ]}
        />
      )}
    </Card>
  );
}
