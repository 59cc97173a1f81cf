/**
 * A Server-Sent Events client for the realtime stream: collects the events as they come and waits on
 * conditions over them (expect.poll, inside a test).
 */
import { expect } from 'vitest';
import type { Json } from './helpers.ts';

export interface StreamEvent {
  event: string;
  data: Json;
  /** the event's id in the realtime log (none for transient events) */
  id?: string;
}

/** `lastEventId`: as a browser asks for what it missed (?lastEventId=); `headers` e.g. EventSource's own Last-Event-ID */
export async function openStream(url: string, ticket: string, types = '', lastEventId?: string, headers: Record<string, string> = {}) {
  const ctrl = new AbortController();
  const query = `ticket=${encodeURIComponent(ticket)}${types ? `&types=${types}` : ''}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`;
  const res = await fetch(`${url}/api/realtime/stream?${query}`, { signal: ctrl.signal, headers });
  const events: StreamEvent[] = [];
  let buf = '';
  const reader = res.body!.getReader();
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += new TextDecoder().decode(value);
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const chunk = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = /^event: (.+)$/m.exec(chunk)?.[1];
          const data = /^data: (.+)$/m.exec(chunk)?.[1];
          const id = /^id: (.+)$/m.exec(chunk)?.[1];
          if (ev && data) events.push({ event: ev, data: JSON.parse(data), ...(id ? { id } : {}) });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  /** waits until `ok` holds over the events received so far */
  const until = async (what: string, ok: () => boolean, ms = 15_000) => {
    await expect.poll(ok, { timeout: ms, interval: 25, message: `${what}: ${JSON.stringify(events)}` }).toBe(true);
  };
  /** waits for `n` events of `type`; answers them */
  const waitFor = async (type: string, n = 1, ms = 10_000) => {
    const of = () => events.filter((e) => e.event === type);
    await until(`no ${type} event`, () => of().length >= n, ms);
    return of();
  };
  return { res, events, until, waitFor, close: async () => (ctrl.abort(), await pump) };
}
