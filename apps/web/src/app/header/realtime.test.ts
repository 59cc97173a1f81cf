/**
 * Issue 13, "the alert bell does not refetch after its event stream reconnects": the stream tells every
 * listener to fetch afresh (RESYNC) each time it opens — the first time and after a reconnect — because
 * events sent while it was down are never delivered. A fake EventSource stands in for the browser's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../platform/http.ts', () => ({ API_BASE: '/api', request: vi.fn(async () => ({ code: 0, msg: '', data: { ticket: 'T' } })) }));

class FakeSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, ((e: { data: string; lastEventId: string }) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string; lastEventId: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data = 'null', lastEventId = '') {
    for (const fn of this.listeners.get(type) ?? []) fn({ data, lastEventId });
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeSource.all = [];
  vi.stubGlobal('EventSource', FakeSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('realtime stream', () => {
  it('tells listeners to resync when it opens and again after every reconnect; events pass through', async () => {
    const { subscribe, RESYNC } = await import('./realtime.ts');
    const seen: string[] = [];
    const stop = subscribe((type) => seen.push(type));
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const first = FakeSource.all[0]!;
    first.emit('ready');
    expect(seen).toEqual([RESYNC]);
    expect(first.url).not.toContain('lastEventId');
    first.emit('alert', '{"id":1}', '41');
    expect(seen).toEqual([RESYNC, 'alert']);

    // the connection drops: no event can arrive until a new stream is ready
    first.onerror!();
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(2));
    const second = FakeSource.all[1]!;
    // the new stream asks the server for the logged events after the last one received
    expect(second.url).toContain('lastEventId=41');
    expect(seen).toEqual([RESYNC, 'alert']);
    second.emit('ready');
    // an alert raised during the gap is fetched now
    expect(seen).toEqual([RESYNC, 'alert', RESYNC]);
    second.emit('alertHandled');
    expect(seen).toEqual([RESYNC, 'alert', RESYNC, 'alertHandled']);

    stop();
    expect(second.closed).toBe(true);
  });
});
