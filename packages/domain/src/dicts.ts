/**
 * The dictionaries the product ships with: type, name and items (value, Simplified Chinese label, English label).
 * The server seeds them (Chinese labels, editable by administrators); the English labels translate them in
 * the English interfaces (see `dictLocale`).
 */
export const SEED_DICTS: [type: string, name: string, items: [value: string, zh: string, en: string][]][] = [
  ['sys_oss_type', '存储类型', [['LOCAL', '本地目录', 'Local folder'], ['S3', 'S3 兼容存储', 'S3-compatible']]],
  ['sys_data_scope', '数据范围', [['1', '全部数据', 'All data'], ['2', '自定义部门', 'Custom departments'], ['3', '本部门', 'Own department'], ['4', '本部门及以下', 'Department and below'], ['5', '仅本人', 'Self only']]],
  ['sys_menu_target', '打开方式', [['_self', '当前窗口', 'Current window'], ['_blank', '新窗口', 'New window']]],
  ['sys_printer_type', '打印机类型', [['LASER', '激光打印机', 'Laser'], ['LABEL', '标签打印机', 'Label'], ['NEEDLE', '针式打印机', 'Dot matrix']]],
  ['sys_ref_type', '编号类型', [['ORDER', '订单', 'Order'], ['WAYBILL', '运单', 'Waybill'], ['SHIPMENT', '调度单', 'Shipment'], ['EPOD', '回单', 'Receipt']]],
  ['sys_timestamp_pattern', '时间戳格式', [['YYYYMMDD', 'YYYYMMDD', 'YYYYMMDD'], ['YYMMDD', 'YYMMDD', 'YYMMDD'], ['YYYYMM', 'YYYYMM', 'YYYYMM'], ['YYMM', 'YYMM', 'YYMM']]],
  // [type, name, [value, zh label, en label]]
  ['sys_normal_disable', '系统开关', [['0', '正常', 'Normal'], ['1', '停用', 'Disabled']]],
  ['sys_yes_no', '系统是否', [['Y', '是', 'Yes'], ['N', '否', 'No']]],
  ['sys_show_hide', '菜单状态', [['0', '显示', 'Shown'], ['1', '隐藏', 'Hidden']]],
  ['sys_menu_type', '菜单类型', [['M', '目录', 'Catalogue'], ['C', '菜单', 'Menu'], ['F', '按钮', 'Button']]],
  ['sys_oper_type', '操作类型', [['INSERT', '新增', 'Add'], ['UPDATE', '修改', 'Edit'], ['DELETE', '删除', 'Delete'], ['STATUS', '状态', 'Status'], ['IMPORT', '导入', 'Import'], ['EFFECT', '生效', 'Take effect'], ['UNEFFECT', '失效', 'Lose effect'],
    ['UPLOAD', '上传', 'Upload'], ['TRANSFER', '转移', 'Transfer'], ['CLEAN', '清空', 'Clear'], ['FORCE', '强退', 'Force logout'],
    ['REVIEW', '审核', 'Review'], ['RETRACT', '撤回', 'Retract'], ['SPLIT', '拆分', 'Split'], ['CANCEL', '取消', 'Cancel'],
    ['TO_ROS', '退回待调度', 'Back to ready-to-dispatch'], ['AUDIT', '审核', 'Audit'], ['REJECT', '驳回', 'Reject'], ['RECALL', '撤回', 'Recall'],
    ['SIGN_FOR', '签收登记', 'Sign-for registration'], ['HANDLE', '处理', 'Handle'], ['REPORT', '上报', 'Report'], ['CLAIM', '认领', 'Claim'],
    ['SUBMIT', '提交', 'Submit'], ['START', '发起', 'Start'], ['TERMINATE', '终止', 'Terminate'], ['DEPLOY', '部署', 'Deploy'],
    ['SUSPEND', '挂起', 'Suspend'], ['ACTIVATE', '激活', 'Activate'], ['APPROVE', '同意', 'Approve'], ['SYNC', '同步', 'Synchronise'],
    ['PUSH', '推送', 'Push'], ['BIND', '绑定', 'Bind'], ['UNBIND', '解绑', 'Unbind'],
    ['LOCK', '锁定', 'Lock'], ['UNLOCK', '解锁', 'Unlock'], ['ASSIGNCARRIERROUTE', '分配承运商线路', 'Assign carrier route'],
    ['PRINTVERIFY', '打印校验', 'Print check'], ['PRINT', '打印', 'Print'], ['OTHER', '其他', 'Other']]],
  ['sys_common_status', '系统状态', [['0', '成功', 'Success'], ['1', '失败', 'Failure']]],
  ['order_status', '订单状态', [['OPEN', '打开', 'Open'], ['EFFECTIVE', '生效', 'Effective'], ['CANCELLED', '已取消', 'Cancelled']]],
  // client portal (issue 17)
  ['sys_user_kind', '用户类型', [['STAFF', '员工', 'Staff'], ['CLIENT', '客户', 'Client']]],
  ['order_source', '订单来源', [['MANUAL', '手工创建', 'Manual'], ['IMPORT', 'Excel 导入', 'Excel import'], ['EXTERNAL', '外部系统', 'External system']]],
  ['waybill_status', '运单状态', [['OPEN', '打开', 'Open'], ['REVIEWED', '已审核', 'Reviewed']]],
  ['driver_outbox_action', '司机端操作', [['ACCEPT', '接单', 'Accept'], ['REFUSE', '拒单', 'Refuse'], ['VEHICLE_CHECK', '出车检查', 'Vehicle check'], ['EPOD_REPORT', '签收回单', 'Proof of delivery'], ['EPOD_PICTURE', '回单照片', 'Delivery photo'], ['EPOD_DEPARTURE', '离开站点', 'Departure from the stop']]],
  ['shipment_status', '调度单状态', [['OPEN', '打开', 'Open'], ['CONFIRMED', '已确认', 'Confirmed'], ['EFFECTIVE', '生效', 'Effective'], ['SHIPPED', '已发运', 'Shipped'], ['COMPLETED', '已完成', 'Completed']]],
  ['epod_status', '回单状态', [['PENDING', '待回单', 'Pending'], ['REPORTED', '已回单', 'Reported'], ['AUDITED', '已审核', 'Audited'], ['REJECTED', '已驳回', 'Rejected'], ['RECALLED', '已撤回', 'Recalled']]],
  ['epod_report_source', '回单来源', [['DRIVER', '司机回单', 'Driver app'], ['STAFF', '签收登记', 'Sign-for registration']]],
  ['epod_handle_result', '异常处理结果', [['ACCEPT', '接受差异', 'Difference accepted'], ['CLAIM', '向承运商索赔', 'Claim against the carrier'], ['RESEND', '补发货物', 'Goods sent again'], ['RETURN', '退货处理', 'Goods returned'], ['OTHER', '其他', 'Other']]],
  ['epod_opinion_type', '回单意见类型', [['AUDIT', '审核意见', 'Audit'], ['REJECT', '驳回意见', 'Rejection'], ['HANDLE', '异常处理意见', 'Check and handle']]],
  ['shipment_receive', '司机接单', [['ACCEPTED', '已接受', 'Accepted'], ['REFUSED', '已拒绝', 'Refused']]],
  ['shipment_stop_type', '站点类型', [['LOAD', '装货', 'Loading'], ['UNLOAD', '卸货', 'Unloading'], ['BOTH', '装卸货', 'Loading and unloading']]],
  // tracking_operation: one entry for every area (orders, waybills, shipments, epods add their values here)
  ['tracking_operation', '跟踪操作类型', [
    ['ORDER_CREATE', '创建订单', 'Order created'], ['ORDER_IMPORT', '导入订单', 'Order imported'], ['ORDER_UPDATE', '修改订单', 'Order edited'],
    ['ORDER_REVIEW', '审核订单', 'Order reviewed'], ['ORDER_RETRACT', '撤回订单', 'Order retracted'], ['ORDER_LOCK', '锁定订单', 'Order locked'],
    ['ORDER_UNLOCK', '解锁订单', 'Order unlocked'], ['ORDER_ASSIGN', '分配承运商线路', 'Carrier route assigned'], ['ORDER_PRINT', '打印订单', 'Order printed'],
    ['ORDER_PRINT_CHECK', '打印校验', 'Print verified'], ['WAYBILL_CREATE', '生成运单', 'Waybill created'], ['WAYBILL_DELETE', '删除运单', 'Waybill deleted'],
    ['WAYBILL_REVIEW', '审核运单', 'Waybill reviewed'], ['WAYBILL_RETRACT', '撤回运单', 'Waybill withdrawn'], ['WAYBILL_SPLIT', '拆分运单', 'Waybill split'],
    ['WAYBILL_BIND', '运单绑定调度单', 'Waybill put on a dispatch order'], ['WAYBILL_UNBIND', '运单解绑调度单', 'Waybill taken off a dispatch order'],
    ['SHIPMENT_CREATE', '创建调度单', 'Dispatch order created'], ['SHIPMENT_BIND', '绑定运单', 'Waybill bound'], ['SHIPMENT_UNBIND', '解绑运单', 'Waybill unbound'],
    ['SHIPMENT_SCHEDULE', '排程', 'Scheduled'], ['SHIPMENT_CANCEL_SCHEDULE', '取消排程', 'Scheduling cancelled'], ['SHIPMENT_EFFECT', '生效', 'Took effect'],
    ['SHIPMENT_WITHDRAW', '撤回', 'Withdrawn'], ['SHIPMENT_SHIP', '发运', 'Shipped'], ['SHIPMENT_FINISH', '完成', 'Completed'],
    ['SHIPMENT_REASSIGN', '司机改派', 'Driver reassigned'], ['SHIPMENT_REASSIGN_TRANSIT', '在途改派', 'Reassigned in transit'],
    ['SHIPMENT_RETURN', '管理员退回', 'Returned by administrator'], ['SHIPMENT_PRINT', '打印派车单', 'Dispatch sheet printed'],
    ['EPOD_CREATE', '生成回单', 'Receipt created'], ['EPOD_REPORT', '回单上报', 'Receipt reported'], ['EPOD_AUDIT', '审核回单', 'Receipt audited'],
    ['EPOD_REJECT', '驳回回单', 'Receipt rejected'], ['EPOD_RECALL', '撤回回单', 'Receipt recalled'], ['EPOD_HANDLE', '回单异常处理', 'Abnormal receipt handled'],
    ['DRIVER_ACCEPT', '司机接受调度单', 'Accepted by the driver'], ['DRIVER_REFUSE', '司机拒绝调度单', 'Refused by the driver'], ['VEHICLE_CHECK', '车辆检查', 'Vehicle checked'],
    ['ORDER_CANCEL', '客户取消订单', 'Cancelled by the client'],
    // geofence and ETA (fleet/geofence.ts): written by the positions, the station in the remark
    ['SHIPMENT_ARRIVE', '到达站点（电子围栏）', 'Arrived at a station (geofence)'], ['SHIPMENT_DEPART', '离开站点（电子围栏）', 'Left a station (geofence)'],
    ['SHIPMENT_ARRIVING', '即将到达（预计到达时间）', 'Arriving soon (ETA)'],
  ]],
  ['vehicle_check_item', '车辆检查项', [
    ['TYRES', '轮胎', 'Tyres'], ['BRAKES', '制动', 'Brakes'], ['LIGHTS', '灯光', 'Lights'], ['CARGO_AREA', '货厢清洁完好', 'Cargo area clean and intact'],
    ['REFRIGERATION', '冷机温度', 'Refrigeration temperature'], ['SEAL', '封签', 'Seal'], ['DOCUMENTS', '随车证件', 'Vehicle documents'], ['SAFETY_KIT', '灭火器与三角牌', 'Extinguisher and warning triangle'],
  ]],
  ['vehicle_check_result', '车辆检查结果', [['PASS', '合格', 'Pass'], ['FAIL', '不合格', 'Fail']]],
  ['alert_status', '告警状态', [['NEW', '未处理', 'New'], ['HANDLED', '已处理', 'Handled']]],
  ['shipment_alert_reason', '告警原因', [['TRAFFIC', '交通拥堵', 'Traffic jam'], ['WEATHER', '天气原因', 'Weather'], ['VEHICLE', '车辆故障', 'Vehicle breakdown'], ['LOADING', '装卸延误', 'Loading delay'], ['OTHER', '其他', 'Other']]],
  ['temperature_layer', '温层', [['NORMAL', '常温', 'Ambient'], ['COLD', '冷藏', 'Chilled'], ['FROZEN', '冷冻', 'Frozen']]],
  ['transport_type', '运输方式', [['ROAD', '公路', 'Road'], ['RAIL', '铁路', 'Rail'], ['AIR', '航空', 'Air'], ['SEA', '水运', 'Sea']]],
  ['load_mode', '装载方式', [['FTL', '整车', 'Full truckload'], ['LTL', '零担', 'Less than truckload']]],
  ['licence_type', '证照类型', [['BUSINESS', '营业执照', 'Business licence'], ['ROAD_TRANSPORT', '道路运输经营许可证', 'Road transport permit'], ['VEHICLE', '车辆行驶证', 'Vehicle registration'], ['INSURANCE', '保险单', 'Insurance policy']]],
  ['driver_licence_type', '驾照类型', [['A1', 'A1', 'A1'], ['A2', 'A2', 'A2'], ['B1', 'B1', 'B1'], ['B2', 'B2', 'B2'], ['C1', 'C1', 'C1']]],
  ['platform_source', '平台来源', [['MANUAL', '手工录入', 'Manual entry'], ['G7', 'G7 物联', 'G7 IoT'], ['BEIDOU', '北斗平台', 'BeiDou platform'], ['OTHER', '其他', 'Other']]],
  ['logistics_mode', '位置接入方式', [['PULL', '定时拉取', 'Pull on schedule'], ['PUSH', '平台推送', 'Pushed by the platform']]],
  ['location_type', '地点类型', [['WAREHOUSE', '仓库', 'Warehouse'], ['HUB', '中转场', 'Hub'], ['STORE', '门店', 'Store'], ['FACTORY', '工厂', 'Factory']]],
  ['station_type', '站点类型', [['PICKUP', '提货点', 'Pick-up point'], ['DELIVERY', '收货点', 'Delivery point'], ['BOTH', '收提货点', 'Pick-up and delivery']]],
  ['station_limit_type', '站点限制类型', [['FORBID', '禁止进入', 'Not allowed'], ['ALLOW', '仅允许', 'Allowed only']]],
  ['shipment_type', '调度类型', [['TRUNK', '干线', 'Trunk line'], ['DELIVERY', '配送', 'Delivery'], ['SHUTTLE', '短驳', 'Shuttle']]],
  ['map_shape_type', '图形类型', [['POLYGON', '多边形', 'Polygon'], ['CIRCLE', '圆形', 'Circle']]],
  ['print_template_type', '打印模板类型', [['DISPATCH', '派车单', 'Dispatch sheet'], ['WAYBILL', '运单', 'Waybill'], ['ORDER', '订单', 'Order'], ['STATEMENT', '对账单', 'Statement']]],
  ['alert_rule_type', '告警规则类型', [['LATE_DEPARTURE', '晚点发车', 'Late departure'], ['LATE_ARRIVAL', '晚点到达', 'Late arrival'], ['FENCE_EXIT', '驶出围栏', 'Left the e-fence'], ['LONG_STOP', '长时间停留', 'Long stop'], ['NO_POSITION', '无定位', 'No position'],
    // raised by a JT/T 808 terminal's alarm flags (issue 19), not by rules
    ['TERMINAL_EMERGENCY', '终端紧急报警', 'Terminal emergency alarm'], ['TERMINAL_OVERSPEED', '终端超速报警', 'Terminal overspeed alarm'], ['TERMINAL_FATIGUE', '终端疲劳驾驶报警', 'Terminal fatigue driving alarm'],
    // raised by the position ingestion when a stop's ETA passes its time window (issue 17)
    ['ETA_LATE', '预计晚于时间窗', 'ETA past the time window']]],
  ['jt808_version', '终端协议版本', [['2013', 'JT/T 808-2013', 'JT/T 808-2013'], ['2019', 'JT/T 808-2019', 'JT/T 808-2019']]],
  ['app_type', '应用类型', [['android', 'Android', 'Android'], ['ios', 'iOS', 'iOS']]],
  // workflow (issue 7)
  ['wf_leave_type', '请假类型', [['ANNUAL', '年假', 'Annual leave'], ['SICK', '病假', 'Sick leave'], ['PERSONAL', '事假', 'Personal leave'], ['MARRIAGE', '婚假', 'Marriage leave'], ['MATERNITY', '产假', 'Maternity leave'], ['OTHER', '其他', 'Other']]],
  ['wf_apply_status', '申请状态', [['DRAFT', '草稿', 'Draft'], ['RUNNING', '审批中', 'In approval'], ['APPROVED', '已通过', 'Approved'], ['REJECTED', '已驳回', 'Rejected'], ['CANCELED', '已撤销', 'Withdrawn']]],
  ['wf_instance_status', '流程实例状态', [['RUNNING', '运行中', 'Running'], ['COMPLETED', '已结束', 'Finished'], ['TERMINATED', '已终止', 'Terminated']]],
  ['wf_result', '审批结果', [['APPROVED', '通过', 'Approved'], ['REJECTED', '驳回', 'Rejected']]],
  ['wf_business_type', '业务类型', [['LEAVE', '请假申请', 'Leave request'], ['PURCHASE', '采购申请', 'Purchase request'], ['CONTRACT', '运价合同', 'Freight contract'], ['OTHER', '其他业务', 'Other']]],
  ['wf_assignee_type', '办理人类型', [['USER', '指定用户', 'User'], ['ROLE', '指定角色', 'Role'], ['APPLICANT', '发起人', 'Applicant']]],
  ['wf_task_action', '流程操作', [['START', '发起', 'Started'], ['APPROVE', '同意', 'Approved'], ['REJECT', '驳回', 'Rejected'], ['END', '结束', 'Ended'], ['TERMINATE', '终止', 'Terminated']]],
  ['wf_task_status', '任务状态', [['OPEN', '待办', 'To do'], ['DONE', '已办', 'Done'], ['CANCELED', '已取消', 'Cancelled']]],
  // finance (issue 14)
  ['fin_contract_kind', '合同类型', [['RECEIVABLE', '应收（货主）', 'Receivable (client)'], ['PAYABLE', '应付（承运商）', 'Payable (carrier)']]],
  ['fin_contract_status', '合同状态', [['DRAFT', '草稿', 'Draft'], ['APPROVING', '审批中', 'In approval'], ['EFFECTIVE', '生效', 'Effective'], ['EXPIRED', '已过期', 'Expired'], ['TERMINATED', '已终止', 'Terminated']]],
  ['fin_rate_basis', '计费单位', [['KG', '按公斤', 'Per kg'], ['TONNE', '按吨', 'Per tonne'], ['M3', '按立方米', 'Per m³'], ['PIECE', '按件', 'Per piece'], ['PALLET', '按托', 'Per pallet'], ['TRIP', '按趟', 'Per trip'], ['KM', '按公里', 'Per km'], ['STOP', '按站点', 'Per stop'], ['PCT_FREIGHT', '运费百分比', '% of freight'], ['PCT_VALUE', '货值百分比', '% of declared value'], ['HOUR', '按小时', 'Per hour']]],
  ['fin_charge_state', '计费结果', [['RATED', '已计费', 'Rated'], ['NO_CONTRACT', '无有效合同', 'No effective contract'], ['NO_RATE', '合同无匹配运价', 'No matching rate']]],
  // settlement (issue 15)
  ['fin_settle_event', '计费事件', [['REVIEW', '订单审核', 'Order reviewed'], ['SHIP', '发运', 'Shipped'], ['EPOD_SIGNED', '回单签收', 'Receipt signed'], ['EPOD_AUDITED', '回单审核', 'Receipt audited'], ['RECEIPT_RETURNED', '纸质回单返回', 'Paper receipt returned']]],
  ['fin_statement_status', '对账单状态', [['DRAFT', '草稿', 'Draft'], ['SENT', '已发送', 'Sent'], ['DISPUTED', '有争议', 'Disputed'], ['ADJUSTED', '已调整', 'Adjusted'], ['CONFIRMED', '已确认', 'Confirmed'], ['INVOICED', '已开票', 'Invoiced'], ['SETTLED', '已结清', 'Settled'], ['VOID', '已作废', 'Void']]],
  ['fin_statement_line_type', '对账明细类型', [['CHARGE', '费用', 'Charge'], ['ADJUSTMENT', '调整', 'Adjustment']]],
  ['fin_dispute_status', '争议状态', [['OPEN', '待处理', 'Open'], ['ACCEPTED', '已接受', 'Accepted'], ['REJECTED', '已拒绝', 'Rejected']]],
  ['fin_invoice_type', '发票类型', [['SPECIAL', '增值税专用发票', 'Special VAT invoice'], ['ORDINARY', '增值税普通发票', 'Ordinary VAT invoice']]],
  ['fin_invoice_status', '发票状态', [['VALID', '有效', 'Valid'], ['VOID', '已作废', 'Void']]],
  ['fin_payment_method', '收付款方式', [['TRANSFER', '银行转账', 'Bank transfer'], ['CASH', '现金', 'Cash'], ['ACCEPTANCE', '承兑汇票', 'Bank acceptance'], ['OTHER', '其他', 'Other']]],
  ['fin_receipt_status', '纸质回单状态', [['NOT_SIGNED', '未签收', 'Not signed'], ['SIGNED', '已签收', 'Signed at stop'], ['RETURNED', '已返回', 'Returned'], ['HANDED', '已交客户', 'Handed to client'], ['LOST', '已遗失', 'Lost']]],
  // finance: payable rating and re-rating (issue 14)
  ['fin_allocation_basis', '分摊方式', [['WEIGHT', '按重量', 'By weight'], ['VOLUME', '按体积', 'By volume'], ['PIECES', '按件数', 'By pieces'], ['DECLARED_VALUE', '按货值', 'By declared value'], ['EQUAL', '平均分摊', 'Equally']]],
  ['fin_adjustment_status', '调整状态', [['PENDING', '待审批', 'Waiting for approval'], ['APPROVED', '已生效', 'Approved'], ['REJECTED', '已驳回', 'Rejected']]],
  ['fin_rerate_cause', '重新计费原因', [['EFFECT', '调度单生效', 'Dispatch order took effect'], ['SPLIT', '运单拆分', 'Waybill split'], ['EPOD_SIGNED', '回单签收数量', 'Signed receipt quantities'], ['BIND', '运单加入调度单', 'Waybills bound'], ['UNBIND', '运单移出调度单', 'Waybills unbound'], ['CARRIER_CHANGED', '更换承运商', 'Carrier changed'], ['CONTRACT', '合同变更', 'Contract changed'], ['EPOD_DEPARTED', '回单离开时间', 'Departure reported']]],
  // notifications and webhooks (issue 17)
  ['ntf_event_type', '通知事件', [['order.received', '订单已接收', 'Order received'], ['order.reviewed', '订单已审核', 'Order reviewed'], ['order.dispatched', '已派车', 'Dispatched'], ['order.departed', '已发车', 'Departed'], ['order.delivered', '已送达', 'Delivered'], ['order.exception', '异常（短少、破损、告警）', 'Exception (shortage, damage, alert)'], ['order.arriving', '即将到达', 'Arriving soon'], ['order.arrived', '到达站点', 'Arrived at a station'], ['order.left', '离开站点', 'Left a station'], ['statement.sent', '对账单已发送', 'Statement sent'], ['webhook.test', '测试消息', 'Test message']]],
  ['ntf_channel', '通知渠道', [['INAPP', '站内消息', 'In-app'], ['EMAIL', '电子邮件', 'E-mail'], ['SMS', '短信', 'SMS'], ['WEBHOOK', 'Webhook', 'Webhook']]],
  ['ntf_delivery_status', '投递状态', [['PENDING', '待发送', 'Pending'], ['QUEUED', '排队中', 'Queued'], ['SENDING', '发送中', 'Sending'], ['DELIVERED', '已送达', 'Delivered'], ['FAILED', '失败', 'Failed'], ['SKIPPED', '未发送', 'Skipped']]],
  // the language a client's or carrier's documents print in (its statements); empty: the printing user's
  ['doc_lang', '单据语言', [['zh-CN', '简体中文', 'Simplified Chinese'], ['en-US', '英语（美国）', 'English (US)'], ['en-GB', '英语（英国）', 'English (UK)'], ['zh-TW', '繁体中文', 'Traditional Chinese']]],
  ['ntf_lang', '通知语言', [['zh-CN', '简体中文', 'Simplified Chinese'], ['en-US', '英语（美国）', 'English (US)']]],
  // settlement: where an adjustment line of a statement came from (issue 15)
  ['fin_statement_line_origin', '明细来源', [['RERATE', '重新计费差额', 'Re-rating difference'], ['MANUAL', '手工调整', 'Manual adjustment']]],
];

/** dicts.<type>.<value> → label, for a locale file. */
export function dictLocale(lang: 'zh' | 'en'): Record<string, DictLabels> {
  return Object.fromEntries(SEED_DICTS.map(([type, , items]) => [type, nestDots(items.map(([v, zh, en]) => [v, lang === 'zh' ? zh : en]))]));
}

/** Values with a dot (event names such as order.received) nest, as the translation keys read them (dicts.<type>.order.received). */
function nestDots(entries: [string, string][]): DictLabels {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    const parts = k.split('.');
    let at = out;
    for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
    at[parts.at(-1)!] = v;
  }
  return out as DictLabels;
}
/** value → label; dotted values nest */
export type DictLabels = { [value: string]: string | DictLabels };
