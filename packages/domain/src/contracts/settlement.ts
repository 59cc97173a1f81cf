/** Request and answer schemas of the settlement routes (/api/finance/statement|invoice|payment|paperReceipt/*, issue 15). */
import { z } from 'zod';
import { endpoint, intText, okOf, optText, XLSX_ANSWER } from '../api.ts';
import { PrintAnswer, PrintBody, PrintOptions } from './waybill.ts';
import { RECEIPT_ACTION_FROM, STATEMENT_STATUSES } from '../finance/settlement.ts';

const money = z.string().describe('a decimal amount as text, 2 places (exact)');
const MONEY_TEXT = /^-?\d{1,16}(\.\d{1,2})?$/;
/** An amount in a body: a JSON number or a decimal text with at most 2 places; answered to the handler as text. */
export const moneyIn = (opts: { positive?: boolean; nonZero?: boolean } = { positive: true }) =>
  z
    .union([z.number(), z.string()], { error: 'validation.number' })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => MONEY_TEXT.test(v), { error: 'validation.money' })
    .refine((v) => !opts.positive || Number(v) > 0, { error: 'validation.positiveAmount' })
    .refine((v) => !opts.nonZero || Number(v) !== 0, { error: 'validation.nonZeroAmount' });
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' });
const kind = z.enum(['RECEIVABLE', 'PAYABLE'], { error: 'validation.invalid' });
const version = z.number({ error: 'validation.required' }).int().min(0).describe('the version read: a stale one answers 409');

// ---------------------------------------------------------------------------
// Statements

export const GenerateBody = z.object({
  kind,
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.period' }).describe('YYYY-MM'),
  partyId: z.number().int().positive().optional().describe('one client (receivable) or carrier (payable); none = every party of the period, as a background job'),
});
export const SettleJob = z
  .object({
    id: z.number(), kind: z.string(), period: z.string(), partyId: z.number().nullable(), status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
    createdCount: z.number().int(), lineCount: z.number().int(), error: z.string().nullable(),
    progress: z.object({ done: z.number().int(), total: z.number().int() }).describe('steps done of the run (4 steps)'),
    statementIds: z.array(z.number()).optional(),
  })
  .meta({ id: 'SettleJob' });

export const StatementAction = z.object({ id: intText(1), version });
export const VoidBody = StatementAction.extend({ reason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.maxLength' }) });
export const RemoveLinesBody = StatementAction.extend({ lineIds: z.array(z.number().int().positive()).min(1, { error: 'validation.required' }).max(10_000) });
const disputedLine = z.object({
  lineId: z.number().int().positive(),
  reason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.maxLength' }),
  proposedAmount: moneyIn({ positive: false }).describe('the amount the party says is right'),
});
export const DisputeBody = StatementAction.extend({
  lines: z
    .array(disputedLine.extend({ fileId: z.number().int().positive().nullish().describe('an attachment the caller uploaded (finance/statement/disputeFile)') }))
    .min(1, { error: 'validation.required' })
    .max(1000),
});
/** The client portal's dispute: the same per line, without an attachment. */
export const PortalDisputeBody = StatementAction.extend({
  lines: z.array(disputedLine.extend({ fileId: z.number().int().positive().nullish().describe('an attachment the caller uploaded (portal/statements/file)') })).min(1, { error: 'validation.required' }).max(1000),
});
/** a dispute's attachment as uploaded */
export const DisputeFile = z.object({ id: z.number(), name: z.string(), contentType: z.string(), url: z.string() }).meta({ id: 'DisputeFile' });
export const ResolveBody = StatementAction.extend({
  decisions: z
    .array(z.object({ lineId: z.number().int().positive(), accept: z.boolean(), remark: optText(200) }))
    .min(1, { error: 'validation.required' })
    .max(1000),
});

export const StatementHeader = z
  .object({
    id: z.number(), code: z.string(), dispatchCenterId: z.number(), kind, partyId: z.number(), partyName: z.string().nullable(), clientId: z.number().nullable(), carrierId: z.number().nullable(),
    period: z.string(), periodFrom: z.string(), periodTo: z.string(), currency: z.string(), status: z.enum(STATEMENT_STATUSES), lineCount: z.number().int(),
    chargeAmount: money, adjustAmount: money, totalAmount: money, invoicedAmount: money, paidAmount: money, openAmount: money.describe('total − invoiced'), unpaidAmount: money.describe('total − paid'),
    voidReason: z.string().nullable(), version: z.number().int(),
  })
  .meta({ id: 'StatementHeader' });
export const StatementEvent = z.object({ id: z.number(), action: z.string(), fromStatus: z.string().nullable(), toStatus: z.string().nullable(), reason: z.string().nullable(), createBy: z.string().nullable(), createTime: z.string() });
export const StatementLine = z
  .object({
    id: z.number(), lineType: z.string(), chargeId: z.number().nullable(), waybillId: z.number().nullable(), waybillCode: z.string().nullable(), chargeTypeCode: z.string().nullable(),
    eventDate: z.string().nullable(), amount: money, taxRate: z.string().nullable(), adjustsLineId: z.number().nullable(), disputeStatus: z.string().nullable(), disputeReason: z.string().nullable(),
    proposedAmount: money.nullable(), disputeFileId: z.number().nullable(), resolveRemark: z.string().nullable(), remark: z.string().nullable(),
    adjustmentId: z.number().nullable().describe('the approved manual adjustment this line states'),
    origin: z.enum(['RERATE', 'MANUAL']).nullable().describe('where an adjustment line came from: a re-rating of a charge already stated, or a manual adjustment'),
    originStatementCode: z.string().nullable().describe('RERATE: the statement that stated the charge before it was re-rated'),
    beforeAmount: money.nullable().describe('RERATE: the amount stated before'),
    afterAmount: money.nullable().describe('RERATE: the amount after the re-rating (amount = after − before)'),
    disputeFile: DisputeFile.nullable().describe("the dispute's attachment (a photo or a PDF; url: a signed link)"),
  })
  .meta({ id: 'StatementLine' });
export const StatementDetail = StatementHeader.extend({ events: z.array(StatementEvent), lines: z.array(StatementLine).describe('the first 500 lines (the whole list: /finance/statementLine/list)') });

// the three-way check of a payable statement against the carrier's claim (an .xlsx upload)
export const ThreeWayQuery = z.object({ id: intText(1), version: intText(0).describe('the version read: a stale one answers 409'), lang: z.string().max(10).optional() });
const claimRow = { rowNum: z.number().int(), waybillCode: z.string().nullable(), dispatchOrderCode: z.string().nullable(), chargeTypeCode: z.string().nullable(), claim: money };
export const ThreeWayMatch = z.object({ ...claimRow, lineIds: z.array(z.number()), ours: money, diff: money.describe('claim − ours'), disputeLineId: z.number().nullable(), proposed: money.nullable() });
export const ThreeWayResult = z
  .object({
    statement: StatementHeader,
    confirmed: z.boolean().describe('every line within tolerance and nothing unmatched: the statement was confirmed'),
    matched: z.array(ThreeWayMatch).describe('rows within the tolerance of our amount'),
    disputed: z.array(ThreeWayMatch).describe('rows outside it: disputed on disputeLineId with the proposed amount'),
    unmatchedRows: z.array(z.object({ ...claimRow, message: z.string() })).describe('rows naming no line of the statement (or lines an earlier row claimed)'),
    missingLines: z.array(z.object({ lineId: z.number(), waybillCode: z.string().nullable(), dispatchOrderCode: z.string().nullable(), chargeTypeCode: z.string().nullable(), amount: money, message: z.string() })).describe('charge lines no row claims'),
  })
  .meta({ id: 'ThreeWayResult' });
export const StatementPdfQuery = z.object({ lang: z.string().max(10).optional(), templateId: intText(1).optional().describe('a STATEMENT print template (default: the default one)') });

export const PartyQuery = z.object({ kind, partyId: intText(1).optional(), lang: z.string().max(10).optional() });
export const OpenRow = z.object({ partyId: z.number(), partyName: z.string().nullable(), statements: z.number().int(), totalAmount: money, invoicedAmount: money, paidAmount: money, openAmount: money, unpaidAmount: money });
export const AgingQuery = PartyQuery.extend({ asOf: date.optional().describe('the day the ages are counted to (default today)') });
export const AgingRow = z.object({ partyId: z.number(), partyName: z.string().nullable(), d0_30: money, d31_60: money, d61_90: money, d90plus: money, total: money }).meta({ id: 'AgingRow' });

// ---------------------------------------------------------------------------
// Invoices and payments

export const InvoiceRegister = z.object({
  kind,
  invoiceNo: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.maxLength' }),
  invoiceDate: date,
  invoiceType: z.enum(['SPECIAL', 'ORDINARY'], { error: 'validation.invalid' }),
  taxRate: z.number({ error: 'validation.number' }).min(0).max(100),
  taxAmount: moneyIn({ positive: false }).optional().describe('default: the tax contained in the amount at the rate'),
  allocations: z
    .array(z.object({ statementId: z.number().int().positive(), amount: moneyIn({ nonZero: true }).describe('above 0 for a statement that is owed; below 0 (at most its open amount) for a statement of credits') }))
    .min(1, { error: 'validation.required' })
    .max(100)
    .describe('a blue invoice: its sum above 0 (a credit statement is netted against a later statement of the party); a red-letter invoice: credit statements only'),
  redOf: z.number().int().positive().optional().describe('a red-letter invoice (红字发票): the valid blue invoice of the same party it reverses; its amount is applied against that invoice at once'),
  redInfoNo: z.string().trim().max(40, { error: 'validation.maxLength' }).optional().describe('the red-letter information form / confirmation number (红字信息表编号), required to reverse a special VAT invoice'),
  remark: optText(200),
});
export const InvoiceSaved = z.object({ id: z.number(), amount: money.describe('below 0 for a red-letter invoice'), taxAmount: money });
export const InvoiceVoid = z.object({ id: intText(1), version, reason: VoidBody.shape.reason });
export const PaymentRegister = z.object({
  kind,
  partyId: z.number({ error: 'validation.required' }).int().positive(),
  paymentNo: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.maxLength' }),
  payDate: date,
  amount: moneyIn(),
  method: z.enum(['TRANSFER', 'CASH', 'ACCEPTANCE', 'OTHER']).optional(),
  remark: optText(200),
  writeOffs: z.array(z.object({ invoiceId: z.number().int().positive(), amount: moneyIn() })).max(100).optional(),
});
export const WriteOffBody = z.object({ paymentId: z.number().int().positive(), invoiceId: z.number().int().positive(), amount: moneyIn() });
export const PaymentSaved = z.object({ id: z.number(), amount: money, applied: money });

// ---------------------------------------------------------------------------
// Paper receipts

export const ScanBody = z.object({
  action: z.enum(Object.keys(RECEIPT_ACTION_FROM) as [keyof typeof RECEIPT_ACTION_FROM, ...(keyof typeof RECEIPT_ACTION_FROM)[]], { error: 'validation.invalid' }),
  codes: z.array(z.string().trim().min(1).max(40)).min(1, { error: 'validation.required' }).max(500),
  reason: optText(200).describe('required when the receipt is lost'),
});
export const ScanResult = z.object({ code: z.string(), ok: z.boolean(), status: z.string().nullable(), message: z.string().nullable() });
export const OverdueQuery = z.object({ days: intText(0, 3650).optional().describe('days after delivery (default 7)'), pageNum: intText(1).optional(), pageSize: intText(1, 500).optional(), lang: z.string().max(10).optional() });
export const OverdueRow = z.object({ waybillId: z.number(), waybillCode: z.string(), clientId: z.number().nullable(), clientName: z.string().nullable(), deliveredTime: z.string(), days: z.number().int(), status: z.string() });

// printing statements from the print templates of type STATEMENT (the waybills' print body and answer)
export { PrintBody as StatementPrintBody, PrintAnswer as StatementPrintAnswer, PrintOptions as StatementPrintOptions } from './waybill.ts';

const tags = ['finance'];
export const endpoints = {
  send: endpoint({ method: 'POST', path: '/finance/statement/send', operationId: 'finance.statement.send', summary: 'Send a draft statement to its party', tags, permission: 'finance:statement:send', body: StatementAction, response: okOf(StatementHeader) }),
  confirm: endpoint({ method: 'POST', path: '/finance/statement/confirm', operationId: 'finance.statement.confirm', summary: 'Confirm a sent or adjusted statement: its lines are frozen from then on', tags, permission: 'finance:statement:confirm', body: StatementAction, response: okOf(StatementHeader) }),
  receiptScan: endpoint({ method: 'POST', path: '/finance/paperReceipt/scan', operationId: 'finance.paperReceipt.scan', summary: 'Move the paper receipts of scanned waybill codes one step (sign, return, hand to the client, report lost): each code answers on its own', tags, permission: 'finance:paperReceipt:scan', body: ScanBody, response: okOf(z.array(ScanResult)) }),
  receiptOverdue: endpoint({ method: 'GET', path: '/finance/paperReceipt/overdue', operationId: 'finance.paperReceipt.overdue', summary: 'Waybills delivered more than N days ago whose paper receipt is not back (not returned, handed over or reported lost)', tags, permission: 'finance:paperReceipt:query', querystring: OverdueQuery, response: z.object({ code: z.literal(0), msg: z.string(), rows: z.array(OverdueRow), total: z.number().int() }) }),
  open: endpoint({ method: 'GET', path: '/finance/settlement/open', operationId: 'finance.settlement.open', summary: 'Open amounts per party: statements total, invoiced, paid, not invoiced and not paid (live statements, SQL-aggregated)', tags, permission: 'finance:statement:query', querystring: PartyQuery, response: okOf(z.array(OpenRow)) }),
  aging: endpoint({ method: 'GET', path: '/finance/settlement/aging', operationId: 'finance.settlement.aging', summary: 'Aging of the invoices not yet paid per party: 0–30, 31–60, 61–90 and more than 90 days since the invoice date (SQL-aggregated)', tags, permission: 'finance:aging:query', querystring: AgingQuery, response: okOf(z.array(AgingRow)) }),
  generate: endpoint({ method: 'POST', path: '/finance/statement/generate', operationId: 'finance.statement.generate', summary: "Generate the statements of a period in the caller's dispatch center: one party at once, or every party as a background job (all or nothing; a period generated again creates nothing new)", tags, permission: 'finance:statement:generate', body: GenerateBody, response: okOf(SettleJob) }),
  job: endpoint({ method: 'GET', path: '/finance/statement/job/:id', operationId: 'finance.statement.job', summary: 'A statement generation: its status, progress and result', tags, permission: 'finance:statement:query', params: z.object({ id: StatementAction.shape.id }), response: okOf(SettleJob) }),
  detail: endpoint({ method: 'GET', path: '/finance/statement/detail/:id', operationId: 'finance.statement.detail', summary: 'A statement with its amounts (exact decimals), its history and its first 500 lines', tags, permission: 'finance:statement:query', params: z.object({ id: StatementAction.shape.id }), response: okOf(StatementDetail) }),
  dispute: endpoint({ method: 'POST', path: '/finance/statement/dispute', operationId: 'finance.statement.dispute', summary: "Dispute lines of a sent or adjusted statement as the party's reconciliation says: reason, proposed amount, attachment per line", tags, permission: 'finance:statement:dispute', body: DisputeBody, response: okOf(StatementHeader) }),
  resolve: endpoint({ method: 'POST', path: '/finance/statement/resolve', operationId: 'finance.statement.resolve', summary: 'Decide the open disputes of a statement: an accepted one becomes an adjustment line (the original line stays as it was); when none is left open the statement is ADJUSTED', tags, permission: 'finance:statement:resolve', body: ResolveBody, response: okOf(StatementHeader) }),
  void: endpoint({ method: 'POST', path: '/finance/statement/void', operationId: 'finance.statement.void', summary: 'Void a statement before it is invoiced (reason required): its charges can be stated again', tags, permission: 'finance:statement:void', body: VoidBody, response: okOf(StatementHeader) }),
  disputeFile: endpoint({ method: 'POST', path: '/finance/statement/disputeFile', operationId: 'finance.statement.disputeFile', summary: "Upload a dispute's attachment (a photo or a PDF, multipart part `file`); its id goes with the dispute (lines[].fileId)", tags, permission: 'finance:statement:dispute', body: 'upload', response: okOf(DisputeFile) }),
  pdf: endpoint({
    method: 'GET', path: '/finance/statement/pdf/:id', operationId: 'finance.statement.pdf', tags, permission: 'finance:statement:export',
    summary: "A statement as PDF in its party's document language (the client's or the carrier's), else the request language, from its STATEMENT print template (the default one unless templateId): header, party, period, every line, the adjustments and the totals (exact decimals)",
    params: z.object({ id: StatementAction.shape.id }), querystring: StatementPdfQuery, response: { binary: ['application/pdf'] },
  }),
  print: endpoint({ method: 'POST', path: '/finance/statement/print', operationId: 'finance.statement.print', summary: "Statements filled into a STATEMENT print template (labels in each party's document language, else the request language), as one HTML document to print or save as PDF", tags, permission: 'finance:statement:export', body: PrintBody, response: okOf(PrintAnswer) }),
  printOptions: endpoint({ method: 'GET', path: '/finance/statement/printOptions', operationId: 'finance.statement.printOptions', summary: 'The print dialog: STATEMENT templates and printers in use', tags, permission: 'finance:statement:export', response: okOf(PrintOptions) }),
  claimTemplate: endpoint({ method: 'GET', path: '/finance/statement/claimTemplate', operationId: 'finance.statement.claimTemplate', summary: "The .xlsx template of a carrier's statement for the three-way check: waybill, dispatch order, charge type, claimed amount", tags, permission: 'finance:statement:threeWay', response: XLSX_ANSWER }),
  threeWay: endpoint({
    method: 'POST', path: '/finance/statement/threeWay', operationId: 'finance.statement.threeWay', tags, permission: 'finance:statement:threeWay', querystring: ThreeWayQuery, body: 'upload', response: okOf(ThreeWayResult),
    summary: "Three-way check of a sent or adjusted payable statement against the carrier's statement (.xlsx): differences within the contract's tolerance are accepted, the others disputed; all within and nothing unmatched confirms it",
  }),
  agingExport: endpoint({ method: 'GET', path: '/finance/settlement/aging/export', operationId: 'finance.settlement.agingExport', summary: 'The aging report as an Excel workbook, in the request language', tags, permission: 'finance:aging:export', querystring: AgingQuery, response: XLSX_ANSWER }),
  invoiceRegister: endpoint({ method: 'POST', path: '/finance/invoice/register', operationId: 'finance.invoice.register', summary: "Register an invoice (issued or received) against one or more confirmed statements of one party; each allocation at most the statement's open amount", tags, permission: 'finance:invoice:add', body: InvoiceRegister, response: okOf(InvoiceSaved) }),
  invoiceVoid: endpoint({ method: 'POST', path: '/finance/invoice/void', operationId: 'finance.invoice.void', summary: 'Void an invoice nothing was written off against (reason required): its statements are open again', tags, permission: 'finance:invoice:void', body: InvoiceVoid, response: okOf(z.object({ id: z.number() })) }),
  paymentRegister: endpoint({ method: 'POST', path: '/finance/payment/register', operationId: 'finance.payment.register', summary: 'Register a receipt (receivable) or a payment (payable) of a party, optionally written off against its invoices at once', tags, permission: 'finance:payment:add', body: PaymentRegister, response: okOf(PaymentSaved) }),
  paymentWriteOff: endpoint({ method: 'POST', path: '/finance/payment/writeOff', operationId: 'finance.payment.writeOff', summary: 'Write part of a payment off against a valid invoice of its party (never more than is left of either)', tags, permission: 'finance:payment:writeOff', body: WriteOffBody, response: okOf(PaymentSaved) }),
  removeLines: endpoint({ method: 'POST', path: '/finance/statement/removeLines', operationId: 'finance.statement.removeLines', summary: 'Take lines out of a draft statement (their charges go to a later statement); a confirmed statement is frozen', tags, permission: 'finance:statement:edit', body: RemoveLinesBody, response: okOf(StatementHeader) }),
};
