/** Server messages (messages.workflow.*) and resource labels of the workflow area, merged into the locale files. */

const zh = {
  messages: {
    engineError: '流程引擎执行出错：{{message}}',
    taskNotWaiting: '流程已不在等待该任务',
    invalidBpmn: 'BPMN 模型无效：{{detail}}',
    noDefinition: '流程“{{key}}”尚未部署',
    definitionSuspended: '流程定义“{{name}}”已挂起，不能发起新的流程',
    taskNotOpen: '该任务已办理或流程已结束',
    taskClaimed: '该任务已被 {{user}} 签收',
    rejectNeedsComment: '驳回时请填写审批意见',
    instanceNotRunning: '只能终止运行中的流程',
    notSubmittable: '只有草稿、已驳回或已撤销的申请可以提交',
    notEditable: '审批中或已通过的申请不能修改',
    removeRunning: '审批中的申请不能删除，请先撤销',
    notCancelable: '只能撤销审批中的申请',
    keyStart: '模型标识必须以字母或下划线开头',
    importKey: '流程标识“{{key}}”不能作为模型标识（只能包含字母、数字、中划线和下划线）',
    importDuplicate: '模型标识“{{key}}”已存在',
    noSuchAssignee: '用户或角色“{{name}}”不存在',
    alreadySuspended: '所选流程定义已是挂起状态',
    alreadyActive: '所选流程定义已是激活状态',
    modelSaved: '模型已保存',
    imported: '模型已导入',
    deployed: '部署成功，版本 v{{version}}',
    suspended: '已挂起',
    activated: '已激活',
    nodesSaved: '节点配置已保存',
    started: '流程已发起',
    terminated: '流程已终止',
    claimed: '签收成功',
    approved: '已同意',
    rejected: '已驳回',
    submitted: '申请已提交',
    canceled: '申请已撤销',
  },
  resources: {
    actModel: {
      name: '流程模型',
      fields: { modelKey: '模型标识', name: '模型名称', description: '描述', deployedVersion: '已部署版本', deployTime: '部署时间' },
    },
    actDefinition: {
      name: '流程定义',
      fields: { defKey: '流程标识', name: '流程名称', defVersion: '版本', suspended: '已挂起', modelId: '来源模型', description: '描述', createTime: '部署时间', createBy: '部署人' },
    },
    actInstance: {
      name: '流程实例',
      fields: {
        defName: '流程名称', defKey: '流程标识', defVersion: '版本', businessType: '业务类型', businessKey: '业务编号', applicant: '发起人', currentNodes: '当前节点',
        status: '状态', result: '审批结果', endTime: '结束时间', definitionId: '流程定义', createTime: '发起时间',
      },
    },
    leave: {
      name: '请假申请',
      fields: {
        leaveType: '请假类型', startDate: '开始日期', endDate: '结束日期', days: '请假天数', reason: '请假事由', status: '审批状态', applyUser: '申请人',
        submitTime: '提交时间', finishTime: '完成时间', instanceId: '流程实例', deptId: '部门',
      },
    },
    purchase: {
      name: '采购申请',
      fields: {
        item: '采购物品', quantity: '数量', amount: '金额', reason: '采购事由', status: '审批状态', applyUser: '申请人',
        submitTime: '提交时间', finishTime: '完成时间', instanceId: '流程实例', deptId: '部门',
      },
    },
  },
};

const en: typeof zh = {
  messages: {
    engineError: 'The process engine failed: {{message}}',
    taskNotWaiting: 'The process no longer waits for this task',
    invalidBpmn: 'Invalid BPMN model: {{detail}}',
    noDefinition: 'Process "{{key}}" is not deployed',
    definitionSuspended: 'Process definition "{{name}}" is suspended: no new process can start',
    taskNotOpen: 'This task has been handled or its process has ended',
    taskClaimed: 'This task was claimed by {{user}}',
    rejectNeedsComment: 'Please give a comment when rejecting',
    instanceNotRunning: 'Only a running process can be terminated',
    notSubmittable: 'Only draft, rejected or withdrawn requests can be submitted',
    notEditable: 'A request in approval or approved cannot be changed',
    removeRunning: 'A request in approval cannot be deleted: withdraw it first',
    notCancelable: 'Only a request in approval can be withdrawn',
    keyStart: 'The model key must start with a letter or an underscore',
    importKey: 'Process id "{{key}}" cannot be a model key (letters, digits, hyphen and underscore only)',
    importDuplicate: 'Model key "{{key}}" already exists',
    noSuchAssignee: 'No user or role "{{name}}"',
    alreadySuspended: 'The selected definition is already suspended',
    alreadyActive: 'The selected definition is already active',
    modelSaved: 'Model saved',
    imported: 'Model imported',
    deployed: 'Deployed as version v{{version}}',
    suspended: 'Suspended',
    activated: 'Activated',
    nodesSaved: 'Node configuration saved',
    started: 'Process started',
    terminated: 'Process terminated',
    claimed: 'Task claimed',
    approved: 'Approved',
    rejected: 'Rejected',
    submitted: 'Request submitted',
    canceled: 'Request withdrawn',
  },
  resources: {
    actModel: {
      name: 'Process models',
      fields: { modelKey: 'Model key', name: 'Model name', description: 'Description', deployedVersion: 'Deployed version', deployTime: 'Deployed at' },
    },
    actDefinition: {
      name: 'Process definitions',
      fields: { defKey: 'Process key', name: 'Process name', defVersion: 'Version', suspended: 'Suspended', modelId: 'Model', description: 'Description', createTime: 'Deployed at', createBy: 'Deployed by' },
    },
    actInstance: {
      name: 'Process instances',
      fields: {
        defName: 'Process name', defKey: 'Process key', defVersion: 'Version', businessType: 'Business type', businessKey: 'Business key', applicant: 'Applicant', currentNodes: 'Current node',
        status: 'Status', result: 'Result', endTime: 'Ended at', definitionId: 'Definition', createTime: 'Started at',
      },
    },
    leave: {
      name: 'Leave requests',
      fields: {
        leaveType: 'Leave type', startDate: 'Start date', endDate: 'End date', days: 'Days', reason: 'Reason', status: 'Approval status', applyUser: 'Applicant',
        submitTime: 'Submitted at', finishTime: 'Finished at', instanceId: 'Process instance', deptId: 'Department',
      },
    },
    purchase: {
      name: 'Purchase requests',
      fields: {
        item: 'Item', quantity: 'Quantity', amount: 'Amount', reason: 'Reason', status: 'Approval status', applyUser: 'Applicant',
        submitTime: 'Submitted at', finishTime: 'Finished at', instanceId: 'Process instance', deptId: 'Department',
      },
    },
  },
};

export const workflowLocale = { zh, en };
