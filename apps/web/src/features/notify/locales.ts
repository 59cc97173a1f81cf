/** UI texts of the notification screens (top-level key `notify`): webhooks, the delivery log, subscriptions. */

const zhCN = {
  notify: {
    secretTitle: 'Webhook 签名密钥',
    shownOnce: '密钥只显示这一次，请立即复制并保存到接收方；关闭后无法再次查看。',
    secretSaved: '我已保存',
    howToVerify: '接收方校验：取请求头 X-TMS-Signature 中的 t 和 v1，计算 HMAC-SHA256(密钥, t + "." + 原始请求体) 的十六进制值，应等于 v1；t 与当前时间相差超过 5 分钟的请求应拒绝（防重放）。同一事件可能送达多次，请按 id（X-TMS-Event-Id）去重。',
    test: '测试发送',
    testConfirm: '向“{{name}}”发送一条测试消息？',
    replay: '重新发送',
    replayConfirm: '重新发送这条投递（事件 ID 不变）？',
    attempts: '尝试记录',
  },
};

const enUS: typeof zhCN = {
  notify: {
    secretTitle: 'Webhook signing secret',
    shownOnce: 'The secret is shown this once: copy it to the receiver now. It cannot be shown again after you close this.',
    secretSaved: 'I have saved it',
    howToVerify:
      'To verify: take t and v1 from the X-TMS-Signature header, compute the hex HMAC-SHA256(secret, t + "." + raw body); it must equal v1. Refuse requests whose t is more than 5 minutes from now (replays). An event may arrive more than once: de-duplicate by its id (X-TMS-Event-Id).',
    test: 'Send test',
    testConfirm: 'Send a test message to "{{name}}"?',
    replay: 'Replay',
    replayConfirm: 'Send this delivery again (same event id)?',
    attempts: 'Attempts',
  },
};

export default { 'zh-CN': zhCN, 'en-US': enUS };
