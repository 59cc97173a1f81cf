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
    contract: {
      submit: '提交审批',
      effect: '生效',
      terminate: '终止',
      rerate: '重新计费',
      selectOne: '请选择一份合同',
      confirm: {
        submit: '提交选中的 {{count}} 份合同审批？审批任务进入审批人的待办，通过后合同生效，驳回则退回草稿。',
        effect: '使选中的 {{count}} 份合同生效？新版本生效后，用旧版本计费且未结算的费用将按新版本重新计算。',
        terminate: '终止选中的 {{count}} 份合同？',
      },
      rerateStatus: {
        QUEUED: '合同 {{code}}：重新计费已排队',
        RUNNING: '合同 {{code}}：正在重新计费（第 {{done}}/{{total}} 步，{{records}} 单）',
        DONE: '合同 {{code}}：已重新计费 {{records}} 单，{{charges}} 条费用',
        FAILED: '合同 {{code}}：重新计费失败',
      },
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
    contract: {
      submit: 'Submit for approval',
      effect: 'Make effective',
      terminate: 'Terminate',
      rerate: 'Re-rate open charges',
      selectOne: 'Select one contract',
      confirm: {
        submit: 'Submit the {{count}} selected contract(s) for approval? The approval task goes to the approvers\' task list: approved, a contract takes effect; rejected, it goes back to draft.',
        effect: 'Make the {{count}} selected contract(s) effective? Open charges rated with an earlier version are rated again with the new one.',
        terminate: 'Terminate the {{count}} selected contract(s)?',
      },
      rerateStatus: {
        QUEUED: 'Contract {{code}}: re-rating queued',
        RUNNING: 'Contract {{code}}: re-rating (step {{done}} of {{total}}, {{records}} records)',
        DONE: 'Contract {{code}}: {{records}} records re-rated, {{charges}} charges',
        FAILED: 'Contract {{code}}: re-rating failed',
      },
    },
  },
};

export default { 'zh-CN': zhCN, 'en-US': enUS };
