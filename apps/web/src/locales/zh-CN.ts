import type enUS from './en-US.ts';

const zhCN: typeof enUS = {
  app: { title: 'TMS', fullTitle: '运输管理系统' },
  http: {
    error: '错误',
    unauthorized: '未授权',
    forbidden: '禁止访问',
    timeout: '请求超时',
  },
};
export default zhCN;
