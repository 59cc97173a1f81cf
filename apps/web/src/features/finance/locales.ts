/** UI texts of the finance screens (top-level key `finance`). Server messages, dictionaries and field labels are shared (@tms/domain). */

const zhCN = {
  finance: {
    quote: {
      title: '运价试算',
      hint: '选择应收（货主）或应付（承运商）、线路、数量和日期，列出每份匹配的生效合同的价格及计算说明，最便宜的在前。',
      kind: '类型',
      party: '相对方',
      partyAny: '不限（范围内全部）',
      client: '货主',
      carrier: '承运商',
      from: '起点站点',
      to: '终点站点',
      weightKg: '重量（kg）',
      volumeM3: '体积（m³）',
      pieces: '件数',
      km: '里程（km）',
      date: '日期',
      run: '试算',
      none: '没有匹配的生效合同',
      contract: '合同',
      total: '合计',
      rank: '排名',
      charges: '费用明细',
      chargeType: '费用类型',
      amount: '金额',
      explanation: '计算说明',
    },
  },
};

const enUS: typeof zhCN = {
  finance: {
    quote: {
      title: 'Quote',
      hint: 'Choose receivable (client) or payable (carrier), a lane, quantities and a date: every matching effective contract is priced with how, cheapest first.',
      kind: 'Kind',
      party: 'Party',
      partyAny: 'Any (all in scope)',
      client: 'Client',
      carrier: 'Carrier',
      from: 'From station',
      to: 'To station',
      weightKg: 'Weight (kg)',
      volumeM3: 'Volume (m³)',
      pieces: 'Pieces',
      km: 'Distance (km)',
      date: 'Date',
      run: 'Quote',
      none: 'No matching effective contract',
      contract: 'Contract',
      total: 'Total',
      rank: 'Rank',
      charges: 'Charges',
      chargeType: 'Charge type',
      amount: 'Amount',
      explanation: 'How it was priced',
    },
  },
};

export default { 'zh-CN': zhCN, 'en-US': enUS };
