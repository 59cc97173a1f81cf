/**
 * The seeded menu tree: every screen family of spec §2. Menus whose component has a view in the
 * web app open it; the others show the "not available" view until their issue is built.
 * Each registered resource gets one button per action it exposes (permission keys the server checks).
 */
import { RESOURCES, actionsOf, permissionOf, type ResourceDef } from '@tms/domain';

export interface SeedMenu {
  key: string;
  name: string;
  path: string;
  icon?: string;
  component?: string;
  perms?: string;
  type: 'M' | 'C' | 'F';
  hidden?: boolean;
  target?: '_self' | '_blank';
  children?: SeedMenu[];
}

const ACTION_NAMES: Record<string, string> = {
  query: '查询', get: '详情', review: '审核', retract: '撤回', split: '拆分', toRos: '转调度', add: '新增', edit: '修改', delete: '删除', export: '导出', import: '导入', enable: '启用', disable: '停用', forceLogout: '强退', sync: '同步',
  // order actions (domain.md "Order"); a full permission key names a button whose action word is shared
  lock: '锁定', unlock: '解锁', assign: '分配承运商线路', verify: '打印校验', 'order:order:print': '打印订单', 'waybill:waybill:print': '打印运单',
  // shipment actions (domain.md "Shipment")
  create: '创建调度单', schedule: '排程', cancelSchedule: '取消排程', effect: '生效', withdraw: '撤回', ship: '发运', finish: '完成', bind: '绑定运单', unbind: '解绑运单',
  reassign: '司机改派', reassignTransit: '在途改派', return: '退回', print: '打印派车单',
  // epod actions (domain.md "Epod")
  signFor: '签收登记', audit: '审核', reject: '驳回', recall: '撤回', handle: '异常处理',
  // finance (issue 14)
  'finance:contract:submit': '提交审批', 'finance:contract:effect': '合同生效', 'finance:contract:terminate': '终止合同', 'finance:contract:quote': '运价试算',
  // settlement (issue 15)
  'finance:statement:generate': '生成对账单', 'finance:statement:send': '发送', 'finance:statement:confirm': '确认', 'finance:statement:dispute': '提出争议', 'finance:statement:resolve': '处理争议',
  'finance:statement:void': '作废', 'finance:statement:edit': '移除明细', 'finance:statement:threeWay': '导入承运商对账单', 'finance:invoice:add': '登记发票', 'finance:invoice:void': '作废发票', 'finance:payment:add': '登记收付款',
  'finance:payment:writeOff': '核销', 'finance:paperReceipt:scan': '扫码更新', 'finance:aging:export': '导出',
  'finance:adjustment:add': '费用调整', 'finance:adjustment:approve': '审批费用调整',
  // notifications and webhooks (issue 17)
  'notify:webhook:test': '测试发送', 'notify:delivery:replay': '重新发送',
  // code generator (issue 7)
  'tool:gen:code': '生成代码',
  // workflow actions (issue 7)
  'act:models:import': '导入模型', 'act:models:export': '导出模型', 'act:models:deploy': '部署', 'act:process:suspend': '挂起', 'act:process:activate': '激活',
  'act:process:node': '节点配置', 'act:process:start': '发起流程', 'act:instance:terminate': '终止流程', 'act:task:claim': '签收任务', 'act:task:complete': '办理任务',
  'act:leave:submit': '提交申请', 'act:leave:cancel': '撤销申请', 'act:purchase:submit': '提交申请', 'act:purchase:cancel': '撤销申请',
};

const byComponent = new Map<string, ResourceDef>(RESOURCES.map((r) => [r.component, r]));

function page(key: string, name: string, path: string, component: string, perms?: string, extraButtons: string[] = []): SeedMenu {
  const res = byComponent.get(component);
  const buttons: SeedMenu[] = res
    ? actionsOf(res).map((a) => ({ key: `${key}:${a}`, name: ACTION_NAMES[a] ?? a, path: '', type: 'F' as const, perms: permissionOf(res, a) }))
    : [];
  for (const b of extraButtons) {
    const action = b.split(':').pop()!;
    buttons.push({ key: `${key}:${action}`, name: ACTION_NAMES[b] ?? ACTION_NAMES[action] ?? action, path: '', type: 'F', perms: b });
  }
  return { key, name, path, component, type: 'C', perms: res ? permissionOf(res, 'query') : perms, children: buttons };
}

export const MENU_TREE: SeedMenu[] = [
  {
    key: 'dashboard', name: '仪表盘', path: '/dashboard', icon: 'DashboardOutlined', type: 'M',
    children: [
      page('dashboardAnalysis', '分析页', '/dashboard/analysis', 'dashboard/analysis', 'dashboard:analysis:query'),
      page('dashboardWorkplace', '工作台', '/dashboard/workplace', 'dashboard/workplace', 'dashboard:workplace:query'),
      page('dashboardMonitor', '监控页', '/dashboard/monitor', 'dashboard/monitor', 'dashboard:monitor:query'),
    ],
  },
  {
    key: 'order', name: '订单管理', path: '/order', icon: 'FileTextOutlined', type: 'M',
    children: [
      page('orderList', '订单', '/order/list', 'order/index', 'order:order:query', [
        'order:order:add', 'order:order:edit', 'order:order:delete', 'order:order:review', 'order:order:retract', 'order:order:lock', 'order:order:unlock',
        'order:order:assign', 'order:order:print', 'order:order:verify', 'order:order:import', 'order:order:export',
      ]),
      page('orderLine', '订单明细', '/order/lines', 'order/lines', 'order:line:query'),
    ],
  },
  {
    key: 'waybill', name: '运单管理', path: '/waybill', icon: 'ProfileOutlined', type: 'M',
    children: [
      page('waybillList', '运单', '/waybill/list', 'waybill/index', 'waybill:waybill:query', ['waybill:waybill:review', 'waybill:waybill:retract', 'waybill:waybill:split', 'waybill:waybill:toRos', 'waybill:waybill:print']),
      page('waybillLine', '运单明细', '/waybill/lines', 'waybill/lines', 'waybill:line:query'),
    ],
  },
  {
    key: 'shipment', name: '调度管理', path: '/shipment', icon: 'CarOutlined', type: 'M',
    children: [
      page('shipmentList', '调度单', '/shipment/list', 'shipment/index', 'shipment:shipment:query', [
        'shipment:shipment:create', 'shipment:shipment:schedule', 'shipment:shipment:cancelSchedule', 'shipment:shipment:effect', 'shipment:shipment:withdraw',
        'shipment:shipment:ship', 'shipment:shipment:finish', 'shipment:shipment:bind', 'shipment:shipment:unbind', 'shipment:shipment:reassign',
        'shipment:shipment:reassignTransit', 'shipment:shipment:return', 'shipment:shipment:print',
      ]),
      page('shipmentLine', '调度单明细', '/shipment/lines', 'shipment/lines', 'shipment:line:query'),
      page('shipmentStop', '调度单站点', '/shipment/stops', 'shipment/stops', 'shipment:stop:query'),
      page('shipmentRos', '待调度运单', '/shipment/ros', 'shipment/ros', 'shipment:ros:query'),
      page('shipmentTrajectory', '轨迹回放', '/shipment/trajectory', 'shipment/trajectory', 'shipment:trajectory:query'),
      page('fleetMonitor', '车辆监控', '/shipment/monitor', 'shipment/monitor', 'shipment:monitor:query'),
      page('vehicleHistory', '车辆历史轨迹', '/shipment/vehicleHistory', 'shipment/vehicleHistory', 'baseinfo:transportMeans:query'),
      page('shipmentBusinessLog', '业务日志', '/shipment/businessLog', 'shipment/businessLog', 'shipment:log:query'),
      page('orderTracking', '订单跟踪', '/shipment/orderTracking', 'shipment/orderTracking', 'shipment:tracking:query'),
      page('shipmentAlert', '调度告警', '/shipment/alert', 'shipment/alert', 'shipment:alert:query', ['shipment:alert:edit']),
      page('driverRefusal', '司机端被拒操作', '/shipment/driverRefusal', 'shipment/driverRefusal'),
    ],
  },
  {
    key: 'epod', name: '电子回单', path: '/epod', icon: 'AuditOutlined', type: 'M',
    children: [
      page('epodList', '回单', '/epod/list', 'epod/index', 'epod:epod:query', ['epod:epod:signFor', 'epod:epod:audit', 'epod:epod:reject', 'epod:epod:recall', 'epod:epod:handle']),
      page('epodOpinion', '回单意见', '/epod/opinion', 'epod/opinion', 'epod:opinion:query'),
      page('epodCheck', '异常回单处理', '/epod/check', 'epod/check', 'epod:check:query', ['epod:epod:handle', 'epod:epod:audit']),
    ],
  },
  {
    key: 'finance', name: '财务', path: '/finance', icon: 'AccountBookOutlined', type: 'M',
    children: [
      page('financeContract', '运价合同', '/finance/contract', 'finance/contract/index', undefined, ['finance:contract:submit', 'finance:contract:effect', 'finance:contract:terminate', 'finance:contract:quote']),
      page('financeRateLine', '运价明细', '/finance/rateLine', 'finance/rateLine/index'),
      page('financeChargeType', '费用类型', '/finance/chargeType', 'finance/chargeType/index'),
      page('financeWaybillRating', '运单计费', '/finance/waybillRating', 'finance/waybillRating/index', undefined, ['finance:adjustment:add', 'finance:adjustment:approve']),
      page('financeQuote', '运价试算', '/finance/quote', 'finance/quote/index', 'finance:contract:quote'),
      // settlement (issue 15)
      page('financeSettleTerm', '结算条款', '/finance/settleTerm', 'finance/settleTerm/index'),
      page('financeStatement', '对账单', '/finance/statement', 'finance/statement/index', undefined, [
        'finance:statement:generate', 'finance:statement:send', 'finance:statement:confirm', 'finance:statement:dispute', 'finance:statement:resolve', 'finance:statement:void', 'finance:statement:edit',
        'finance:statement:threeWay', 'finance:invoice:add',
      ]),
      page('financeStatementLine', '对账明细', '/finance/statementLine', 'finance/statementLine/index'),
      page('financeInvoice', '发票', '/finance/invoice', 'finance/invoice/index', undefined, ['finance:invoice:add', 'finance:invoice:void']),
      page('financePayment', '收付款', '/finance/payment', 'finance/payment/index', undefined, ['finance:payment:add', 'finance:payment:writeOff']),
      page('financeAging', '账龄分析', '/finance/aging', 'finance/aging', 'finance:aging:query', ['finance:aging:export']),
      page('financePaperReceipt', '纸质回单', '/finance/paperReceipt', 'finance/paperReceipt/index', undefined, ['finance:paperReceipt:scan']),
    ],
  },
  {
    key: 'notify', name: '通知', path: '/notify', icon: 'NotificationOutlined', type: 'M',
    children: [
      page('notifyWebhook', 'Webhook', '/notify/webhook', 'notify/webhook/index', undefined, ['notify:webhook:test']),
      page('notifyDelivery', '投递日志', '/notify/delivery', 'notify/delivery/index', undefined, ['notify:delivery:replay']),
      page('notifySubscription', '通知订阅', '/notify/subscription', 'notify/subscription/index'),
    ],
  },
  {
    key: 'reports', name: '报表', path: '/reports', icon: 'BarChartOutlined', type: 'M',
    children: [
      page('reportEpod', '回单报表', '/reports/epod', 'reports/epod', 'reports:epod:query', ['reports:epod:export']),
      page('reportShipment', '调度报表', '/reports/shipment', 'reports/shipment', 'reports:shipment:query', ['reports:shipment:export']),
      page('reportCheck', '车辆检查报表', '/reports/check', 'reports/check', 'reports:check:query', ['reports:check:export']),
      page('reportOrder', '订单报表', '/reports/order', 'reports/order', 'reports:order:query', ['reports:order:export']),
      page('reportMargin', '毛利报表', '/reports/margin', 'reports/margin', 'reports:margin:query', ['reports:margin:export']),
      page('reportMileage', '车辆里程报表', '/reports/mileage', 'reports/mileage', 'reports:mileage:query', ['reports:mileage:export']),
    ],
  },
  {
    key: 'baseinfo', name: '基础信息', path: '/baseinfo', icon: 'DatabaseOutlined', type: 'M',
    children: [
      page('baseClient', '货主', '/baseinfo/client', 'baseinfo/client/index', 'baseinfo:client:query'),
      page('baseCarrier', '承运商', '/baseinfo/carrier', 'baseinfo/carrier/index', 'baseinfo:carrier:query'),
      page('baseCarrierLicence', '承运商证照', '/baseinfo/carrierLicence', 'baseinfo/carrierLicence/index', 'baseinfo:carrierLicence:query'),
      page('baseLicence', '证照', '/baseinfo/licence', 'baseinfo/licence/index', 'baseinfo:licence:query'),
      page('baseDriver', '司机', '/baseinfo/driver', 'baseinfo/driver/index', 'baseinfo:driver:query'),
      page('baseTransportMeansType', '运输工具类型', '/baseinfo/transportMeansType', 'baseinfo/transportMeansType/index', 'baseinfo:transportMeansType:query'),
      page('baseTransportMeans', '运输工具', '/baseinfo/transportMeans', 'baseinfo/transportMeans/index', 'baseinfo:transportMeans:query'),
      page('baseItem', '物料', '/baseinfo/item', 'baseinfo/item/index', 'baseinfo:item:query'),
      page('baseStation', '站点', '/baseinfo/station', 'baseinfo/station/index', 'baseinfo:station:query'),
      page('baseStationLimit', '站点限制', '/baseinfo/stationLimit', 'baseinfo/stationLimit/index', 'baseinfo:stationLimit:query'),
      page('baseTimeWindow', '送货时间窗', '/baseinfo/timeWindow', 'baseinfo/timeWindow/index', 'baseinfo:timeWindow:query'),
      page('baseExtraWindow', '额外收货窗口', '/baseinfo/extraWindow', 'baseinfo/extraWindow/index', 'baseinfo:extraWindow:query'),
      page('baseLocation', '地点', '/baseinfo/location', 'baseinfo/location/index', 'baseinfo:location:query'),
      page('baseZone', '区域', '/baseinfo/zone', 'baseinfo/zone/index', 'baseinfo:zone:query'),
      page('baseRoute', '标准线路', '/baseinfo/route', 'baseinfo/route/index', 'baseinfo:route:query'),
      page('baseCarrierRoute', '承运商线路', '/baseinfo/carrierRoute', 'baseinfo/carrierRoute/index', 'baseinfo:carrierRoute:query'),
      page('baseTransRoute', '运输线路', '/baseinfo/transRoute', 'baseinfo/transRoute/index', 'baseinfo:transRoute:query'),
      page('baseTransModel', '运输模式', '/baseinfo/transModel', 'baseinfo/transModel/index', 'baseinfo:transModel:query'),
      page('baseContact', '联系人', '/baseinfo/contact', 'baseinfo/contact/index', 'baseinfo:contact:query'),
      page('baseAddress', '地址', '/baseinfo/address', 'baseinfo/address/index', 'baseinfo:address:query'),
      page('baseOrderType', '订单类型', '/baseinfo/orderType', 'baseinfo/orderType/index', 'baseinfo:orderType:query'),
      page('basePrintTemplate', '打印模板', '/baseinfo/printTemplate', 'baseinfo/printTemplate/index', 'baseinfo:printTemplate:query'),
      page('baseAlertRule', '告警规则', '/baseinfo/alertRule', 'baseinfo/alertRule/index', 'baseinfo:alertRule:query'),
      page('baseExternalSystem', '外部系统', '/baseinfo/externalSystem', 'baseinfo/externalSystem/index', 'baseinfo:externalSystem:query'),
      page('baseAppManage', '应用管理', '/baseinfo/appManage', 'baseinfo/appManage/index', 'baseinfo:appManage:query'),
    ],
  },
  {
    key: 'logistics', name: '物流账号', path: '/logistics', icon: 'ApiOutlined', type: 'M',
    children: [page('logisticsAccount', '物流平台账号', '/logistics/account', 'logistics/account/index', 'logistics:account:query', ['logistics:account:sync'])],
  },
  {
    key: 'system', name: '系统管理', path: '/system', icon: 'SettingOutlined', type: 'M',
    children: [
      page('systemUser', '用户管理', '/system/user', 'system/user/index', 'system:user:query'),
      page('systemRole', '角色管理', '/system/role', 'system/role/index', 'system:role:query'),
      page('systemMenu', '菜单管理', '/system/menu', 'system/menu/index', 'system:menu:query'),
      page('systemDept', '部门管理', '/system/dept', 'system/dept/index', 'system:dept:query'),
      page('systemDict', '字典管理', '/system/dict', 'system/dict/index'),
      page('systemConfig', '参数设置', '/system/config', 'system/config/index'),
      page('systemDistrict', '行政区划', '/system/districts', 'system/districts/index', 'system:districts:query'),
      page('systemOss', '文件管理', '/system/oss', 'system/oss/index', 'system:oss:query', ['system:oss:upload']),
      page('systemOssConfig', '存储配置', '/system/ossConfig', 'system/oss/config'),
      page('systemAuthClient', '接口客户端', '/system/authClient', 'system/authClient/index', 'system:authClient:query'),
      page('systemNumberRule', '编号规则', '/system/numberRule', 'system/numberRule/index', 'system:numberRule:query'),
      page('systemDispatchCenter', '调度中心', '/system/dispatchCenter', 'system/dispatchCenter/index'),
      page('systemDataGroup', '数据组', '/system/dataGroup', 'system/dataGroup/index', 'system:dataGroup:query'),
      page('systemPrinter', '打印机', '/system/printer', 'system/printer/index', 'system:printer:query'),
      page('systemFeedback', '意见建议', '/system/feedback', 'system/feedback/index', 'system:feedback:query'),
    ],
  },
  {
    key: 'monitor', name: '系统监控', path: '/monitor', icon: 'MonitorOutlined', type: 'M',
    children: [
      page('monitorOperLog', '操作日志', '/monitor/operlog', 'monitor/operlog/index', 'monitor:operlog:query'),
      page('monitorLoginLog', '登录日志', '/monitor/logininfor', 'monitor/logininfor/index', 'monitor:logininfor:query'),
      page('monitorOnline', '在线用户', '/monitor/online', 'monitor/online/index', 'monitor:online:query', ['monitor:online:forceLogout']),
      page('monitorServer', '服务监控', '/monitor/server', 'monitor/server/index', 'monitor:server:query'),
    ],
  },
  {
    key: 'workflow', name: '流程管理', path: '/workflow', icon: 'PartitionOutlined', type: 'M',
    children: [
      page('actModels', '流程模型', '/workflow/models', 'workflow/models/index', 'act:models:query', ['act:models:import', 'act:models:export', 'act:models:deploy']),
      page('actProcess', '流程定义', '/workflow/process', 'workflow/process/index', 'act:process:query', ['act:process:suspend', 'act:process:activate', 'act:process:node', 'act:process:start']),
      page('actRunning', '运行中流程', '/workflow/running', 'workflow/running/index', 'act:instance:query', ['act:instance:terminate']),
      page('actFinished', '已结束流程', '/workflow/finished', 'workflow/finished/index', 'act:instance:query'),
      page('actTodo', '待办任务', '/workflow/todo', 'workflow/todo/index', 'act:task:query', ['act:task:claim', 'act:task:complete']),
      page('actDone', '已办任务', '/workflow/done', 'workflow/done/index', 'act:task:query'),
      page('actLeave', '请假申请', '/workflow/leave', 'workflow/leave/index', 'act:leave:query', ['act:leave:submit', 'act:leave:cancel']),
      page('actPurchase', '采购申请', '/workflow/purchase', 'workflow/purchase/index', 'act:purchase:query', ['act:purchase:submit', 'act:purchase:cancel']),
    ],
  },
  {
    key: 'views', name: '视图示例', path: '/views', icon: 'AppstoreOutlined', type: 'M',
    children: [
      page('viewBaseForm', '基础表单', '/views/form/base', 'form/base-form', 'demo:view:query'),
      page('viewStepForm', '分步表单', '/views/form/step', 'form/step-form', 'demo:view:query'),
      page('viewAdvancedForm', '高级表单', '/views/form/advanced', 'form/advanced-form', 'demo:view:query'),
      page('viewEditor', '编辑器', '/views/form/editor', 'form/editor', 'demo:view:query'),
      page('viewTableList', '查询表格', '/views/list/table', 'list/table-list', 'demo:view:query'),
      page('viewBasicList', '标准列表', '/views/list/basic', 'list/basic-list', 'demo:view:query'),
      page('viewCardList', '卡片列表', '/views/list/card', 'list/card-list', 'demo:view:query'),
      page('viewArticles', '搜索列表（文章）', '/views/list/search/articles', 'list/search/articles', 'demo:view:query'),
      page('viewProjects', '搜索列表（项目）', '/views/list/search/projects', 'list/search/projects', 'demo:view:query'),
      page('viewApplications', '搜索列表（应用）', '/views/list/search/applications', 'list/search/applications', 'demo:view:query'),
      page('viewBasicProfile', '基础详情页', '/views/profile/basic', 'profile/basic', 'demo:view:query'),
      page('viewAdvancedProfile', '高级详情页', '/views/profile/advanced', 'profile/advanced', 'demo:view:query'),
    ],
  },
  {
    key: 'tool', name: '系统工具', path: '/tool', icon: 'ToolOutlined', type: 'M',
    children: [page('toolGen', '代码生成', '/tool/gen', 'tool/gen/index', 'tool:gen:query', ['tool:gen:code'])],
  },
];
