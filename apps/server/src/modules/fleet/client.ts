/**
 * A JT/T 808 terminal over TCP, for the simulator, the bench and the tests: sends frames with its own serial
 * numbers and waits for the platform's answer to each (0x8001 / 0x8100 name the serial they answer).
 */
import { connect, type Socket } from 'node:net';
import {
  decodeFrame,
  decodeGeneralResponse,
  decodeRegisterResponse,
  encodeAuth,
  encodeBatch,
  encodeFrame,
  encodeLocation,
  encodeRegister,
  encodeSplit,
  FrameSplitter,
  MSG,
  type Location,
  type Register,
} from './jt808.ts';

export type LocationIn = Pick<Location, 'lat' | 'lng' | 'at'> & Partial<Location>;

export class Jt808Terminal {
  private socket: Socket | null = null;
  private serial = 0;
  private readonly splitter = new FrameSplitter();
  private readonly waiting = new Map<number, { resolve: (r: { result: number; authCode?: string | null }) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  /** resolves when the platform closes the connection (or it fails) */
  closed: Promise<void> = Promise.resolve();

  constructor(
    readonly opts: { host: string; port: number; phone: string; version: 2013 | 2019; timeoutMs?: number },
  ) {}

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const s = connect({ host: this.opts.host, port: this.opts.port }, () => {
        s.off('error', reject);
        resolve();
      });
      s.once('error', reject);
      s.on('error', () => undefined);
      this.closed = new Promise((done) =>
        s.on('close', () => {
          for (const w of this.waiting.values()) {
            clearTimeout(w.timer);
            w.reject(new Error('connection closed'));
          }
          this.waiting.clear();
          done();
        }),
      );
      s.on('data', (chunk) => {
        for (const f of this.splitter.push(chunk)) {
          const m = decodeFrame(f);
          const r = m.header.msgId === MSG.REGISTER_RESPONSE ? decodeRegisterResponse(m.body) : m.header.msgId === MSG.PLATFORM_RESPONSE ? decodeGeneralResponse(m.body) : null;
          const w = r && this.waiting.get(r.serial);
          if (!w || !r) continue;
          this.waiting.delete(r.serial);
          clearTimeout(w.timer);
          w.resolve(r);
        }
      });
      this.socket = s;
    });
  }

  /** raw bytes (tests: garbage, half frames) */
  write(bytes: Buffer): void {
    this.socket!.write(bytes);
  }

  private next(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  /** sends one message (split in packets of `splitSize` bytes when given) and waits for the answer to it */
  request(msgId: number, body: Buffer = Buffer.alloc(0), splitSize?: number): Promise<{ result: number; authCode?: string | null }> {
    const h = { msgId, version: this.opts.version, phone: this.opts.phone, serial: 0 };
    let frames: Buffer[];
    let answered: number;
    if (splitSize) {
      h.serial = this.next();
      frames = encodeSplit(h, body, splitSize);
      for (let i = 1; i < frames.length; i++) this.next();
      answered = h.serial; // the platform answers the message by its first packet's serial
    } else {
      h.serial = answered = this.next();
      frames = [encodeFrame(h, body)];
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(answered);
        reject(new Error(`no answer to 0x${msgId.toString(16)} #${answered}`));
      }, this.opts.timeoutMs ?? 10_000);
      this.waiting.set(answered, { resolve, reject, timer });
      this.socket!.write(Buffer.concat(frames));
    });
  }

  async register(r: Partial<Register> = {}): Promise<{ result: number; authCode: string | null }> {
    const body = encodeRegister({ province: 31, city: 0, manufacturer: 'TMS', model: 'SIM-808', terminalId: this.opts.phone.slice(-7), plateColor: 2, plate: '', ...r }, this.opts.version);
    const a = await this.request(MSG.REGISTER, body);
    return { result: a.result, authCode: a.authCode ?? null };
  }

  async authenticate(code: string): Promise<number> {
    return (await this.request(MSG.AUTH, encodeAuth({ code, imei: '860000000000000', software: 'sim-1.0' }, this.opts.version))).result;
  }

  /** register + authenticate; throws when either is refused */
  async signIn(): Promise<void> {
    const r = await this.register();
    if (r.result !== 0 || !r.authCode) throw new Error(`registration refused: ${r.result}`);
    const a = await this.authenticate(r.authCode);
    if (a !== 0) throw new Error(`authentication refused: ${a}`);
  }

  async heartbeat(): Promise<number> {
    return (await this.request(MSG.HEARTBEAT)).result;
  }

  async report(l: LocationIn): Promise<number> {
    return (await this.request(MSG.LOCATION, encodeLocation(l))).result;
  }

  async batch(ls: LocationIn[], splitSize?: number): Promise<number> {
    return (await this.request(MSG.BATCH_LOCATION, encodeBatch(ls.map((l) => encodeLocation(l))), splitSize)).result;
  }

  close(): Promise<void> {
    this.socket?.end();
    return this.closed;
  }
}
