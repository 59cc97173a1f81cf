// The embedded database (PGlite) in a thread of its own (see openPglite in db.ts): its queries run here, so the server's
// thread keeps answering (parsing, checking, serialising) while one runs. Plain JavaScript, so that the same file runs
// under tsx, vitest and the bundled server. One message at a time, in order: the server's thread queues them (one
// connection), and a notification raised by a statement is posted before that statement's answer.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const parsers = { [INT8]: (v) => Number(v), [NUMERIC]: (v) => Number(v), [DATE]: (v) => v };

/** what a caller reads of a database error (SQLSTATE, constraint, detail…), which structured cloning would drop */
function plainError(e) {
  const out = { message: e instanceof Error ? e.message : String(e), name: e instanceof Error ? e.name : 'Error' };
  if (e && typeof e === 'object') for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

const port = parentPort;
let lite;
const unlisten = new Map();
let chain = Promise.resolve();

async function handle(m) {
  switch (m.op) {
    case 'open':
      // the engine the server's thread compiled once for all its databases (openPglite), else PGlite compiles it here
      lite = new PGlite({ dataDir: workerData?.dataDir ?? undefined, parsers, ...(workerData?.wasm ? { pgliteWasmModule: workerData.wasm } : {}) });
      await lite.waitReady;
      return null;
    case 'query': {
      const r = await lite.query(m.sql, m.params);
      return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
    }
    case 'exec':
      await lite.exec(m.sql);
      return null;
    case 'listen':
      if (!unlisten.has(m.channel)) unlisten.set(m.channel, await lite.listen(m.channel, (payload) => port.postMessage({ notify: m.channel, payload })));
      return null;
    case 'unlisten': {
      const stop = unlisten.get(m.channel);
      unlisten.delete(m.channel);
      await stop?.();
      return null;
    }
    case 'close':
      await lite?.close();
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

port.on('message', (m) => {
  chain = chain.then(async () => {
    try {
      port.postMessage({ id: m.id, ok: true, result: await handle(m) });
    } catch (e) {
      port.postMessage({ id: m.id, ok: false, error: plainError(e) });
    }
  });
});
