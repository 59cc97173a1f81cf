/**
 * BPMN 2.0 XML on the server: parsed and checked with bpmn-moddle (the model library of bpmn-js and
 * bpmn-engine). Saving a model needs well-formed BPMN; deploying it also needs what the engine here runs.
 */
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { badRequest } from '../../platform/errors.ts';
import { feelSyntaxError } from './engine.ts';

export interface UserTaskInfo {
  id: string;
  name: string | null;
}
export interface ProcessInfo {
  processId: string;
  processName: string | null;
  executable: boolean;
  userTasks: UserTaskInfo[];
}

/** Largest model accepted (characters of XML). */
export const MAX_XML = 1_000_000;

const invalid = (detail: string) => badRequest('messages.workflow.invalidBpmn', { xml: { key: 'messages.workflow.invalidBpmn', params: { detail } } }, { detail: detail.slice(0, 300) });

/** Element types the engine here runs; anything else (scripts, services, timers, messages…) is refused at deploy. */
const SUPPORTED = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:IntermediateThrowEvent',
  'bpmn:UserTask',
  'bpmn:ManualTask',
  'bpmn:Task',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:SequenceFlow',
  'bpmn:SubProcess',
  'bpmn:DataObject',
  'bpmn:DataObjectReference',
  'bpmn:DataStoreReference',
]);

function* walk(elements: ModdleElement[] | undefined): Generator<ModdleElement> {
  for (const e of elements ?? []) {
    yield e;
    if (e.$type === 'bpmn:SubProcess') yield* walk(e.flowElements);
  }
}

/** Parses the XML; refuses malformed or non-BPMN content and anything bpmn-moddle warns about. */
export async function parseBpmn(xml: unknown): Promise<ProcessInfo & { processes: ModdleElement[] }> {
  if (typeof xml !== 'string' || !xml.trim()) throw badRequest('messages.validationFailed', { xml: { key: 'validation.required' } });
  if (xml.length > MAX_XML) throw invalid(`larger than ${MAX_XML} characters`);
  let parsed;
  try {
    parsed = await new BpmnModdle().fromXML(xml);
  } catch (e) {
    throw invalid((e as Error).message.split('\n')[0]!);
  }
  if (parsed.warnings.length) throw invalid(parsed.warnings[0]!.message.split('\n')[0]!);
  const processes = (parsed.rootElement.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) throw invalid(`a model holds exactly one process (found ${processes.length})`);
  const p = processes[0]!;
  const userTasks = [...walk(p.flowElements)]
    .filter((e) => e.$type === 'bpmn:UserTask' || e.$type === 'bpmn:ManualTask')
    .map((e) => ({ id: String(e.id), name: e.name ?? null }));
  return { processId: String(p.id), processName: p.name ?? null, executable: p.isExecutable === true, userTasks, processes };
}

/** What a deployment needs beyond a well-formed model: an executable process of supported elements. */
export async function checkDeployable(xml: unknown): Promise<ProcessInfo> {
  const info = await parseBpmn(xml);
  const p = info.processes[0]!;
  if (!info.executable) throw invalid(`process ${info.processId} is not executable (isExecutable="true")`);
  const top = p.flowElements ?? [];
  if (!top.some((e) => e.$type === 'bpmn:StartEvent')) throw invalid('the process has no start event');
  if (!top.some((e) => e.$type === 'bpmn:EndEvent')) throw invalid('the process has no end event');
  for (const e of walk(top)) {
    const label = `${e.$type.replace('bpmn:', '')} ${e.id}`;
    if (!SUPPORTED.has(e.$type)) throw invalid(`${label} is not supported here`);
    const defs = e.eventDefinitions ?? [];
    if (defs.some((d) => !(e.$type === 'bpmn:EndEvent' && d.$type === 'bpmn:TerminateEventDefinition'))) throw invalid(`${label}: event definitions are not supported here`);
    if (e.loopCharacteristics) throw invalid(`${label}: loops and multi-instance are not supported here`);
    const cond = e.conditionExpression;
    if (cond) {
      if (cond.language && cond.language.toLowerCase() !== 'feel') throw invalid(`${label}: only FEEL conditions are supported, not ${cond.language}`);
      const err = feelSyntaxError(String(cond.body ?? ''));
      if (err) throw invalid(`${label}: condition ${String(cond.body ?? '')}: ${err}`);
    }
  }
  return { processId: info.processId, processName: info.processName, executable: info.executable, userTasks: info.userTasks };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The diagram of a new model: one start event, ready to be drawn on. */
export function blankDiagram(key: string, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="Definitions_${esc(key)}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${esc(key)}" name="${esc(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${esc(key)}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
