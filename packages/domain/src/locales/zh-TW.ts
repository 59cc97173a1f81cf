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
    },
    "licence_type": {
      "BUSINESS": "營業執照",
      "ROAD_TRANSPORT": "道路運輸經營許可證",
      "VEHICLE": "車輛行駛證",
      "INSURANCE": "保險單"
    },
    "driver_licence_type": {
      "A1": "A1",
      "A2": "A2",
      "B1": "B1",
      "B2": "B2",
      "C1": "C1"
    },
    "platform_source": {
      "MANUAL": "手工錄入",
      "G7": "G7 物聯",
      "BEIDOU": "北斗平臺",
      "OTHER": "其他"
    },
    "location_type": {
      "WAREHOUSE": "倉庫",
      "HUB": "中轉場",
      "STORE": "門店",
      "FACTORY": "工廠"
    },
    "station_type": {
      "PICKUP": "提貨點",
      "DELIVERY": "收貨點",
      "BOTH": "收提貨點"
    },
    "station_limit_type": {
      "FORBID": "禁止進入",
      "ALLOW": "僅允許"
    },
    "shipment_type": {
      "TRUNK": "幹線",
      "DELIVERY": "配送",
      "SHUTTLE": "短駁"
    },
    "print_template_type": {
      "DISPATCH": "派車單",
      "WAYBILL": "運單",
      "ORDER": "訂單"
    },
    "alert_rule_type": {
      "LATE_DEPARTURE": "晚點發車",
      "LATE_ARRIVAL": "晚點到達",
      "FENCE_EXIT": "駛出圍欄",
      "LONG_STOP": "長時間停留",
      "NO_POSITION": "無定位"
    },
    "app_type": {
      "android": "Android",
      "ios": "iOS"
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
    "windowOrder": "開始時間必須早於結束時間",
    "dayOrder": "開始日期不能晚於結束日期",
    "windowOverlap": "與同一站點同一星期的時間窗 {{start}}–{{end}} 重疊",
    "stationLimitExists": "該站點已有此運輸工具型別的限制",
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
    },
    "client": {
      "name": "貨主",
      "fields": {
        "code": "貨主編碼",
        "shortCode": "簡碼",
        "name": "貨主名稱",
        "industryCategory": "行業類別",
        "contact": "聯絡人",
        "mobile": "聯絡電話",
        "address": "地址",
        "description": "描述"
      }
    },
    "carrier": {
      "name": "承運商",
      "fields": {
        "code": "承運商編碼",
        "externalCode": "外部編碼",
        "name": "承運商名稱",
        "isOwn": "自有車隊",
        "contact": "聯絡人",
        "mobile": "聯絡電話",
        "address": "地址",
        "description": "描述"
      }
    },
    "carrierLicence": {
      "name": "承運商證照",
      "fields": {
        "carrierId": "承運商",
        "licenceType": "證照型別",
        "licenceNumber": "證照號碼",
        "validFrom": "生效日期",
        "validTo": "失效日期",
        "remark": "備註"
      }
    },
    "licence": {
      "name": "證照",
      "fields": {
        "code": "編碼",
        "name": "名稱",
        "licenceType": "證照型別",
        "remark": "備註"
      }
    },
    "driver": {
      "name": "司機",
      "fields": {
        "carrierId": "承運商",
        "code": "司機編碼",
        "name": "姓名",
        "mobile": "手機號碼",
        "idCard": "身份證號",
        "licenceType": "駕照型別",
        "licenceNumber": "駕照號碼",
        "loginName": "登入名",
        "password": "密碼"
      }
    },
    "transportMeansType": {
      "name": "運輸工具型別",
      "fields": {
        "carrierId": "承運商",
        "code": "型別編碼",
        "name": "型別名稱",
        "temperatureLayer": "溫層",
        "ratedLoad": "額定載重",
        "ratedVolume": "額定體積",
        "vehicleWeight": "車輛自重",
        "innerLength": "內長",
        "innerWidth": "內寬",
        "innerHeight": "內高",
        "outerLength": "外長",
        "outerWidth": "外寬",
        "outerHeight": "外高"
      }
    },
    "transportMeans": {
      "name": "運輸工具",
      "fields": {
        "carrierId": "承運商",
        "driverId": "隨車司機",
        "typeId": "車型",
        "code": "編碼",
        "plateNumber": "車牌號",
        "frameNumber": "車架號",
        "platformSource": "物流平臺來源",
        "lockFlag": "鎖定",
        "brand": "品牌",
        "ownFlag": "自有車輛",
        "deviceNumber": "裝置號",
        "description": "描述"
      }
    },
    "item": {
      "name": "物料",
      "fields": {
        "clientId": "貨主",
        "code": "物料編碼",
        "name": "物料名稱",
        "temperatureLayer": "溫層",
        "transportClass": "運輸分類",
        "itemGroup": "物料組",
        "itemType": "物料型別",
        "operationUnit": "作業單位",
        "packageSpec": "包裝規格",
        "weight": "重量",
        "volume": "體積",
        "length": "長",
        "width": "寬",
        "height": "高",
        "lengthUnit": "長度單位",
        "volumeUnit": "體積單位",
        "weightUnit": "重量單位",
        "source": "來源",
        "unitLevels": "單位層級",
        "boxFactor": "箱換算係數",
        "palletFactor": "托換算係數"
      }
    },
    "zone": {
      "name": "區域",
      "fields": {
        "code": "區域編碼",
        "name": "區域名稱",
        "geometry": "區域形狀",
        "remark": "備註"
      }
    },
    "location": {
      "name": "地點",
      "fields": {
        "code": "地點編碼",
        "name": "地點名稱",
        "type": "型別",
        "address": "地址",
        "zoneId": "運輸區域"
      }
    },
    "station": {
      "name": "站點",
      "fields": {
        "code": "站點編碼",
        "name": "站點名稱",
        "clientId": "貨主",
        "contactName": "聯絡人",
        "addressCode": "地址編碼",
        "type": "型別",
        "locationId": "繫結地點",
        "description": "描述",
        "fenceDistance": "電子圍欄距離",
        "inCity": "市內",
        "source": "來源",
        "longitude": "經度",
        "latitude": "緯度"
      }
    },
    "stationLimit": {
      "name": "站點限制",
      "fields": {
        "stationId": "站點",
        "transportMeansTypeId": "運輸工具型別",
        "type": "限制類型",
        "remark": "備註"
      }
    },
    "timeWindow": {
      "name": "送貨時間窗",
      "fields": {
        "stationId": "站點",
        "weekday": "星期",
        "startTime": "開始時間",
        "endTime": "結束時間",
        "remark": "備註"
      }
    },
    "extraWindow": {
      "name": "額外收貨視窗",
      "fields": {
        "code": "編碼",
        "name": "名稱",
        "stationId": "站點",
        "weekday": "星期",
        "startTime": "開始時間",
        "endTime": "結束時間",
        "startDay": "開始日期",
        "endDay": "結束日期"
      }
    },
    "route": {
      "name": "標準線路",
      "fields": {
        "code": "線路編碼",
        "name": "線路名稱",
        "originZoneId": "始發區域",
        "destZoneId": "目的區域",
        "transportType": "運輸方式",
        "shipmentType": "排程型別",
        "transportGroup": "運輸組",
        "mileage": "里程",
        "cost": "費用",
        "timeLimit": "時效"
      }
    },
    "carrierRoute": {
      "name": "承運商線路",
      "fields": {
        "carrierId": "承運商",
        "routeId": "線路",
        "mileage": "里程",
        "sequence": "順序",
        "timeLimit": "時效"
      }
    },
    "contact": {
      "name": "聯絡人",
      "fields": {
        "code": "編碼",
        "name": "姓名",
        "mobile": "手機號碼",
        "phone": "電話",
        "wechat": "微信",
        "email": "郵箱",
        "fax": "傳真"
      }
    },
    "address": {
      "name": "地址",
      "fields": {
        "code": "地址編碼",
        "country": "國家",
        "province": "省",
        "city": "市",
        "area": "區縣",
        "street": "街道",
        "houseNumber": "門牌號",
        "address1": "地址1",
        "address2": "地址2",
        "postcode": "郵編",
        "longitude": "經度",
        "latitude": "緯度"
      }
    },
    "orderType": {
      "name": "訂單型別",
      "fields": {
        "code": "編碼",
        "name": "名稱",
        "remark": "備註"
      }
    },
    "printTemplate": {
      "name": "列印模板",
      "fields": {
        "code": "模板編碼",
        "name": "模板名稱",
        "type": "模板型別",
        "isDefault": "預設",
        "content": "模板內容（HTML）",
        "remark": "備註"
      }
    },
    "alertRule": {
      "name": "告警規則",
      "fields": {
        "code": "規則編碼",
        "name": "規則名稱",
        "type": "規則型別",
        "toleranceMinutes": "容差（分鐘）",
        "remark": "備註"
      }
    },
    "externalSystem": {
      "name": "外部系統",
      "fields": {
        "code": "編碼",
        "name": "名稱",
        "remark": "備註"
      }
    },
    "appManage": {
      "name": "應用版本",
      "fields": {
        "type": "平臺",
        "versionName": "版本號",
        "downloadUrl": "下載地址",
        "remark": "備註"
      }
    },
    "transModel": {
      "name": "運輸模式",
      "fields": {
        "code": "編碼",
        "name": "名稱",
        "remark": "備註"
      }
    },
    "transRoute": {
      "name": "運輸線路",
      "fields": {
        "code": "編碼",
        "name": "名稱",
        "remark": "備註"
      }
    }
  }
};
export default zhTW;
