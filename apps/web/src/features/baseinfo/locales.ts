/** UI texts of the master-data (baseinfo) screens (top-level key `baseinfo`). */

const zhCN = {
  baseinfo: {
    station: {
      detail: '详情',
      detailTitle: '站点详情 - {{name}}',
      tabs: { profile: '基本信息', limits: '站点限制', timeWindows: '送货时间窗', extraWindows: '额外收货窗口', location: '绑定地点' },
      noLocation: '该站点尚未绑定地点',
      summary: '{{limits}} 条限制，{{windows}} 个时间窗，{{extra}} 个额外窗口',
    },
  },
};

const enUS: typeof zhCN = {
  baseinfo: {
    station: {
      detail: 'Detail',
      detailTitle: 'Station detail - {{name}}',
      tabs: { profile: 'Profile', limits: 'Site restrictions', timeWindows: 'Delivery time windows', extraWindows: 'Extra receiving windows', location: 'Bound location' },
      noLocation: 'This station is not bound to a location yet',
      summary: '{{limits}} restrictions, {{windows}} time windows, {{extra}} extra windows',
    },
  },
};

export default { 'zh-CN': zhCN, 'en-US': enUS };
