/** The lazy view loader (spec §7 / §9): a chunk that does not arrive within 120 s fails as a ChunkLoadError. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// the top progress bar draws into the page (nprogress); these tests run without a DOM
vi.mock('./progress.ts', () => ({ trackLoad: <T>(p: Promise<T>) => p }));

const { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, lazyView, loadView } = await import('./views-ui.tsx');

/** The state of a promise, without waiting for it. */
function watch<T>(p: Promise<T>) {
  const s: { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { state: 'pending' };
  p.then(
    (value) => Object.assign(s, { state: 'resolved', value }),
    (error: unknown) => Object.assign(s, { state: 'rejected', error }),
  );
  return s;
}

describe('loading a view chunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out after 120 s with a ChunkLoadError', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const s = watch(loadView(() => new Promise<never>(() => undefined), { coreTextsOnly: true }));
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(s.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(s.state).toBe('rejected');
    expect(s.error).toBeInstanceOf(ChunkLoadError);
    expect((s.error as Error).name).toBe('ChunkLoadError');
    expect((s.error as Error).message).toContain('120000');
    expect(isChunkLoadError(s.error)).toBe(true);
  });

  it('a chunk that arrives just in time is the view, and its timer is gone', async () => {
    const view = { default: () => null };
    const s = watch(loadView(() => new Promise<typeof view>((r) => setTimeout(() => r(view), CHUNK_TIMEOUT_MS - 1)), { coreTextsOnly: true }));
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(s.state).toBe('resolved');
    expect(s.value).toBe(view);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a failed download becomes a ChunkLoadError; any other error stays what it is', async () => {
    const failed = watch(loadView(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/AccountCenter-x.js')), { coreTextsOnly: true }));
    const broken = watch(loadView(() => Promise.reject(new RangeError('bad view')), { coreTextsOnly: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(failed.error).toBeInstanceOf(ChunkLoadError);
    expect((failed.error as Error).message).toContain('AccountCenter');
    expect(broken.error).toBeInstanceOf(RangeError);
    expect(isChunkLoadError(broken.error)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lazyView loads through the same time-out', async () => {
    // React.lazy keeps the loader in its payload and calls it on first render
    const Lazy = lazyView(() => new Promise<never>(() => undefined), { coreTextsOnly: true }) as unknown as {
      _payload: { _result: () => Promise<unknown> };
    };
    const s = watch(Lazy._payload._result());
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    expect(s.error).toBeInstanceOf(ChunkLoadError);
  });
});
