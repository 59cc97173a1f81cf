/** Calls of the workflow screens (spec §7 /act/*) and the shapes they answer. */
import type { ResourceDef } from '@tms/domain';
import { download, get, list, post, request } from '../../platform/http.ts';
import type { Row } from '../../platform/resource/columns.ts';

export interface TaskRow {
  id: number;
  instanceId: number;
  definitionId: number;
  taskKey: string;
  name: string;
  assignee: string | null;
  candidateRoles: string[];
  status: string;
  action: string | null;
  comment: string | null;
  completedBy: string | null;
  createTime: string;
  claimTime: string | null;
  endTime: string | null;
  defName: string;
  defKey: string;
  defVersion: number;
  businessType: string | null;
  businessKey: string | null;
  applicant: string;
  instanceStatus: string;
}

export interface HistoryRow {
  id: number;
  nodeId: string | null;
  nodeName: string | null;
  nodeType: string | null;
  operator: string | null;
  action: string;
  comment: string | null;
  startTime: string | null;
  endTime: string;
}

export interface InstanceDetail {
  instance: Row;
  xml: string | null;
  trail: string[];
  current: string[];
  tasks: TaskRow[];
  history: HistoryRow[];
  business: { type: string; id: number | null; key: string; record: Row | null } | null;
}

export interface NodeConfig {
  taskKey: string;
  taskName: string | null;
  assigneeType: 'USER' | 'ROLE' | 'APPLICANT' | null;
  assignee: string | null;
}

export const modelXml = (id: number) => get<{ id: number; version: number; xml: string }>(`/act/models/xml/${id}`);
export const saveModelXml = (id: number, version: number, xml: string) => post<Row>('/act/models/xml', { id, version, xml });
export const deployModel = (id: number) => request<{ msg: string; data: Row }>('POST', '/act/models/deploy', { data: { id } });
export const exportModel = (id: number, key: string) => download(`/act/models/export/${id}`, {}, `${key}.bpmn`);
export function importModel(file: File): Promise<Row> {
  const form = new FormData();
  form.append('file', file);
  return post<Row>('/act/models/import', form);
}

export const definitionXml = (id: number) => get<{ id: number; xml: string }>(`/act/prof/${id}`);
export const setSuspended = (ids: number[], suspended: boolean) => post(`/act/process/${suspended ? 'suspend' : 'activate'}`, { ids });
export const nodeConfig = (definitionId: number) => get<NodeConfig[]>('/act/node/list', { definitionId });
export const saveNodeConfig = (definitionId: number, nodes: NodeConfig[]) => post('/act/node/save', { definitionId, nodes });
export const startForBusiness = (defKey: string, businessKey: string) => post<{ instanceId: number }>('/act/business/start', { defKey, businessKey });

export const instanceDetail = (id: number) => get<InstanceDetail>(`/act/process/ins/detail/${id}`);
export const terminate = (ids: number[], reason: string | null) => post('/act/process/ins/terminate', { ids, reason });

export const taskList = (kind: 'todo' | 'done', params: Record<string, unknown>) => list<TaskRow>(`/act/task/${kind}`, params);
export const taskDetail = (id: number) => get<{ task: TaskRow; detail: InstanceDetail }>(`/act/task/get/${id}`);
export const claim = (id: number) => post('/act/task/claim', { id });
export const decide = (id: number, approved: boolean, comment: string | null) => post(`/act/task/${approved ? 'approve' : 'reject'}`, { id, comment });

export const submitRequests = (def: ResourceDef, ids: number[]) => post(`${def.path}/submit`, { ids });
export const cancelRequests = (def: ResourceDef, ids: number[]) => post(`${def.path}/cancel`, { ids });
export const requestProgress = (def: ResourceDef, id: number) => get<InstanceDetail | null>(`${def.path}/progress/${id}`);
