/**
 * Statements (issue 15): the generic statement list, a generate dialog (one party at once, or every party
 * as a job whose progress is shown), and a detail drawer with the amounts, lines and history and the
 * actions the status allows: send, confirm, dispute a line (reason, their amount), accept / reject a
 * dispute, void with a reason, register an invoice; for a payable statement the three-way check against the
 * carrier's statement (ThreeWayModal); the statement as PDF and its lines as .xlsx. Buttons show with their
 * permission; the server decides.
 */
import { useRef, useState } from 'react';
import { App, Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, Progress, Space, Table, Tag, Typography } from 'antd';
import { FormSelect } from '../../platform/FormSelect.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import dayjs from 'dayjs';
import { getResource, SettlementApi } from '@tms/domain';
import { saveResponse } from '../../platform/http.ts';
import { resourceCalls } from '../../platform/resource-calls.ts';
import { call, callData } from '../../platform/api.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import { useResourceContext } from '../../platform/resource/context.ts';
import ThreeWayModal from './ThreeWayModal.tsx';
import { jobPercent } from './money.ts';
import { ActionModal, KINDS, PartyInput, type ActionRequest, type Kind } from './forms.tsx';
import { headOfBlue, InvoiceHeadFields, invoiceHeadBody, invoiceHeadInitial, redInvoiceBody, RedInvoiceFields, useBlueInvoices, type InvoiceHeadValues, type RedInvoiceValues } from './InvoicePage.tsx';
import { negative } from './money.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';
import { lineOrigin } from './origin.ts';
import { AttachmentInput, AttachmentLink } from './attachment.tsx';
import { PrintModal, STATEMENT_PRINT } from '../order/OrderDialogs.tsx';

const statementDef = getResource('statement');
const statementLines = resourceCalls(getResource('statementLine'));
type Detail = z.output<typeof SettlementApi.StatementDetail>;
type Line = Detail['lines'][number];
type Job = z.output<typeof SettlementApi.SettleJob>;

function GenerateModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [job, setJob] = useState<Job | null>(null);
  const kind = Form.useWatch('kind', form) as Kind | undefined;
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await call(SettlementApi.endpoints.generate, { body: { kind: v.kind, period: v.period.format('YYYY-MM'), partyId: v.partyId || undefined } });
      let j = r.data as Job;
      setJob(j);
      // every party of the period runs as a background job: its progress is polled until it ends
      while (j.status === 'QUEUED' || j.status === 'RUNNING') {
        await new Promise((res) => setTimeout(res, 500));
        j = await callData(SettlementApi.endpoints.job, { params: { id: j.id } });
        setJob(j);
      }
      if (j.status === 'FAILED') {
        void message.error(j.error ?? t('settlement.generateFailed'));
        return;
      }
      message.success(`${r.msg} ${t('settlement.generated', { count: j.createdCount, lines: j.lineCount })}`);
      onDone();
    } catch {
      // the error notification carries the server's message
    }
  };
  const running = !!job && (job.status === 'QUEUED' || job.status === 'RUNNING');
  return (
    <Modal open title={t('settlement.generate')} onCancel={onClose} onOk={submit} confirmLoading={running} maskClosable={false} okButtonProps={{ 'data-testid': 'statement-generate-ok' } as Record<string, string>}>
      <Form form={form} layout="vertical" initialValues={{ kind: 'RECEIVABLE', period: dayjs() }} onValuesChange={(c) => c.kind && form.setFieldValue('partyId', null)}>
        <Form.Item name="kind" label={t('settlement.kind')} rules={[{ required: true }]}>
          <FormSelect options={KINDS.map((k) => ({ value: k, label: t(`dicts.fin_contract_kind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="period" label={t('settlement.period')} rules={[{ required: true }]}>
          <DatePicker picker="month" />
        </Form.Item>
        <Form.Item name="partyId" label={t('settlement.partyId')}>
          <PartyInput kind={kind ?? 'RECEIVABLE'} />
        </Form.Item>
      </Form>
      {job && (
        <>
          <Progress aria-label={String(t('settlement.generating', job.progress))} percent={jobPercent(job)} status={job.status === 'FAILED' ? 'exception' : job.status === 'DONE' ? 'success' : 'active'} data-testid="statement-generate-bar" />
          <Typography.Text data-testid="statement-generate-progress">{t('settlement.generating', job.progress)}</Typography.Text>
        </>
      )}
    </Modal>
  );
}

/** Asks for one or more values in a small form, then calls `run` with them. */
function useAsk() {
  const { modal } = App.useApp();
  return (title: string, fields: { name: string; label: string; kind?: 'number' | 'text' | 'file'; initial?: unknown }[], run: (v: Record<string, unknown>) => Promise<void>) => {
    const values: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.name, f.initial]));
    modal.confirm({
      title,
      icon: null,
      content: (
        <Form layout="vertical" initialValues={values} onValuesChange={(_, all) => Object.assign(values, all)}>
          {fields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              {f.kind === 'number' ? <InputNumber style={{ width: '100%' }} precision={2} stringMode /> : f.kind === 'file' ? <AttachmentInput upload={SettlementApi.endpoints.disputeFile} /> : <Input maxLength={200} />}
            </Form.Item>
          ))}
        </Form>
      ),
      onOk: () => run(values),
    });
  };
}

/**
 * Register an invoice for this statement: its head, and the amount (its open amount by default); a refusal lands under
 * the field it names. A statement of credits (open amount below 0) is reversed by a red-letter invoice (红字发票): the
 * blue invoice of the party it reverses and the red-letter form number, the amount below 0.
 */
function InvoiceStatement({ statement, onClose, onDone }: { statement: Detail; onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const [form] = Form.useForm<InvoiceHeadValues & RedInvoiceValues & { amount: string }>();
  const red = negative(statement.openAmount);
  const blue = useBlueInvoices(statement.kind, statement.partyId, red);
  const request = (v: InvoiceHeadValues & RedInvoiceValues & { amount: string }): ActionRequest => {
    const body = { kind: statement.kind, ...invoiceHeadBody(v), ...(red ? redInvoiceBody(v) : {}), allocations: [{ statementId: statement.id, amount: v.amount }] };
    return { send: (o) => call(SettlementApi.endpoints.invoiceRegister, { body }, o), aliases: { 'allocations.0.amount': 'amount', allocations: 'amount' } };
  };
  return (
    <ActionModal
      form={form}
      width={640}
      title={`${red ? t('settlement.redInvoice') : t('settlement.invoice')} · ${statement.code}`}
      testId="statement-invoice-ok"
      initialValues={{ amount: statement.openAmount, redOf: null, redInfoNo: '', ...invoiceHeadInitial() }}
      onValuesChange={(c) => {
        const o = c.redOf ? blue.data?.find((i) => i.id === c.redOf) : undefined;
        if (o) form.setFieldsValue(headOfBlue(o));
      }}
      request={request}
      onClose={onClose}
      onDone={onDone}
      before={red ? <Typography.Paragraph type="secondary">{t('settlement.redHint')}</Typography.Paragraph> : undefined}
    >
      <Form.Item name="amount" label={t('settlement.amount')} extra={t('settlement.openOf', { open: statement.openAmount })} rules={[{ required: true, message: t('settlement.required') }]}>
        <InputNumber<string> stringMode {...(red ? { min: statement.openAmount, max: '-0.01' } : { min: '0.01' })} precision={2} style={{ width: '100%' }} data-testid="statement-invoice-amount" />
      </Form.Item>
      {red && <RedInvoiceFields blue={blue.data ?? []} loading={blue.isFetching} />}
      <InvoiceHeadFields />
    </ActionModal>
  );
}

function StatementDetail({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const { t, can } = useResourceContext();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const ask = useAsk();
  const [threeWay, setThreeWay] = useState(false);
  const [invoicing, setInvoicing] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const q = useQuery({ queryKey: ['statement', id], queryFn: () => callData(SettlementApi.endpoints.detail, { params: { id } }), staleTime: 0 });
  const d = q.data;
  /** One of the statement's actions (its typed call), its message shown, the statement read again. */
  const act = async (send: () => Promise<{ msg: string }>) => {
    try {
      const r = await send();
      message.success(r.msg);
    } catch {
      // shown by the error notification
    }
    await qc.invalidateQueries({ queryKey: ['statement', id] });
    onChanged();
  };
  // the statement as read (its version: a stale one answers 409); the actions show only once it is read
  const base = { id: d?.id ?? 0, version: d?.version ?? 0 };
  const is = (...s: string[]) => !!d && s.includes(d.status);
  const removable = can('finance:statement:edit') && is('DRAFT');
  const buttons = d && (
    <Space wrap>
      {can('finance:statement:send') && is('DRAFT') && <Button data-testid="statement-send" onClick={() => act(() => call(SettlementApi.endpoints.send, { body: base }))}>{t('settlement.send')}</Button>}
      {can('finance:statement:confirm') && is('SENT', 'ADJUSTED') && <Button type="primary" data-testid="statement-confirm" onClick={() => act(() => call(SettlementApi.endpoints.confirm, { body: base }))}>{t('settlement.confirm')}</Button>}
      {can('finance:invoice:add') && is('CONFIRMED') && (
        <Button data-testid="statement-invoice" onClick={() => setInvoicing(true)} aria-haspopup="dialog">
          {negative(d.openAmount) ? t('settlement.redInvoice') : t('settlement.invoice')}
        </Button>
      )}
      {can('finance:statement:threeWay') && d.kind === 'PAYABLE' && is('SENT', 'ADJUSTED') && (
        <Button data-testid="statement-threeway" onClick={() => setThreeWay(true)} aria-haspopup="dialog">
          {t('settlement.threeWay.button')}
        </Button>
      )}
      {can('finance:statement:export') && (
        <Button data-testid="statement-pdf" onClick={() => void call(SettlementApi.endpoints.pdf, { params: { id: d.id } }).then((res) => saveResponse(res, `${d.code}.pdf`))}>
          PDF
        </Button>
      )}
      {can('finance:statement:export') && (
        <Button data-testid="statement-print" onClick={() => setPrinting(true)} aria-haspopup="dialog">
          {t('settlement.print')}
        </Button>
      )}
      {can('finance:statement:export') && (
        <Button data-testid="statement-lines-export" onClick={() => void statementLines.export({ statementId: d.id }, `${d.code}.xlsx`)}>
          {t('settlement.exportLines')}
        </Button>
      )}
      {can('finance:statement:void') && is('DRAFT', 'SENT', 'DISPUTED', 'ADJUSTED', 'CONFIRMED') && (
        <Button danger data-testid="statement-void" aria-haspopup="dialog" onClick={() => ask(t('settlement.void'), [{ name: 'reason', label: t('settlement.reason') }], (v) => act(() => call(SettlementApi.endpoints.void, { body: { ...base, reason: String(v.reason ?? '') } })))}>
          {t('settlement.void')}
        </Button>
      )}
    </Space>
  );
  const lineActions = (l: Line) => {
    const out = [];
    if (d && can('finance:statement:dispute') && is('SENT', 'ADJUSTED') && l.lineType === 'CHARGE' && l.disputeStatus !== 'OPEN')
      out.push(
        <LinkButton dialog key="dispute" data-testid="line-dispute" onClick={() => ask(t('settlement.dispute'), [{ name: 'reason', label: t('settlement.reason') }, { name: 'proposedAmount', label: t('settlement.proposedAmount'), kind: 'number', initial: l.amount }, { name: 'fileId', label: t('settlement.attachment'), kind: 'file' }], (v) => act(() => call(SettlementApi.endpoints.dispute, { body: { ...base, lines: [{ lineId: l.id, reason: String(v.reason ?? ''), proposedAmount: String(v.proposedAmount ?? ''), fileId: (v.fileId as number | undefined) ?? null }] } })))}>
          {t('settlement.dispute')}
        </LinkButton>,
      );
    if (d && can('finance:statement:resolve') && is('DISPUTED') && l.disputeStatus === 'OPEN')
      for (const accept of [true, false])
        out.push(
          <LinkButton key={String(accept)} data-testid={accept ? 'line-accept' : 'line-reject'} onClick={() => act(() => call(SettlementApi.endpoints.resolve, { body: { ...base, decisions: [{ lineId: l.id, accept }] } }))}>
            {t(accept ? 'settlement.accept' : 'settlement.reject')}
          </LinkButton>,
        );
    return <Space>{out}</Space>;
  };
  return (
    // named while it loads too (a dialog without a name, axe aria-dialog-name); a skeleton until the statement is there
    <Drawer open width={1040} title={t('settlement.detail', { code: d?.code ?? '' }).trim()} loading={q.isLoading} onClose={onClose} extra={buttons} data-testid="statement-detail">
      {d && (
        <>
          <Space style={{ marginBottom: 8 }}>
            <Tag color="blue" data-testid="statement-status">{t(`dicts.fin_statement_status.${d.status}`)}</Tag>
            <span>{d.partyName} · {d.period} ({d.periodFrom} – {d.periodTo})</span>
          </Space>
          <Typography.Paragraph data-testid="statement-amounts">
            {t('settlement.amounts', { total: d.totalAmount, charge: d.chargeAmount, adjust: d.adjustAmount, invoiced: d.invoicedAmount, paid: d.paidAmount, open: d.openAmount })}
          </Typography.Paragraph>
          <Space style={{ marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>{t('settlement.lines')}</Typography.Title>
            {removable && (
              <Button
                size="small"
                danger
                disabled={!picked.length}
                data-testid="statement-remove-lines"
                aria-haspopup="dialog"
                data-dialog="confirm"
                onClick={() =>
                  modal.confirm({
                    title: t('settlement.removeLines'),
                    content: t('settlement.removeLinesConfirm', { count: picked.length }),
                    okButtonProps: { danger: true },
                    onOk: async () => {
                      await act(() => call(SettlementApi.endpoints.removeLines, { body: { ...base, lineIds: picked } }));
                      setPicked([]);
                    },
                  })
                }
              >
                {t('settlement.removeLines')} ({picked.length})
              </Button>
            )}
          </Space>
          <Table<Line>
            rowKey="id"
            size="small"
            pagination={{ pageSize: 20 }}
            dataSource={d.lines}
            rowSelection={removable ? { selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(Number)), getCheckboxProps: (l) => ({ disabled: l.lineType !== 'CHARGE', 'aria-label': t('a11y.selectRow', { label: [l.waybillCode, l.chargeTypeCode, l.amount].filter(Boolean).join(' ') }) }) as { disabled?: boolean } } : undefined}
            columns={[
              { title: t('resources.statementLine.fields.lineType'), key: 'type', render: (_, l) => t(`dicts.fin_statement_line_type.${l.lineType}`) },
              { title: t('resources.statementLine.fields.waybillCode'), dataIndex: 'waybillCode' },
              { title: t('resources.statementLine.fields.chargeTypeCode'), dataIndex: 'chargeTypeCode' },
              { title: t('resources.statementLine.fields.eventDate'), dataIndex: 'eventDate' },
              { title: t('resources.statementLine.fields.amount'), dataIndex: 'amount', align: 'right' },
              { title: t('settlement.originColumn'), key: 'origin', render: (_, l) => <span data-testid="line-origin">{lineOrigin(t, l)}</span> },
              { title: t('resources.statementLine.fields.disputeStatus'), key: 'dispute', render: (_, l) =>
                  l.disputeStatus ? (
                    <Space wrap>
                      {`${t(`dicts.fin_dispute_status.${l.disputeStatus}`)}: ${l.proposedAmount} (${l.disputeReason})`}
                      {l.disputeFile && <AttachmentLink file={l.disputeFile} />}
                    </Space>
                  ) : l.origin || l.adjustsLineId ? null : l.remark,
              },
              { title: '', key: 'actions', render: (_, l) => lineActions(l) },
            ]}
          />
          <Typography.Title level={5}>{t('settlement.history')}</Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.events}
            columns={[
              { title: t('settlement.scanAction'), key: 'action', render: (_, e) => t(`settlement.eventAction.${e.action}`, { defaultValue: e.action }) },
              { title: t('resources.statement.fields.status'), key: 's', render: (_, e) => `${e.fromStatus ? t(`dicts.fin_statement_status.${e.fromStatus}`) + ' → ' : ''}${e.toStatus ? t(`dicts.fin_statement_status.${e.toStatus}`) : ''}` },
              { title: t('settlement.reason'), dataIndex: 'reason' },
              { title: t('settlement.by'), dataIndex: 'createBy' },
              { title: t('settlement.at'), key: 'at', render: (_, e) => dayjs(e.createTime).format('YYYY-MM-DD HH:mm:ss') },
            ]}
          />
        </>
      )}
      {d && invoicing && (
        <InvoiceStatement
          statement={d}
          onClose={() => setInvoicing(false)}
          onDone={() => {
            setInvoicing(false);
            void qc.invalidateQueries({ queryKey: ['statement', id] });
            onChanged();
          }}
        />
      )}
      {d && printing && <PrintModal routes={STATEMENT_PRINT} title={t('settlement.printTitle', { code: d.code })} testId="statement-print-modal" rows={[{ id: d.id }]} onClose={() => setPrinting(false)} onDone={() => setPrinting(false)} />}
      {d && threeWay && (
        <ThreeWayModal
          statement={d}
          onClose={() => setThreeWay(false)}
          onDone={() => {
            void qc.invalidateQueries({ queryKey: ['statement', id] });
            onChanged();
          }}
        />
      )}
    </Drawer>
  );
}

export default function StatementPage() {
  const { t, can } = useResourceContext();
  const [detail, setDetail] = useState<number | null>(null);
  const [gen, setGen] = useState<TableApi | null>(null);
  const api = useRef<TableApi | null>(null);
  const toolbarExtra = (a: TableApi) => {
    api.current = a;
    return can('finance:statement:generate')
      ? [
          <Button key="gen" type="primary" data-testid="statement-generate" onClick={() => setGen(a)} aria-haspopup="dialog">
            {t('settlement.generate')}
          </Button>,
        ]
      : [];
  };
  return (
    <>
      <ResourceTable resource={statementDef} syncUrl onView={(row) => setDetail(row.id)} toolbarExtra={toolbarExtra} />
      {gen && <GenerateModal onClose={() => setGen(null)} onDone={() => { gen.reload(); setGen(null); }} />}
      {detail !== null && <StatementDetail id={detail} onClose={() => setDetail(null)} onChanged={() => api.current?.reload()} />}
    </>
  );
}
