/** Server messages (messages.finance.*), validation messages and resource labels of the finance area (issue 14), merged into the locale files. */

const zh = {
  messages: {
    notDraft: '只有草稿状态的合同可以修改，请新建一个版本',
    wrongStatus: '合同 {{code}} 当前为“{{status}}”，不能执行该操作',
    partyRequired: '请选择合同的相对方',
    duplicateVersion: '合同 {{code}} 已有版本 {{version}}',
    effectOk: '合同已生效',
    submitOk: '合同已提交审批',
    terminateOk: '合同已终止',
    explain: {
      contract: '合同 {{code}} 第 {{version}} 版',
      line: '运价明细 #{{id}}（{{from}} → {{to}}），{{n}} 条匹配明细中线路最具体的一条',
      any: '任意',
      place: '{{level}} #{{id}}',
      level: { STATION: '站点', DISTRICT: '区县', CITY: '城市', PROVINCE: '省份', ZONE: '区域', ANY: '任意' },
      quantity: '{{basis}}：计费数量 {{quantity}}',
      rounded: '{{basis}}：数量 {{quantity}}，按 {{step}} 向上取整为 {{rounded}}',
      unit: '{{quantity}} × {{price}} = {{computed}}',
      tierUnit: '区间 {{from}}–{{to}}：{{quantity}} × {{price}} = {{computed}}',
      tierFlat: '区间 {{from}}–{{to}}：整票 {{price}}',
      firstAdditional: '首重 {{firstQty}} 收 {{firstPrice}}，续重 {{steps}} × {{addPrice}}（每 {{addStep}}）= {{computed}}',
      min: '低于最低收费，按 {{value}} 计',
      max: '高于最高收费，按 {{value}} 计',
      amount: '金额 {{amount}}',
      separator: '；',
      allocation: '调度单该项费用 {{total}}，{{basis}}分摊到本运单 {{share}}',
    },
  },
  validation: {
    tierStart: '第一个区间必须从 0 开始',
    tierGap: '区间不连续：本区间必须从上一区间的上限开始',
    tierOverlap: '与上一区间重叠：本区间必须从上一区间的上限开始',
    tierEmpty: '区间上限必须大于下限',
    tierOpen: '只有最后一个区间可以不设上限',
    tierLastOpen: '最后一个区间不能设上限（请留空）',
    negativePrice: '价格、金额或数量不能为负数',
    minAboveMax: '最低收费不能大于最高收费',
    noPrice: '请填写单价、区间价或首重/续重',
    duplicateLane: '本合同已有一条同一线路、同一费用类型的价格',
    laneOneOf: '站点、行政区、区域只能选一个',
    breaks: '区间格式应为 “0-100:50 flat; 100-1000:0.6; 1000-:0.55”',
    contractOverlap: '与同一相对方已生效的合同 {{code}}（{{from}} 至 {{to}}）有效期重叠',
    validTo: '结束日期不能早于开始日期',
  },
  resources: {
    chargeType: {
      name: '费用类型',
      fields: { code: '编码', name: '名称', taxRate: '税率', sortOrder: '排序', remark: '备注' },
    },
    contract: {
      name: '运价合同',
      fields: { code: '合同编号', contractVersion: '版本', name: '合同名称', kind: '合同类型', clientId: '货主', carrierId: '承运商', dispatchCenterId: '调度中心', currency: '币种', validFrom: '生效日期', validTo: '失效日期', status: '状态', allocationBasis: '成本分摊方式', remark: '备注' },
    },
    waybillRating: {
      name: '运单计费',
      fields: { waybillCode: '运单号', waybillId: '运单', clientId: '货主', kind: '类型', state: '计费结果', contractId: '合同', contractCode: '合同编号', contractVersion: '合同版本', currency: '币种', totalAmount: '金额合计', ratedTime: '计费时间' },
    },
    rateLine: {
      name: '运价明细',
      fields: {
        contractId: '合同', chargeTypeId: '费用类型', basis: '计费单位', fromStationId: '起点站点', fromDistrictId: '起点行政区', fromZoneId: '起点区域',
        toStationId: '终点站点', toDistrictId: '终点行政区', toZoneId: '终点区域', unitPrice: '单价', breaks: '区间价', firstQty: '首重', firstPrice: '首重价格',
        addStep: '续重单位', addPrice: '续重价格', minAmount: '最低收费', maxAmount: '最高收费', roundingStep: '取整单位', remark: '备注',
      },
    },
  },
};

const en: typeof zh = {
  messages: {
    notDraft: 'Only a draft contract can be changed: create a new version instead',
    wrongStatus: 'Contract {{code}} is {{status}}: this action is not allowed',
    partyRequired: 'Choose the party of the contract',
    duplicateVersion: 'Contract {{code}} already has version {{version}}',
    effectOk: 'The contract took effect',
    submitOk: 'The contract was submitted for approval',
    terminateOk: 'The contract was terminated',
    explain: {
      contract: 'Contract {{code}} version {{version}}',
      line: 'rate line #{{id}} ({{from}} → {{to}}), the most specific lane of {{n}} matching lines',
      any: 'any',
      place: '{{level}} #{{id}}',
      level: { STATION: 'station', DISTRICT: 'district', CITY: 'city', PROVINCE: 'province', ZONE: 'zone', ANY: 'any' },
      quantity: '{{basis}}: quantity {{quantity}}',
      rounded: '{{basis}}: quantity {{quantity}} rounded up to a multiple of {{step}}: {{rounded}}',
      unit: '{{quantity}} × {{price}} = {{computed}}',
      tierUnit: 'break {{from}}–{{to}}: {{quantity}} × {{price}} = {{computed}}',
      tierFlat: 'break {{from}}–{{to}}: flat {{price}}',
      firstAdditional: 'first {{firstQty}} for {{firstPrice}}, plus {{steps}} × {{addPrice}} (per {{addStep}} beyond) = {{computed}}',
      min: 'below the minimum: {{value}} charged',
      max: 'above the maximum: {{value}} charged',
      amount: 'amount {{amount}}',
      separator: '; ',
      allocation: "the dispatch order's {{total}} allocated ({{basis}}): {{share}} to this waybill",
    },
  },
  validation: {
    tierStart: 'The first break must start at 0',
    tierGap: 'Gap between breaks: this break must start where the previous one ends',
    tierOverlap: 'Overlaps the previous break: this break must start where the previous one ends',
    tierEmpty: 'A break must end above where it starts',
    tierOpen: 'Only the last break may be open-ended',
    tierLastOpen: 'The last break must be open-ended (leave its upper bound empty)',
    negativePrice: 'A price, amount or quantity cannot be negative',
    minAboveMax: 'The minimum must not exceed the maximum',
    noPrice: 'Enter a unit price, breaks or first / additional weight',
    duplicateLane: 'The contract already has a price for this charge type on the same lane',
    laneOneOf: 'Choose a station, a district or a zone, not several',
    breaks: 'Breaks are written like "0-100:50 flat; 100-1000:0.6; 1000-:0.55"',
    contractOverlap: 'Overlaps the validity of effective contract {{code}} ({{from}} to {{to}}) with the same party',
    validTo: 'The end date must not be before the start date',
  },
  resources: {
    chargeType: {
      name: 'Charge type',
      fields: { code: 'Code', name: 'Name', taxRate: 'Tax rate', sortOrder: 'Sort order', remark: 'Remark' },
    },
    contract: {
      name: 'Freight contract',
      fields: { code: 'Contract no.', contractVersion: 'Version', name: 'Name', kind: 'Kind', clientId: 'Client', carrierId: 'Carrier', dispatchCenterId: 'Dispatch center', currency: 'Currency', validFrom: 'Valid from', validTo: 'Valid to', status: 'Status', allocationBasis: 'Cost allocation', remark: 'Remark' },
    },
    waybillRating: {
      name: 'Waybill rating',
      fields: { waybillCode: 'Waybill', waybillId: 'Waybill', clientId: 'Client', kind: 'Kind', state: 'Rating result', contractId: 'Contract', contractCode: 'Contract no.', contractVersion: 'Contract version', currency: 'Currency', totalAmount: 'Total', ratedTime: 'Rated at' },
    },
    rateLine: {
      name: 'Rate line',
      fields: {
        contractId: 'Contract', chargeTypeId: 'Charge type', basis: 'Basis', fromStationId: 'From station', fromDistrictId: 'From district', fromZoneId: 'From zone',
        toStationId: 'To station', toDistrictId: 'To district', toZoneId: 'To zone', unitPrice: 'Unit price', breaks: 'Breaks', firstQty: 'First weight', firstPrice: 'First weight price',
        addStep: 'Additional step', addPrice: 'Additional price', minAmount: 'Minimum charge', maxAmount: 'Maximum charge', roundingStep: 'Rounding step', remark: 'Remark',
      },
    },
  },
};

export const financeLocale = { zh, en };
