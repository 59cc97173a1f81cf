/**
 * Work that a transaction leaves for after its commit (deliveries to send, pushes to post): the transaction
 * ends with `select pg_notify(channel, '')`, which reaches every server listening once it commits. The waker
 * listens from the moment the server is ready (and runs once then: what waited while it was down), runs the
 * work until it reports nothing more, and coalesces wake-ups (a kick during a run runs it once more after
 * it). A sweep job of the caller kicks it too, for what a wake-up missed. Stops with the server.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from './db.ts';

export class Waker {
  private kicking = false;
  private again = false;
  private stopped = false;
  private stopListening: (() => Promise<void>) | null = null;

  /** `step` does one batch and answers whether there may be more. */
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly channel: string,
    private readonly failure: string,
    private readonly step: () => Promise<boolean>,
  ) {
    app.addHook('onReady', async () => {
      if (this.db.listen) this.stopListening = await this.db.listen(this.channel, () => this.kick());
      this.kick();
    });
    app.addHook('onClose', async () => {
      this.stopped = true;
      await this.stopListening?.();
    });
  }

  kick(): void {
    if (this.stopped) return;
    if (this.kicking) {
      this.again = true;
      return;
    }
    this.kicking = true;
    void (async () => {
      try {
        do {
          this.again = false;
          while ((await this.step()) && !this.stopped);
        } while (this.again && !this.stopped);
      } catch (e) {
        this.app.log.error({ err: e }, this.failure);
      } finally {
        this.kicking = false;
      }
    })();
  }
}
