/**
 * Server events for the signed-in user (server: platform/realtime.ts). One EventSource per tab,
 * opened while someone listens: it asks POST /realtime/ticket for a short-lived ticket (EventSource
 * cannot send the token header), opens /realtime/stream?ticket=…, and after an error reconnects
 * with a fresh ticket, backing off up to a minute, asking for the events logged since the last one it got
 * (the server replays them first). Listeners keep their own polling as a fallback.
 * `useRealtime` answers whether the stream is live (its 'ready' event arrived and no error since).
 */
import { useEffect, useRef, useState } from 'react';
import { RealtimeApi } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { API_BASE } from '../../platform/http.ts';

export type RealtimeHandler = (type: string, data: unknown) => void;

const handlers = new Set<RealtimeHandler>();
/** the event types listeners care about (the stream also has 'position', too busy for the header) */
const TYPES = ['alert', 'alertHandled', 'shipment'];
const MAX_BACKOFF_MS = 60_000;
/** the stream's address (EventSource sends no token: the ticket goes in its query) */
const STREAM = API_BASE + RealtimeApi.endpoints.stream.path;

/**
 * Delivered to every handler each time the stream opens (its 'ready'), the first time and after every
 * reconnect: what happened while it was not subscribed was not delivered, so a listener refetches its data.
 */
export const RESYNC = 'resync';

let source: EventSource | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
let connecting = false;
/** the id of the last logged event received: a new stream asks the server for what came after it */
let lastEventId = '';
/** the server's 'ready' arrived on the open stream: from here on it delivers every event */
let live = false;
const liveListeners = new Set<(live: boolean) => void>();

function setLive(value: boolean): void {
  if (live === value) return;
  live = value;
  for (const l of liveListeners) l(value);
}

function dispatch(type: string, raw: string): void {
  let data: unknown = null;
  try {
    data = JSON.parse(raw);
  } catch {
    /* keep null */
  }
  for (const h of handlers) h(type, data);
}

async function connect(): Promise<void> {
  if (connecting || source || !handlers.size || typeof EventSource === 'undefined') return;
  connecting = true;
  try {
    const { ticket } = await callData(RealtimeApi.endpoints.ticket, {}, { silent: true });
    if (!handlers.size) return;
    const since = lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : '';
    const es = new EventSource(`${STREAM}?ticket=${encodeURIComponent(ticket)}&types=${TYPES.join(',')}${since}`);
    source = es;
    es.addEventListener('ready', () => {
      attempt = 0;
      setLive(true);
      // events sent while no stream was subscribed (before the first one, or during a reconnect) never come:
      // every listener is told to fetch afresh
      dispatch(RESYNC, 'null');
    });
    for (const type of TYPES)
      es.addEventListener(type, (e) => {
        const m = e as MessageEvent<string>;
        if (m.lastEventId) lastEventId = m.lastEventId;
        dispatch(type, m.data);
      });
    es.onerror = () => {
      // the ticket of an automatic reconnect has expired: start over with a new one
      es.close();
      if (source === es) {
        source = null;
        setLive(false);
      }
      later();
    };
  } catch {
    later();
  } finally {
    connecting = false;
  }
}

function later(): void {
  if (!handlers.size) return;
  clearTimeout(retry);
  attempt++;
  retry = setTimeout(() => void connect(), Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt));
}

function disconnect(): void {
  clearTimeout(retry);
  lastEventId = '';
  source?.close();
  source = null;
  attempt = 0;
  setLive(false);
}

/** Adds a handler (opening the stream if it is the first); the answer removes it (closing the stream after the last). */
export function subscribe(handler: RealtimeHandler): () => void {
  handlers.add(handler);
  void connect();
  return () => {
    handlers.delete(handler);
    if (!handlers.size) disconnect();
  };
}

/** Listens while mounted and `enabled`; `handler` may change between renders. Answers whether the stream is live. */
export function useRealtime(enabled: boolean, handler: RealtimeHandler): boolean {
  const ref = useRef(handler);
  ref.current = handler;
  const [isLive, setIsLive] = useState(live);
  useEffect(() => {
    liveListeners.add(setIsLive);
    setIsLive(live);
    return () => void liveListeners.delete(setIsLive);
  }, []);
  useEffect(() => {
    if (!enabled) return;
    return subscribe((type, data) => ref.current(type, data));
  }, [enabled]);
  return enabled && isLive;
}

/**
 * A stream of its own for busy event types asked for by name (the fleet monitor's 'fleet', sent once a second):
 * open while mounted and `enabled`, reconnecting with a fresh ticket and the same back-off as the shared stream.
 * `handler` gets ('ready', null) at every (re)open — what came while closed is not replayed: refetch — then the events.
 * Answers whether the stream is live.
 */
export function useOwnStream(types: readonly string[], enabled: boolean, handler: RealtimeHandler): boolean {
  const ref = useRef(handler);
  ref.current = handler;
  const [isLive, setIsLive] = useState(false);
  const key = types.join(',');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let es: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    let closed = false;
    const open = async () => {
      try {
        const { ticket } = await callData(RealtimeApi.endpoints.ticket, {}, { silent: true });
        if (closed) return;
        const s = new EventSource(`${STREAM}?ticket=${encodeURIComponent(ticket)}&types=${key}`);
        es = s;
        s.addEventListener('ready', () => {
          tries = 0;
          setIsLive(true);
          ref.current('ready', null);
        });
        for (const type of key.split(','))
          s.addEventListener(type, (e) => {
            let data: unknown = null;
            try {
              data = JSON.parse((e as MessageEvent<string>).data);
            } catch {
              /* keep null */
            }
            ref.current(type, data);
          });
        s.onerror = () => {
          s.close();
          setIsLive(false);
          again();
        };
      } catch {
        again();
      }
    };
    const again = () => {
      if (closed) return;
      clearTimeout(timer);
      timer = setTimeout(() => void open(), Math.min(MAX_BACKOFF_MS, 1000 * 2 ** ++tries));
    };
    void open();
    return () => {
      closed = true;
      clearTimeout(timer);
      es?.close();
      setIsLive(false);
    };
  }, [enabled, key]);
  return enabled && isLive;
}
