// Generated from zh-CN by scripts/gen-zh-tw.mjs (OpenCC cn → twp). Do not edit by hand.
const zhTW = {
  "messages": {
    "ok": "操作成功",
    "systemError": "系統錯誤，請稍後重試",
    "unauthorized": "許可權驗證失敗",
    "forbidden": "沒有許可權執行此操作",
    "notFound": "記錄不存在或不在您的資料許可權範圍內",
    "routeNotFound": "介面不存在",
    "validationFailed": "請檢查標記的欄位",
    "conflictVersion": "該記錄在您開啟後已被他人修改，請重新整理後重新修改",
    "duplicate": "{{field}}“{{value}}”已存在",
    "builtinCannotRemove": "內建引數不能刪除",
    "referenced": "該記錄已被業務資料引用，不能刪除，可將其失效",
    "selectRows": "請先勾選資料",
    "alreadyEffective": "記錄已生效，不能重複生效",
    "alreadyIneffective": "記錄已失效，不能重複失效",
    "tooLarge": "上傳檔案過大",
    "rateLimited": "嘗試次數過多，請稍後再試",
    "badSort": "不允許按“{{field}}”排序",
    "badFilter": "查詢條件“{{field}}”無效",
    "login": {
      "badCredentials": "使用者名稱或密碼錯誤",
      "captchaRequired": "請完成滑塊驗證",
      "captchaWrong": "滑塊驗證失敗，請重試",
      "captchaExpired": "驗證已過期，請重新滑動",
      "userDisabled": "賬號已停用，請聯絡管理員",
      "userLocked": "登入失敗次數過多，賬號鎖定 {{minutes}} 分鐘",
      "success": "登入成功",
      "logout": "已退出登入",
      "noDispatchCenter": "您不屬於該排程中心",
      "tokenExpired": "登入已過期，請重新登入"
    },
    "alert": {
      "reasonRequired": "必填！",
      "remarkTooLong": "超出長度",
      "handled": "告警已處理",
      "alreadyHandled": "該告警已處理"
    },
    "order": {
      "deleteOnlyOpen": "刪除失敗，只能刪除開啟狀態的訂單",
      "deleteOnlyManual": "只能刪除手工建立的訂單",
      "deleteUnlockFirst": "刪除失敗，請先解鎖",
      "auditOnlyOpen": "稽核失敗，請選擇開啟狀態的訂單！",
      "recallOnlyEffective": "撤回失敗，請選擇生效狀態的訂單！",
      "lockOnlyOpenEffective": "鎖定失敗，請選擇開啟或生效狀態的訂單！",
      "unlockOnlyLocked": "解鎖失敗，請選擇鎖定狀態的訂單進行解鎖！",
      "selectOpen": "請選擇開啟狀態的訂單！",
      "selectOwnerFirst": "請先選擇貨主"
    },
    "waybill": {
      "auditOnlyOpen": "稽核失敗，請選擇開啟狀態的運單！",
      "withdrawOnlyReviewed": "撤回失敗，請選擇稽核狀態的運單！"
    },
    "shipment": {
      "selectFirst": "請先選擇排程單！",
      "selectOpen": "請選擇開啟狀態的排程單操作！",
      "selectConfirmed": "請選擇已確認狀態的排程單操作！",
      "shipNotEffective": "無法發運，排程單尚未生效",
      "finishNotShipped": "無法完成，排程單尚未發運",
      "effectOk": "生效成功！",
      "withdrawOk": "撤回成功！",
      "noVehicleAlternative": "當前車型沒有可替代的車輛"
    }
  },
  "common": {
    "yes": "是",
    "no": "否"
  },
  "validation": {
    "required": "必填項",
    "invalid": "值無效",
    "string": "必須是文本",
    "number": "無效的數字",
    "integer": "請輸入整數",
    "boolean": "必須為是或否",
    "min": "不能小於 {{min}}",
    "max": "不能大於 {{maxValue}}",
    "maxLength": "長度不能超過 {{max}}",
    "code": "只能包含英文字母、數字、中劃線和下劃線",
    "mobile": "最多 11 位數字，且不能以 0 開頭",
    "email": "郵箱格式不正確",
    "phone": "電話號碼格式不正確",
    "url": "地址格式不正確",
    "passwordLength": "密碼長度為 6 到 16 個字元",
    "date": "日期無效",
    "datetime": "日期時間無效",
    "time": "時間無效（HH:mm）",
    "unknownField": "未知欄位",
    "readOnly": "該欄位不可寫"
  },
  "fields": {
    "id": "編號",
    "createBy": "建立人",
    "createTime": "建立時間",
    "updateBy": "更新人",
    "updateTime": "更新時間",
    "version": "版本",
    "status": "狀態",
    "effective": "是否生效",
    "remark": "備註"
  },
  "resources": {
    "dictType": {
      "name": "字典型別",
      "fields": {
        "dictName": "字典名稱",
        "dictType": "字典型別",
        "remark": "備註"
      }
    },
    "dictData": {
      "name": "字典資料",
      "fields": {
        "dictType": "字典型別",
        "dictLabel": "字典標籤",
        "dictValue": "字典鍵值",
        "dictSort": "排序",
        "listClass": "樣式",
        "remark": "備註"
      }
    },
    "config": {
      "name": "引數設定",
      "fields": {
        "configName": "引數名稱",
        "configKey": "引數鍵名",
        "configValue": "引數鍵值",
        "configType": "系統內建",
        "remark": "備註"
      }
    },
    "dispatchCenter": {
      "name": "排程中心",
      "fields": {
        "code": "編碼",
        "shortCode": "簡碼",
        "name": "名稱",
        "contactPhone": "聯絡電話",
        "remark": "備註"
      }
    }
  }
};
export default zhTW;
