/**
 * The distribution key of the operational tables (issue 20, docs/scale-out.md "Past one machine"): on a distributed
 * PostgreSQL (Citus) the tables below are sharded by `dispatch_center_id`, so every statement on them must say which
 * center(s) it touches (a router query on one shard, or a listed set of shards), and joins between them must be on
 * that key (co-located), unless the statement is a cross-center one listed, with its reason, in CROSS_CENTER.
 *
 * `recordingDb` wraps the server's database and keeps every statement it runs; `checkStatement` parses one with the
 * real PostgreSQL parser (libpg-query) and names the distributed tables it reads or writes without the key.
 *
 * The rule, per query level (a SELECT, a sub-select, a CTE, the target of an UPDATE / DELETE / INSERT):
 * - the equalities of the level's WHERE and JOIN … ON (top-level AND terms; an OR decides nothing) join columns into
 *   classes; a parameter, a constant, a column of an outer level or of a derived table (sub-select, CTE, function)
 *   and a sub-query are "a value given" (an outer level / a sub-query is checked on its own);
 *   `col in (…)` / `col = any(…)` with given values gives `col` too;
 * - a distributed table is keyed when its `dispatch_center_id` is in a class with a given value: directly
 *   (`o.dispatch_center_id = $1`) or through another keyed table (`l.dispatch_center_id = o.dispatch_center_id`,
 *   a co-located join);
 * - an INSERT keys its target when it lists `dispatch_center_id` (or lists no column); its SELECT is a level.
 */
import type { Db, Queryable } from '../src/platform/db.ts';

/**
 * Sharded by `dispatch_center_id` (all co-located): the orders and everything hanging from them, dispatch, proof of
 * delivery, tracking, positions, alerts and the money per center. Views over them count as they do.
 */
export const DISTRIBUTED = new Set([
  'tms_order',
  'tms_order_rollup',
  'tms_order_rollup_month',
  'tms_order_line',
  'tms_order_tracking',
  'tms_waybill',
  'tms_waybill_line',
  'tms_shipment',
  'tms_shipment_stop',
  'tms_shipment_leg',
  'tms_shipment_print_log',
  'tms_epod',
  'tms_epod_line',
  'tms_epod_picture',
  'tms_epod_opinion',
  'tms_position',
  'tms_vehicle_check',
  'tms_vehicle_check_item',
  'tms_tracking_link',
  'tms_driver_refusal',
  'shipment_alert',
  'fin_waybill_rating',
  'fin_dispatch_rating',
  'fin_rating_history',
  'fin_charge',
  'fin_charge_unstated',
  'fin_adjustment',
  'fin_statement',
  'fin_invoice',
  'fin_payment',
  'fin_paper_receipt',
  'fin_settle_job',
  'fin_rerate_job',
  // views over the distributed tables (their own dispatch_center_id is the key)
  'tms_shipment_line_v',
  'tms_order_tracking_v',
  'tms_shipment_log_v',
  'tms_shipment_ros_v',
  'tms_epod_check',
]);
/** a distributed table, or a partition of one (tms_position is partitioned by month) */
export const isDistributed = (table: string): boolean => DISTRIBUTED.has(table) || /^tms_position_(\d{6}|default)$/.test(table);

/**
 * Tables with a `dispatch_center_id` column that are NOT sharded by it, and why (docs/scale-out.md says where they live).
 */
export const NOT_DISTRIBUTED: Record<string, string> = {
  sys_session: 'local on the coordinator: looked up by token hash on every request, the center is the session\'s current choice',
  sys_sso_code: 'local on the coordinator: one-time sign-in codes, looked up by code',
  sys_user_dispatch_center: 'reference table: which centers a user may work in, read at sign-in and with the rights',
  sys_realtime_event: 'local on the coordinator: one ordered log for Last-Event-ID replay across all centers (one sequence)',
  sys_number_rule: 'reference table: number rules (a center\'s own or everyone\'s), changed rarely',
  fin_contract: 'reference table, with its rate lines and terms: read by the rating of every center, changed rarely',
};

export interface CrossCenter {
  /** where the server runs it (recordingDb): `modules/x/file.ts functionName` */
  at: string;
  /** the distributed tables the statements there may read or write without the key */
  tables: string[];
  /** why it crosses centers, and how it runs on Citus */
  why: string;
  /**
   * the API test file whose statements use the entry (checkDistributionKey in helpers.ts checks it is still needed);
   * none: distribution-key.test.ts's own workload does
   */
  exercisedBy?: string;
}

const DRIVER_WHY =
  'a driver is master data, not a center\'s: the driver app finds the trips and receipts of the signed-in driver in whichever center ' +
  'dispatched them, a multi-shard query on the driver columns (each shard answers from its index); what it writes next carries the center it read';

const PORTAL_WHY =
  'a client is master data, not a center\'s: its orders, waybills, receipts, tracking links and statements are in whichever centers ' +
  'served it, so the portal finds them by the client (or by id and client): a multi-shard query on the client column, each shard ' +
  'answering from its index; the sub-queries of each row stay in its center (co-located), and what is read of a record next names its center';

/**
 * Code that crosses centers on purpose. Each runs as a multi-shard query (Citus sends it to every shard in parallel
 * and merges the rows; aggregates are pushed down) or a multi-shard modification; docs/scale-out.md explains each kind.
 */
export const CROSS_CENTER: CrossCenter[] = [
  {
    at: 'modules/alert/job.ts ',
    tables: ['tms_shipment', 'tms_position', 'shipment_alert'],
    why:
      'the alert rules run every minute over the shipments in progress of every center (status filter, indexed): one multi-shard ' +
      'query per step, run on all shards in parallel; each alert is inserted with its shipment\'s center (a router insert)',
  },
  // driverShipments (the list) and driverShipment (one of them)
  { at: 'modules/driver/shipments.ts driverShipment', tables: ['tms_shipment'], why: DRIVER_WHY },
  { at: 'modules/driver/shipments.ts answerShipment', tables: ['tms_shipment'], why: DRIVER_WHY },
  { at: 'modules/driver/vehicle-check.ts saveVehicleCheck', tables: ['tms_shipment'], why: DRIVER_WHY },
  { at: 'modules/driver/positions.ts driverPositionRows', tables: ['tms_shipment'], why: DRIVER_WHY },
  { at: 'modules/epod/driver-routes.ts ', tables: ['tms_epod', 'tms_shipment'], why: DRIVER_WHY },
  { at: 'modules/driver/shipments.ts stopDetails', tables: ['tms_epod', 'tms_waybill', 'tms_waybill_line'], why: DRIVER_WHY },
  // the client portal (session 15, issue 20): the list, its export and the map; an order, a receipt, a statement by id and client
  { at: 'modules/portal/routes.ts clientOrders', tables: ['tms_order'], why: PORTAL_WHY, exercisedBy: 'portal.test.ts' },
  { at: 'modules/portal/routes.ts inTransit', tables: ['tms_waybill', 'tms_order', 'tms_shipment'], why: PORTAL_WHY, exercisedBy: 'portal.test.ts' },
  { at: 'modules/portal/routes.ts orderOf', tables: ['tms_order'], why: PORTAL_WHY, exercisedBy: 'portal.test.ts' },
  { at: 'modules/portal/routes.ts epodOf', tables: ['tms_epod'], why: PORTAL_WHY, exercisedBy: 'portal.test.ts' },
  { at: 'modules/portal/routes.ts revokeClientLink', tables: ['tms_tracking_link'], why: PORTAL_WHY, exercisedBy: 'portal.test.ts' },
  { at: 'modules/portal/statements.ts clientStatements', tables: ['fin_statement'], why: PORTAL_WHY, exercisedBy: 'portal.test.ts' },
  { at: 'modules/portal/statements.ts statementOf', tables: ['fin_statement'], why: PORTAL_WHY, exercisedBy: 'portal.test.ts' },
  {
    at: 'modules/portal/tracking-links.ts linkOfToken',
    tables: ['tms_tracking_link'],
    why:
      'the public tracking page finds its link by the nonce of the token (unique, indexed): printed and sent tokens carry no center, so a ' +
      'multi-shard lookup by index; everything the page shows is then read in the link\'s center',
    exercisedBy: 'portal.test.ts',
  },
  {
    at: 'modules/finance/settlement-money.ts invoiceNoTaken',
    tables: ['fin_invoice'],
    why:
      'an invoice number is one paper of the party (or the tax office): registered in one center, no other may register it again; a ' +
      'multi-shard lookup by party and number (indexed), once per invoice registered',
    exercisedBy: 'finance-settlement.test.ts',
  },
  {
    at: 'modules/alert/stops.ts shipmentStops',
    tables: ['tms_shipment_stop', 'tms_waybill'],
    why:
      'the stops of dispatch orders found across centers: by the alert rules job (every center) and the driver app (the driver\'s trips in ' +
      'any center); a multi-shard query by shipment id, each shard answering from its index',
  },
  {
    at: 'modules/shipment/assignment.ts checkOverlap',
    tables: ['tms_shipment'],
    why:
      'vehicles and drivers are master data shared by the centers: one on an overlapping unfinished dispatch order of another center is ' +
      'busy too; a multi-shard query on the vehicle / driver columns (indexed), run only when scheduling or reassigning',
  },
  {
    at: 'modules/fleet/monitor.ts ',
    tables: ['shipment_alert', 'tms_shipment'],
    why:
      'the fleet monitor shows a vehicle in ALARM while a terminal alarm alert of any of its dispatch orders is open, whichever center ' +
      'dispatched it: a multi-shard query over the open alerts (status indexed), the alert joined to its dispatch order in its shard',
  },
  {
    at: 'modules/fleet/ingest.ts insertPositions',
    tables: ['shipment_alert', 'tms_shipment'],
    why:
      'the open alarm alerts of the batch\'s vehicles in any center, for the fleet monitor (as above); the positions themselves are ' +
      'inserted with their dispatch order\'s center (router inserts)',
  },
  {
    at: 'modules/finance/rerate.ts queuedJobCenter',
    tables: ['fin_rerate_job'],
    why:
      'a re-rating message queued before the messages carried their center names its job alone: the job is found by its id (primary ' +
      'key), a multi-shard lookup once per such message; the job then runs keyed by the center it read',
    exercisedBy: 'finance-rating.test.ts',
  },
  // session 16: found by a recorded run of every API file (the files that drive them check their statements now)
  { at: 'modules/driver/refusals.ts recordRefusal', tables: ['tms_epod', 'tms_shipment'], why: DRIVER_WHY, exercisedBy: 'driver-outbox.test.ts' },
  {
    at: 'modules/fleet/ingest.ts vehicleTargets',
    tables: ['tms_shipment'],
    why:
      'a terminal reports by its vehicle (master data), not by a center: the dispatch order in progress on that vehicle is found in ' +
      'whichever center dispatched it, a multi-shard query on the vehicle columns (indexed); the positions are then inserted with its center',
    exercisedBy: 'jt808.test.ts',
  },
  {
    at: 'modules/fleet/ingest.ts announceVehicles',
    tables: ['shipment_alert', 'tms_shipment'],
    why: 'the fleet monitor\'s live update of the batch\'s vehicles: an open alarm alert of any center\'s dispatch order (as modules/fleet/monitor.ts)',
    exercisedBy: 'fleet-monitor.test.ts',
  },
  {
    at: 'modules/fleet/routes.ts ',
    tables: ['tms_position'],
    why:
      'a vehicle\'s history (master data) over a period: its positions on the trips of any center and between trips, as the mileage ' +
      'report reads them; a multi-shard query by vehicle and time (the month partitions pruned by time on every shard)',
    exercisedBy: 'vehicle-history.test.ts',
  },
  {
    at: 'modules/report/queries.ts (anonymous)',
    tables: ['tms_position'],
    why:
      'the mileage report of a center counts the whole day of each vehicle that ran one of its dispatch orders: the positions of ' +
      'that vehicle on another center\'s trips and between trips too (a vehicle is master data); a multi-shard query on the ' +
      'positions by vehicle and time (the month partitions pruned by time on every shard)',
  },
];

/**
 * Statements that name no center although they could, run today, listed in distribution-key-missing.json with where they
 * run from: most address rows by id (or by their shipment / receipt / order) after the route checked the center on the
 * record it starts from. They are right on Citus, as multi-shard queries (a fan-out to every shard, found by index
 * there), and are to be keyed (`and x.dispatch_center_id = $n`, or a co-located join) before the move. A statement
 * without its key that is not listed fails distribution-key.test.ts; scripts/distribution-check.ts checks (and with
 * --write rewrites) the list from the statements recorded over a run of API test files (TMS_SQL_RECORD_DIR).
 */
export const KEY_MISSING_FILE = new URL('./distribution-key-missing.json', import.meta.url);

// ---------------------------------------------------------------------------------------------------------------------

/**
 * Where in the server a statement is run from: the first frame of the stack in apps/server/src outside platform/db.ts,
 * as `modules/x/file.ts functionName` (no line number: it moves with every edit above it).
 */
function caller(): string {
  const stack = (new Error().stack ?? '').split('\n').slice(2);
  for (const line of stack) {
    const m = /at (?:async )?(?:(\S+) \()?.*?apps\/server\/src\/([^:)]+)/.exec(line);
    if (!m || m[2]!.endsWith('platform/db.ts')) continue;
    return `${m[2]} ${m[1] ?? '(anonymous)'}`.replace(/ Object\./, ' ');
  }
  return '?';
}

/** statement text → where in the server it was run from (at most 5 places) */
export type Recorded = Map<string, Set<string>>;

/** A Db that keeps the text of every statement it runs, with where it was run from, and passes everything through. */
export function recordingDb(db: Db, seen: Recorded): Db {
  const note = (sql: string) => {
    let at = seen.get(sql);
    if (!at) seen.set(sql, (at = new Set()));
    if (at.size < 5) at.add(caller());
  };
  const wrap = (q: Queryable): Queryable => ({
    keepsPrepared: q.keepsPrepared,
    // the statement's options too (prepared, rows as arrays): the server runs as it would unwrapped
    query: (sql, params, o) => {
      note(sql);
      return q.query(sql, params, o);
    },
    exec: (sql) => {
      note(sql);
      return q.exec(sql);
    },
  });
  const base = wrap(db);
  const out: Db = {
    kind: db.kind,
    keepsPrepared: db.keepsPrepared,
    query: base.query,
    exec: base.exec,
    tx: (fn) => db.tx((q) => fn(wrap(q))),
    close: () => db.close(),
  };
  if (db.listen) out.listen = db.listen.bind(db);
  return out;
}

type Node = Record<string, unknown>;
const KEY = 'dispatch_center_id';

/** the one-key object of a parse node: [type, body] */
const unwrap = (n: unknown): [string, Node] | null => {
  if (!n || typeof n !== 'object' || Array.isArray(n)) return null;
  const keys = Object.keys(n);
  return keys.length === 1 ? [keys[0]!, (n as Node)[keys[0]!] as Node] : null;
};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v ? [v] : []);
const sval = (n: unknown): string | null => {
  const u = unwrap(n);
  return u && u[0] === 'String' ? String(u[1].sval ?? '') : u && u[0] === 'A_Star' ? '*' : null;
};

interface Rel {
  table: string;
  alias: string;
  distributed: boolean;
}

interface Level {
  /** every range item of the level, by alias: a table, or a derived one (sub-select, CTE, function) */
  aliases: Map<string, Rel | 'derived'>;
  rels: Rel[];
  conds: unknown[];
}

/** The distributed tables a statement touches without its key, as `table` (one per unkeyed occurrence). */
export function unkeyedTables(ast: { stmts: { stmt: unknown }[] }): string[] {
  const out: string[] = [];
  for (const s of ast.stmts) visitStmt(s.stmt, new Set(), out);
  return out;
}

function visitStmt(n: unknown, ctes: Set<string>, out: string[]): void {
  const u = unwrap(n);
  if (!u) return;
  const [type, b] = u;
  const withCtes = new Set(ctes);
  const w = b.withClause as Node | undefined;
  for (const c of list(w?.ctes)) {
    const cte = unwrap(c)?.[1];
    if (cte) withCtes.add(String(cte.ctename));
  }
  for (const c of list(w?.ctes)) {
    const cte = unwrap(c)?.[1];
    if (cte) visitStmt(cte.ctequery, withCtes, out);
  }
  const level: Level = { aliases: new Map(), rels: [], conds: [] };
  const subs: unknown[] = [];
  const addRange = (r: unknown) => {
    const ru = unwrap(r);
    if (!ru) return;
    const [rt, rb] = ru;
    if (rt === 'RangeVar') {
      const table = String(rb.relname);
      const alias = String((rb.alias as Node | undefined)?.aliasname ?? table);
      if (!rb.schemaname && withCtes.has(table)) {
        level.aliases.set(alias, 'derived');
        return;
      }
      const rel: Rel = { table, alias, distributed: isDistributed(table) };
      level.aliases.set(alias, rel);
      level.rels.push(rel);
    } else if (rt === 'JoinExpr') {
      addRange(rb.larg);
      addRange(rb.rarg);
      if (rb.quals) level.conds.push(rb.quals);
    } else if (rt === 'RangeSubselect') {
      subs.push(rb.subquery);
      const a = (rb.alias as Node | undefined)?.aliasname;
      if (a) level.aliases.set(String(a), 'derived');
    } else if (rt === 'RangeFunction') {
      const a = (rb.alias as Node | undefined)?.aliasname;
      if (a) level.aliases.set(String(a), 'derived');
      subs.push(rb.functions);
    }
  };
  if (type === 'SelectStmt') {
    if (b.op && b.op !== 'SETOP_NONE') {
      visitStmt({ SelectStmt: b.larg }, withCtes, out);
      visitStmt({ SelectStmt: b.rarg }, withCtes, out);
      return;
    }
    for (const f of list(b.fromClause)) addRange(f);
    if (b.whereClause) level.conds.push(b.whereClause);
    subs.push(b.targetList, b.havingClause, b.sortClause, b.groupClause, b.valuesLists, b.limitCount);
  } else if (type === 'UpdateStmt') {
    addRange({ RangeVar: b.relation });
    for (const f of list(b.fromClause)) addRange(f);
    if (b.whereClause) level.conds.push(b.whereClause);
    subs.push(b.targetList, b.returningList);
  } else if (type === 'DeleteStmt') {
    addRange({ RangeVar: b.relation });
    for (const f of list(b.usingClause)) addRange(f);
    if (b.whereClause) level.conds.push(b.whereClause);
    subs.push(b.returningList);
  } else if (type === 'InsertStmt') {
    const rel = b.relation as Node;
    const table = String(rel.relname);
    const cols = list(b.cols).map((c) => String(unwrap(c)?.[1].name ?? ''));
    if (isDistributed(table) && cols.length && !cols.includes(KEY)) out.push(table);
    if (b.selectStmt) visitStmt(b.selectStmt, withCtes, out);
    subs.push(b.returningList, b.onConflictClause);
  } else {
    // other statements (SET, LISTEN, NOTIFY, BEGIN, DDL of migrations): no table rows read by key
    return;
  }
  // the equalities of the level
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  const union = (a: string, c: string) => {
    const ra = find(a);
    const rc = find(c);
    if (ra !== rc) parent.set(ra, rc);
  };
  const GIVEN = '#given';
  const singleRel = level.aliases.size === 1 ? [...level.aliases.values()][0] : null;
  /** the class of an operand: a column of this level, a given value, or null (something computed here) */
  const term = (e: unknown): string | null => {
    const eu = unwrap(e);
    if (!eu) return null;
    const [et, eb] = eu;
    if (et === 'ParamRef' || et === 'A_Const' || et === 'SubLink') return GIVEN;
    if (et === 'TypeCast') return term(eb.arg);
    if (et === 'A_ArrayExpr') return list(eb.elements).every((x) => term(x) === GIVEN) ? GIVEN : null;
    if (et === 'ColumnRef') {
      const f = list(eb.fields).map(sval);
      if (f.length === 2) {
        const a = level.aliases.get(String(f[0]));
        if (!a || a === 'derived') return GIVEN; // an outer level's column, or a derived table's
        return `${f[0]}.${f[1]}`;
      }
      if (f.length === 1) {
        const col = String(f[0]);
        if (singleRel) return singleRel === 'derived' ? GIVEN : `${singleRel.alias}.${col}`;
        if (col === KEY) {
          const d = level.rels.filter((r) => r.distributed);
          if (d.length === 1) return `${d[0]!.alias}.${col}`;
        }
        return `?.${col}`;
      }
    }
    return null;
  };
  const conjuncts = (e: unknown): unknown[] => {
    const eu = unwrap(e);
    if (eu && eu[0] === 'BoolExpr' && eu[1].boolop === 'AND_EXPR') return list(eu[1].args).flatMap(conjuncts);
    return [e];
  };
  for (const c of level.conds.flatMap(conjuncts)) {
    const cu = unwrap(c);
    // `(t.id, t.dispatch_center_id) in (select id, dispatch_center_id from … where dispatch_center_id = $1)`: the row's
    // columns take values a sub-query gives (a level of its own, checked on its own), as `= (select …)` does
    if (cu && cu[0] === 'SubLink' && cu[1].subLinkType === 'ANY_SUBLINK') {
      const test = unwrap(cu[1].testexpr);
      for (const x of test && test[0] === 'RowExpr' ? list(test[1].args) : [cu[1].testexpr]) {
        const t = term(x);
        if (t && t !== GIVEN) union(t, GIVEN);
      }
      continue;
    }
    if (!cu || cu[0] !== 'A_Expr') continue;
    const op = list(cu[1].name).map(sval).join('.');
    const kind = cu[1].kind;
    const l = term(cu[1].lexpr);
    if (kind === 'AEXPR_OP' && op === '=') {
      const r = term(cu[1].rexpr);
      if (l && r) union(l, r);
    } else if ((kind === 'AEXPR_IN' && op === '=') || (kind === 'AEXPR_OP_ANY' && op === '=')) {
      const r = cu[1].rexpr;
      const given = Array.isArray(r) ? r.every((x) => term(x) === GIVEN) : term(r) === GIVEN;
      if (l && given) union(l, GIVEN);
    }
  }
  for (const rel of level.rels) {
    if (rel.distributed && find(`${rel.alias}.${KEY}`) !== find(GIVEN)) out.push(rel.table);
  }
  // every sub-query of the level is a level of its own
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    const nu = unwrap(n);
    if (!nu) {
      if (n && typeof n === 'object') for (const v of Object.values(n)) walk(v);
      return;
    }
    const [nt, nb] = nu;
    if (nt === 'SelectStmt' || nt === 'InsertStmt' || nt === 'UpdateStmt' || nt === 'DeleteStmt') return visitStmt(n, withCtes, out);
    if (nt === 'RangeVar' || nt === 'JoinExpr') return; // ranges of this level, handled above
    for (const v of Object.values(nb)) walk(v);
  };
  walk(subs);
  walk(level.conds);
}

/** The statement's text as the allow-list matches it: lower case, whitespace collapsed. */
export const normalize = (sql: string): string => sql.replace(/\s+/g, ' ').trim().toLowerCase();

export interface Finding {
  sql: string;
  tables: string[];
  /** where the server runs it from (recordingDb) */
  at: string[];
}

let parser: Promise<{ parseSync: (sql: string) => { stmts: { stmt: unknown }[] } }> | null = null;
export function loadParser() {
  parser ??= import('libpg-query').then(async (m) => {
    await m.loadModule();
    return { parseSync: m.parseSync as (sql: string) => { stmts: { stmt: unknown }[] } };
  });
  return parser;
}

/** The statements that touch a distributed table without the key and are not run from code listed as cross-center. */
export async function unkeyedStatements(statements: Recorded, allow: CrossCenter[] = CROSS_CENTER): Promise<{ findings: Finding[]; used: Set<CrossCenter> }> {
  const { parseSync } = await loadParser();
  const findings: Finding[] = [];
  const used = new Set<CrossCenter>();
  for (const [sql, at] of statements) {
    let tables: string[];
    try {
      tables = [...new Set(unkeyedTables(parseSync(sql)))].sort();
    } catch {
      continue; // not one statement the parser reads (never the case for the server's SQL)
    }
    if (!tables.length) continue;
    const text = normalize(sql);
    const listed = allow.find((a) => [...at].every((w) => w.startsWith(a.at)) && tables.every((t) => a.tables.includes(t)));
    if (listed) used.add(listed);
    else findings.push({ sql: text, tables, at: [...at].sort() });
  }
  return { findings, used };
}

/** The statements of the list, and the ones a recording found that are not on it. */
export async function checkRecorded(recorded: Recorded): Promise<{ findings: Finding[]; added: Finding[]; used: Set<CrossCenter> }> {
  const { readFileSync } = await import('node:fs');
  const { findings, used } = await unkeyedStatements(recorded);
  const known = new Set((JSON.parse(readFileSync(KEY_MISSING_FILE, 'utf8')) as Finding[]).map((k) => k.sql));
  return { findings, added: findings.filter((f) => !known.has(f.sql)), used };
}

/** The findings as a test failure shows them: tables, where they run from, text; '' when none. */
export const keyReport = (findings: Finding[]): string => findings.map((f) => `${f.tables.join(', ')} (${f.at.join('; ')}): ${f.sql}`).join('\n\n');

/** The list's file content for these findings (sorted by where they run from, then text). */
export const keyMissingJson = (findings: Finding[]): string =>
  JSON.stringify([...findings].sort((x, y) => (x.at[0] ?? '').localeCompare(y.at[0] ?? '') || x.sql.localeCompare(y.sql)), null, 1) + '\n';
