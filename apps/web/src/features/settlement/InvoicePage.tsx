/**
 * Invoices (issue 15): the generic invoice list; 'Register' an issued (receivable) or received (payable)
 * invoice against one or more confirmed statements of one party (an amount per statement, at most its open
 * amount: a larger one is refused by the server under that row; statements of credits netted below 0, or reversed
 * by a red-letter invoice), and 'Void' a valid invoice with a reason.
 * Buttons show with their permission; refusals land under the fields they name.
 */
import { App, Checkbox, DatePicker, Form, Input, InputNumber, Typography } from 'antd';
import { FormSelect } from '../../platform/FormSelect.tsx';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { getResource, SettlementApi } from '@tms/domain';
import { call } from '../../platform/api.ts';
import { resourceCalls } from '../../platform/resource-calls.ts';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { ActionListPage, ActionModal, KindPartyFields, OpenItemsInput, type ActionRequest, type Kind, type OpenItem } from './forms.tsx';
import { allocationBody, leftOf, negative, nonZero, openOf, positive, type Allocation } from './money.ts';

const invoiceDef = getResource('invoice');
const invoiceCalls = resourceCalls(invoiceDef);
const statementCalls = resourceCalls(getResource('statement'));

/** The head of an invoice: number, date, type, tax rate (and tax amount, by default the tax the amount contains), remark. */
export function InvoiceHeadFields() {
  const { t } = useResourceContext();
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
      <Form.Item name="invoiceNo" label={t('settlement.invoiceNo')} rules={[{ required: true, whitespace: true, message: t('settlement.required') }]}>
        <Input maxLength={40} data-testid="invoice-no" />
      </Form.Item>
      <Form.Item name="invoiceDate" label={t('settlement.invoiceDate')} rules={[{ required: true }]}>
        <DatePicker style={{ width: '100%' }} allowClear={false} />
      </Form.Item>
      <Form.Item name="invoiceType" label={t('settlement.invoiceType')} rules={[{ required: true }]}>
        <FormSelect options={['SPECIAL', 'ORDINARY'].map((k) => ({ value: k, label: t(`dicts.fin_invoice_type.${k}`) }))} />
      </Form.Item>
      <Form.Item name="taxRate" label={t('settlement.taxRate')} rules={[{ required: true }]}>
        <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="taxAmount" label={t('settlement.taxAmount')} tooltip={t('settlement.taxAmountHint')}>
        <InputNumber<string> stringMode precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('resources.invoice.fields.remark')}>
        <Input maxLength={200} />
      </Form.Item>
    </div>
  );
}

/** The form's values of an invoice's head (InvoiceHeadFields). */
export interface InvoiceHeadValues {
  invoiceNo: string;
  invoiceDate: dayjs.Dayjs;
  invoiceType: 'SPECIAL' | 'ORDINARY';
  taxRate: number;
  taxAmount: string | null;
  remark: string;
}
/** The form's values of a red-letter invoice's own fields (RedInvoiceFields). */
export interface RedInvoiceValues {
  redOf: number | null;
  redInfoNo: string;
}

export const invoiceHeadInitial = (): Partial<InvoiceHeadValues> => ({ invoiceDate: dayjs(), invoiceType: 'SPECIAL', taxRate: 9, taxAmount: null, remark: '' });

/** The register body's head from the form's values. */
export const invoiceHeadBody = (v: InvoiceHeadValues) => ({
  invoiceNo: v.invoiceNo,
  invoiceDate: v.invoiceDate.format('YYYY-MM-DD'),
  invoiceType: v.invoiceType,
  taxRate: v.taxRate,
  taxAmount: v.taxAmount || undefined,
  remark: v.remark || undefined,
});

/** The red-letter part of the register body: the blue invoice reversed and the red-letter form number. */
export const redInvoiceBody = (v: RedInvoiceValues) => ({ redOf: v.redOf ?? undefined, redInfoNo: v.redInfoNo || undefined });

/** A red-letter invoice has the type and tax rate of the blue invoice it reverses (a row of the invoice list). */
export const headOfBlue = (blue: Row): Partial<InvoiceHeadValues> => ({ invoiceType: SettlementApi.InvoiceRegister.shape.invoiceType.safeParse(blue.invoiceType).data, taxRate: Number(blue.taxRate) });

/** The blue invoices of a party that a red-letter invoice can reverse: valid, not red, with an open amount. */
export function useBlueInvoices(kind: Kind | undefined, partyId: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['blueInvoices', kind, partyId],
    enabled: enabled && !!kind && !!partyId,
    staleTime: 0,
    queryFn: async () => {
      const r = await invoiceCalls.list({ kind, partyId, status: 'VALID', pageSize: 100, orderByColumn: 'invoiceDate', isAsc: 'desc' });
      return r.rows.filter((i) => !i.redOf && positive(leftOf(i.amount, i.writtenOff)));
    },
  });
}

/** A red-letter invoice's own fields: the blue invoice it reverses (with its open amount) and the red-letter form number. */
export function RedInvoiceFields({ blue, loading, noneText }: { blue: Row[]; loading: boolean; noneText?: string }) {
  const { t } = useResourceContext();
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
      <Form.Item name="redOf" label={t('resources.invoice.fields.redOf')} rules={[{ required: true, message: t('settlement.required') }]}>
        <FormSelect
          data-testid="invoice-red-of"
          loading={loading}
          notFoundContent={noneText ?? t('settlement.noBlueInvoices')}
          options={blue.map((i) => ({ value: i.id, label: `${String(i.invoiceNo)} · ${String(i.invoiceDate ?? '')} · ${t('settlement.openOf', { open: leftOf(i.amount, i.writtenOff) })}` }))}
        />
      </Form.Item>
      <Form.Item name="redInfoNo" label={t('resources.invoice.fields.redInfoNo')} tooltip={t('settlement.redInfoNoHint')}>
        <Input maxLength={40} data-testid="invoice-red-info" />
      </Form.Item>
    </div>
  );
}

/**
 * Register an invoice against confirmed statements of one party. A statement of credits (open amount below 0) is
 * entered below 0: netted with the party's other statements on one blue invoice above 0 (下期抵扣), or — with
 * "red-letter invoice" — reversed by a red-letter invoice (红字发票) naming the blue invoice it reverses and its
 * red-letter form number, which then lists the statements of credits only.
 */
type RegisterValues = InvoiceHeadValues & RedInvoiceValues & { kind: Kind; partyId: number; items: Allocation[]; red: boolean };

function RegisterInvoice({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterValues>();
  const kind = Form.useWatch('kind', form) as Kind | undefined;
  const partyId = Form.useWatch('partyId', form) as number | null | undefined;
  const red = (Form.useWatch('red', form) as boolean | undefined) ?? false;
  const statements = useQuery({
    queryKey: ['invoiceableStatements', kind, partyId],
    enabled: !!kind && !!partyId,
    staleTime: 0,
    queryFn: async (): Promise<OpenItem[]> => {
      const r = await statementCalls.list({ kind, partyId, status: 'CONFIRMED', pageSize: 100, orderByColumn: 'period', isAsc: 'asc' });
      return r.rows.map((s) => ({ id: s.id, label: String(s.code), detail: `${String(s.period)} · ${t('settlement.statementTotal', { total: openOf(s.totalAmount, 0) })}`, open: openOf(s.totalAmount, s.invoicedAmount) })).filter((s) => nonZero(s.open));
    },
  });
  const blue = useBlueInvoices(kind, partyId, red);
  const items = (statements.data ?? []).filter((s) => !red || negative(s.open));
  const request = (v: RegisterValues): ActionRequest | null => {
    const a = allocationBody(v.items ?? [], 'statementId', 'allocations', 'items');
    if (!a.body.length) {
      void message.error(t('settlement.noAmounts'));
      return null;
    }
    const body = { kind: v.kind, ...invoiceHeadBody(v), ...(v.red ? redInvoiceBody(v) : {}), allocations: a.body };
    return { send: (o) => call(SettlementApi.endpoints.invoiceRegister, { body }, o), aliases: a.aliases };
  };
  return (
    <ActionModal
      form={form}
      width={760}
      title={red ? t('settlement.redInvoice') : t('settlement.invoice')}
      testId="invoice-register-ok"
      initialValues={{ kind: 'RECEIVABLE', partyId: null, items: [], red: false, redOf: null, redInfoNo: '', ...invoiceHeadInitial() }}
      onValuesChange={(c) => {
        if (c.kind) form.setFieldValue('partyId', null);
        if (c.kind || c.partyId !== undefined) form.setFieldValue('redOf', null);
        // a red-letter invoice has the type and tax rate of the invoice it reverses
        if (c.redOf) {
          const o = blue.data?.find((i) => i.id === c.redOf);
          if (o) form.setFieldsValue(headOfBlue(o));
        }
      }}
      request={request}
      onClose={onClose}
      onDone={onDone}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <KindPartyFields kind={kind} />
      </div>
      <Form.Item name="red" valuePropName="checked" style={{ marginBottom: 8 }} extra={t('settlement.redHint')}>
        <Checkbox data-testid="invoice-red">{t('settlement.redInvoice')}</Checkbox>
      </Form.Item>
      {red && <RedInvoiceFields blue={blue.data ?? []} loading={blue.isFetching} noneText={partyId ? t('settlement.noBlueInvoices') : t('settlement.pickPartyFirst')} />}
      <InvoiceHeadFields />
      <Typography.Text strong>{red ? t('settlement.creditsToReverse') : t('settlement.statementsToInvoice')}</Typography.Text>
      {partyId ? (
        <OpenItemsInput form={form} name="items" items={items} loading={statements.isFetching} testId="invoice-allocations" />
      ) : (
        <Typography.Paragraph type="secondary">{t('settlement.pickPartyFirst')}</Typography.Paragraph>
      )}
    </ActionModal>
  );
}

function VoidInvoice({ invoice, onClose, onDone }: { invoice: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ActionModal
      form={form}
      danger
      title={t('settlement.voidInvoice', { no: invoice.invoiceNo })}
      testId="invoice-void-ok"
      initialValues={{ reason: '' }}
      request={(v) => ({ send: (o) => call(SettlementApi.endpoints.invoiceVoid, { body: { id: invoice.id, version: Number(invoice.version), reason: v.reason } }, o) })}
      onClose={onClose}
      onDone={onDone}
      before={<Typography.Paragraph type="secondary">{t('settlement.voidInvoiceHint')}</Typography.Paragraph>}
    >
      <Form.Item name="reason" label={t('settlement.reason')} rules={[{ required: true, whitespace: true, message: t('settlement.required') }]}>
        <Input.TextArea maxLength={200} rows={3} data-testid="invoice-void-reason" />
      </Form.Item>
    </ActionModal>
  );
}

export default function InvoicePage() {
  const { t } = useResourceContext();
  return (
    <ActionListPage
      resource={invoiceDef}
      add={{ permission: 'finance:invoice:add', label: t('settlement.invoice'), testId: 'invoice-register', dialog: (close, done) => <RegisterInvoice onClose={close} onDone={done} /> }}
      row={{
        permission: 'finance:invoice:void',
        label: t('settlement.void'),
        testId: 'invoice-void',
        when: (row) => row.status === 'VALID',
        dialog: (row) => (close, done) => <VoidInvoice invoice={row} onClose={close} onDone={done} />,
      }}
    />
  );
}
