/** Calls of the workflow screens (spec §7 /act/*), typed by the routes of @tms/domain (WorkflowApi). */
import type { z } from 'zod';
import { WorkflowApi, type ResourceDef } from '@tms/domain';
import { call, callData, type DataOf } from '../../platform/api.ts';
import { saveResponse } from '../../platform/http.ts';

const E = WorkflowApi.endpoints;

export type InstanceDetail = DataOf<typeof E.instanceDetail>;
export type TaskRow = InstanceDetail['tasks'][number];
export type HistoryRow = InstanceDetail['history'][number];
export type NodeConfig = DataOf<typeof E.nodeList>[number];

export const modelXml = (id: number) => callData(E.modelXml, { params: { id } });
export const saveModelXml = (id: number, version: number, xml: string) => callData(E.saveModelXml, { body: { id, version, xml } });
/** the whole answer: the screen shows its message (which names the version deployed) */
export const deployModel = (id: number) => call(E.deployModel, { body: { id } });
export const exportModel = async (id: number, key: string) => saveResponse(await call(E.exportModel, { params: { id } }), `${key}.bpmn`);
export function importModel(file: File) {
  const form = new FormData();
  form.append('file', file);
  return callData(E.importModel, { body: form });
}

export const definitionXml = (id: number) => callData(E.definitionXml, { params: { id } });
export const setSuspended = (ids: number[], suspended: boolean) => callData(suspended ? E.suspend : E.activate, { body: { ids } });
export const nodeConfig = (definitionId: number) => callData(E.nodeList, { query: { definitionId } });
export const saveNodeConfig = (definitionId: number, nodes: NodeConfig[]) => callData(E.nodeSave, { body: { definitionId, nodes } });
export const startForBusiness = (defKey: string, businessKey: string) => callData(E.startBusiness, { body: { defKey, businessKey } });

export const instanceDetail = (id: number) => callData(E.instanceDetail, { params: { id } });
export const terminate = (ids: number[], reason: string | null) => callData(E.terminate, { body: { ids, reason } });

export const taskList = (kind: 'todo' | 'done', query: z.input<typeof WorkflowApi.TaskListQuery>) => call(kind === 'todo' ? E.todo : E.done, { query });
export const taskDetail = (id: number) => callData(E.task, { params: { id } });
export const claim = (id: number) => callData(E.claim, { body: { id } });
export const decide = (id: number, approved: boolean, comment: string | null) => callData(approved ? E.approve : E.reject, { body: { id, comment } });

export const submitRequests = (def: ResourceDef, ids: number[]) => callData(WorkflowApi.requestEndpoints(def).submit, { body: { ids } });
export const cancelRequests = (def: ResourceDef, ids: number[]) => callData(WorkflowApi.requestEndpoints(def).cancel, { body: { ids } });
/** The approval progress of a request (WorkflowApi.requestEndpoints) or a contract (null before it was submitted). */
export const requestProgress = (e: typeof E.contractProgress, id: number) => callData(e, { params: { id } });
