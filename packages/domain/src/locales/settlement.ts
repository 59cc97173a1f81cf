/** Server messages (messages.settlement.*), validation messages and resource labels of settlement (issue 15), merged into the locale files. */

const zh = {
  messages: {
    actions: { send: '发送', confirm: '确认', dispute: '提出争议', resolve: '处理争议', void: '作废', removeLines: '移除明细' },
    wrongStatus: '对账单 {{code}} 当前为“{{status}}”，不能{{action}}',
    stale: '对账单 {{code}} 已被他人修改，请刷新后重试',
    frozen: '对账单 {{code}} 已确认，明细已冻结，不能修改',
    lineNotInStatement: '明细 #{{id}} 不属于该对账单',
    lineNotDisputable: '明细 #{{id}} 已有争议，不能重复提出',
    notDisputed: '明细 #{{id}} 没有待处理的争议',
    undecided: '还有 {{count}} 条争议未处理',
    generated: '已生成 {{count}} 张对账单（{{lines}} 条明细）',
    queued: '对账单生成任务已提交',
    sendOk: '对账单已发送',
    confirmOk: '对账单已确认',
    disputeOk: '争议已登记',
    resolveOk: '争议已处理，接受的差异已生成调整明细',
    voidOk: '对账单已作废，其费用可重新对账',
    removeLinesOk: '明细已移出对账单',
    voidInvoiced: '对账单 {{code}} 已开票，请先作废其发票',
    notConfirmed: '对账单 {{code}} 当前为“{{status}}”，只有已确认的对账单可以开票',
    overInvoice: '开票金额 {{amount}} 超过对账单 {{code}} 的未开票金额 {{open}}',
    partyMismatch: '所选对账单必须属于同一调度中心、同一相对方和同一类型',
    duplicateInvoice: '发票号 {{no}} 已登记',
    invoiceOk: '发票已登记',
    invoiceVoidOk: '发票已作废',
    invoiceVoided: '发票 {{no}} 已作废',
    invoiceHasPayments: '发票 {{no}} 已有核销记录，不能作废',
    writeOffVoid: '发票 {{no}} 已作废，不能核销',
    writeOffParty: '收付款与发票必须属于同一相对方和同一类型',
    overPayment: '核销金额 {{amount}} 超过收付款 {{no}} 的未核销金额 {{open}}',
    overInvoiceOpen: '核销金额 {{amount}} 超过发票 {{no}} 的未核销金额 {{open}}',
    paymentOk: '收付款已登记',
    writeOffOk: '已核销',
    receiptActions: { SIGN: '签收', RETURN: '返回', HAND: '交客户', LOST: '登记遗失' },
    receiptNotFound: '运单 {{code}} 不存在',
    receiptWrongStatus: '运单 {{code}} 的回单当前为“{{status}}”，不能{{action}}',
    lostReason: '登记遗失请填写原因',
    scanOk: '成功 {{ok}} 个，失败 {{failed}} 个',
    aging: { sheet: '账龄', party: '相对方', total: '合计' },
  },
  validation: {
    money: '金额格式不正确（最多两位小数）',
    positiveAmount: '金额必须大于 0',
    period: '期间格式应为 YYYY-MM',
  },
  resources: {
    settleTerm: {
      name: '结算条款',
      fields: { contractId: '合同', settleEvent: '计费事件', cutOffDay: '对账截止日', tolerancePct: '容差(%)', toleranceAmount: '容差金额', receiptDays: '回单期限(天)', remark: '备注' },
    },
    statement: {
      name: '对账单',
      fields: {
        code: '对账单号', kind: '类型', clientId: '货主', carrierId: '承运商', partyId: '相对方', period: '期间', periodFrom: '开始日期', periodTo: '截止日期', currency: '币种', status: '状态',
        lineCount: '明细数', chargeAmount: '费用金额', adjustAmount: '调整金额', totalAmount: '对账金额', invoicedAmount: '已开票', paidAmount: '已收付', voidReason: '作废原因',
      },
    },
    statementLine: {
      name: '对账明细',
      fields: {
        statementId: '对账单', lineType: '类型', waybillCode: '运单号', chargeTypeCode: '费用类型', eventDate: '计费日期', amount: '金额', taxRate: '税率', adjustsLineId: '调整的明细',
        disputeStatus: '争议状态', disputeReason: '争议原因', proposedAmount: '对方金额', remark: '备注',
      },
    },
    invoice: {
      name: '发票',
      fields: {
        invoiceNo: '发票号', kind: '类型', clientId: '货主', carrierId: '承运商', partyId: '相对方', invoiceDate: '开票日期', invoiceType: '发票类型', amount: '金额(含税)', taxRate: '税率',
        taxAmount: '税额', writtenOff: '已核销', status: '状态', voidReason: '作废原因', remark: '备注',
      },
    },
    payment: {
      name: '收付款',
      fields: { paymentNo: '流水号', kind: '类型', clientId: '货主', carrierId: '承运商', partyId: '相对方', payDate: '日期', amount: '金额', applied: '已核销', method: '方式', remark: '备注' },
    },
    paperReceipt: {
      name: '纸质回单',
      fields: { waybillCode: '运单号', waybillId: '运单', clientId: '货主', status: '状态', signedTime: '签收时间', returnedTime: '返回时间', handedTime: '交客户时间', lostReason: '遗失原因' },
    },
  },
};

const en: typeof zh = {
  messages: {
    actions: { send: 'send', confirm: 'confirm', dispute: 'dispute', resolve: 'resolve disputes of', void: 'void', removeLines: 'remove lines from' },
    wrongStatus: 'Statement {{code}} is {{status}}: you cannot {{action}} it',
    stale: 'Statement {{code}} was changed by someone else: reload it and try again',
    frozen: 'Statement {{code}} is confirmed: its lines are frozen',
    lineNotInStatement: 'Line #{{id}} is not a line of this statement',
    lineNotDisputable: 'Line #{{id}} is already disputed',
    notDisputed: 'Line #{{id}} has no open dispute',
    undecided: '{{count}} dispute(s) are not decided yet',
    generated: '{{count}} statement(s) generated ({{lines}} lines)',
    queued: 'The statement generation was started',
    sendOk: 'The statement was sent',
    confirmOk: 'The statement was confirmed',
    disputeOk: 'The dispute was recorded',
    resolveOk: 'The disputes were decided: accepted differences became adjustment lines',
    voidOk: 'The statement was voided: its charges can be stated again',
    removeLinesOk: 'The lines were removed from the statement',
    voidInvoiced: 'Statement {{code}} is invoiced: void its invoices first',
    notConfirmed: 'Statement {{code}} is {{status}}: only a confirmed statement can be invoiced',
    overInvoice: 'The invoiced amount {{amount}} exceeds the open amount {{open}} of statement {{code}}',
    partyMismatch: 'The statements must be of one dispatch center, one party and one kind',
    duplicateInvoice: 'Invoice number {{no}} is already registered',
    invoiceOk: 'The invoice was registered',
    invoiceVoidOk: 'The invoice was voided',
    invoiceVoided: 'Invoice {{no}} is void',
    invoiceHasPayments: 'Invoice {{no}} has payments written off against it: it cannot be voided',
    writeOffVoid: 'Invoice {{no}} is void: nothing can be written off against it',
    writeOffParty: 'The payment and the invoice must be of the same party and kind',
    overPayment: 'The amount {{amount}} exceeds what is left of payment {{no}}: {{open}}',
    overInvoiceOpen: 'The amount {{amount}} exceeds the open amount {{open}} of invoice {{no}}',
    paymentOk: 'The payment was registered',
    writeOffOk: 'Written off',
    receiptActions: { SIGN: 'sign', RETURN: 'return', HAND: 'hand over', LOST: 'report lost' },
    receiptNotFound: 'Waybill {{code}} does not exist',
    receiptWrongStatus: 'The paper receipt of waybill {{code}} is {{status}}: you cannot {{action}} it',
    lostReason: 'Give the reason of the loss',
    scanOk: '{{ok}} done, {{failed}} failed',
    aging: { sheet: 'Aging', party: 'Party', total: 'Total' },
  },
  validation: {
    money: 'Not an amount (at most 2 decimal places)',
    positiveAmount: 'The amount must be above 0',
    period: 'A period is written YYYY-MM',
  },
  resources: {
    settleTerm: {
      name: 'Settlement terms',
      fields: { contractId: 'Contract', settleEvent: 'Billable on', cutOffDay: 'Cut-off day', tolerancePct: 'Tolerance (%)', toleranceAmount: 'Tolerance amount', receiptDays: 'Receipt due (days)', remark: 'Remark' },
    },
    statement: {
      name: 'Statement',
      fields: {
        code: 'Statement no.', kind: 'Kind', clientId: 'Client', carrierId: 'Carrier', partyId: 'Party', period: 'Period', periodFrom: 'From', periodTo: 'To', currency: 'Currency', status: 'Status',
        lineCount: 'Lines', chargeAmount: 'Charges', adjustAmount: 'Adjustments', totalAmount: 'Total', invoicedAmount: 'Invoiced', paidAmount: 'Paid', voidReason: 'Void reason',
      },
    },
    statementLine: {
      name: 'Statement line',
      fields: {
        statementId: 'Statement', lineType: 'Type', waybillCode: 'Waybill', chargeTypeCode: 'Charge type', eventDate: 'Billable date', amount: 'Amount', taxRate: 'Tax rate', adjustsLineId: 'Adjusts line',
        disputeStatus: 'Dispute', disputeReason: 'Dispute reason', proposedAmount: 'Their amount', remark: 'Remark',
      },
    },
    invoice: {
      name: 'Invoice',
      fields: {
        invoiceNo: 'Invoice no.', kind: 'Kind', clientId: 'Client', carrierId: 'Carrier', partyId: 'Party', invoiceDate: 'Invoice date', invoiceType: 'Invoice type', amount: 'Amount (tax incl.)', taxRate: 'Tax rate',
        taxAmount: 'Tax', writtenOff: 'Written off', status: 'Status', voidReason: 'Void reason', remark: 'Remark',
      },
    },
    payment: {
      name: 'Payment',
      fields: { paymentNo: 'Reference', kind: 'Kind', clientId: 'Client', carrierId: 'Carrier', partyId: 'Party', payDate: 'Date', amount: 'Amount', applied: 'Written off', method: 'Method', remark: 'Remark' },
    },
    paperReceipt: {
      name: 'Paper receipt',
      fields: { waybillCode: 'Waybill', waybillId: 'Waybill', clientId: 'Client', status: 'Status', signedTime: 'Signed at', returnedTime: 'Returned at', handedTime: 'Handed over at', lostReason: 'Reason of loss' },
    },
  },
};

export const settlementLocale = { zh, en };
