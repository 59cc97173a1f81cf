// Generated from zh-CN by scripts/gen-zh-tw.mjs (OpenCC cn → twp). Do not edit by hand.
const zhTW = {
  "app": {
    "title": "TMS",
    "fullTitle": "運輸管理系統"
  },
  "http": {
    "error": "錯誤",
    "unauthorized": "未授權",
    "forbidden": "禁止訪問",
    "timeout": "請求超時"
  }
};
export default zhTW;
