/** Request and answer schemas of the hand-written workflow routes (/api/act/*), and the routes themselves. */
import { z } from 'zod';
import { endpoint, IdBody, IdList, IdParams, intText, okOf, optText, pageOf, PageParams, resourceRow, Changed } from '../api.ts';
import type { ResourceDef } from '../resource.ts';
import { actDefinition, actInstance, actModel } from '../resources/workflow.ts';

export const ModelXml = z.object({ id: z.number().int(), version: z.number().int(), xml: z.string() }).meta({ id: 'ModelXml' });
export const SaveModelXml = z.object({ id: intText(1), version: intText(0, 2147483647), xml: z.string({ error: 'validation.required' }).describe('BPMN 2.0 XML (one process)') });
export const ModelImportQuery = z.object({ id: intText(1).optional().describe('replace the XML of this model instead of creating one') });
export const DefinitionXml = z.object({ id: z.number().int(), xml: z.string() });
export const IdsInput = z.object({ ids: IdList });

export const NodeListQuery = z.object({ definitionId: intText(1).describe('the process definition whose user tasks are listed') });
export const NodeAssignee = z
  .object({ taskKey: z.string(), taskName: z.string().nullable().optional(), assigneeType: z.enum(['USER', 'ROLE', 'APPLICANT']).nullable(), assignee: z.string().nullable() })
  .meta({ id: 'NodeAssignee' });
export const SaveNodes = z.object({
  definitionId: intText(1),
  nodes: z
    .array(
      z
        .object({
          taskKey: z.unknown().describe('a user task id of the definition'),
          assigneeType: z.unknown().describe("USER, ROLE, APPLICANT, or empty for the default (administrators)"),
          assignee: z.unknown().describe('user name (USER) or role key (ROLE)'),
        })
        .loose()
        .nullable(),
      { error: 'validation.invalid' },
    )
    .max(500, { error: 'validation.invalid' }),
});

export const StartBusiness = z.object({
  defKey: optText(64).describe('process key (newest version)'),
  businessKey: optText(64),
  businessId: intText(1).nullish(),
  variables: z
    .record(z.string(), z.unknown(), { error: 'validation.invalid' })
    .optional()
    .refine((v) => JSON.stringify(v ?? {}).length <= 10_000, { error: 'validation.invalid' }),
});
export const BusinessListQuery = PageParams.pick({ pageNum: true, pageSize: true }).extend({ businessType: optText(64), businessKey: optText(64), defKey: optText(64) });
export const BusinessRow = z
  .object({
    id: z.number(), businessType: z.string(), businessId: z.number().nullable(), businessKey: z.string(), instanceId: z.number(), defKey: z.string(),
    status: z.string(), result: z.string().nullable(), applicant: z.string(), createBy: z.string(), createTime: z.string(),
  })
  .meta({ id: 'WorkflowBusinessRow' });

export const Terminate = z.object({ ids: IdList, reason: optText(500) });
export const TaskListQuery = PageParams.pick({ pageNum: true, pageSize: true }).extend({ defName: optText(100), businessKey: optText(100), name: optText(100) });
/** A task joined with its instance (server workflow/queries.ts taskApi). */
export const TaskRow = z
  .object({
    id: z.number(), instanceId: z.number(), definitionId: z.number(), taskKey: z.string(), name: z.string(), assignee: z.string().nullable(), candidateRoles: z.array(z.string()), status: z.string(),
    action: z.string().nullable().describe('APPROVE or REJECT once done'), comment: z.string().nullable(), completedBy: z.string().nullable(), createTime: z.string(), claimTime: z.string().nullable(), endTime: z.string().nullable(),
    version: z.number(), defName: z.string(), defKey: z.string(), defVersion: z.number(), businessType: z.string().nullable(), businessKey: z.string().nullable(), applicant: z.string(), instanceStatus: z.string(),
  })
  .meta({ id: 'WorkflowTask' });
/** A step of an instance's history (server workflow/queries.ts historyApi). */
export const HistoryRow = z
  .object({
    id: z.number(), taskId: z.number().nullable(), nodeId: z.string().nullable(), nodeName: z.string().nullable(), nodeType: z.string().nullable(), operator: z.string().nullable(),
    action: z.string(), comment: z.string().nullable(), startTime: z.string().nullable(), endTime: z.string(),
  })
  .meta({ id: 'WorkflowHistory' });
export const InstanceDetail = z
  .object({
    instance: resourceRow(actInstance),
    xml: z.string().nullable().describe("the definition's BPMN XML"),
    trail: z.array(z.string()).describe('element ids passed (activities ended, sequence flows taken)'),
    current: z.array(z.string()).describe('the task keys open now'),
    tasks: z.array(TaskRow),
    history: z.array(HistoryRow),
    variables: z.record(z.string(), z.unknown()),
    business: z
      .object({ type: z.string(), id: z.number().nullable(), key: z.string(), record: z.object({ id: z.number() }).loose().nullable().describe('the leave or purchase request (null for other types)') })
      .nullable()
      .describe('the bound business record'),
  })
  .meta({ id: 'WorkflowInstanceDetail', description: 'the instance, its diagram, tasks, history and business record' });
export const Decide = z.object({ id: intText(1), comment: optText(500) });

export const ModelRow = resourceRow(actModel);
export const DefinitionRow = resourceRow(actDefinition);
/** an action whose answer is its message only */
const Done = okOf(z.null());
const Progress = okOf(InstanceDetail.nullable());
const models = ['actModel'];
const definitions = ['actDefinition'];
const nodes = ['actNode'];
const business = ['actBusiness'];
const instances = ['actInstance'];
const tasks = ['actTask'];
const taskList = { tags: tasks, permission: 'act:task:query', querystring: TaskListQuery, response: pageOf(TaskRow) };
const decide = (action: 'approve' | 'reject') =>
  endpoint({ method: 'POST', path: `/act/task/${action}`, operationId: `actTask.${action}`, summary: `${action === 'approve' ? 'Approve' : 'Reject'} a task, with a comment`, tags: tasks, permission: 'act:task:complete', body: Decide, response: okOf(z.object({ instanceId: z.number() })) });
const activation = (action: 'suspend' | 'activate') =>
  endpoint({ method: 'POST', path: `/act/process/${action}`, operationId: `actDefinition.${action}`, summary: `${action === 'suspend' ? 'Suspend' : 'Activate'} process definitions (all or nothing)`, tags: definitions, permission: `act:process:${action}`, body: IdsInput, response: okOf(Changed) });

/** The workflow routes: one declaration for the server's route and the web's call. */
export const endpoints = {
  modelXml: endpoint({ method: 'GET', path: '/act/models/xml/:id', operationId: 'actModel.getXml', summary: 'The BPMN XML of a model (a blank diagram for a new one)', tags: models, permission: 'act:models:query', params: IdParams, response: okOf(ModelXml) }),
  saveModelXml: endpoint({ method: 'POST', path: '/act/models/xml', operationId: 'actModel.saveXml', summary: "Save a model's BPMN XML (with the version read)", tags: models, permission: 'act:models:edit', body: SaveModelXml, response: okOf(ModelRow) }),
  importModel: endpoint({ method: 'POST', path: '/act/models/import', operationId: 'actModel.import', summary: 'Import a .bpmn file: a new model (key and name from its process), or the new XML of ?id=', tags: models, permission: 'act:models:import', querystring: ModelImportQuery, body: 'upload', response: okOf(ModelRow) }),
  exportModel: endpoint({ method: 'GET', path: '/act/models/export/:id', operationId: 'actModel.exportXml', summary: 'Download a model as a .bpmn file', tags: models, permission: 'act:models:export', params: IdParams, response: { binary: ['application/xml'] } }),
  deployModel: endpoint({ method: 'POST', path: '/act/models/deploy', operationId: 'actModel.deploy', summary: 'Deploy a model as the next version of its process definition', tags: models, permission: 'act:models:deploy', body: IdBody, response: okOf(DefinitionRow) }),
  definitionXml: endpoint({ method: 'GET', path: '/act/prof/:id', operationId: 'actDefinition.getXml', summary: 'The diagram (BPMN XML) of a process definition', tags: definitions, permission: 'act:process:query', params: IdParams, response: okOf(DefinitionXml) }),
  suspend: activation('suspend'),
  activate: activation('activate'),
  nodeList: endpoint({ method: 'GET', path: '/act/node/list', operationId: 'actNode.list', summary: 'The user tasks of a definition with their configured assignees', tags: nodes, permission: 'act:process:query', querystring: NodeListQuery, response: okOf(z.array(NodeAssignee)) }),
  nodeSave: endpoint({ method: 'POST', path: '/act/node/save', operationId: 'actNode.save', summary: 'Set the assignee of each user task of a definition (the whole list)', tags: nodes, permission: 'act:process:node', body: SaveNodes, response: Done }),
  startBusiness: endpoint({ method: 'POST', path: '/act/business/start', operationId: 'actBusiness.start', summary: 'Start the newest version of a process for a business key', tags: business, permission: 'act:process:start', body: StartBusiness, response: okOf(z.object({ instanceId: z.number() })) }),
  businessList: endpoint({ method: 'GET', path: '/act/business/list', operationId: 'actBusiness.list', summary: 'Business bindings of process instances (paged)', tags: business, permission: 'act:instance:query', querystring: BusinessListQuery, response: pageOf(BusinessRow) }),
  instanceDetail: endpoint({ method: 'GET', path: '/act/process/ins/detail/:id', operationId: 'actInstance.detail', summary: 'A process instance: diagram, trail, tasks, history, variables and business record', tags: instances, permission: 'act:instance:query', params: IdParams, response: okOf(InstanceDetail) }),
  terminate: endpoint({ method: 'POST', path: '/act/process/ins/terminate', operationId: 'actInstance.terminate', summary: 'Terminate process instances (all or nothing)', tags: instances, permission: 'act:instance:terminate', body: Terminate, response: okOf(z.object({ terminated: z.number() })) }),
  todo: endpoint({ method: 'GET', path: '/act/task/todo', operationId: 'actTask.todo', summary: "The caller's open tasks (assigned, or claimable by role)", ...taskList }),
  done: endpoint({ method: 'GET', path: '/act/task/done', operationId: 'actTask.done', summary: 'Tasks the caller completed', ...taskList }),
  task: endpoint({ method: 'GET', path: '/act/task/get/:id', operationId: 'actTask.get', summary: 'A task with its instance detail', tags: tasks, permission: 'act:task:query', params: IdParams, response: okOf(z.object({ task: TaskRow, detail: InstanceDetail })) }),
  claim: endpoint({ method: 'POST', path: '/act/task/claim', operationId: 'actTask.claim', summary: 'Claim a task offered to a role of the caller', tags: tasks, permission: 'act:task:claim', body: IdBody, response: Done }),
  approve: decide('approve'),
  reject: decide('reject'),
  /** a freight contract's approval (the finance module answers it; declared here with the other progress routes) */
  contractProgress: endpoint({ method: 'GET', path: '/finance/contract/progress/:id', operationId: 'finance.contract.progress', summary: "A contract's approval: diagram, current node, history (null before it was submitted)", tags: ['finance'], permission: 'finance:contract:query', params: IdParams, response: Progress }),
};

/** The approval routes of a business record that goes through a process (leave and purchase requests). */
export function requestEndpoints(def: ResourceDef) {
  const tags = [def.name];
  return {
    submit: endpoint({ method: 'POST', path: `${def.path}/submit`, operationId: `${def.name}.submit`, summary: 'Submit requests for approval (one process instance each)', tags, permission: `${def.permission}:submit`, body: IdsInput, response: okOf(z.object({ instanceIds: z.array(z.number()) })) }),
    cancel: endpoint({ method: 'POST', path: `${def.path}/cancel`, operationId: `${def.name}.cancel`, summary: 'Cancel running requests (the applicant or an administrator)', tags, permission: `${def.permission}:cancel`, body: IdsInput, response: okOf(z.object({ canceled: z.number() })) }),
    progress: endpoint({ method: 'GET', path: `${def.path}/progress/:id`, operationId: `${def.name}.progress`, summary: 'The approval progress of a request: diagram, current node, history (null before submission)', tags, permission: `${def.permission}:query`, params: IdParams, response: Progress }),
  };
}
