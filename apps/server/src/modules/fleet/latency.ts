/**
 * A latency histogram cheap enough for every position (a counter per bucket, no samples kept): 1 ms buckets up to
 * 100 ms, 10 ms up to 1 s, 100 ms up to 10 s, then one bucket for everything slower. Percentiles answer the upper
 * bound of their bucket. The JT/T 808 server logs one per window (frame received → row committed); the bench merges
 * the logged buckets of a phase.
 */
const edge = (i: number) => (i < 100 ? i + 1 : i < 190 ? 100 + (i - 99) * 10 : i < 280 ? 1000 + (i - 189) * 100 : Infinity);
const BUCKETS = 281;

export class LatencyHistogram {
  readonly counts = new Uint32Array(BUCKETS);
  count = 0;
  max = 0;

  /** `n` events that took `ms` */
  add(ms: number, n = 1): void {
    const i = ms < 100 ? Math.floor(ms) : ms < 1000 ? 100 + Math.floor((ms - 100) / 10) : ms < 10_000 ? 190 + Math.floor((ms - 1000) / 100) : BUCKETS - 1;
    this.counts[Math.max(0, i)]! += n;
    this.count += n;
    if (ms > this.max) this.max = ms;
  }

  /** the upper bound (ms) of the bucket holding the p-th percentile; NaN when empty */
  percentile(p: number): number {
    if (!this.count) return NaN;
    const rank = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min(edge(i), this.max);
    }
    return this.max;
  }

  /** the non-empty buckets as [index, count] pairs (what a log line carries) */
  buckets(): [number, number][] {
    const out: [number, number][] = [];
    this.counts.forEach((n, i) => n && out.push([i, n]));
    return out;
  }

  /** adds logged buckets (and their max) */
  merge(buckets: [number, number][], max: number): void {
    for (const [i, n] of buckets) {
      this.counts[i]! += n;
      this.count += n;
    }
    if (max > this.max) this.max = max;
  }
}
