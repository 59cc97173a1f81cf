/** Server messages of the client portal and the public tracking links (issue 17), merged into the locale files as messages.portal. */

const zh = {
  noClient: '该客户用户尚未绑定任何客户，请联系管理员',
  noDispatchCenter: '该客户用户没有默认调度中心，无法下单，请联系管理员',
  clientNotYours: '只能为您所属的客户下单',
  stationNotOfClient: '站点不属于该客户',
  notCancellable: '订单 {{code}} 已审核或已取消，不能再取消',
  cancelled: '订单已取消',
  linkInvalid: '该跟踪链接无效，请向发货方索取新的链接',
  linkExpired: '该跟踪链接已过期，请向发货方索取新的链接',
  linkRevoked: '该跟踪链接已被撤销，请向发货方索取新的链接',
  linkRevokedOk: '跟踪链接已撤销',
  progress: { RECEIVED: '已接单', CONFIRMED: '已确认', IN_TRANSIT: '运输中', DELIVERED: '已送达', CANCELLED: '已取消' },
  pdf: {
    title: '电子回单', code: '回单号', order: '订单号', waybill: '运单号', station: '收货站点', status: '状态', arrivalTime: '到达时间', signTime: '签收时间', departureTime: '离开时间',
    reportTime: '回单时间', abnormal: '异常', yes: '是', no: '否', handle: '异常处理', lines: '签收明细', item: '物料', planned: '计划', shipped: '实发', signed: '实收',
    shortage: '短少', damage: '破损', remark: '备注', photos: '照片', generated: '生成时间',
  },
  export: { code: '订单号', customerOrderNo: '客户单号', client: '客户', status: '状态', progress: '进度', source: '发货站点', dest: '收货站点', orderDate: '订单日期', eta: '预计到达', quantity: '数量', weight: '重量(kg)', volume: '体积(m³)' },
};

const en: typeof zh = {
  noClient: 'This client user is bound to no client yet: ask an administrator',
  noDispatchCenter: 'This client user has no default dispatch center to send orders to: ask an administrator',
  clientNotYours: 'You can place orders only for your own clients',
  stationNotOfClient: 'The station is not one of this client',
  notCancellable: 'Order {{code}} is already reviewed or cancelled and cannot be cancelled',
  cancelled: 'Order cancelled',
  linkInvalid: 'This tracking link is not valid: ask the shipper for a new one',
  linkExpired: 'This tracking link has expired: ask the shipper for a new one',
  linkRevoked: 'This tracking link has been withdrawn: ask the shipper for a new one',
  linkRevokedOk: 'Tracking link withdrawn',
  progress: { RECEIVED: 'Received', CONFIRMED: 'Confirmed', IN_TRANSIT: 'In transit', DELIVERED: 'Delivered', CANCELLED: 'Cancelled' },
  pdf: {
    title: 'Proof of delivery', code: 'Receipt', order: 'Order', waybill: 'Waybill', station: 'Delivered to', status: 'Status', arrivalTime: 'Arrived', signTime: 'Signed', departureTime: 'Left',
    reportTime: 'Reported', abnormal: 'Abnormal', yes: 'Yes', no: 'No', handle: 'Handling', lines: 'Signed quantities', item: 'Item', planned: 'Planned', shipped: 'Shipped', signed: 'Signed',
    shortage: 'Short', damage: 'Damaged', remark: 'Remark', photos: 'Photos', generated: 'Generated',
  },
  export: { code: 'Order', customerOrderNo: 'Customer order no.', client: 'Client', status: 'Status', progress: 'Progress', source: 'From station', dest: 'To station', orderDate: 'Order date', eta: 'ETA', quantity: 'Quantity', weight: 'Weight (kg)', volume: 'Volume (m³)' },
};

export const portalLocale = { zh, en };
