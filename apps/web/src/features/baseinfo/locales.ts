/** UI texts of the master-data (baseinfo) screens (top-level key `baseinfo`). */

const zhCN = {
  baseinfo: {
    station: {
      detail: '详情',
      detailTitle: '站点详情 - {{name}}',
      tabs: { profile: '基本信息', limits: '站点限制', timeWindows: '送货时间窗', extraWindows: '额外收货窗口', location: '绑定地点', fence: '电子围栏' },
      fence: {
        noPoint: '该站点还没有经纬度：在地图上点击设置站点位置，或直接画圆形围栏',
        none: '未设置',
        circle: '圆形（以站点为圆心）',
        polygon: '多边形，{{count}} 个顶点',
        save: '保存围栏',
      },
      noLocation: '该站点尚未绑定地点',
      summary: '{{limits}} 条限制，{{windows}} 个时间窗，{{extra}} 个额外窗口',
    },
    zone: {
      editShape: '地图',
      shapeTitle: '区域形状 - {{name}}',
      shape: '形状',
      noShape: '未设置',
      polygon: '多边形，{{count}} 个顶点',
      circle: '圆形',
      radius: '半径',
      editing: '编辑',
    },
    printTemplate: {
      preview: '预览',
      previewTitle: '模板预览 - {{name}}',
      placeholders: '占位符（点击插入到光标处）：{{field}} 填入字段，{{section}} 按明细逐行重复',
      previewHint: '实时预览（示例数据，随模板类型变化）',
      renderError: '模板无法解析',
    },
    address: {
      districtPlaceholder: '选择省 / 市 / 区县',
    },
    unit: { km: '公里' },
  },
};

const enUS: typeof zhCN = {
  baseinfo: {
    station: {
      detail: 'Detail',
      detailTitle: 'Station detail - {{name}}',
      tabs: { profile: 'Profile', limits: 'Site restrictions', timeWindows: 'Delivery time windows', extraWindows: 'Extra receiving windows', location: 'Bound location', fence: 'E-fence' },
      fence: {
        noPoint: 'This station has no coordinates yet: click the map to place it, or draw a circular fence',
        none: 'Not set',
        circle: 'Circle (centred on the station)',
        polygon: 'Polygon, {{count}} vertices',
        save: 'Save e-fence',
      },
      noLocation: 'This station is not bound to a location yet',
      summary: '{{limits}} restrictions, {{windows}} time windows, {{extra}} extra windows',
    },
    zone: {
      editShape: 'Map',
      shapeTitle: 'Zone shape - {{name}}',
      shape: 'Shape',
      noShape: 'Not set',
      polygon: 'Polygon, {{count}} vertices',
      circle: 'Circle',
      radius: 'Radius',
      editing: 'Editing',
    },
    printTemplate: {
      preview: 'Preview',
      previewTitle: 'Template preview - {{name}}',
      placeholders: 'Placeholders (click to insert at the cursor): {{field}} fills a field, {{section}} repeats per line',
      previewHint: 'Live preview (sample data of the template type)',
      renderError: 'The template cannot be parsed',
    },
    address: {
      districtPlaceholder: 'Pick province / city / district',
    },
    unit: { km: 'km' },
  },
};

export default { 'zh-CN': zhCN, 'en-US': enUS };
