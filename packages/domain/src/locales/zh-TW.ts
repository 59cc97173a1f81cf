// Generated from zh-CN by scripts/gen-zh-tw.mjs (OpenCC cn → twp). Do not edit by hand.
const zhTW = {
  "dicts": {
    "sys_oss_type": {
      "LOCAL": "本地目錄",
      "S3": "S3 相容儲存"
    },
    "sys_data_scope": {
      "1": "全部資料",
      "2": "自定義部門",
      "3": "本部門",
      "4": "本部門及以下",
      "5": "僅本人"
    },
    "sys_menu_target": {
      "_self": "當前視窗",
      "_blank": "新視窗"
    },
    "sys_printer_type": {
      "LASER": "雷射印表機",
      "LABEL": "標籤印表機",
      "NEEDLE": "針式印表機"
    },
    "sys_ref_type": {
      "ORDER": "訂單",
      "WAYBILL": "運單",
      "SHIPMENT": "排程單",
      "EPOD": "回單"
    },
    "sys_timestamp_pattern": {
      "YYYYMMDD": "YYYYMMDD",
      "YYMMDD": "YYMMDD",
      "YYYYMM": "YYYYMM",
      "YYMM": "YYMM"
    },
    "sys_normal_disable": {
      "0": "正常",
      "1": "停用"
    },
    "sys_yes_no": {
      "Y": "是",
      "N": "否"
    },
    "sys_show_hide": {
      "0": "顯示",
      "1": "隱藏"
    },
    "sys_menu_type": {
      "M": "目錄",
      "C": "選單",
      "F": "按鈕"
    },
    "sys_oper_type": {
      "INSERT": "新增",
      "UPDATE": "修改",
      "DELETE": "刪除",
      "STATUS": "狀態",
      "IMPORT": "匯入",
      "EFFECT": "生效",
      "UNEFFECT": "失效"
    },
    "sys_common_status": {
      "0": "成功",
      "1": "失敗"
    },
    "order_status": {
      "OPEN": "開啟",
      "EFFECTIVE": "生效"
    },
    "waybill_status": {
      "OPEN": "開啟",
      "REVIEWED": "已稽核"
    },
    "shipment_status": {
      "OPEN": "開啟",
      "CONFIRMED": "已確認",
      "EFFECTIVE": "生效",
      "SHIPPED": "已發運",
      "COMPLETED": "已完成"
    },
    "epod_status": {
      "PENDING": "待回單",
      "REPORTED": "已回單",
      "AUDITED": "已稽核",
      "REJECTED": "已駁回",
      "RECALLED": "已撤回"
    },
    "alert_status": {
      "NEW": "未處理",
      "HANDLED": "已處理"
    },
    "shipment_alert_reason": {
      "TRAFFIC": "交通擁堵",
      "WEATHER": "天氣原因",
      "VEHICLE": "車輛故障",
      "LOADING": "裝卸延誤",
      "OTHER": "其他"
    },
    "temperature_layer": {
      "NORMAL": "常溫",
      "COLD": "冷藏",
      "FROZEN": "冷凍"
    },
    "transport_type": {
      "ROAD": "公路",
      "RAIL": "鐵路",
      "AIR": "航空",
      "SEA": "水運"
    },
    "load_mode": {
      "FTL": "整車",
      "LTL": "零擔"
    }
  },
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
    "parentIsDescendant": "上級不能選擇自身或其下級",
    "hasChildren": "請先刪除其下級記錄",
    "outsideLinkNewWindow": "外部連結必須在新視窗開啟",
    "roleNeedsMenu": "請至少選擇一個選單",
    "adminRoleProtected": "超級管理員角色不能這樣修改",
    "userCannotRemove": "不能刪除超級管理員賬號和當前登入賬號",
    "userCannotDisable": "不能停用超級管理員賬號和當前登入賬號",
    "cannotForceSelf": "不能強退自己的會話，請直接退出登入",
    "noNumberRule": "未配置{{refType}}的編號規則",
    "clientSecretOnce": "請立即複製金鑰：它只顯示這一次",
    "clientBad": "客戶端憑據無效",
    "clientAddress": "該客戶端不允許從此地址訪問",
    "grantUnsupported": "不支援的授權型別",
    "ossTestOk": "儲存連線正常",
    "ossTestFailed": "儲存連線失敗：{{reason}}",
    "imageOnly": "請上傳 PNG、JPEG、WebP 或 GIF 圖片",
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
    "ossConfig": {
      "name": "儲存配置",
      "fields": {
        "configKey": "配置標識",
        "storageType": "儲存型別",
        "endpoint": "訪問站點",
        "port": "埠",
        "useSsl": "使用 HTTPS",
        "region": "區域",
        "bucketName": "桶名稱",
        "prefix": "字首",
        "accessKey": "AccessKey",
        "secretKey": "SecretKey",
        "isDefault": "使用中",
        "remark": "備註"
      }
    },
    "oss": {
      "name": "檔案",
      "fields": {
        "fileName": "儲存名稱",
        "originalName": "原檔名",
        "suffix": "字尾",
        "contentType": "型別",
        "sizeBytes": "大小",
        "configKey": "儲存"
      }
    },
    "authClient": {
      "name": "介面客戶端",
      "fields": {
        "clientId": "客戶端編號",
        "clientName": "系統",
        "clientSecret": "金鑰",
        "userId": "代理使用者",
        "resourceIds": "資源",
        "scope": "授權範圍（許可權字首）",
        "grantTypes": "授權型別",
        "redirectUri": "回撥地址",
        "authorities": "許可權",
        "accessIps": "允許訪問的地址",
        "accessTokenValidity": "令牌有效期",
        "refreshTokenValidity": "重新整理令牌有效期",
        "additionalInfo": "附加資訊",
        "autoApprove": "自動授權",
        "remark": "備註"
      }
    },
    "user": {
      "name": "使用者",
      "fields": {
        "userName": "登入名",
        "nickName": "使用者暱稱",
        "password": "密碼",
        "deptId": "部門",
        "mobile": "手機號碼",
        "email": "郵箱",
        "dateStyle": "日期格式",
        "loginIp": "最後登入地址",
        "loginDate": "最後登入時間",
        "remark": "備註"
      }
    },
    "role": {
      "name": "角色",
      "fields": {
        "roleKey": "許可權字元",
        "roleName": "角色名稱",
        "roleSort": "顯示順序",
        "dataScope": "資料範圍",
        "remark": "備註"
      }
    },
    "menu": {
      "name": "選單",
      "fields": {
        "parentId": "上級選單",
        "menuType": "選單型別",
        "menuName": "選單名稱",
        "menuKey": "選單標識",
        "icon": "圖示",
        "path": "路由地址",
        "component": "元件路徑",
        "redirect": "重定向",
        "perms": "許可權標識",
        "target": "開啟方式",
        "visible": "顯示狀態",
        "hiddenChildren": "隱藏子選單",
        "hiddenHeader": "隱藏頁頭",
        "orderNum": "顯示順序",
        "remark": "備註"
      }
    },
    "dept": {
      "name": "部門",
      "fields": {
        "parentId": "上級部門",
        "deptName": "部門名稱",
        "orderNum": "顯示順序",
        "leader": "負責人",
        "phone": "聯絡電話",
        "email": "郵箱"
      }
    },
    "dataGroup": {
      "name": "資料組",
      "fields": {
        "code": "編碼",
        "name": "名稱",
        "remark": "備註"
      }
    },
    "printer": {
      "name": "印表機",
      "fields": {
        "code": "編碼",
        "name": "名稱",
        "type": "型別",
        "isDefault": "預設",
        "remark": "備註"
      }
    },
    "feedback": {
      "name": "意見建議",
      "fields": {
        "reporter": "反饋人",
        "systemFunction": "系統功能",
        "remark": "備註"
      }
    },
    "district": {
      "name": "行政區劃",
      "fields": {
        "parentId": "上級",
        "depth": "層級",
        "name": "名稱",
        "pinyin": "拼音",
        "pinyinShort": "拼音簡寫",
        "extName": "副檔名稱"
      }
    },
    "numberRule": {
      "name": "編號規則",
      "fields": {
        "refType": "單據型別",
        "dispatchCenterId": "排程中心",
        "clientId": "貨主",
        "prefix": "字首",
        "timestampEnabled": "啟用時間戳",
        "timestampPattern": "時間戳格式",
        "serialLength": "流水號長度",
        "remark": "備註"
      }
    },
    "operLog": {
      "name": "操作日誌",
      "fields": {
        "title": "系統模組",
        "businessType": "操作型別",
        "operName": "操作人員",
        "requestMethod": "請求方式",
        "operUrl": "請求地址",
        "operIp": "主機",
        "operLocation": "操作地點",
        "status": "操作狀態",
        "operParam": "請求引數",
        "jsonResult": "返回結果",
        "errorMsg": "錯誤訊息",
        "operTime": "操作時間"
      }
    },
    "loginLog": {
      "name": "登入日誌",
      "fields": {
        "userName": "登入名稱",
        "ipaddr": "登入地址",
        "loginLocation": "登入地點",
        "browser": "瀏覽器",
        "os": "作業系統",
        "status": "登入狀態",
        "msg": "提示訊息",
        "loginTime": "訪問時間"
      }
    },
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
