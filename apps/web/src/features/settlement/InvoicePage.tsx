/**
 * Invoices (issue 15): the generic invoice list; 'Register' an issued (receivable) or received (payable)
 * invoice against one or more confirmed statements of one party (an amount per statement, at most its open
 * amount: a larger one is refused by the server under that row), and 'Void' a valid invoice with a reason.
 * Buttons show with their permission; refusals land under the fields they name.
 */
import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { getResource } from '@tms/domain';
import { list } from '../../platform/http.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { KINDS, OpenItemsInput, PartyInput, postForm, type Kind, type OpenItem } from './forms.tsx';
import { allocationBody, leftOf, positive, type Allocation } from './money.ts';

const invoiceDef = getResource('invoice');

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
        <Select options={['SPECIAL', 'ORDINARY'].map((k) => ({ value: k, label: t(`dicts.fin_invoice_type.${k}`) }))} />
      </Form.Item>
      <Form.Item name="taxRate" label={t('settlement.taxRate')} rules={[{ required: true }]}>
        <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="taxAmount" label={t('settlement.taxAmount')} tooltip={t('settlement.taxAmountHint')}>
        <InputNumber<string> stringMode min="0" precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('resources.invoice.fields.remark')}>
        <Input maxLength={200} />
      </Form.Item>
    </div>
  );
}

export const invoiceHeadInitial = () => ({ invoiceDate: dayjs(), invoiceType: 'SPECIAL', taxRate: 9, taxAmount: null, remark: '' });

/** The register body's head from the form's values. */
export const invoiceHeadBody = (v: Record<string, unknown>) => ({
  invoiceNo: v.invoiceNo,
  invoiceDate: (v.invoiceDate as dayjs.Dayjs).format('YYYY-MM-DD'),
  invoiceType: v.invoiceType,
  taxRate: v.taxRate,
  taxAmount: v.taxAmount || undefined,
  remark: v.remark || undefined,
});

function RegisterInvoice({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form) as Kind | undefined;
  const partyId = Form.useWatch('partyId', form) as number | null | undefined;
  const statements = useQuery({
    queryKey: ['invoiceableStatements', kind, partyId],
    enabled: !!kind && !!partyId,
    staleTime: 0,
    queryFn: async (): Promise<OpenItem[]> => {
      const r = await list<Row>('/finance/statement/list', { kind, partyId, status: 'CONFIRMED', pageSize: 100, orderByColumn: 'period', isAsc: 'asc' });
      return r.rows.map((s) => ({ id: s.id, label: String(s.code), detail: `${String(s.period)} · ${t('settlement.statementTotal', { total: leftOf(s.totalAmount, 0) })}`, open: leftOf(s.totalAmount, s.invoicedAmount) })).filter((s) => positive(s.open));
    },
  });
  const submit = async () => {
    const v = await form.validateFields();
    const a = allocationBody((v.items ?? []) as Allocation[], 'statementId', 'allocations', 'items');
    if (!a.body.length) {
      void message.error(t('settlement.noAmounts'));
      return;
    }
    setBusy(true);
    const done = await postForm(form, message, '/finance/invoice/register', { kind: v.kind, ...invoiceHeadBody(v), allocations: a.body }, a.aliases);
    setBusy(false);
    if (done) onDone();
  };
  return (
    <Modal open width={760} title={t('settlement.invoice')} onCancel={onClose} onOk={submit} confirmLoading={busy} maskClosable={false} okButtonProps={{ 'data-testid': 'invoice-register-ok' } as Record<string, string>}>
      <Form form={form} layout="vertical" initialValues={{ kind: 'RECEIVABLE', partyId: null, items: [], ...invoiceHeadInitial() }} onValuesChange={(c) => c.kind && form.setFieldValue('partyId', null)}>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item name="kind" label={t('settlement.kind')} rules={[{ required: true }]}>
            <Select options={KINDS.map((k) => ({ value: k, label: t(`dicts.fin_contract_kind.${k}`) }))} />
          </Form.Item>
          <Form.Item name="partyId" label={t('settlement.party')} rules={[{ required: true, message: t('settlement.required') }]}>
            <PartyInput kind={kind ?? 'RECEIVABLE'} />
          </Form.Item>
        </div>
        <InvoiceHeadFields />
        <Typography.Text strong>{t('settlement.statementsToInvoice')}</Typography.Text>
        {partyId ? (
          <OpenItemsInput form={form} name="items" items={statements.data ?? []} loading={statements.isFetching} testId="invoice-allocations" />
        ) : (
          <Typography.Paragraph type="secondary">{t('settlement.pickPartyFirst')}</Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}

function VoidInvoice({ invoice, onClose, onDone }: { invoice: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    const done = await postForm(form, message, '/finance/invoice/void', { id: invoice.id, version: invoice.version, reason: v.reason });
    setBusy(false);
    if (done) onDone();
  };
  return (
    <Modal open title={t('settlement.voidInvoice', { no: invoice.invoiceNo })} onCancel={onClose} onOk={submit} confirmLoading={busy} okButtonProps={{ danger: true, ...({ 'data-testid': 'invoice-void-ok' } as Record<string, string>) }}>
      <Typography.Paragraph type="secondary">{t('settlement.voidInvoiceHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ reason: '' }}>
        <Form.Item name="reason" label={t('settlement.reason')} rules={[{ required: true, whitespace: true, message: t('settlement.required') }]}>
          <Input.TextArea maxLength={200} rows={3} data-testid="invoice-void-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function InvoicePage() {
  const { t, can } = useResourceContext();
  const [register, setRegister] = useState<TableApi | null>(null);
  const [voiding, setVoiding] = useState<{ row: Row; api: TableApi } | null>(null);
  return (
    <>
      <ResourceTable
        resource={invoiceDef}
        syncUrl
        toolbarExtra={(api) =>
          can('finance:invoice:add')
            ? [
                <Button key="register" type="primary" data-testid="invoice-register" onClick={() => setRegister(api)}>
                  {t('settlement.invoice')}
                </Button>,
              ]
            : []
        }
        rowActions={(row, api) =>
          can('finance:invoice:void') && row.status === 'VALID'
            ? [
                <a key="void" data-testid="invoice-void" onClick={() => setVoiding({ row, api })}>
                  {t('settlement.void')}
                </a>,
              ]
            : []
        }
      />
      {register && <RegisterInvoice onClose={() => setRegister(null)} onDone={() => { register.reload(); setRegister(null); }} />}
      {voiding && <VoidInvoice invoice={voiding.row} onClose={() => setVoiding(null)} onDone={() => { voiding.api.reload(); setVoiding(null); }} />}
    </>
  );
}
