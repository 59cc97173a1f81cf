/**
 * Receipts and payments (issue 15): the generic payment list; 'Register' (a receipt from a client or a
 * payment to a carrier, optionally written off at once against chosen open invoices of the party) and, per
 * payment with something left, 'Write off' the rest against an open invoice. Amounts are exact decimal text;
 * buttons show with their permission; refusals land under the fields they name.
 */
import { DatePicker, Form, Input, InputNumber, Typography } from 'antd';
import { FormSelect } from '../../platform/FormSelect.tsx';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { getResource, SettlementApi } from '@tms/domain';
import { call } from '../../platform/api.ts';
import { resourceCalls } from '../../platform/resource-calls.ts';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { ActionListPage, ActionModal, KindPartyFields, OpenItemsInput, type ActionRequest, type Kind, type OpenItem } from './forms.tsx';
import { allocationBody, fillInOrder, leftOf, positive, type Allocation } from './money.ts';

const paymentDef = getResource('payment');
const invoiceCalls = resourceCalls(getResource('invoice'));
const METHODS = ['TRANSFER', 'CASH', 'ACCEPTANCE', 'OTHER'];

/** The valid invoices of a party with something not yet written off, oldest first. */
export function useOpenInvoices(kind: Kind | undefined, partyId: number | null | undefined) {
  const { t } = useResourceContext();
  return useQuery({
    queryKey: ['openInvoices', kind, partyId],
    enabled: !!kind && !!partyId,
    queryFn: async (): Promise<OpenItem[]> => {
      const r = await invoiceCalls.list({ kind, partyId, status: 'VALID', pageSize: 100, orderByColumn: 'invoiceDate', isAsc: 'asc' });
      return r.rows
        .map((i) => ({ id: i.id, label: String(i.invoiceNo), detail: `${String(i.invoiceDate ?? '')} · ${t('settlement.invoiceAmount', { amount: leftOf(i.amount, 0) })}`, open: leftOf(i.amount, i.writtenOff) }))
        .filter((i) => positive(i.open));
    },
    staleTime: 0,
  });
}

interface PaymentValues {
  kind: Kind;
  partyId: number;
  paymentNo: string;
  payDate: dayjs.Dayjs;
  amount: string;
  method: 'TRANSFER' | 'CASH' | 'ACCEPTANCE' | 'OTHER';
  remark?: string;
  items: Allocation[];
}

function RegisterPayment({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const [form] = Form.useForm<PaymentValues>();
  const kind = Form.useWatch('kind', form) as Kind | undefined;
  const partyId = Form.useWatch('partyId', form) as number | null | undefined;
  const amount = Form.useWatch('amount', form) as string | undefined;
  const invoices = useOpenInvoices(kind, partyId);
  const request = (v: PaymentValues): ActionRequest => {
    const w = allocationBody(v.items ?? [], 'invoiceId', 'writeOffs', 'items');
    const body = { kind: v.kind, partyId: v.partyId, paymentNo: v.paymentNo, payDate: v.payDate.format('YYYY-MM-DD'), amount: v.amount, method: v.method, remark: v.remark || undefined, writeOffs: w.body.length ? w.body : undefined };
    return { send: (o) => call(SettlementApi.endpoints.paymentRegister, { body }, o), aliases: w.aliases };
  };
  return (
    <ActionModal
      form={form}
      width={760}
      title={t('settlement.registerPayment')}
      testId="payment-register-ok"
      initialValues={{ kind: 'RECEIVABLE', payDate: dayjs(), method: 'TRANSFER', partyId: null, amount: null, items: [] }}
      onValuesChange={(c) => c.kind && form.setFieldValue('partyId', null)}
      request={request}
      onClose={onClose}
      onDone={onDone}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <KindPartyFields kind={kind} />
        <Form.Item name="paymentNo" label={t('resources.payment.fields.paymentNo')} rules={[{ required: true, whitespace: true, message: t('settlement.required') }]}>
          <Input maxLength={40} data-testid="payment-no" />
        </Form.Item>
        <Form.Item name="payDate" label={t('resources.payment.fields.payDate')} rules={[{ required: true }]}>
          <DatePicker style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item name="amount" label={t('settlement.amount')} rules={[{ required: true, message: t('settlement.required') }]}>
          <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} data-testid="payment-amount" />
        </Form.Item>
        <Form.Item name="method" label={t('resources.payment.fields.method')}>
          <FormSelect options={METHODS.map((m) => ({ value: m, label: t(`dicts.fin_payment_method.${m}`) }))} />
        </Form.Item>
      </div>
      <Form.Item name="remark" label={t('resources.payment.fields.remark')}>
        <Input maxLength={200} />
      </Form.Item>
      <Typography.Text strong>{t('settlement.writeOffNow')}</Typography.Text>
      {partyId ? (
        <OpenItemsInput form={form} name="items" items={invoices.data ?? []} loading={invoices.isFetching} fillFrom={amount ?? ''} max={amount ?? undefined} testId="payment-writeoffs" />
      ) : (
        <Typography.Paragraph type="secondary">{t('settlement.pickPartyFirst')}</Typography.Paragraph>
      )}
    </ActionModal>
  );
}

function WriteOff({ payment, onClose, onDone }: { payment: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const [form] = Form.useForm<{ invoiceId: number; amount: string }>();
  const left = leftOf(payment.amount, payment.applied);
  const partyId = Number(payment.partyId ?? payment.clientId ?? payment.carrierId);
  const invoices = useOpenInvoices(payment.kind as Kind, partyId);
  const pick = (id: number) => {
    const inv = invoices.data?.find((i) => i.id === id);
    if (inv) form.setFieldValue('amount', fillInOrder(left, [inv])[0] || null);
  };
  return (
    <ActionModal
      form={form}
      title={t('settlement.writeOffTitle', { no: payment.paymentNo })}
      testId="payment-writeoff-ok"
      initialValues={{ invoiceId: null, amount: null }}
      request={(v) => ({ send: (o) => call(SettlementApi.endpoints.paymentWriteOff, { body: { paymentId: payment.id, invoiceId: v.invoiceId, amount: v.amount } }, o) })}
      onClose={onClose}
      onDone={onDone}
      before={<Typography.Paragraph data-testid="payment-left">{t('settlement.paymentLeft', { amount: leftOf(payment.amount, 0), applied: leftOf(payment.applied, 0), left })}</Typography.Paragraph>}
    >
      <Form.Item name="invoiceId" label={t('settlement.invoiceToWriteOff')} rules={[{ required: true, message: t('settlement.required') }]}>
        <FormSelect
          loading={invoices.isFetching}
          onChange={pick}
          notFoundContent={t('settlement.noOpenInvoices')}
          options={(invoices.data ?? []).map((i) => ({ value: i.id, label: `${i.label} · ${t('settlement.openOf', { open: i.open })}` }))}
          data-testid="payment-writeoff-invoice"
        />
      </Form.Item>
      <Form.Item name="amount" label={t('settlement.amount')} rules={[{ required: true, message: t('settlement.required') }]}>
        <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} data-testid="payment-writeoff-amount" />
      </Form.Item>
    </ActionModal>
  );
}

export default function PaymentPage() {
  const { t } = useResourceContext();
  return (
    <ActionListPage
      resource={paymentDef}
      add={{ permission: 'finance:payment:add', label: t('settlement.registerPayment'), testId: 'payment-register', dialog: (close, done) => <RegisterPayment onClose={close} onDone={done} /> }}
      row={{
        permission: 'finance:payment:writeOff',
        label: t('settlement.writeOff'),
        testId: 'payment-writeoff',
        when: (row) => positive(leftOf(row.amount, row.applied)),
        dialog: (row) => (close, done) => <WriteOff payment={row} onClose={close} onDone={done} />,
      }}
    />
  );
}
