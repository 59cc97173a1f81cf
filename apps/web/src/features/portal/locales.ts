/** Texts of the client portal and the public tracking page (issue 17): top-level keys `portal` and `track`. */

const zhCN = {
  portal: {
    title: '客户门户',
    admin: { clients: '客户', clientsTitle: '{{name}} 可查看的客户' },
    menu: { orders: '我的订单', newOrder: '下单', map: '在途地图', statements: '对账单' },
    logout: '退出登录',
    noClient: '您的账号尚未绑定客户，请联系管理员。',
    orders: {
      code: '订单号', customerOrderNo: '客户单号', client: '客户', progress: '进度', route: '线路', orderDate: '订单日期', eta: '预计到达', quantity: '数量',
      search: '订单号或客户单号', status: '状态', export: '导出', newOrder: '下单', import: '导入', all: '全部',
    },
    create: {
      title: '下单', client: '客户', source: '发货站点', dest: '收货站点', eta: '期望到达', customerOrderNo: '客户单号', remark: '备注', lines: '货物明细',
      item: '物料', quantity: '数量', cases: '箱数', weight: '重量(kg)', addLine: '添加一行', submit: '提交订单', done: '订单 {{code}} 已提交',
    },
    detail: {
      back: '返回订单列表', cancel: '取消订单', cancelConfirm: '确定取消订单 {{code}} 吗？', timeline: '状态跟踪', lines: '货物明细', waybills: '运单', epods: '电子回单',
      shipment: '调度单', shipmentStatus: '运输状态', lastPosition: '最后位置', noPosition: '暂无位置', eta: '预计到达', ata: '实际到达', view: '查看', pdf: '下载 PDF',
      links: '公开跟踪链接', newLink: '生成跟踪链接', linkFor: '跟踪对象', wholeOrder: '整个订单', copy: '复制链接', copied: '已复制', revoke: '撤销', revoked: '已撤销',
      expired: '已过期', active: '有效', expiresAt: '有效期至', linkHint: '任何拿到链接的人无需登录即可查看运输进度（不含价格和联系人）。', printQr: '扫码跟踪',
    },
    epod: { title: '电子回单 {{code}}', item: '物料', planned: '计划', shipped: '实发', signed: '实收', shortage: '短少', damage: '破损', remark: '备注', signTime: '签收时间', arrivalTime: '到达时间', departureTime: '离开时间', photos: '签收照片', abnormal: '异常' },
    statements: {
      title: '对账单', code: '对账单号', period: '账期', client: '客户', status: '状态', lines: '明细数', total: '应付合计', charges: '费用', adjustments: '调整',
      back: '返回列表', confirm: '确认对账单', confirmTitle: '确认对账单 {{code}}？', confirmText: '确认后金额 {{amount}} 将锁定，不再变更。', confirmed: '对账单已确认',
      hint: '请逐行核对；金额有误的行可提出异议，写明原因和您认为正确的金额。', lineTitle: '对账明细', waybill: '运单', chargeType: '费用类型', lineType: '类型', amount: '金额',
      disputeColumn: '异议', dispute: '提出异议', disputeTitle: '对 {{code}} 提出异议', ourAmount: '对账单金额：{{amount}}', reason: '原因', proposed: '您认为正确的金额', disputed: '异议已提交',
      history: '处理记录', print: '打印',
    },
    map: { title: '在途运单', empty: '当前没有在途运单', waybill: '运单', order: '订单', eta: '预计到达', live: '（实时）', position: '最后位置', reportedAt: '定位时间' },
  },
  track: {
    title: '运输跟踪', order: '订单', waybill: '运单', from: '发货地', to: '目的地', eta: '预计到达', position: '当前位置', positionAt: '{{city}}（{{time}}）',
    unknownCity: '途中', noPosition: '暂无位置信息', timeline: '运输进度', expiresAt: '链接有效期至 {{time}}', failedTitle: '无法查看该跟踪信息',
    steps: { RECEIVED: '已接单', CONFIRMED: '已确认', IN_TRANSIT: '运输中', DELIVERED: '已送达' },
  },
};

const enUS: typeof zhCN = {
  portal: {
    title: 'Client portal',
    admin: { clients: 'Clients', clientsTitle: 'Clients {{name}} sees' },
    menu: { orders: 'My orders', newOrder: 'New order', map: 'In transit', statements: 'Statements' },
    logout: 'Sign out',
    noClient: 'Your account is not bound to a client yet: ask an administrator.',
    orders: {
      code: 'Order', customerOrderNo: 'Customer order no.', client: 'Client', progress: 'Progress', route: 'Route', orderDate: 'Order date', eta: 'ETA', quantity: 'Quantity',
      search: 'Order or customer order no.', status: 'Status', export: 'Export', newOrder: 'New order', import: 'Import', all: 'All',
    },
    create: {
      title: 'New order', client: 'Client', source: 'From station', dest: 'To station', eta: 'Wanted by', customerOrderNo: 'Customer order no.', remark: 'Remark', lines: 'Goods',
      item: 'Item', quantity: 'Quantity', cases: 'Cases', weight: 'Weight (kg)', addLine: 'Add a line', submit: 'Place order', done: 'Order {{code}} placed',
    },
    detail: {
      back: 'Back to my orders', cancel: 'Cancel order', cancelConfirm: 'Cancel order {{code}}?', timeline: 'Status', lines: 'Goods', waybills: 'Waybills', epods: 'Proofs of delivery',
      shipment: 'Dispatch order', shipmentStatus: 'Transport', lastPosition: 'Last position', noPosition: 'No position yet', eta: 'ETA', ata: 'Arrived', view: 'View', pdf: 'Download PDF',
      links: 'Public tracking links', newLink: 'New tracking link', linkFor: 'Follows', wholeOrder: 'The whole order', copy: 'Copy link', copied: 'Copied', revoke: 'Revoke', revoked: 'Revoked',
      expired: 'Expired', active: 'Active', expiresAt: 'Valid until', linkHint: 'Anyone with the link can follow the transport without signing in (no prices, no contacts).', printQr: 'Scan to track',
    },
    epod: { title: 'Proof of delivery {{code}}', item: 'Item', planned: 'Planned', shipped: 'Shipped', signed: 'Signed', shortage: 'Short', damage: 'Damaged', remark: 'Remark', signTime: 'Signed', arrivalTime: 'Arrived', departureTime: 'Left', photos: 'Photos', abnormal: 'Abnormal' },
    statements: {
      title: 'Statements', code: 'Statement', period: 'Period', client: 'Client', status: 'Status', lines: 'Lines', total: 'Total due', charges: 'Charges', adjustments: 'Adjustments',
      back: 'Back to the list', confirm: 'Confirm statement', confirmTitle: 'Confirm statement {{code}}?', confirmText: 'Once confirmed, the amount {{amount}} is locked and will not change.', confirmed: 'Statement confirmed',
      hint: 'Check each line; dispute a line whose amount is wrong, with the reason and the amount you consider right.', lineTitle: 'Lines', waybill: 'Waybill', chargeType: 'Charge type', lineType: 'Type', amount: 'Amount',
      disputeColumn: 'Dispute', dispute: 'Dispute', disputeTitle: 'Dispute {{code}}', ourAmount: 'Amount on the statement: {{amount}}', reason: 'Reason', proposed: 'The amount you consider right', disputed: 'Dispute sent',
      history: 'History', print: 'Print',
    },
    map: { title: 'Waybills in transit', empty: 'Nothing is in transit', waybill: 'Waybill', order: 'Order', eta: 'ETA', live: '(live)', position: 'Last position', reportedAt: 'Reported' },
  },
  track: {
    title: 'Shipment tracking', order: 'Order', waybill: 'Waybill', from: 'From', to: 'To', eta: 'Expected', position: 'Now near', positionAt: '{{city}} ({{time}})',
    unknownCity: 'on the road', noPosition: 'No position yet', timeline: 'Progress', expiresAt: 'Link valid until {{time}}', failedTitle: 'This tracking page cannot be shown',
    steps: { RECEIVED: 'Received', CONFIRMED: 'Confirmed', IN_TRANSIT: 'In transit', DELIVERED: 'Delivered' },
  },
};

export default { 'zh-CN': zhCN, 'en-US': enUS };
