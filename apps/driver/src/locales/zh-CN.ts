/** The driver app's texts in Simplified Chinese (the default). zh-TW is generated from this file (scripts/gen-zh-tw.mjs). */
const zhCN = {
  appName: '司机助手',
  login: { title: '司机登录', loginName: '登录名', password: '密码', submit: '登录', required: '请输入登录名和密码', revoked: '登录已失效，请重新登录', offline: '当前离线，无法登录' },
  tabs: { tasks: '任务', outbox: '待发送', me: '我的' },
  tasks: {
    title: '我的任务', today: '今天', upcoming: '后续', inProgress: '运输中', empty: '暂无任务', refresh: '刷新', cached: '离线数据（{{time}}）',
    accept: '接单', refuse: '拒单', accepted: '已接单', refused: '已拒单', reasonTitle: '拒单原因', reasonPlaceholder: '请填写拒单原因', reasonRequired: '请填写拒单原因',
    confirm: '确定', cancel: '取消', waitingAnswer: '等待接单', stops: '站点', map: '路线图', navigate: '导航', call: '拨打', timeWindow: '时间窗', goods: '货物', contact: '联系人',
    load: '装货', unload: '卸货', epod: '签收回单', vehicle: '车辆', etd: '计划发车', eta: '计划到达', status: { EFFECTIVE: '待发车', SHIPPED: '运输中', COMPLETED: '已完成' },
    tracking: '正在记录位置', trackingOff: '位置记录未开启', startTracking: '开启位置记录', queued: '已加入待发送',
    depart: '离开站点', departed: '已于 {{time}} 离开',
  },
  epod: {
    title: '签收回单', scan: '扫描运单条码', scanning: '请将条码对准取景框', typed: '或输入运单号', confirm: '确认', confirmed: '已确认站点：{{code}}',
    foreign: '“{{code}}”不是本站点的运单，请核对', noCamera: '无法使用摄像头，请手动输入运单号', needConfirm: '请先扫描或输入运单号确认站点',
    lines: '签收明细', shipped: '发货 {{n}}', signed: '签收数量', shortage: '短少', damage: '破损', reason: '原因', reasonRequired: '有短少或破损时请选择原因',
    reasons: { MISSING: '丢失', SHORT_LOADED: '少装', BROKEN: '破损', WET: '湿损', CRUSHED: '挤压', OTHER: '其他' },
    remark: '备注', photos: '照片', addPhoto: '拍照/选择照片', signature: '收货人签名', clear: '清除', signHere: '请在此处签名',
    needSignature: '请收货人签名', arrival: '到达时间', departure: '离开时间', submit: '提交回单', saved: '回单已保存，将在联网后发送', overShipped: '签收加短少不能超过发货数量',
    done: '已签收', status: { PENDING: '待签收', REPORTED: '已上报', REJECTED: '已驳回', RECALLED: '已撤回', AUDITED: '已审核' }, notCached: '该回单尚未下载，请联网后打开任务',
  },
  check: {
    title: '车辆检查', hint: '请逐项检查，不合格的项目请说明并拍照', notYet: '尚未检查', start: '开始检查', again: '重新检查', allPass: '其余全部合格', pass: '合格', fail: '不合格',
    remark: '问题说明', addPhoto: '拍照', overall: '备注', submit: '提交检查', saved: '检查已保存，将在联网后发送', unanswered: '还有 {{n}} 项未检查',
    notCached: '检查项尚未下载，请联网后打开任务', last: '上次检查：{{time}}', failedCount: '{{n}} 项不合格', result: { PASS: '合格', FAIL: '不合格' },
  },
  outbox: {
    title: '待发送', empty: '没有待发送的内容', waiting: '等待发送', refused: '被拒绝', sending: '发送中', syncNow: '立即发送', online: '在线', offline: '离线',
    remove: '删除', types: { accept: '接单', refuse: '拒单', epod: '签收回单', positions: '位置 {{n}} 个', vehicleCheck: '车辆检查', depart: '离开站点' }, pending: '{{n}} 项待发送', progress: '已发送 {{done}}/{{total}} 张照片',
  },
  me: { title: '我的', language: '语言', signOut: '退出登录', carrier: '承运商', mobile: '手机', install: '添加到主屏幕', version: '版本',
    push: '新任务通知', pushHint: '有新任务时在手机上提醒', pushUnsupported: '此浏览器不支持通知，新任务将在刷新时显示', pushDenied: '通知权限已被拒绝，请在浏览器设置中允许', pushFailed: '开启通知失败：{{msg}}', pushUnavailable: '此手机的浏览器无法开启推送，新任务将在刷新时显示' },
  common: { back: '返回', less: '{{what}}减一', more: '{{what}}加一', loading: '加载中…', networkError: '网络不可用，稍后自动重试', saved: '已保存' },
};
export default zhCN;
export type Messages = typeof zhCN;
