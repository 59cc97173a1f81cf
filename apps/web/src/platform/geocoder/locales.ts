/** Texts of the address search (top-level key `geocoder`). */
const zhCN = {
  geocoder: {
    label: '地址搜索',
    placeholder: '输入地址关键字，选择结果填入经纬度',
    searching: '搜索中…',
    none: '没有找到该地址',
    failed: '地址搜索服务暂不可用',
  },
};
const enUS: typeof zhCN = {
  geocoder: {
    label: 'Address search',
    placeholder: 'Type an address, pick a result to fill in the coordinates',
    searching: 'Searching…',
    none: 'No address found',
    failed: 'The address search is not available right now',
  },
};
export default { 'zh-CN': zhCN, 'en-US': enUS };
