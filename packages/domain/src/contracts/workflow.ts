/** Request and answer schemas of the hand-written workflow routes (/api/act/*). */
import { z } from 'zod';
import { IdList, intText, optText, PageParams } from '../api.ts';

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
export const TaskRow = z
  .object({ id: z.number(), instanceId: z.number(), definitionId: z.number(), taskKey: z.string(), name: z.string(), assignee: z.string().nullable(), candidateRoles: z.array(z.string()), status: z.string() })
  .loose()
  .meta({ id: 'WorkflowTask' });
export const InstanceDetail = z.object({}).loose().meta({ id: 'WorkflowInstanceDetail', description: 'the instance, its diagram, tasks, history and business record' });
export const Decide = z.object({ id: intText(1), comment: optText(500) });
