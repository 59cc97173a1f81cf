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
      "UNEFFECT": "失效",
      "UPLOAD": "上傳",
      "TRANSFER": "轉移",
      "CLEAN": "清空",
      "FORCE": "強退",
      "REVIEW": "稽核",
      "RETRACT": "撤回",
      "SPLIT": "拆分",
      "CANCEL": "取消",
      "TO_ROS": "退回待排程",
      "AUDIT": "稽核",
      "REJECT": "駁回",
      "RECALL": "撤回",
      "SIGN_FOR": "簽收登記",
      "HANDLE": "處理",
      "REPORT": "上報",
      "CLAIM": "認領",
      "SUBMIT": "提交",
      "START": "發起",
      "TERMINATE": "終止",
      "DEPLOY": "部署",
      "SUSPEND": "掛起",
      "ACTIVATE": "啟用",
      "APPROVE": "同意",
      "SYNC": "同步",
      "PUSH": "推送",
      "BIND": "繫結",
      "UNBIND": "解綁",
      "LOCK": "鎖定",
      "UNLOCK": "解鎖",
      "ASSIGNCARRIERROUTE": "分配承運商線路",
      "PRINTVERIFY": "列印校驗",
      "PRINT": "列印",
      "OTHER": "其他"
    },
    "sys_common_status": {
      "0": "成功",
      "1": "失敗"
    },
    "order_status": {
      "OPEN": "開啟",
      "EFFECTIVE": "生效",
      "CANCELLED": "已取消"
    },
    "sys_user_kind": {
      "STAFF": "員工",
      "CLIENT": "客戶"
    },
    "order_source": {
      "MANUAL": "手工建立",
      "IMPORT": "Excel 匯入",
      "EXTERNAL": "外部系統"
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
    "epod_report_source": {
      "DRIVER": "司機回單",
      "STAFF": "簽收登記"
    },
    "epod_handle_result": {
      "ACCEPT": "接受差異",
      "CLAIM": "向承運商索賠",
      "RESEND": "補發貨物",
      "RETURN": "退貨處理",
      "OTHER": "其他"
    },
    "epod_opinion_type": {
      "AUDIT": "稽核意見",
      "REJECT": "駁回意見",
      "HANDLE": "異常處理意見"
    },
    "shipment_receive": {
      "ACCEPTED": "已接受",
      "REFUSED": "已拒絕"
    },
    "shipment_stop_type": {
      "LOAD": "裝貨",
      "UNLOAD": "卸貨",
      "BOTH": "裝卸貨"
    },
    "tracking_operation": {
      "ORDER_CREATE": "建立訂單",
      "ORDER_IMPORT": "匯入訂單",
      "ORDER_UPDATE": "修改訂單",
      "ORDER_REVIEW": "稽核訂單",
      "ORDER_RETRACT": "撤回訂單",
      "ORDER_LOCK": "鎖定訂單",
      "ORDER_UNLOCK": "解鎖訂單",
      "ORDER_ASSIGN": "分配承運商線路",
      "ORDER_PRINT": "列印訂單",
      "ORDER_PRINT_CHECK": "列印校驗",
      "WAYBILL_CREATE": "生成運單",
      "WAYBILL_DELETE": "刪除運單",
      "WAYBILL_REVIEW": "稽核運單",
      "WAYBILL_RETRACT": "撤回運單",
      "WAYBILL_SPLIT": "拆分運單",
      "WAYBILL_BIND": "運單繫結排程單",
      "WAYBILL_UNBIND": "運單解綁排程單",
      "SHIPMENT_CREATE": "建立排程單",
      "SHIPMENT_BIND": "繫結運單",
      "SHIPMENT_UNBIND": "解綁運單",
      "SHIPMENT_SCHEDULE": "排程",
      "SHIPMENT_CANCEL_SCHEDULE": "取消排程",
      "SHIPMENT_EFFECT": "生效",
      "SHIPMENT_WITHDRAW": "撤回",
      "SHIPMENT_SHIP": "發運",
      "SHIPMENT_FINISH": "完成",
      "SHIPMENT_REASSIGN": "司機改派",
      "SHIPMENT_REASSIGN_TRANSIT": "在途改派",
      "SHIPMENT_RETURN": "管理員退回",
      "SHIPMENT_PRINT": "列印派車單",
      "EPOD_CREATE": "生成回單",
      "EPOD_REPORT": "回單上報",
      "EPOD_AUDIT": "稽核回單",
      "EPOD_REJECT": "駁回回單",
      "EPOD_RECALL": "撤回回單",
      "EPOD_HANDLE": "回單異常處理",
      "DRIVER_ACCEPT": "司機接受排程單",
      "DRIVER_REFUSE": "司機拒絕排程單",
      "VEHICLE_CHECK": "車輛檢查",
      "ORDER_CANCEL": "客戶取消訂單",
      "SHIPMENT_ARRIVE": "到達站點（電子圍欄）",
      "SHIPMENT_DEPART": "離開站點（電子圍欄）",
      "SHIPMENT_ARRIVING": "即將到達（預計到達時間）"
    },
    "vehicle_check_item": {
      "TYRES": "輪胎",
      "BRAKES": "制動",
      "LIGHTS": "燈光",
      "CARGO_AREA": "貨廂清潔完好",
      "REFRIGERATION": "冷機溫度",
      "SEAL": "封籤",
      "DOCUMENTS": "隨車證件",
      "SAFETY_KIT": "滅火器與三角牌"
    },
    "vehicle_check_result": {
      "PASS": "合格",
      "FAIL": "不合格"
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
    "logistics_mode": {
      "PULL": "定時拉取",
      "PUSH": "平臺推送"
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
    "map_shape_type": {
      "POLYGON": "多邊形",
      "CIRCLE": "圓形"
    },
    "print_template_type": {
      "DISPATCH": "派車單",
      "WAYBILL": "運單",
      "ORDER": "訂單",
      "STATEMENT": "對賬單"
    },
    "alert_rule_type": {
      "LATE_DEPARTURE": "晚點發車",
      "LATE_ARRIVAL": "晚點到達",
      "FENCE_EXIT": "駛出圍欄",
      "LONG_STOP": "長時間停留",
      "NO_POSITION": "無定位",
      "TERMINAL_EMERGENCY": "終端緊急報警",
      "TERMINAL_OVERSPEED": "終端超速報警",
      "TERMINAL_FATIGUE": "終端疲勞駕駛報警",
      "ETA_LATE": "預計晚於時間窗"
    },
    "jt808_version": {
      "2013": "JT/T 808-2013",
      "2019": "JT/T 808-2019"
    },
    "app_type": {
      "android": "Android",
      "ios": "iOS"
    },
    "wf_leave_type": {
      "ANNUAL": "年假",
      "SICK": "病假",
      "PERSONAL": "事假",
      "MARRIAGE": "婚假",
      "MATERNITY": "產假",
      "OTHER": "其他"
    },
    "wf_apply_status": {
      "DRAFT": "草稿",
      "RUNNING": "審批中",
      "APPROVED": "已通過",
      "REJECTED": "已駁回",
      "CANCELED": "已撤銷"
    },
    "wf_instance_status": {
      "RUNNING": "執行中",
      "COMPLETED": "已結束",
      "TERMINATED": "已終止"
    },
    "wf_result": {
      "APPROVED": "通過",
      "REJECTED": "駁回"
    },
    "wf_business_type": {
      "LEAVE": "請假申請",
      "PURCHASE": "採購申請",
      "CONTRACT": "運價合同",
      "OTHER": "其他業務"
    },
    "wf_assignee_type": {
      "USER": "指定使用者",
      "ROLE": "指定角色",
      "APPLICANT": "發起人"
    },
    "wf_task_action": {
      "START": "發起",
      "APPROVE": "同意",
      "REJECT": "駁回",
      "END": "結束",
      "TERMINATE": "終止"
    },
    "wf_task_status": {
      "OPEN": "待辦",
      "DONE": "已辦",
      "CANCELED": "已取消"
    },
    "fin_contract_kind": {
      "RECEIVABLE": "應收（貨主）",
      "PAYABLE": "應付（承運商）"
    },
    "fin_contract_status": {
      "DRAFT": "草稿",
      "APPROVING": "審批中",
      "EFFECTIVE": "生效",
      "EXPIRED": "已過期",
      "TERMINATED": "已終止"
    },
    "fin_rate_basis": {
      "KG": "按公斤",
      "TONNE": "按噸",
      "M3": "按立方米",
      "PIECE": "按件",
      "PALLET": "按托",
      "TRIP": "按趟",
      "KM": "按公里",
      "STOP": "按站點",
      "PCT_FREIGHT": "運費百分比",
      "PCT_VALUE": "貨值百分比",
      "HOUR": "按小時"
    },
    "fin_charge_state": {
      "RATED": "已計費",
      "NO_CONTRACT": "無有效合同",
      "NO_RATE": "合同無匹配運價"
    },
    "fin_settle_event": {
      "REVIEW": "訂單稽核",
      "SHIP": "發運",
      "EPOD_SIGNED": "回單簽收",
      "EPOD_AUDITED": "回單稽核",
      "RECEIPT_RETURNED": "紙質回單返回"
    },
    "fin_statement_status": {
      "DRAFT": "草稿",
      "SENT": "已傳送",
      "DISPUTED": "有爭議",
      "ADJUSTED": "已調整",
      "CONFIRMED": "已確認",
      "INVOICED": "已開票",
      "SETTLED": "已結清",
      "VOID": "已作廢"
    },
    "fin_statement_line_type": {
      "CHARGE": "費用",
      "ADJUSTMENT": "調整"
    },
    "fin_dispute_status": {
      "OPEN": "待處理",
      "ACCEPTED": "已接受",
      "REJECTED": "已拒絕"
    },
    "fin_invoice_type": {
      "SPECIAL": "增值稅專用發票",
      "ORDINARY": "增值稅普通發票"
    },
    "fin_invoice_status": {
      "VALID": "有效",
      "VOID": "已作廢"
    },
    "fin_payment_method": {
      "TRANSFER": "銀行轉賬",
      "CASH": "現金",
      "ACCEPTANCE": "承兌匯票",
      "OTHER": "其他"
    },
    "fin_receipt_status": {
      "NOT_SIGNED": "未簽收",
      "SIGNED": "已簽收",
      "RETURNED": "已返回",
      "HANDED": "已交客戶",
      "LOST": "已遺失"
    },
    "fin_allocation_basis": {
      "WEIGHT": "按重量",
      "VOLUME": "按體積",
      "PIECES": "按件數",
      "DECLARED_VALUE": "按貨值",
      "EQUAL": "平均分攤"
    },
    "fin_adjustment_status": {
      "PENDING": "待審批",
      "APPROVED": "已生效",
      "REJECTED": "已駁回"
    },
    "fin_rerate_cause": {
      "EFFECT": "排程單生效",
      "SPLIT": "運單拆分",
      "EPOD_SIGNED": "回單簽收數量",
      "BIND": "運單加入排程單",
      "UNBIND": "運單移出排程單",
      "CARRIER_CHANGED": "更換承運商",
      "CONTRACT": "合同變更",
      "EPOD_DEPARTED": "回單離開時間"
    },
    "ntf_event_type": {
      "order": {
        "received": "訂單已接收",
        "reviewed": "訂單已稽核",
        "dispatched": "已派車",
        "departed": "已發車",
        "delivered": "已送達",
        "exception": "異常（短少、破損、告警）",
        "arriving": "即將到達",
        "arrived": "到達站點",
        "left": "離開站點"
      },
      "statement": {
        "sent": "對賬單已發送"
      },
      "webhook": {
        "test": "測試訊息"
      }
    },
    "ntf_channel": {
      "INAPP": "站內訊息",
      "EMAIL": "電子郵件",
      "SMS": "簡訊",
      "WEBHOOK": "Webhook"
    },
    "driver_outbox_action": {
      "ACCEPT": "接單",
      "REFUSE": "拒單",
      "VEHICLE_CHECK": "出車檢查",
      "EPOD_REPORT": "簽收回單",
      "EPOD_PICTURE": "回單照片",
      "EPOD_DEPARTURE": "離開站點"
    },
    "ntf_delivery_status": {
      "PENDING": "待發送",
      "QUEUED": "排隊中",
      "SENDING": "傳送中",
      "DELIVERED": "已送達",
      "FAILED": "失敗",
      "SKIPPED": "未傳送"
    },
    "doc_lang": {
      "zh-CN": "簡體中文",
      "en-US": "英語（美國）",
      "en-GB": "英語（英國）",
      "zh-TW": "繁體中文"
    },
    "ntf_lang": {
      "zh-CN": "簡體中文",
      "en-US": "英語（美國）"
    },
    "fin_statement_line_origin": {
      "RERATE": "重新計費差額",
      "MANUAL": "手工調整"
    }
  },
  "messages": {
    "workflow": {
      "engineError": "流程引擎執行出錯：{{message}}",
      "taskNotWaiting": "流程已不在等待該任務",
      "invalidBpmn": "BPMN 模型無效：{{detail}}",
      "noDefinition": "流程“{{key}}”尚未部署",
      "definitionSuspended": "流程定義“{{name}}”已掛起，不能發起新的流程",
      "taskNotOpen": "該任務已辦理或流程已結束",
      "taskClaimed": "該任務已被 {{user}} 簽收",
      "rejectNeedsComment": "駁回時請填寫審批意見",
      "instanceNotRunning": "只能終止執行中的流程",
      "notSubmittable": "只有草稿、已駁回或已撤銷的申請可以提交",
      "notEditable": "審批中或已通過的申請不能修改",
      "removeRunning": "審批中的申請不能刪除，請先撤銷",
      "notCancelable": "只能撤銷審批中的申請",
      "keyStart": "模型標識必須以字母或下劃線開頭",
      "importKey": "流程標識“{{key}}”不能作為模型標識（只能包含字母、數字、中劃線和下劃線）",
      "importDuplicate": "模型標識“{{key}}”已存在",
      "noSuchAssignee": "使用者或角色“{{name}}”不存在",
      "alreadySuspended": "所選流程定義已是掛起狀態",
      "alreadyActive": "所選流程定義已是啟用狀態",
      "modelSaved": "模型已儲存",
      "imported": "模型已匯入",
      "deployed": "部署成功，版本 v{{version}}",
      "suspended": "已掛起",
      "activated": "已啟用",
      "nodesSaved": "節點配置已儲存",
      "started": "流程已發起",
      "terminated": "流程已終止",
      "claimed": "簽收成功",
      "approved": "已同意",
      "rejected": "已駁回",
      "submitted": "申請已提交",
      "canceled": "申請已撤銷"
    },
    "finance": {
      "notDraft": "只有草稿狀態的合同可以修改，請新建一個版本",
      "wrongStatus": "合同 {{code}} 當前為“{{status}}”，不能執行該操作",
      "partyRequired": "請選擇合同的相對方",
      "duplicateVersion": "合同 {{code}} 已有版本 {{version}}",
      "effectOk": "合同已生效",
      "submitOk": "合同已提交審批",
      "terminateOk": "合同已終止",
      "rerateQueued": "已開始重新計費，進度顯示在合同上",
      "adjustmentSaved": "費用調整已生效",
      "adjustmentPending": "金額超過 {{limit}}，費用調整已提交審批",
      "adjustmentNotPending": "費用調整 #{{id}} 不在待審批狀態",
      "adjustmentDecided": "已處理 {{count}} 條費用調整",
      "adjustmentNoTarget": "請選擇一個運單或排程單",
      "adjustmentPayableOnly": "排程單只能做應付調整",
      "explain": {
        "rerate": "重新計費差額：對賬單 {{code}} 已對賬 {{before}}，重新計費後 {{after}}，差額在下一期對賬單中調整",
        "contract": "合同 {{code}} 第 {{version}} 版",
        "line": "運價明細 #{{id}}（{{from}} → {{to}}），{{n}} 條匹配明細中線路最具體的一條",
        "any": "任意",
        "place": "{{level}} #{{id}}",
        "placeNamed": "{{level}}「{{name}}」",
        "vehicleType": "限車型「{{name}}」",
        "km": {
          "ROUTE": "線路里程 {{km}} 公里",
          "STRAIGHT_LINE": "起訖站點直線距離 {{km}} 公里"
        },
        "period": "適用期間 {{from}} 至 {{to}}",
        "freightBase": "運費 {{amount}}",
        "valueBase": "申報貨值 {{amount}}",
        "hoursFromReceipt": "回單記錄的到達至離開共 {{hours}} 小時",
        "free": "{{basis}}：數量 {{quantity}}，扣除免費 {{free}} 後計費 {{rounded}}",
        "percent": "{{base}} × {{percent}}% = {{computed}}",
        "level": {
          "STATION": "站點",
          "DISTRICT": "區縣",
          "CITY": "城市",
          "PROVINCE": "省份",
          "ZONE": "區域",
          "ANY": "任意"
        },
        "quantity": "{{basis}}：計費數量 {{quantity}}",
        "rounded": "{{basis}}：數量 {{quantity}}，按 {{step}} 向上取整為 {{rounded}}",
        "unit": "{{quantity}} × {{price}} = {{computed}}",
        "tierUnit": "區間 {{from}}–{{to}}：{{quantity}} × {{price}} = {{computed}}",
        "tierFlat": "區間 {{from}}–{{to}}：整票 {{price}}",
        "firstAdditional": "首重 {{firstQty}} 收 {{firstPrice}}，續重 {{steps}} × {{addPrice}}（每 {{addStep}}）= {{computed}}",
        "min": "低於最低收費，按 {{value}} 計",
        "max": "高於最高收費，按 {{value}} 計",
        "amount": "金額 {{amount}}",
        "separator": "；",
        "allocation": "排程單該項費用 {{total}}，{{basis}}分攤到本運單 {{share}}"
      }
    },
    "settlement": {
      "actions": {
        "send": "傳送",
        "confirm": "確認",
        "dispute": "提出爭議",
        "resolve": "處理爭議",
        "void": "作廢",
        "removeLines": "移除明細",
        "threeWay": "與承運商對賬單核對"
      },
      "wrongStatus": "對賬單 {{code}} 當前為“{{status}}”，不能{{action}}",
      "stale": "對賬單 {{code}} 已被他人修改，請重新整理後重試",
      "frozen": "對賬單 {{code}} 已確認，明細已凍結，不能修改",
      "lineNotInStatement": "明細 #{{id}} 不屬於該對賬單",
      "lineNotDisputable": "明細 #{{id}} 已有爭議，不能重複提出",
      "attachmentType": "附件只能是圖片（PNG、JPEG、WebP、GIF）或 PDF",
      "attachmentNotYours": "附件 #{{id}} 不存在或不是您上傳的",
      "notDisputed": "明細 #{{id}} 沒有待處理的爭議",
      "undecided": "還有 {{count}} 條爭議未處理",
      "generated": "已生成 {{count}} 張對賬單（{{lines}} 條明細）",
      "queued": "對賬單生成任務已提交",
      "sendOk": "對賬單已傳送",
      "confirmOk": "對賬單已確認",
      "disputeOk": "爭議已登記",
      "resolveOk": "爭議已處理，接受的差異已生成調整明細",
      "voidOk": "對賬單已作廢，其費用可重新對賬",
      "removeLinesOk": "明細已移出對賬單",
      "voidInvoiced": "對賬單 {{code}} 已開票，請先作廢其發票",
      "notConfirmed": "對賬單 {{code}} 當前為“{{status}}”，只有已確認的對賬單可以開票",
      "overInvoice": "開票金額 {{amount}} 超過對賬單 {{code}} 的未開票金額 {{open}}",
      "partyMismatch": "所選對賬單必須屬於同一排程中心、同一相對方和同一型別",
      "duplicateInvoice": "發票號 {{no}} 已登記",
      "invoiceOk": "發票已登記",
      "invoiceVoidOk": "發票已作廢",
      "invoiceVoided": "發票 {{no}} 已作廢",
      "invoiceHasPayments": "發票 {{no}} 已有核銷記錄，不能作廢",
      "writeOffVoid": "發票 {{no}} 已作廢，不能核銷",
      "writeOffParty": "收付款與發票必須屬於同一相對方和同一型別",
      "overPayment": "核銷金額 {{amount}} 超過收付款 {{no}} 的未核銷金額 {{open}}",
      "overInvoiceOpen": "核銷金額 {{amount}} 超過發票 {{no}} 的未核銷金額 {{open}}",
      "paymentOk": "收付款已登記",
      "writeOffOk": "已核銷",
      "receiptActions": {
        "SIGN": "簽收",
        "RETURN": "返回",
        "HAND": "交客戶",
        "LOST": "登記遺失"
      },
      "receiptNotFound": "運單 {{code}} 不存在",
      "receiptWrongStatus": "運單 {{code}} 的回單當前為“{{status}}”，不能{{action}}",
      "lostReason": "登記遺失請填寫原因",
      "scanOk": "成功 {{ok}} 個，失敗 {{failed}} 個",
      "aging": {
        "sheet": "賬齡",
        "party": "相對方",
        "total": "合計"
      },
      "threeWay": {
        "payableOnly": "對賬單 {{code}} 不是應付對賬單：只有應付對賬單可以與承運商對賬單核對",
        "noCode": "請填寫運單號或調度單號",
        "badRows": "承運商對賬單第 {{rows}} 行有錯誤，未做任何修改",
        "claimReason": "承運商主張 {{claim}}（{{code}}）",
        "noLine": "對賬單中沒有 {{code}} 的明細",
        "taken": "{{code}} 的明細已由前面的行核對",
        "missing": "承運商對賬單中沒有這條明細",
        "event": "三方核對：容差內 {{matched}}，爭議 {{disputed}}，未匹配行 {{unmatched}}，缺少明細 {{missing}}",
        "confirmed": "三方核對完成：{{matched}} 行均在容差內，對賬單已確認",
        "done": "三方核對完成：容差內 {{matched}} 行，爭議 {{disputed}} 行，未匹配 {{unmatched}} 行，承運商未列明細 {{missing}} 條"
      },
      "pdf": {
        "title": "對賬單",
        "code": "對賬單號",
        "kind": "類型",
        "party": "相對方",
        "period": "期間",
        "status": "狀態",
        "currency": "幣種",
        "lines": "明細",
        "no": "序號",
        "lineType": "類型",
        "waybill": "運單號",
        "chargeType": "費用類型",
        "eventDate": "計費日期",
        "amount": "金額",
        "taxRate": "稅率",
        "dispute": "爭議 / 備註",
        "chargeAmount": "費用金額",
        "adjustAmount": "調整金額",
        "totalAmount": "對賬金額",
        "invoicedAmount": "已開票",
        "paidAmount": "已收付",
        "openAmount": "未開票",
        "generated": "生成時間",
        "rerate": "重新計費：對賬單 {{code}} 已對賬 {{before}}，重新計費後 {{after}}",
        "printer": "印表機"
      },
      "allocationSign": "對賬單 {{code}} 的未開票金額為 {{open}}：開票金額須與之同號（貸項對賬單填負數），且不為 0",
      "netNotPositive": "發票金額 {{amount}} 必須大於 0：貸項對賬單請與同一相對方的其他對賬單合併開票（下期抵扣），或開具紅字發票",
      "redCreditsOnly": "紅字發票只能衝抵貸項對賬單（負數金額），對賬單 {{code}} 不是",
      "redOfInvalid": "發票 {{no}} 不是有效的藍字發票，不能開具紅字發票沖銷",
      "redOfParty": "紅字發票必須與原發票屬於同一相對方、同一型別和同一排程中心",
      "redOverOriginal": "紅字金額 {{amount}} 超過原發票 {{no}} 尚可沖銷的金額 {{left}}",
      "redOverOpen": "紅字金額 {{amount}} 超過原發票 {{no}} 的未核銷金額 {{open}}：請改為與下期對賬單合併開票",
      "redType": "紅字發票的型別須與原發票 {{no}} 相同（{{type}}）",
      "redInfoRequired": "沖銷增值稅專用發票須填寫紅字資訊表編號",
      "taxSign": "稅額須與發票金額同號",
      "invoiceHasRed": "發票 {{no}} 已被紅字發票 {{red}} 沖銷，請先作廢紅字發票",
      "writeOffRed": "發票 {{no}} 是紅字發票，已衝抵原發票，不能核銷收付款"
    },
    "portal": {
      "noClient": "該客戶使用者尚未繫結任何客戶，請聯絡管理員",
      "noDispatchCenter": "該客戶使用者沒有預設排程中心，無法下單，請聯絡管理員",
      "clientNotYours": "只能為您所屬的客戶下單",
      "stationNotOfClient": "站點不屬於該客戶",
      "notCancellable": "訂單 {{code}} 已稽核或已取消，不能再取消",
      "cancelled": "訂單已取消",
      "linkInvalid": "該跟蹤連結無效，請向發貨方索取新的連結",
      "linkExpired": "該跟蹤連結已過期，請向發貨方索取新的連結",
      "linkRevoked": "該跟蹤連結已被撤銷，請向發貨方索取新的連結",
      "linkRevokedOk": "跟蹤連結已撤銷",
      "progress": {
        "RECEIVED": "已接單",
        "CONFIRMED": "已確認",
        "IN_TRANSIT": "運輸中",
        "DELIVERED": "已送達",
        "CANCELLED": "已取消"
      },
      "pdf": {
        "title": "電子回單",
        "code": "回單號",
        "order": "訂單號",
        "waybill": "運單號",
        "station": "收貨站點",
        "status": "狀態",
        "arrivalTime": "到達時間",
        "signTime": "簽收時間",
        "departureTime": "離開時間",
        "reportTime": "回單時間",
        "abnormal": "異常",
        "yes": "是",
        "no": "否",
        "handle": "異常處理",
        "lines": "簽收明細",
        "item": "物料",
        "planned": "計劃",
        "shipped": "實發",
        "signed": "實收",
        "shortage": "短少",
        "damage": "破損",
        "remark": "備註",
        "photos": "照片",
        "generated": "生成時間"
      },
      "export": {
        "code": "訂單號",
        "customerOrderNo": "客戶單號",
        "client": "客戶",
        "status": "狀態",
        "progress": "進度",
        "source": "發貨站點",
        "dest": "收貨站點",
        "orderDate": "訂單日期",
        "eta": "預計到達",
        "quantity": "數量",
        "weight": "重量(kg)",
        "volume": "體積(m³)"
      }
    },
    "notify": {
      "testQueued": "測試訊息已排隊傳送，結果見投遞日誌",
      "replayed": "已重新發送 {{n}} 條",
      "webhookDisabled": "投遞 {{id}} 的 Webhook 已停用或已刪除，請先啟用",
      "notReplayable": "投遞 {{id}} 不能重新發送",
      "kind": {
        "SHORTAGE": "短少",
        "DAMAGE": "破損",
        "SHORTAGE_DAMAGE": "短少和破損",
        "ALERT": "告警"
      },
      "role": {
        "PICKUP": "提貨站",
        "DELIVERY": "送貨站"
      },
      "event": {
        "order": {
          "received": {
            "title": "訂單 {{orderCode}} 已接收",
            "body": "我們已收到您的訂單 {{orderCode}}，正在安排稽核。"
          },
          "reviewed": {
            "title": "訂單 {{orderCode}} 已稽核",
            "body": "訂單 {{orderCode}} 已稽核通過，運單號 {{waybillCode}}。"
          },
          "dispatched": {
            "title": "運單 {{waybillCode}} 已派車",
            "body": "訂單 {{orderCode}} 的運單 {{waybillCode}} 已安排排程單 {{shipmentCode}}。"
          },
          "departed": {
            "title": "運單 {{waybillCode}} 已發車",
            "body": "訂單 {{orderCode}} 的運單 {{waybillCode}} 已於 {{departedAt}} 發車（排程單 {{shipmentCode}}）。"
          },
          "arriving": {
            "title": "運單 {{waybillCode}} 即將到達",
            "body": "訂單 {{orderCode}} 的運單 {{waybillCode}} 預計於 {{eta}} 到達 {{stationName}}（直線距離約 {{distanceKm}} 公里，排程單 {{shipmentCode}}）。"
          },
          "arrived": {
            "title": "運單 {{waybillCode}} 已到達{{role}}",
            "body": "訂單 {{orderCode}} 的運單 {{waybillCode}} 的車輛已於 {{arrivedAt}} 到達{{role}} {{stationName}}（排程單 {{shipmentCode}}）。"
          },
          "left": {
            "title": "運單 {{waybillCode}} 已離開{{role}}",
            "body": "訂單 {{orderCode}} 的運單 {{waybillCode}} 的車輛已於 {{leftAt}} 離開{{role}} {{stationName}}（排程單 {{shipmentCode}}）。"
          },
          "delivered": {
            "title": "運單 {{waybillCode}} 已送達",
            "body": "訂單 {{orderCode}} 的運單 {{waybillCode}} 已於 {{deliveredAt}} 送達。"
          },
          "exception": {
            "title": "運單 {{waybillCode}} 異常：{{kind}}",
            "body": "訂單 {{orderCode}} 的運單 {{waybillCode}} 出現異常（{{kind}}），我們正在處理。"
          }
        },
        "statement": {
          "sent": {
            "title": "對賬單 {{statementCode}} 待您核對",
            "body": "{{period}} 的對賬單 {{statementCode}} 已發送，金額 {{totalAmount}} {{currency}}。請在客戶門戶核對：確認，或對有誤的行提出異議。"
          }
        },
        "webhook": {
          "test": {
            "title": "Webhook 測試訊息",
            "body": "這是一條測試訊息。"
          },
          "disabled": {
            "title": "Webhook “{{name}}” 已自動停用",
            "body": "Webhook “{{name}}” 連續 {{failures}} 次投遞失敗，已自動停用。請檢查接收方後在“Webhook”頁面重新啟用。"
          }
        }
      }
    },
    "epod": {
      "reportNotAllowed": "只有待回單、已駁回或已撤回的回單可以回單",
      "alreadyAudited": "回單已稽核，不能再修改",
      "auditOnlyReported": "稽核失敗，請選擇已回單的回單！",
      "auditRejectedRecalled": "已駁回或已撤回的回單不能稽核",
      "handleBeforeAudit": "回單{{code}}存在異常，請先進行異常處理再稽核",
      "rejectOnlyReported": "駁回失敗，請選擇已回單的回單！",
      "recallOnlyReported": "撤回失敗，請選擇已回單的回單！",
      "handleOnlyAbnormal": "只有異常回單（短少或破損）需要異常處理",
      "handleOnlyReported": "請選擇已回單的異常回單進行處理",
      "signBeforeArrival": "簽收時間不能早於到達時間",
      "departBeforeSign": "離開時間不能早於簽收時間",
      "departNotReported": "回單簽收後才能登記離開",
      "departInFuture": "離開時間不能晚於目前時間",
      "departed": "已登記離開",
      "lineNotOfEpod": "明細 {{lineId}} 不屬於該回單",
      "linesIncomplete": "請填寫每一行的簽收數量",
      "lineTwice": "明細 {{lineId}} 重複填寫",
      "overShipped": "簽收、短少和破損數量不能超過發運數量（{{shipped}}）",
      "notYourShipment": "該回單不在您的排程單上",
      "pictureLimit": "每張回單最多上傳 {{max}} 張圖片",
      "videoOnly": "請上傳 MP4、WebM 或 Ogg 格式的影片",
      "reported": "簽收登記成功",
      "audited": "稽核成功",
      "rejected": "駁回成功",
      "recalled": "撤回成功",
      "handled": "異常處理已儲存"
    },
    "ok": "操作成功",
    "systemError": "系統錯誤，請稍後重試",
    "unauthorized": "許可權驗證失敗",
    "forbidden": "沒有許可權執行此操作",
    "notFound": "記錄不存在或不在您的資料許可權範圍內",
    "routeNotFound": "介面不存在",
    "validationFailed": "請檢查標記的欄位",
    "conflictVersion": "該記錄在您開啟後已被他人修改，請重新整理後重新修改",
    "idempotency": {
      "inProgress": "相同的請求正在處理或已處理，請稍後重新整理檢視結果",
      "reused": "該冪等鍵已用於另一個請求，請為新的操作使用新的鍵",
      "badKey": "冪等鍵須為 1–255 個可列印 ASCII 字元"
    },
    "duplicate": "{{field}}“{{value}}”已存在",
    "builtinCannotRemove": "內建引數不能刪除",
    "referenced": "該記錄已被業務資料引用，不能刪除，可將其失效",
    "selectRows": "請先勾選資料",
    "alreadyEffective": "記錄已生效，不能重複生效",
    "alreadyIneffective": "記錄已失效，不能重複失效",
    "tooLarge": "上傳檔案過大",
    "importNoColumns": "工作表第一行中沒有模板的列",
    "importNoRows": "工作表中沒有資料行，未匯入任何資料",
    "notAnUpload": "此地址不接受檔案上傳",
    "rateLimited": "嘗試次數過多，請稍後再試",
    "badSort": "不允許按“{{field}}”排序",
    "badFilter": "查詢條件“{{field}}”無效",
    "parentIsDescendant": "上級不能選擇自身或其下級",
    "windowOrder": "開始時間必須早於結束時間",
    "dayOrder": "開始日期不能晚於結束日期",
    "windowOverlap": "與同一站點同一星期的時間窗 {{start}}–{{end}} 重疊",
    "stationLimitExists": "該站點已有此運輸工具型別的限制",
    "hasChildren": "請先刪除其下級記錄",
    "deptHasUsers": "部門下還有使用者，請先將他們調到其他部門",
    "outsideLinkNewWindow": "外部連結必須在新視窗開啟",
    "roleNeedsMenu": "請至少選擇一個選單",
    "adminRoleProtected": "超級管理員角色不能這樣修改",
    "outsideScope": "該記錄將超出您的資料範圍（排程中心、資料組或部門）",
    "userBeyondYou": "該使用者擁有您不具備的許可權或資料範圍，只有具備這些許可權的人才能修改",
    "roleBeyondYou": "角色不能授予您自己不具備的選單或按鈕",
    "scopeBeyondYou": "範圍“{{scope}}”包含您不具備的許可權：客戶端的許可權不能超過配置它的人",
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
    "geoFailed": "地址搜尋服務暫不可用",
    "account": {
      "smsSent": "驗證碼已傳送，{{minutes}} 分鐘內有效",
      "smsSentIfKnown": "如該手機號已繫結賬號，驗證碼已傳送，{{minutes}} 分鐘內有效",
      "smsTooSoon": "獲取驗證碼過於頻繁，請 {{seconds}} 秒後再試",
      "smsDailyCap": "該手機號今日獲取驗證碼次數已達上限，請明天再試",
      "smsUnavailable": "簡訊服務未配置，請聯絡管理員",
      "smsSendFailed": "簡訊傳送失敗，請稍後重試",
      "smsCodeWrong": "驗證碼錯誤",
      "smsCodeExpired": "驗證碼已失效，請重新獲取",
      "smsReportBad": "簽名無效",
      "registerClosed": "暫未開放自助註冊，請聯絡管理員開通賬號",
      "registerRejected": "該使用者名稱或手機號不能用於註冊，請更換後重試",
      "registered": "註冊成功，賬號需管理員啟用後才能登入",
      "passwordReset": "密碼已重置，請使用新密碼登入",
      "resetRejected": "無法通過該手機號重置密碼，請聯絡管理員",
      "twoStepSent": "請輸入傳送到 {{mobile}} 的簡訊驗證碼",
      "twoStepNoMobile": "該賬號需要簡訊驗證，但未繫結手機號，請聯絡管理員",
      "twoStepExpired": "驗證已過期，請重新登入",
      "selfRegistered": "自助註冊，待啟用"
    },
    "logistics": {
      "badSignature": "簽名無效",
      "notPushAccount": "該賬號不接收推送的位置",
      "notPullAccount": "推送模式的賬號不主動拉取位置",
      "accountDisabled": "賬號已停用",
      "noSecret": "未配置金鑰",
      "endpointRequired": "拉取模式的賬號需要填寫介面地址",
      "mappingInvalid": "欄位對映無效：{{reason}}",
      "received": "已接收 {{accepted}} 條位置，{{skipped}} 條沒有匹配的車輛",
      "syncFailed": "同步失敗：{{reason}}"
    },
    "login": {
      "badCredentials": "使用者名稱或密碼錯誤",
      "captchaRequired": "請完成滑塊驗證",
      "captchaWrong": "滑塊驗證失敗，請重試",
      "captchaExpired": "驗證已過期，請重新滑動",
      "userDisabled": "賬號已停用，請聯絡管理員",
      "userLocked": "登入失敗次數過多，賬號鎖定 {{minutes}} 分鐘",
      "addressThrottled": "該地址登入失敗次數過多：{{minutes}} 分鐘內只有正確的使用者名稱和密碼才能登入",
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
    "driver": {
      "badCredentials": "登入名或密碼錯誤",
      "notEffective": "司機未生效，請聯絡排程員",
      "driverOnly": "該介面僅供司機 App 使用",
      "onlyEffective": "只有生效狀態的排程單可以接受或拒絕",
      "alreadyAccepted": "該排程單已接受",
      "accepted": "已接受排程單",
      "refused": "已拒絕排程單",
      "refuseReasonRequired": "請填寫拒絕原因",
      "positionsReceived": "已接收 {{count}} 條位置",
      "tooManyPositions": "每次最多上傳 {{max}} 條位置",
      "shipmentNotYours": "排程單 {{id}} 不屬於您或不在運輸中",
      "checkOnlyInProgress": "只有生效或已發運的排程單可以做車輛檢查",
      "checkSaved": "車輛檢查已提交",
      "keyInvalid": "冪等鍵無效：1 到 100 個字母、數字或 :._-",
      "keyReused": "該冪等鍵已用於另一項操作",
      "syncInProgress": "這項操作正在提交，請稍後重試",
      "noLongerYours": "該排程單已不再分配給您（可能已改派），此項操作無法提交",
      "pictureNotYours": "圖片 {{id}} 不是您上傳的",
      "pushTitle": "新任務",
      "pushBody": "排程單 {{code}} 已派給您，請查看並接單",
      "pushSubscribed": "已開啟新任務通知",
      "pushUnsubscribed": "已關閉新任務通知",
      "pushKeys": "推播訂閱的金鑰無效"
    },
    "alertText": {
      "LATE_DEPARTURE": "計劃發車時間已過 {{minutes}} 分鐘仍未發車",
      "LATE_ARRIVAL": "計劃到達時間已過 {{minutes}} 分鐘仍未到達",
      "FENCE_EXIT": "車輛偏離計劃路線 {{minutes}} 分鐘，距路線 {{km}} 公里（最近站點 {{station}}）",
      "LONG_STOP": "車輛在非站點位置停留 {{minutes}} 分鐘",
      "NO_POSITION": "已 {{minutes}} 分鐘沒有定位上報",
      "TERMINAL_EMERGENCY": "車載終端緊急報警（{{speed}} km/h，{{lat}}, {{lng}}）",
      "TERMINAL_OVERSPEED": "車載終端超速報警（{{speed}} km/h，{{lat}}, {{lng}}）",
      "TERMINAL_FATIGUE": "車載終端疲勞駕駛報警（{{speed}} km/h，{{lat}}, {{lng}}）",
      "ETA_LATE": "預計到達 {{station}} 的時間晚於時間窗 {{minutes}} 分鐘",
      "duration": "{{minutes}}分鐘"
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
      "selectOwnerFirst": "請先選擇貨主",
      "linesRequired": "請至少新增一條物料明細",
      "sameStations": "發貨站點和收貨站點不能相同",
      "itemNotOfClient": "物料不屬於該訂單的貨主",
      "editUnlockFirst": "修改失敗，請先解鎖",
      "editOnlyOpen": "只能修改開啟狀態的訂單",
      "waybillInUse": "撤回失敗：訂單 {{code}} 的運單 {{waybill}} 已稽核或已加入排程單",
      "lockedNoAction": "訂單 {{code}} 已鎖定，請先解鎖",
      "verifyNotPrinted": "訂單 {{code}} 尚未列印",
      "reprintNeedsReason": "訂單 {{code}} 已列印過，重新列印請填寫重置原因",
      "unknownCode": "“{{value}}”不存在",
      "importHeaderMismatch": "訂單 {{key}} 的各行貨主和站點必須一致"
    },
    "waybill": {
      "auditOnlyOpen": "稽核失敗，請選擇開啟狀態的運單！",
      "withdrawOnlyReviewed": "撤回失敗，請選擇稽核狀態的運單！",
      "withdrawBound": "撤回失敗：運單 {{codes}} 已在排程單 {{shipment}} 上，請先解綁",
      "splitOnlyOpen": "拆分失敗，請選擇開啟狀態的運單！",
      "splitNotAllowed": "該運單的訂單不允許拆分",
      "splitNotAllowedReason": "該運單的訂單不允許拆分：{{reason}}",
      "splitNumRange": "拆分數量必須是 0 到 {{max}} 之間的整數",
      "splitMeasureRange": "必須在 0 到 {{max}} 之間，最多 3 位小數",
      "splitMeasureFixed": "必須為 {{value}}：整行拆出時取全部，不拆的行不取",
      "splitLineUnknown": "明細 {{lineId}} 不屬於該運單（或重複填寫）",
      "splitNothing": "請至少在一行填寫大於 0 的拆分數量",
      "splitAll": "原運單必須保留部分數量，不能把所有明細全部拆出",
      "splitDone": "拆分成功，新運單為 {{code}}",
      "reviewDone": "已稽核 {{count}} 個運單",
      "retractDone": "已撤回 {{count}} 個運單",
      "toRosDone": "運單已加入排程單 {{code}}"
    },
    "shipment": {
      "selectFirst": "請先選擇排程單！",
      "selectOpen": "請選擇開啟狀態的排程單操作！",
      "selectConfirmed": "請選擇已確認狀態的排程單操作！",
      "shipNotEffective": "無法發運，排程單尚未生效",
      "finishNotShipped": "無法完成，排程單尚未發運",
      "effectOk": "生效成功！",
      "withdrawOk": "撤回成功！",
      "noVehicleAlternative": "當前車型沒有可替代的車輛",
      "carrierMismatch": "排程單的承運商與運單的承運商不一致，是否繼續繫結？",
      "waybillNotReviewed": "只有已稽核的運單才能加入排程單：{{codes}}",
      "waybillAlreadyBound": "運單 {{codes}} 已在排程單 {{shipment}} 上",
      "waybillNotOnShipment": "運單 {{codes}} 不在排程單 {{shipment}} 上",
      "bindOnlyOpenConfirmed": "只有開啟或已確認狀態的排程單才能增減運單",
      "selectEffective": "請選擇生效狀態的排程單操作！",
      "selectConfirmedOrEffective": "請選擇已確認或生效狀態的排程單操作！",
      "selectShipped": "請選擇已發運狀態的排程單操作！",
      "withdrawAccepted": "司機已接受排程單 {{code}}，不能撤回",
      "vehicleBusy": "車輛 {{plate}} 已在排程單 {{shipment}} 上（{{etd}} – {{eta}}）",
      "driverBusy": "司機 {{name}} 已在排程單 {{shipment}} 上（{{etd}} – {{eta}}）",
      "vehicleTypeNotAllowed": "車型 {{type}} 不允許進入站點 {{station}}",
      "etaBeforeEtd": "預計到達時間必須晚於預計發車時間",
      "notOfCarrier": "{{what}} 不屬於所選承運商",
      "sameDriver": "主駕和副駕不能是同一人",
      "sameVehicle": "掛車不能與主車相同",
      "printReasonRequired": "該派車單已列印過，請填寫列印原因",
      "noPrintTemplate": "沒有啟用的派車單列印模板",
      "scheduled": "排程成功",
      "scheduleCancelled": "已取消排程",
      "shipped": "發運成功",
      "finished": "完成成功",
      "returned": "退回成功",
      "reassigned": "改派成功",
      "bound": "繫結成功",
      "unbound": "解綁成功",
      "finishBeforeShip": "排程單 {{code}} 的完成時間早於實際發車時間",
      "handoverBeforeShip": "交接時間早於實際發車時間"
    }
  },
  "common": {
    "yes": "是",
    "no": "否"
  },
  "reports": {
    "total": "合計",
    "order": {
      "title": "訂單報表"
    },
    "shipment": {
      "title": "排程報表"
    },
    "epod": {
      "title": "回單報表"
    },
    "check": {
      "title": "車輛檢查報表"
    },
    "margin": {
      "title": "毛利報表"
    },
    "mileage": {
      "title": "車輛里程報表"
    },
    "col": {
      "day": "日期",
      "clientName": "貨主",
      "carrierName": "承運商",
      "groupName": "貨主 / 承運商",
      "orders": "訂單數",
      "effective": "已生效",
      "lines": "明細行數",
      "weight": "重量(kg)",
      "volume": "體積(m3)",
      "quantity": "件數",
      "shipments": "排程單數",
      "departed": "已發車",
      "onTimeDepartures": "準時發車",
      "onTimeDepartureRate": "準時發車率(%)",
      "arrived": "已到達",
      "onTimeArrivals": "準時到達",
      "onTimeArrivalRate": "準時到達率(%)",
      "receipts": "回單數",
      "audited": "已稽核",
      "abnormal": "異常",
      "shippedQuantity": "發運數量",
      "signedQuantity": "簽收數量",
      "shortage": "短少",
      "damage": "破損",
      "shortageRate": "短少率(%)",
      "damageRate": "破損率(%)",
      "itemCode": "檢查項",
      "checks": "檢查次數",
      "failed": "不合格",
      "failRate": "不合格率(%)",
      "waybills": "運單數",
      "revenue": "收入",
      "cost": "成本",
      "margin": "毛利",
      "marginRate": "毛利率(%)",
      "noContract": "無合同運單",
      "noRevenue": "無應收費用運單",
      "noCost": "無應付費用運單",
      "plateNumber": "車牌號",
      "distanceKm": "行駛里程(km)",
      "stops": "停車次數(100 公尺內 ≥ 5 分鐘)",
      "firstReport": "首次回報",
      "lastReport": "最後回報",
      "positions": "定位點數"
    },
    "groupBy": {
      "client": "貨主",
      "carrier": "承運商",
      "waybill": "運單",
      "dispatchOrder": "排程單",
      "route": "線路（起點 → 終點）",
      "month": "月份"
    }
  },
  "validation": {
    "tierStart": "第一個區間必須從 0 開始",
    "tierGap": "區間不連續：本區間必須從上一區間的上限開始",
    "tierOverlap": "與上一區間重疊：本區間必須從上一區間的上限開始",
    "tierEmpty": "區間上限必須大於下限",
    "tierOpen": "只有最後一個區間可以不設上限",
    "tierLastOpen": "最後一個區間不能設上限（請留空）",
    "negativePrice": "價格、金額或數量不能為負數",
    "minAboveMax": "最低收費不能大於最高收費",
    "noPrice": "請填寫單價、區間價或首重/續重",
    "percentPlain": "按百分比計費時只填單價（百分比），不能用區間價或首重/續重",
    "duplicateLane": "本合同已有一條同一線路、同一費用型別、適用期間重疊的價格",
    "laneOneOf": "站點、行政區、區域只能選一個",
    "breaks": "區間格式應為 “0-100:50 flat; 100-1000:0.6; 1000-:0.55”",
    "contractOverlap": "與同一相對方已生效的合同 {{code}}（{{from}} 至 {{to}}）有效期重疊",
    "validTo": "結束日期不能早於開始日期",
    "money": "金額格式不正確（最多兩位小數）",
    "positiveAmount": "金額必須大於 0",
    "period": "期間格式應為 YYYY-MM",
    "amount": "請填寫不為零的金額，最多兩位小數",
    "webhookHttps": "地址必須以 https:// 開頭（系統引數允許時可用 http://）",
    "webhookPrivate": "不允許迴環、鏈路本地或內網地址",
    "notifyEvents": "事件應為 * 或以逗號分隔的：{{events}}",
    "notifyRecipient": "請填寫接收人：站內訊息需要使用者，郵件需要郵箱地址或有郵箱的使用者，簡訊需要手機號碼或有手機號碼的使用者",
    "dateRange": "結束日期不能早於開始日期，且期間最長 366 天",
    "refNotFound": "“{{value}}”不存在或無權使用",
    "polygon": "多邊形至少需要 3 個不同的頂點（最多 500 個）",
    "circle": "圓形需要圓心和大於 0 的半徑",
    "required": "必填項",
    "invalid": "值無效",
    "string": "必須是文本",
    "number": "無效的數字",
    "integer": "請輸入整數",
    "boolean": "必須為是或否",
    "min": "不能小於 {{min}}",
    "max": "不能大於 {{maxValue}}",
    "scale": "最多 {{scale}} 位小數",
    "maxLength": "長度不能超過 {{max}}",
    "code": "只能包含英文字母、數字、中劃線和下劃線",
    "mobile": "最多 11 位數字，且不能以 0 開頭",
    "email": "郵箱格式不正確",
    "emailOrMobile": "請填寫郵箱地址或手機號碼",
    "phone": "電話號碼格式不正確",
    "url": "地址格式不正確",
    "passwordLength": "密碼長度為 6 到 16 個字元",
    "passwordMismatch": "兩次輸入的密碼不一致",
    "smsCode": "請輸入 6 位數字驗證碼",
    "date": "日期無效",
    "datetime": "日期時間無效",
    "time": "時間無效（HH:mm）",
    "eventList": "請填寫 * 或以逗號分隔的事件名（如 order.reviewed,shipment.shipped）",
    "unknownField": "未知欄位",
    "readOnly": "該欄位不可寫",
    "nonZeroAmount": "金額不能為 0"
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
    "actModel": {
      "name": "流程模型",
      "fields": {
        "modelKey": "模型標識",
        "name": "模型名稱",
        "description": "描述",
        "deployedVersion": "已部署版本",
        "deployTime": "部署時間"
      }
    },
    "actDefinition": {
      "name": "流程定義",
      "fields": {
        "defKey": "流程標識",
        "name": "流程名稱",
        "defVersion": "版本",
        "suspended": "已掛起",
        "modelId": "來源模型",
        "description": "描述",
        "createTime": "部署時間",
        "createBy": "部署人"
      }
    },
    "actInstance": {
      "name": "流程例項",
      "fields": {
        "defName": "流程名稱",
        "defKey": "流程標識",
        "defVersion": "版本",
        "businessType": "業務型別",
        "businessKey": "業務編號",
        "applicant": "發起人",
        "currentNodes": "當前節點",
        "status": "狀態",
        "result": "審批結果",
        "endTime": "結束時間",
        "definitionId": "流程定義",
        "createTime": "發起時間"
      }
    },
    "leave": {
      "name": "請假申請",
      "fields": {
        "leaveType": "請假型別",
        "startDate": "開始日期",
        "endDate": "結束日期",
        "days": "請假天數",
        "reason": "請假事由",
        "status": "審批狀態",
        "applyUser": "申請人",
        "submitTime": "提交時間",
        "finishTime": "完成時間",
        "instanceId": "流程例項",
        "deptId": "部門"
      }
    },
    "purchase": {
      "name": "採購申請",
      "fields": {
        "item": "採購物品",
        "quantity": "數量",
        "amount": "金額",
        "reason": "採購事由",
        "status": "審批狀態",
        "applyUser": "申請人",
        "submitTime": "提交時間",
        "finishTime": "完成時間",
        "instanceId": "流程例項",
        "deptId": "部門"
      }
    },
    "chargeType": {
      "name": "費用型別",
      "fields": {
        "code": "編碼",
        "name": "名稱",
        "taxRate": "稅率",
        "sortOrder": "排序",
        "remark": "備註"
      }
    },
    "contract": {
      "name": "運價合同",
      "fields": {
        "code": "合同編號",
        "contractVersion": "版本",
        "name": "合同名稱",
        "kind": "合同型別",
        "clientId": "貨主",
        "carrierId": "承運商",
        "dispatchCenterId": "排程中心",
        "currency": "幣種",
        "validFrom": "生效日期",
        "validTo": "失效日期",
        "status": "狀態",
        "allocationBasis": "成本分攤方式",
        "remark": "備註"
      }
    },
    "waybillRating": {
      "name": "運單計費",
      "fields": {
        "waybillCode": "運單號",
        "waybillId": "運單",
        "clientId": "貨主",
        "kind": "型別",
        "state": "計費結果",
        "contractId": "合同",
        "contractCode": "合同編號",
        "contractVersion": "合同版本",
        "currency": "幣種",
        "totalAmount": "金額合計",
        "ratedTime": "計費時間"
      }
    },
    "rateLine": {
      "name": "運價明細",
      "fields": {
        "contractId": "合同",
        "chargeTypeId": "費用型別",
        "basis": "計費單位",
        "fromStationId": "起點站點",
        "fromDistrictId": "起點行政區",
        "fromZoneId": "起點區域",
        "toStationId": "終點站點",
        "toDistrictId": "終點行政區",
        "toZoneId": "終點區域",
        "unitPrice": "單價",
        "breaks": "區間價",
        "firstQty": "首重",
        "firstPrice": "首重價格",
        "addStep": "續重單位",
        "addPrice": "續重價格",
        "minAmount": "最低收費",
        "maxAmount": "最高收費",
        "roundingStep": "取整單位",
        "vehicleTypeId": "車型",
        "freeQty": "免費數量",
        "validFrom": "適用開始日期",
        "validTo": "適用結束日期",
        "remark": "備註"
      }
    },
    "settleTerm": {
      "name": "結算條款",
      "fields": {
        "contractId": "合同",
        "settleEvent": "計費事件",
        "cutOffDay": "對賬截止日",
        "tolerancePct": "容差(%)",
        "toleranceAmount": "容差金額",
        "receiptDays": "回單期限(天)",
        "remark": "備註"
      }
    },
    "statement": {
      "name": "對賬單",
      "fields": {
        "code": "對賬單號",
        "kind": "型別",
        "clientId": "貨主",
        "carrierId": "承運商",
        "partyId": "相對方",
        "period": "期間",
        "periodFrom": "開始日期",
        "periodTo": "截止日期",
        "currency": "幣種",
        "status": "狀態",
        "lineCount": "明細數",
        "chargeAmount": "費用金額",
        "adjustAmount": "調整金額",
        "totalAmount": "對賬金額",
        "invoicedAmount": "已開票",
        "paidAmount": "已收付",
        "voidReason": "作廢原因"
      }
    },
    "statementLine": {
      "name": "對賬明細",
      "fields": {
        "statementId": "對賬單",
        "lineType": "型別",
        "waybillCode": "運單號",
        "chargeTypeCode": "費用型別",
        "eventDate": "計費日期",
        "amount": "金額",
        "taxRate": "稅率",
        "adjustsLineId": "調整的明細",
        "disputeStatus": "爭議狀態",
        "disputeReason": "爭議原因",
        "proposedAmount": "對方金額",
        "remark": "備註",
        "origin": "來源",
        "adjustmentId": "手工調整",
        "originStatementCode": "原對賬單",
        "beforeAmount": "原對賬金額",
        "afterAmount": "重新計費後"
      }
    },
    "invoice": {
      "name": "發票",
      "fields": {
        "invoiceNo": "發票號",
        "kind": "型別",
        "clientId": "貨主",
        "carrierId": "承運商",
        "partyId": "相對方",
        "invoiceDate": "開票日期",
        "invoiceType": "發票型別",
        "amount": "金額(含稅)",
        "taxRate": "稅率",
        "taxAmount": "稅額",
        "writtenOff": "已核銷",
        "status": "狀態",
        "voidReason": "作廢原因",
        "remark": "備註",
        "redOf": "沖銷的原發票",
        "redInfoNo": "紅字資訊表編號"
      }
    },
    "payment": {
      "name": "收付款",
      "fields": {
        "paymentNo": "流水號",
        "kind": "型別",
        "clientId": "貨主",
        "carrierId": "承運商",
        "partyId": "相對方",
        "payDate": "日期",
        "amount": "金額",
        "applied": "已核銷",
        "method": "方式",
        "remark": "備註"
      }
    },
    "carrierClaim": {
      "name": "承運商對賬單",
      "fields": {
        "waybillCode": "運單號",
        "dispatchOrderCode": "調度單號",
        "chargeTypeCode": "費用類型",
        "claimAmount": "承運商金額"
      }
    },
    "paperReceipt": {
      "name": "紙質回單",
      "fields": {
        "waybillCode": "運單號",
        "waybillId": "運單",
        "clientId": "貨主",
        "status": "狀態",
        "signedTime": "簽收時間",
        "returnedTime": "返回時間",
        "handedTime": "交客戶時間",
        "lostReason": "遺失原因"
      }
    },
    "webhookEndpoint": {
      "name": "Webhook",
      "fields": {
        "clientId": "貨主",
        "name": "名稱",
        "url": "接收地址",
        "events": "事件",
        "secret": "簽名金鑰",
        "status": "狀態",
        "failureCount": "連續失敗次數",
        "disabledReason": "停用原因",
        "lastSuccessTime": "最近成功時間",
        "lastFailureTime": "最近失敗時間",
        "remark": "備註"
      }
    },
    "notifySubscription": {
      "name": "通知訂閱",
      "fields": {
        "clientId": "貨主",
        "channel": "渠道",
        "events": "事件",
        "userId": "使用者",
        "address": "郵箱 / 手機號碼",
        "lang": "語言",
        "status": "狀態",
        "remark": "備註"
      }
    },
    "notifyDelivery": {
      "name": "投遞日誌",
      "fields": {
        "eventId": "事件 ID",
        "eventType": "事件",
        "clientId": "貨主",
        "channel": "渠道",
        "webhookId": "Webhook",
        "target": "目標",
        "lang": "語言",
        "status": "狀態",
        "attempts": "嘗試次數",
        "responseStatus": "響應狀態",
        "durationMs": "耗時",
        "error": "錯誤",
        "nextAttemptAt": "下次嘗試時間",
        "replayOf": "重發自",
        "requestBody": "請求內容",
        "responseBody": "響應內容（截斷）",
        "deliveredAt": "送達時間",
        "createTime": "建立時間"
      }
    },
    "notifyAttempt": {
      "name": "投遞嘗試",
      "fields": {
        "deliveryId": "投遞",
        "attempt": "第幾次",
        "target": "目標",
        "requestHeaders": "請求頭",
        "responseStatus": "響應狀態",
        "responseBody": "響應內容（截斷）",
        "error": "錯誤",
        "durationMs": "耗時",
        "attemptedAt": "嘗試時間"
      }
    },
    "order": {
      "name": "訂單",
      "fields": {
        "code": "訂單號",
        "status": "狀態",
        "isLock": "鎖定",
        "lockReason": "鎖定原因",
        "source": "來源",
        "clientId": "貨主",
        "orderTypeId": "訂單型別",
        "sourceStationId": "發貨站點",
        "destStationId": "收貨站點",
        "orderDate": "訂單日期",
        "prepDate": "備貨日期",
        "etd": "預計發車時間",
        "eta": "預計到達時間",
        "transType": "運輸方式",
        "loadMode": "裝載方式",
        "carrierId": "承運商",
        "routeId": "線路",
        "carrierRouteId": "承運商線路",
        "routeCode": "線路編碼",
        "batchCode": "批次號",
        "refNo": "參考號",
        "refNo1": "參考號1",
        "refNo2": "參考號2",
        "refNo3": "參考號3",
        "refNo4": "參考號4",
        "customerOrderNo": "客戶訂單號",
        "customerSubOrderNo": "客戶子訂單號",
        "isSplitAllowed": "允許拆分",
        "sourceZoneId": "發貨區域",
        "destZoneId": "收貨區域",
        "totalWeight": "總重量",
        "totalVolume": "總體積",
        "totalQuantity": "總件數",
        "totalCases": "總箱數",
        "totalPallets": "總托數",
        "totalOther": "其他合計",
        "declaredValue": "申報貨值",
        "isPrint": "列印狀態",
        "isPrintCheck": "列印校驗",
        "printDate": "列印日期",
        "printTime": "列印時間",
        "printerId": "印表機",
        "printQty": "列印次數",
        "printBy": "列印人",
        "resetPrint": "重新列印",
        "resetReason": "重置原因",
        "auditBy": "稽核人",
        "auditTime": "稽核時間",
        "remark": "備註"
      }
    },
    "orderLine": {
      "name": "訂單明細",
      "fields": {
        "orderCode": "訂單號",
        "clientId": "貨主",
        "orderStatus": "訂單狀態",
        "posNo": "行號",
        "itemId": "物料",
        "itemCode": "物料編碼",
        "itemName": "物料名稱",
        "itemType": "物料型別",
        "quantity": "件數",
        "weight": "重量",
        "volume": "體積",
        "cases": "箱數",
        "pallets": "托數",
        "other": "其他",
        "unit": "單位",
        "extLineNo": "外部行號"
      }
    },
    "orderImport": {
      "name": "訂單匯入",
      "fields": {
        "customerOrderNo": "客戶訂單號",
        "clientCode": "貨主編碼",
        "sourceStationCode": "發貨站點編碼",
        "destStationCode": "收貨站點編碼",
        "orderTypeCode": "訂單型別編碼",
        "orderDate": "訂單日期",
        "prepDate": "備貨日期",
        "etd": "預計發車時間",
        "eta": "預計到達時間",
        "transType": "運輸方式",
        "loadMode": "裝載方式",
        "refNo": "參考號",
        "refNo3": "參考號3",
        "refNo4": "參考號4",
        "remark": "備註",
        "itemCode": "物料編碼",
        "quantity": "件數",
        "weight": "重量",
        "volume": "體積",
        "cases": "箱數",
        "pallets": "托數",
        "other": "其他",
        "unit": "單位",
        "extLineNo": "外部行號"
      }
    },
    "shipment": {
      "name": "排程單",
      "fields": {
        "shipmentCode": "排程單號",
        "status": "狀態",
        "carrierId": "承運商",
        "vehicleIdMain": "主車車牌",
        "vehicleIdSlave": "掛車",
        "driverIdMaster": "主駕",
        "driverIdSecond": "副駕",
        "operatingDriverId": "操作司機",
        "etd": "預計發車",
        "eta": "預計到達",
        "atd": "實際發車",
        "ata": "實際完成",
        "stationNum": "站點數",
        "totalWeight": "重量",
        "totalVolume": "體積",
        "totalQuantity": "數量",
        "totalCases": "箱數",
        "totalPallets": "托數",
        "totalOther": "其他",
        "isReceive": "司機接單",
        "printQty": "列印次數",
        "orderTypeId": "訂單型別",
        "transType": "運輸方式",
        "deliveryZoneId": "配送區域",
        "transModelId": "車型",
        "transMode": "裝載方式",
        "wireNo": "線路號",
        "marketAreaGroup": "市場區域組",
        "fromLocationId": "起運地點",
        "toLocationId": "目的地點",
        "routeId": "線路",
        "alertRuleId": "告警規則",
        "scheduleBy": "排程人",
        "scheduleTime": "排程時間",
        "auditBy": "稽核人",
        "auditTime": "稽核時間",
        "containerNo": "集裝箱號",
        "sealNo": "封條號",
        "trackNo": "跟蹤號",
        "shiftNo": "班次號",
        "ferryNo": "輪渡號",
        "warehouseCode": "倉庫編碼",
        "warehouseName": "倉庫名稱",
        "returnReasons": "退回原因",
        "rejectReasons": "司機拒單原因",
        "cancelStatus": "取消狀態",
        "remark": "備註"
      }
    },
    "driverRefusal": {
      "name": "司機端被拒操作",
      "fields": {
        "createTime": "時間",
        "shipmentCode": "排程單",
        "driverId": "司機",
        "action": "操作",
        "statusCode": "狀態碼",
        "message": "拒絕原因",
        "idemKey": "冪等鍵"
      }
    },
    "shipmentStop": {
      "name": "排程單站點",
      "fields": {
        "shipmentId": "排程單",
        "seq": "順序",
        "stationId": "站點",
        "stopType": "站點型別",
        "eta": "預計到達",
        "ata": "實際到達",
        "atd": "實際離開",
        "createTime": "建立時間"
      }
    },
    "shipmentLine": {
      "name": "排程單明細",
      "fields": {
        "shipmentCode": "排程單號",
        "shipmentId": "排程單",
        "waybillCode": "運單號",
        "clientId": "貨主",
        "posNo": "行號",
        "itemCode": "物料編碼",
        "itemName": "物料名稱",
        "temperature": "溫層",
        "quantity": "數量",
        "weight": "重量",
        "volume": "體積",
        "cases": "箱數",
        "pallets": "托數",
        "other": "其他",
        "unit": "單位",
        "realQuantity": "實裝數量",
        "realWeight": "實裝重量",
        "createTime": "建立時間"
      }
    },
    "shipmentRos": {
      "name": "待排程運單",
      "fields": {
        "code": "運單號",
        "orderCode": "訂單號",
        "clientId": "貨主",
        "carrierId": "承運商",
        "transType": "運輸方式",
        "loadMode": "裝載方式",
        "sourceStationId": "發貨站點",
        "destStationId": "收貨站點",
        "etd": "預計發車",
        "eta": "預計到達",
        "totalWeight": "重量",
        "totalVolume": "體積",
        "totalQuantity": "數量",
        "totalCases": "箱數",
        "totalPallets": "托數",
        "auditBy": "稽核人",
        "auditTime": "稽核時間",
        "createTime": "建立時間"
      }
    },
    "shipmentLog": {
      "name": "業務日誌",
      "fields": {
        "operationTime": "操作時間",
        "operationType": "操作型別",
        "relatedCode": "關聯單號",
        "shipmentCode": "排程單號",
        "waybillCode": "運單號",
        "orderCode": "訂單號",
        "shipmentId": "排程單",
        "orderId": "訂單",
        "waybillId": "運單",
        "operatorName": "操作人",
        "operatorId": "操作人 ID",
        "driverId": "司機",
        "remark": "說明"
      }
    },
    "orderTracking": {
      "name": "訂單跟蹤",
      "fields": {
        "operationTime": "操作時間",
        "operationType": "操作型別",
        "relatedCode": "關聯單號",
        "shipmentCode": "排程單號",
        "waybillCode": "運單號",
        "orderCode": "訂單號",
        "shipmentId": "排程單",
        "orderId": "訂單",
        "waybillId": "運單",
        "operatorName": "操作人",
        "operatorId": "操作人 ID",
        "driverId": "司機",
        "remark": "說明"
      }
    },
    "logisticsAccount": {
      "name": "物流平臺賬號",
      "fields": {
        "platform": "平臺",
        "accountName": "賬號名稱",
        "appKey": "App Key",
        "secret": "金鑰",
        "mode": "接入方式",
        "endpointUrl": "介面地址",
        "pullInterval": "拉取間隔",
        "fieldMapping": "欄位對映",
        "lastSyncTime": "最近同步",
        "lastPositionTime": "最新位置時間",
        "lastError": "最近錯誤",
        "lastErrorTime": "錯誤時間",
        "failureCount": "連續失敗次數",
        "nextPullAt": "下次拉取",
        "remark": "備註"
      }
    },
    "epod": {
      "name": "回單",
      "fields": {
        "code": "回單號",
        "waybillCode": "運單號",
        "shipmentCode": "排程單號",
        "orderCode": "訂單號",
        "batchCode": "批次號",
        "status": "稽核狀態",
        "isAbnormal": "是否異常",
        "clientId": "貨主",
        "carrierId": "承運商",
        "stationId": "收貨站點",
        "reportSource": "回單來源",
        "reportBy": "回單人",
        "reportTime": "回單時間",
        "arrivalTime": "到達時間",
        "signTime": "簽收時間",
        "departureTime": "離開時間",
        "auditBy": "稽核人",
        "auditTime": "稽核時間",
        "handleResult": "處理結果",
        "handleRemark": "處理說明",
        "handleBy": "處理人",
        "handleTime": "處理時間",
        "remark": "備註",
        "shipmentId": "排程單",
        "waybillId": "運單",
        "orderId": "訂單",
        "stopId": "站點",
        "videoFileId": "影片"
      }
    },
    "epodCheck": {
      "name": "異常回單",
      "fields": {
        "code": "回單號",
        "waybillCode": "運單號",
        "shipmentCode": "排程單號",
        "orderCode": "訂單號",
        "batchCode": "批次號",
        "status": "稽核狀態",
        "isHandled": "是否已處理",
        "clientId": "貨主",
        "carrierId": "承運商",
        "stationId": "收貨站點",
        "reportSource": "回單來源",
        "reportBy": "回單人",
        "reportTime": "回單時間",
        "arrivalTime": "到達時間",
        "signTime": "簽收時間",
        "departureTime": "離開時間",
        "auditBy": "稽核人",
        "auditTime": "稽核時間",
        "handleResult": "處理結果",
        "handleRemark": "處理說明",
        "handleBy": "處理人",
        "handleTime": "處理時間",
        "remark": "備註",
        "shipmentId": "排程單",
        "waybillId": "運單",
        "orderId": "訂單",
        "stopId": "站點",
        "videoFileId": "影片"
      }
    },
    "epodOpinion": {
      "name": "回單意見",
      "fields": {
        "epodCode": "回單號",
        "opinionType": "意見型別",
        "content": "意見內容",
        "opinionBy": "意見人",
        "opinionTime": "意見時間",
        "epodId": "回單"
      }
    },
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
        "userKind": "使用者型別",
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
        "remark": "備註",
        "valueEnc": "加密值"
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
        "docLang": "語言",
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
        "docLang": "語言",
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
        "terminalNumber": "終端號（808）",
        "terminalProtocol": "終端協議版本",
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
        "remark": "備註",
        "shapeType": "圖形型別",
        "centerLongitude": "圓心經度",
        "centerLatitude": "圓心緯度",
        "radius": "半徑"
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
        "districtId": "所在區縣",
        "type": "型別",
        "locationId": "繫結地點",
        "description": "描述",
        "fenceDistance": "電子圍欄距離",
        "inCity": "市內",
        "source": "來源",
        "longitude": "經度",
        "latitude": "緯度",
        "fenceType": "圍欄型別",
        "fenceGeometry": "圍欄多邊形"
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
    },
    "waybill": {
      "name": "運單",
      "fields": {
        "code": "運單號",
        "orderCode": "訂單號",
        "orderId": "訂單",
        "status": "狀態",
        "clientId": "貨主",
        "orderTypeId": "訂單型別",
        "transType": "運輸方式",
        "loadMode": "裝載方式",
        "routeId": "線路",
        "carrierId": "承運商",
        "actualCarrierId": "實際承運商",
        "sourceStationId": "發貨站點",
        "destStationId": "收貨站點",
        "sourceLocationId": "起運地點",
        "destLocationId": "目的地點",
        "shipmentCode": "排程單號",
        "shipmentId": "排程單",
        "isSplit": "已拆分",
        "splitQuantity": "拆分數量",
        "parentWaybillId": "拆自運單",
        "nonSplitReason": "不可拆分原因",
        "totalWeight": "重量",
        "totalVolume": "體積",
        "totalQuantity": "數量",
        "totalCases": "箱數",
        "totalPallets": "托數",
        "totalOther": "其他",
        "declaredValue": "申報貨值",
        "realWeight": "實裝重量",
        "realVolume": "實裝體積",
        "realCases": "實裝箱數",
        "realPallets": "實裝托數",
        "realOther": "實裝其他",
        "etd": "預計發車時間",
        "eta": "預計到達時間",
        "atd": "實際發車時間",
        "ata": "實際到達時間",
        "auditBy": "稽核人",
        "auditTime": "稽核時間",
        "cancelType": "取消型別",
        "sourceContactName": "發貨聯絡人",
        "sourceContactMobile": "發貨人手機",
        "sourceContactPhone": "發貨人電話",
        "sourceContactEmail": "發貨人郵箱",
        "destContactName": "收貨聯絡人",
        "destContactMobile": "收貨人手機",
        "destContactPhone": "收貨人電話",
        "destContactEmail": "收貨人郵箱",
        "remark": "備註"
      }
    },
    "waybillLine": {
      "name": "運單明細",
      "fields": {
        "waybillId": "運單",
        "posNo": "行號",
        "itemCode": "物料編碼",
        "itemName": "物料名稱",
        "temperature": "溫層",
        "itemTypeName": "物料型別",
        "quantity": "數量",
        "weight": "重量",
        "volume": "體積",
        "cases": "箱數",
        "pallets": "托數",
        "other": "其他",
        "unit": "單位",
        "splitNum": "拆分數量",
        "realWeight": "實裝重量",
        "realVolume": "實裝體積",
        "realQuantity": "實裝數量",
        "realCases": "實裝箱數",
        "realPallets": "實裝托數",
        "realOther": "實裝其他"
      }
    }
  }
};
export default zhTW;
