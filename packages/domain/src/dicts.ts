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
  ['sys_oper_type', '操作类型', [['INSERT', '新增', 'Add'], ['UPDATE', '修改', 'Edit'], ['DELETE', '删除', 'Delete'], ['STATUS', '状态', 'Status'], ['IMPORT', '导入', 'Import'], ['EFFECT', '生效', 'Take effect'], ['UNEFFECT', '失效', 'Lose effect']]],
  ['sys_common_status', '系统状态', [['0', '成功', 'Success'], ['1', '失败', 'Failure']]],
  ['order_status', '订单状态', [['OPEN', '打开', 'Open'], ['EFFECTIVE', '生效', 'Effective']]],
  ['waybill_status', '运单状态', [['OPEN', '打开', 'Open'], ['REVIEWED', '已审核', 'Reviewed']]],
  ['shipment_status', '调度单状态', [['OPEN', '打开', 'Open'], ['CONFIRMED', '已确认', 'Confirmed'], ['EFFECTIVE', '生效', 'Effective'], ['SHIPPED', '已发运', 'Shipped'], ['COMPLETED', '已完成', 'Completed']]],
  ['epod_status', '回单状态', [['PENDING', '待回单', 'Pending'], ['REPORTED', '已回单', 'Reported'], ['AUDITED', '已审核', 'Audited'], ['REJECTED', '已驳回', 'Rejected'], ['RECALLED', '已撤回', 'Recalled']]],
  ['alert_status', '告警状态', [['NEW', '未处理', 'New'], ['HANDLED', '已处理', 'Handled']]],
  ['shipment_alert_reason', '告警原因', [['TRAFFIC', '交通拥堵', 'Traffic jam'], ['WEATHER', '天气原因', 'Weather'], ['VEHICLE', '车辆故障', 'Vehicle breakdown'], ['LOADING', '装卸延误', 'Loading delay'], ['OTHER', '其他', 'Other']]],
  ['temperature_layer', '温层', [['NORMAL', '常温', 'Ambient'], ['COLD', '冷藏', 'Chilled'], ['FROZEN', '冷冻', 'Frozen']]],
  ['transport_type', '运输方式', [['ROAD', '公路', 'Road'], ['RAIL', '铁路', 'Rail'], ['AIR', '航空', 'Air'], ['SEA', '水运', 'Sea']]],
  ['load_mode', '装载方式', [['FTL', '整车', 'Full truckload'], ['LTL', '零担', 'Less than truckload']]],
  ['licence_type', '证照类型', [['BUSINESS', '营业执照', 'Business licence'], ['ROAD_TRANSPORT', '道路运输经营许可证', 'Road transport permit'], ['VEHICLE', '车辆行驶证', 'Vehicle registration'], ['INSURANCE', '保险单', 'Insurance policy']]],
  ['driver_licence_type', '驾照类型', [['A1', 'A1', 'A1'], ['A2', 'A2', 'A2'], ['B1', 'B1', 'B1'], ['B2', 'B2', 'B2'], ['C1', 'C1', 'C1']]],
  ['platform_source', '平台来源', [['MANUAL', '手工录入', 'Manual entry'], ['G7', 'G7 物联', 'G7 IoT'], ['BEIDOU', '北斗平台', 'BeiDou platform'], ['OTHER', '其他', 'Other']]],
  ['location_type', '地点类型', [['WAREHOUSE', '仓库', 'Warehouse'], ['HUB', '中转场', 'Hub'], ['STORE', '门店', 'Store'], ['FACTORY', '工厂', 'Factory']]],
  ['station_type', '站点类型', [['PICKUP', '提货点', 'Pick-up point'], ['DELIVERY', '收货点', 'Delivery point'], ['BOTH', '收提货点', 'Pick-up and delivery']]],
  ['station_limit_type', '站点限制类型', [['FORBID', '禁止进入', 'Not allowed'], ['ALLOW', '仅允许', 'Allowed only']]],
  ['shipment_type', '调度类型', [['TRUNK', '干线', 'Trunk line'], ['DELIVERY', '配送', 'Delivery'], ['SHUTTLE', '短驳', 'Shuttle']]],
  ['print_template_type', '打印模板类型', [['DISPATCH', '派车单', 'Dispatch sheet'], ['WAYBILL', '运单', 'Waybill'], ['ORDER', '订单', 'Order']]],
  ['alert_rule_type', '告警规则类型', [['LATE_DEPARTURE', '晚点发车', 'Late departure'], ['LATE_ARRIVAL', '晚点到达', 'Late arrival'], ['FENCE_EXIT', '驶出围栏', 'Left the e-fence'], ['LONG_STOP', '长时间停留', 'Long stop'], ['NO_POSITION', '无定位', 'No position']]],
  ['app_type', '应用类型', [['android', 'Android', 'Android'], ['ios', 'iOS', 'iOS']]],
];

/** dicts.<type>.<value> → label, for a locale file. */
export function dictLocale(lang: 'zh' | 'en'): Record<string, Record<string, string>> {
  return Object.fromEntries(SEED_DICTS.map(([type, , items]) => [type, Object.fromEntries(items.map(([v, zh, en]) => [v, lang === 'zh' ? zh : en]))]));
}
