/**
 * Runs process instances with bpmn-engine. No engine lives between requests: every step starts the
 * engine from the XML (start) or from the state saved in PostgreSQL (recover + resume), does one thing
 * (run to the first wait, or signal one user task), lets it settle and hands back the new state. The
 * caller saves that state in the same transaction as the task rows, so an instance survives a restart
 * and any server of a cluster can continue it.
 *
 * Expressions (`${...}` in sequence-flow conditions) are FEEL, evaluated by feelin against the process
 * variables: `${approved}`, `${days > 3}`, `${amount >= 10000 and approved}`. Scripts never run: a
 * model comes from users, and the Node vm is no sandbox.
 */
import { EventEmitter } from 'node:events';
import { Engine, type BpmnEngineOptions } from 'bpmn-engine';
import { evaluate } from 'feelin';
import { conflict } from '../../platform/errors.ts';

/** A user task (or manual task) the instance waits at. */
export interface WaitingTask {
  executionId: string;
  taskKey: string;
  name: string | null;
}

/** An element passed during a step: an activity that ended or a sequence flow taken. */
export interface TrailItem {
  id: string;
  type: string;
  name: string | null;
  flow: boolean;
}

export interface StepResult {
  state: unknown;
  ended: boolean;
  waiting: WaitingTask[];
  trail: TrailItem[];
  variables: Record<string, unknown>;
}

const WHOLE = /^\$\{([\s\S]+)\}$/;
const ANY = /\$\{([\s\S]+?)\}/g;

/** bpmn-engine's own keys among the process variables (copied from the run message). */
const ENGINE_KEYS = new Set(['fields', 'content', 'properties']);

export function userVariables(vars: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(vars ?? {}).filter(([k]) => !ENGINE_KEYS.has(k)));
}

function feel(expression: string, from: { environment?: { variables?: Record<string, unknown> } }): unknown {
  const variables = userVariables(from.environment?.variables);
  return evaluate(expression, { ...variables, environment: { variables } }).value;
}

/** The expressions handler given to bpmn-engine (resolveExpression / isExpression / hasExpression). */
export const feelExpressions = {
  resolveExpression(template: string, from: { environment?: { variables?: Record<string, unknown> } }) {
    if (typeof template !== 'string') return template;
    const whole = WHOLE.exec(template.trim());
    if (whole && !whole[1]!.includes('}')) return feel(whole[1]!, from);
    return template.replace(ANY, (_m, expr: string) => String(feel(expr, from) ?? ''));
  },
  isExpression: (text: unknown) => typeof text === 'string' && WHOLE.test(text.trim()),
  hasExpression: (text: unknown) => typeof text === 'string' && /\$\{[\s\S]+?\}/.test(text),
};

/** Checks a condition's FEEL syntax; the message of the syntax error, or null. */
export function feelSyntaxError(body: string): string | null {
  const whole = WHOLE.exec(body.trim());
  if (!whole) return 'expected ${...}';
  try {
    evaluate(whole[1]!, {});
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Script handler that knows no script: script tasks and script conditions fail instead of running. */
// IScripts types getScript as always answering a Script; answering none is how an engine refuses one
const noScripts = {
  register: () => undefined,
  getScript: () => undefined,
} as unknown as BpmnEngineOptions['scripts'];

const quietLogger = () => ({ debug: () => undefined, error: () => undefined, warn: () => undefined });

type Api = {
  id: string;
  type: string;
  name?: string;
  executionId: string;
  environment: { variables: Record<string, unknown> };
  signal: (m?: unknown) => void;
  getPostponed: () => Api[];
};

/** A waiting activity with the top-level activity it runs in (itself, or the sub-process holding it). */
interface Waiting {
  api: Api;
  top: Api;
}

/** The waiting activities, those inside sub-processes included (the engine lists a sub-process, not its inside). */
function postponedOf(apis: Api[], top?: Api, depth = 0): Waiting[] {
  const out: Waiting[] = [];
  for (const a of apis) {
    if (a.type === 'bpmn:SubProcess' && depth < 20) out.push(...postponedOf(a.getPostponed().filter((x) => x.executionId !== a.executionId), top ?? a, depth + 1));
    else out.push({ api: a, top: top ?? a });
  }
  return out;
}

function newEngine(name: string, source?: string): Engine {
  return new Engine({ name, source, expressions: feelExpressions, scripts: noScripts, Logger: quietLogger });
}

function recorder(trail: TrailItem[]): EventEmitter {
  const l = new EventEmitter();
  l.on('activity.end', (api: Api) => trail.push({ id: api.id, type: api.type, name: api.name ?? null, flow: false }));
  l.on('flow.take', (api: Api) => trail.push({ id: api.id, type: api.type, name: api.name ?? null, flow: true }));
  return l;
}

/** Stops a running engine (the state is saved already); an engine that completed has nothing to stop and never answers stop(). */
async function halt(engine: Engine): Promise<void> {
  if (engine.state === 'running') await engine.stop().catch(() => undefined);
}

const tick = () => new Promise<void>((r) => setImmediate(r));

/** Lets the engine run until nothing executes any more (every supported element is synchronous). */
async function settle(engine: Engine, failure: { error: Error | null }): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (failure.error) break;
    if (engine.state !== 'running') break;
    const status = engine.execution?.activityStatus;
    if (status === 'wait' || status === 'idle' || status === 'timer') break;
    await tick();
  }
  if (failure.error) throw conflict('messages.workflow.engineError', { message: failure.error.message.slice(0, 200) });
}

async function result(engine: Engine, trail: TrailItem[]): Promise<StepResult> {
  const execution = engine.execution;
  const postponed = postponedOf((execution?.getPostponed() ?? []) as unknown as Api[]);
  const waiting = postponed
    .map((w) => w.api)
    .filter((a) => a.type === 'bpmn:UserTask' || a.type === 'bpmn:ManualTask')
    .map((a) => ({ executionId: a.executionId, taskKey: a.id, name: a.name ?? null }));
  const vars = postponed[0]?.top.environment.variables;
  const state = await engine.getState();
  const ended = engine.state === 'idle' && !postponed.length;
  await halt(engine);
  return { state, ended, waiting, trail, variables: userVariables(vars) };
}

function watch(engine: Engine): { error: Error | null } {
  const failure = { error: null as Error | null };
  engine.on('error', (e: Error) => {
    failure.error = e;
  });
  return failure;
}

/** Starts an instance of a definition's XML and runs it to its first wait (or end). */
export async function startInstance(name: string, xml: string, variables: Record<string, unknown>): Promise<StepResult> {
  const engine = newEngine(name, xml);
  const failure = watch(engine);
  const trail: TrailItem[] = [];
  try {
    await engine.execute({ listener: recorder(trail), variables });
  } catch (e) {
    throw conflict('messages.workflow.engineError', { message: (e as Error).message.slice(0, 200) });
  }
  await settle(engine, failure);
  return result(engine, trail);
}

/**
 * Recovers an instance from its saved state and completes one waiting user task: the variables are set
 * on the process first, so the gateways after the task see them.
 */
export async function completeTask(name: string, state: unknown, executionId: string, variables: Record<string, unknown>): Promise<StepResult> {
  const engine = newEngine(name).recover(state);
  const failure = watch(engine);
  const trail: TrailItem[] = [];
  let execution;
  try {
    execution = await engine.resume({ listener: recorder(trail) });
  } catch (e) {
    throw conflict('messages.workflow.engineError', { message: (e as Error).message.slice(0, 200) });
  }
  await settle(engine, failure);
  const task = postponedOf(execution.getPostponed() as unknown as Api[]).find((w) => w.api.executionId === executionId);
  if (!task) {
    await halt(engine);
    throw conflict('messages.workflow.taskNotWaiting');
  }
  // the process's variables (and the sub-process's, when the task is inside one)
  for (const env of new Set([task.top.environment, task.api.environment])) Object.assign(env.variables, variables);
  task.api.signal(variables);
  await settle(engine, failure);
  return result(engine, trail);
}
