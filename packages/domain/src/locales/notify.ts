/** Server messages (messages.notify.*: notification texts, e-mail subjects and bodies), validation messages and resource labels of notifications and webhooks (issue 17). */

const zh = {
  messages: {
    testQueued: '测试消息已排队发送，结果见投递日志',
    replayed: '已重新发送 {{n}} 条',
    webhookDisabled: '投递 {{id}} 的 Webhook 已停用或已删除，请先启用',
    notReplayable: '投递 {{id}} 不能重新发送',
    kind: { SHORTAGE: '短少', DAMAGE: '破损', SHORTAGE_DAMAGE: '短少和破损', ALERT: '告警' },
    role: { PICKUP: '提货站', DELIVERY: '送货站' },
    event: {
      order: {
        received: { title: '订单 {{orderCode}} 已接收', body: '我们已收到您的订单 {{orderCode}}，正在安排审核。' },
        reviewed: { title: '订单 {{orderCode}} 已审核', body: '订单 {{orderCode}} 已审核通过，运单号 {{waybillCode}}。' },
        dispatched: { title: '运单 {{waybillCode}} 已派车', body: '订单 {{orderCode}} 的运单 {{waybillCode}} 已安排调度单 {{shipmentCode}}。' },
        departed: { title: '运单 {{waybillCode}} 已发车', body: '订单 {{orderCode}} 的运单 {{waybillCode}} 已于 {{departedAt}} 发车（调度单 {{shipmentCode}}）。' },
        arriving: { title: '运单 {{waybillCode}} 即将到达', body: '订单 {{orderCode}} 的运单 {{waybillCode}} 预计于 {{eta}} 到达 {{stationName}}（直线距离约 {{distanceKm}} 公里，调度单 {{shipmentCode}}）。' },
        arrived: { title: '运单 {{waybillCode}} 已到达{{role}}', body: '订单 {{orderCode}} 的运单 {{waybillCode}} 的车辆已于 {{arrivedAt}} 到达{{role}} {{stationName}}（调度单 {{shipmentCode}}）。' },
        left: { title: '运单 {{waybillCode}} 已离开{{role}}', body: '订单 {{orderCode}} 的运单 {{waybillCode}} 的车辆已于 {{leftAt}} 离开{{role}} {{stationName}}（调度单 {{shipmentCode}}）。' },
        delivered: { title: '运单 {{waybillCode}} 已送达', body: '订单 {{orderCode}} 的运单 {{waybillCode}} 已于 {{deliveredAt}} 送达。' },
        exception: { title: '运单 {{waybillCode}} 异常：{{kind}}', body: '订单 {{orderCode}} 的运单 {{waybillCode}} 出现异常（{{kind}}），我们正在处理。' },
      },
      statement: {
        sent: { title: '对账单 {{statementCode}} 待您核对', body: '{{period}} 的对账单 {{statementCode}} 已发送，金额 {{totalAmount}} {{currency}}。请在客户门户核对：确认，或对有误的行提出异议。' },
      },
      webhook: {
        test: { title: 'Webhook 测试消息', body: '这是一条测试消息。' },
        disabled: { title: 'Webhook “{{name}}” 已自动停用', body: 'Webhook “{{name}}” 连续 {{failures}} 次投递失败，已自动停用。请检查接收方后在“Webhook”页面重新启用。' },
      },
    },
  },
  validation: {
    webhookHttps: '地址必须以 https:// 开头（系统参数允许时可用 http://）',
    webhookPrivate: '不允许回环、链路本地或内网地址',
    notifyEvents: '事件应为 * 或以逗号分隔的：{{events}}',
    notifyRecipient: '请填写接收人：站内消息需要用户，邮件需要邮箱地址或有邮箱的用户，短信需要手机号码或有手机号码的用户',
  },
  resources: {
    webhookEndpoint: {
      name: 'Webhook',
      fields: { clientId: '货主', name: '名称', url: '接收地址', events: '事件', secret: '签名密钥', status: '状态', failureCount: '连续失败次数', disabledReason: '停用原因', lastSuccessTime: '最近成功时间', lastFailureTime: '最近失败时间', remark: '备注' },
    },
    notifySubscription: {
      name: '通知订阅',
      fields: { clientId: '货主', channel: '渠道', events: '事件', userId: '用户', address: '邮箱 / 手机号码', lang: '语言', status: '状态', remark: '备注' },
    },
    notifyDelivery: {
      name: '投递日志',
      fields: { eventId: '事件 ID', eventType: '事件', clientId: '货主', channel: '渠道', webhookId: 'Webhook', target: '目标', lang: '语言', status: '状态', attempts: '尝试次数', responseStatus: '响应状态', durationMs: '耗时', error: '错误', nextAttemptAt: '下次尝试时间', replayOf: '重发自', requestBody: '请求内容', responseBody: '响应内容（截断）', deliveredAt: '送达时间', createTime: '创建时间' },
    },
    notifyAttempt: {
      name: '投递尝试',
      fields: { deliveryId: '投递', attempt: '第几次', target: '目标', requestHeaders: '请求头', responseStatus: '响应状态', responseBody: '响应内容（截断）', error: '错误', durationMs: '耗时', attemptedAt: '尝试时间' },
    },
  },
};

const en: typeof zh = {
  messages: {
    testQueued: 'The test message is queued; see the delivery log for the result',
    replayed: '{{n}} sent again',
    webhookDisabled: 'The webhook of delivery {{id}} is disabled or removed: enable it first',
    notReplayable: 'Delivery {{id}} cannot be sent again',
    kind: { SHORTAGE: 'shortage', DAMAGE: 'damage', SHORTAGE_DAMAGE: 'shortage and damage', ALERT: 'alert' },
    role: { PICKUP: 'pickup station', DELIVERY: 'delivery station' },
    event: {
      order: {
        received: { title: 'Order {{orderCode}} received', body: 'We have received your order {{orderCode}} and will review it shortly.' },
        reviewed: { title: 'Order {{orderCode}} reviewed', body: 'Order {{orderCode}} has been reviewed; waybill {{waybillCode}}.' },
        dispatched: { title: 'Waybill {{waybillCode}} dispatched', body: 'Waybill {{waybillCode}} of order {{orderCode}} is on dispatch order {{shipmentCode}}.' },
        departed: { title: 'Waybill {{waybillCode}} departed', body: 'Waybill {{waybillCode}} of order {{orderCode}} departed at {{departedAt}} (dispatch order {{shipmentCode}}).' },
        arriving: { title: 'Waybill {{waybillCode}} arriving soon', body: 'Waybill {{waybillCode}} of order {{orderCode}} is expected at {{stationName}} at {{eta}} (about {{distanceKm}} km in a straight line; dispatch order {{shipmentCode}}).' },
        arrived: { title: 'Waybill {{waybillCode}} at the {{role}}', body: 'The vehicle carrying waybill {{waybillCode}} of order {{orderCode}} arrived at the {{role}} {{stationName}} at {{arrivedAt}} (dispatch order {{shipmentCode}}).' },
        left: { title: 'Waybill {{waybillCode}} left the {{role}}', body: 'The vehicle carrying waybill {{waybillCode}} of order {{orderCode}} left the {{role}} {{stationName}} at {{leftAt}} (dispatch order {{shipmentCode}}).' },
        delivered: { title: 'Waybill {{waybillCode}} delivered', body: 'Waybill {{waybillCode}} of order {{orderCode}} was delivered at {{deliveredAt}}.' },
        exception: { title: 'Waybill {{waybillCode}}: {{kind}}', body: 'Waybill {{waybillCode}} of order {{orderCode}} has an exception ({{kind}}); we are handling it.' },
      },
      statement: {
        sent: { title: 'Statement {{statementCode}} to check', body: 'Statement {{statementCode}} for {{period}} has been sent: {{totalAmount}} {{currency}}. Check it in the client portal: confirm it, or dispute the lines that are wrong.' },
      },
      webhook: {
        test: { title: 'Webhook test message', body: 'This is a test message.' },
        disabled: { title: 'Webhook "{{name}}" disabled', body: 'Webhook "{{name}}" failed {{failures}} times in a row and was disabled. Check the receiver, then enable it again on the Webhooks page.' },
      },
    },
  },
  validation: {
    webhookHttps: 'The address must start with https:// (http:// only where the system configuration allows it)',
    webhookPrivate: 'Loopback, link-local and private addresses are not allowed',
    notifyEvents: 'Events: * or a comma list of {{events}}',
    notifyRecipient: 'Name the recipient: in-app needs a user; e-mail an address or a user with one; SMS a mobile number or a user with one',
  },
  resources: {
    webhookEndpoint: {
      name: 'Webhook',
      fields: { clientId: 'Client', name: 'Name', url: 'URL', events: 'Events', secret: 'Signing secret', status: 'Status', failureCount: 'Failures in a row', disabledReason: 'Why disabled', lastSuccessTime: 'Last success', lastFailureTime: 'Last failure', remark: 'Remark' },
    },
    notifySubscription: {
      name: 'Subscription',
      fields: { clientId: 'Client', channel: 'Channel', events: 'Events', userId: 'User', address: 'E-mail / mobile number', lang: 'Language', status: 'Status', remark: 'Remark' },
    },
    notifyDelivery: {
      name: 'Delivery log',
      fields: { eventId: 'Event id', eventType: 'Event', clientId: 'Client', channel: 'Channel', webhookId: 'Webhook', target: 'Target', lang: 'Language', status: 'Status', attempts: 'Attempts', responseStatus: 'Response status', durationMs: 'Duration', error: 'Error', nextAttemptAt: 'Next attempt', replayOf: 'Replay of', requestBody: 'Request body', responseBody: 'Response body (truncated)', deliveredAt: 'Delivered', createTime: 'Created' },
    },
    notifyAttempt: {
      name: 'Attempts',
      fields: { deliveryId: 'Delivery', attempt: 'Attempt', target: 'Target', requestHeaders: 'Request headers', responseStatus: 'Response status', responseBody: 'Response body (truncated)', error: 'Error', durationMs: 'Duration', attemptedAt: 'Attempted' },
    },
  },
};

export const notifyLocale = { zh, en };
