/**
 * JT/T 808 (road-transport vehicle terminals) codec: pure functions, no I/O.
 *
 * A frame on the wire is `0x7e <escaped: header, body, check code> 0x7e`; inside, 0x7e is sent as 0x7d 0x02 and
 * 0x7d as 0x7d 0x01. The check code is the XOR of every header and body byte. The header:
 *
 *   message id (WORD) · properties (WORD: bits 0–9 body length, 10–12 encryption, 13 split packet,
 *   14 version flag = 2019) · [2019: protocol version (BYTE)] · terminal phone number (BCD, 6 bytes in 2013,
 *   10 bytes in 2019) · serial number (WORD) · [split: total packets (WORD), packet number from 1 (WORD)]
 *
 * Multi-byte integers are big-endian; strings are GBK; times are BCD YYMMDDhhmmss in GMT+8.
 */

export const MSG = {
  TERMINAL_RESPONSE: 0x0001,
  HEARTBEAT: 0x0002,
  LOGOUT: 0x0003,
  REGISTER: 0x0100,
  AUTH: 0x0102,
  LOCATION: 0x0200,
  BATCH_LOCATION: 0x0704,
  PLATFORM_RESPONSE: 0x8001,
  REGISTER_RESPONSE: 0x8100,
} as const;

/** 0x8001 results */
export const RESULT = { OK: 0, FAILURE: 1, BAD_MESSAGE: 2, UNSUPPORTED: 3, ALARM_CONFIRMED: 4 } as const;
/** 0x8100 results */
export const REGISTER_RESULT = { OK: 0, VEHICLE_REGISTERED: 1, NO_VEHICLE: 2, TERMINAL_REGISTERED: 3, NO_TERMINAL: 4 } as const;

/** alarm flag bits of 0x0200 */
export const ALARM = { EMERGENCY: 1 << 0, OVERSPEED: 1 << 1, FATIGUE: 1 << 2 } as const;
/** status bits of 0x0200 */
export const STATUS = { ACC: 1 << 0, POSITIONED: 1 << 1, SOUTH: 1 << 2, WEST: 1 << 3 } as const;

/** the largest body a header can announce (10 bits) */
export const MAX_BODY = 1023;
/** the largest escaped frame content: 2019 header + split fields + body + check code, every byte escaped */
export const MAX_FRAME = (17 + 4 + MAX_BODY + 1) * 2;

export class Jt808Error extends Error {
  constructor(
    message: string,
    readonly reason: 'garbage' | 'oversize' | 'escape' | 'check' | 'short' | 'length' | 'bcd' | 'split' | 'body',
  ) {
    super(message);
  }
}

export interface Header {
  msgId: number;
  version: 2013 | 2019;
  /** 2019: the protocol version byte (1 for the 2019 edition) */
  protocolVersion: number;
  /** the terminal's phone number as sent (12 or 20 digits, zero-padded) */
  phone: string;
  serial: number;
  encryption: number;
  /** split packet: total and this packet's number (from 1) */
  split: { total: number; index: number } | null;
}

export interface Message {
  header: Header;
  body: Buffer;
}

// ---------------------------------------------------------------------------------------------------------------------
// bytes on the wire

export function escape(raw: Uint8Array): Buffer {
  let extra = 0;
  for (const b of raw) if (b === 0x7e || b === 0x7d) extra++;
  const out = Buffer.alloc(raw.length + extra);
  let j = 0;
  for (const b of raw) {
    if (b === 0x7e) (out[j++] = 0x7d), (out[j++] = 0x02);
    else if (b === 0x7d) (out[j++] = 0x7d), (out[j++] = 0x01);
    else out[j++] = b;
  }
  return out;
}

export function unescape(escaped: Uint8Array): Buffer {
  const out = Buffer.alloc(escaped.length);
  let j = 0;
  for (let i = 0; i < escaped.length; i++) {
    const b = escaped[i]!;
    if (b !== 0x7d) {
      out[j++] = b;
      continue;
    }
    const n = escaped[++i];
    if (n === 0x01) out[j++] = 0x7d;
    else if (n === 0x02) out[j++] = 0x7e;
    else throw new Jt808Error(`bad escape 0x7d 0x${(n ?? 0).toString(16)}`, 'escape');
  }
  return out.subarray(0, j);
}

export function checkCode(bytes: Uint8Array, end = bytes.length): number {
  let x = 0;
  for (let i = 0; i < end; i++) x ^= bytes[i]!;
  return x;
}

/**
 * Cuts a TCP byte stream into frame contents (still escaped, without the 0x7e delimiters). Two frames may share a
 * delimiter; bytes outside a frame, or a frame longer than MAX_FRAME, throw (the connection is then closed).
 */
export class FrameSplitter {
  private buf: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Buffer[] = [];
    for (;;) {
      if (!this.buf.length) break;
      if (this.buf[0] !== 0x7e) throw new Jt808Error('bytes outside a frame', 'garbage');
      const end = this.buf.indexOf(0x7e, 1);
      if (end === -1) {
        if (this.buf.length > MAX_FRAME + 1) throw new Jt808Error('frame too long', 'oversize');
        break;
      }
      if (end > 1) {
        if (end - 1 > MAX_FRAME) throw new Jt808Error('frame too long', 'oversize');
        out.push(Buffer.from(this.buf.subarray(1, end)));
      }
      // the closing delimiter may open the next frame
      this.buf = this.buf.subarray(end);
      if (this.buf.length === 1) break;
    }
    return out;
  }

  /** bytes of an unfinished frame held */
  get pending(): number {
    return this.buf.length > 1 ? this.buf.length : 0;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// BCD, strings

export function bcdDecode(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) {
    const hi = b >> 4;
    const lo = b & 0x0f;
    if (hi > 9 || lo > 9) throw new Jt808Error('not BCD', 'bcd');
    s += String(hi) + String(lo);
  }
  return s;
}

/** digits → BCD of `size` bytes, zero-padded on the left */
export function bcdEncode(digits: string, size: number): Buffer {
  if (!/^\d*$/.test(digits) || digits.length > size * 2) throw new Error(`cannot encode "${digits}" in ${size} BCD bytes`);
  const d = digits.padStart(size * 2, '0');
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (Number(d[2 * i]) << 4) | Number(d[2 * i + 1]);
  return out;
}

/** A terminal number without the zero padding of the header: what a vehicle's terminal number is compared with. */
export const normalizeTerminal = (phone: string) => phone.replace(/^0+/, '') || '0';

const gbk = new TextDecoder('gbk');
let gbkTable: Map<string, number> | null = null;

export function gbkDecode(bytes: Uint8Array): string {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  let start = 0;
  while (start < end && bytes[start] === 0) start++;
  return gbk.decode(bytes.subarray(start, end));
}

/** GBK bytes of a text (for the simulator and the tests): the reverse of the platform's GBK decoder, built once. */
export function gbkEncode(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) {
      out.push(c);
      continue;
    }
    if (!gbkTable) {
      gbkTable = new Map();
      for (let hi = 0x81; hi <= 0xfe; hi++)
        for (let lo = 0x40; lo <= 0xfe; lo++) {
          if (lo === 0x7f) continue;
          const s = gbk.decode(Uint8Array.of(hi, lo));
          if (s.length === 1 && s !== '\ufffd' && !gbkTable.has(s)) gbkTable.set(s, (hi << 8) | lo);
        }
    }
    const code = gbkTable.get(ch);
    if (code === undefined) throw new Error(`"${ch}" has no GBK code`);
    out.push(code >> 8, code & 0xff);
  }
  return Buffer.from(out);
}

function fixed(text: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  gbkEncode(text).copy(out, 0, 0, size);
  return out;
}

/** GMT+8 BCD time YYMMDDhhmmss */
export function decodeTime(bytes: Uint8Array): Date {
  const s = bcdDecode(bytes);
  const [yy, mo, dd, hh, mi, ss] = [0, 2, 4, 6, 8, 10].map((i) => Number(s.slice(i, i + 2))) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59) throw new Jt808Error(`bad time ${s}`, 'body');
  return new Date(Date.UTC(2000 + yy, mo - 1, dd, hh - 8, mi, ss));
}

export function encodeTime(at: Date): Buffer {
  const t = new Date(at.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return bcdEncode(p(t.getUTCFullYear() % 100) + p(t.getUTCMonth() + 1) + p(t.getUTCDate()) + p(t.getUTCHours()) + p(t.getUTCMinutes()) + p(t.getUTCSeconds()), 6);
}

// ---------------------------------------------------------------------------------------------------------------------
// messages

/** Decodes one frame content (as FrameSplitter gives it): unescape, check code, header, body. */
export function decodeFrame(escaped: Uint8Array): Message {
  const raw = unescape(escaped);
  if (raw.length < 13) throw new Jt808Error('frame too short', 'short');
  const check = raw[raw.length - 1]!;
  if (checkCode(raw, raw.length - 1) !== check) throw new Jt808Error('check code mismatch', 'check');
  const msgId = raw.readUInt16BE(0);
  const props = raw.readUInt16BE(2);
  const bodyLength = props & 0x3ff;
  const encryption = (props >> 10) & 0x7;
  const isSplit = (props & 0x2000) !== 0;
  const v2019 = (props & 0x4000) !== 0;
  let o = 4;
  let protocolVersion = 0;
  if (v2019) protocolVersion = raw[o++]!;
  const phoneSize = v2019 ? 10 : 6;
  const headerEnd = o + phoneSize + 2 + (isSplit ? 4 : 0);
  if (raw.length < headerEnd + 1) throw new Jt808Error('frame too short', 'short');
  const phone = bcdDecode(raw.subarray(o, o + phoneSize));
  o += phoneSize;
  const serial = raw.readUInt16BE(o);
  o += 2;
  let split: Header['split'] = null;
  if (isSplit) {
    const total = raw.readUInt16BE(o);
    const index = raw.readUInt16BE(o + 2);
    if (total < 1 || index < 1 || index > total) throw new Jt808Error(`bad split ${index}/${total}`, 'split');
    split = { total, index };
    o += 4;
  }
  const body = raw.subarray(o, raw.length - 1);
  if (body.length !== bodyLength) throw new Jt808Error(`body is ${body.length} bytes, header says ${bodyLength}`, 'length');
  return { header: { msgId, version: v2019 ? 2019 : 2013, protocolVersion, phone, serial, encryption, split }, body: Buffer.from(body) };
}

export interface EncodeHeader {
  msgId: number;
  version: 2013 | 2019;
  phone: string;
  serial: number;
  protocolVersion?: number;
  split?: { total: number; index: number } | null;
}

/** A complete frame with its delimiters. */
export function encodeFrame(h: EncodeHeader, body: Uint8Array = Buffer.alloc(0)): Buffer {
  if (body.length > MAX_BODY) throw new Error(`body of ${body.length} bytes: split it`);
  const v2019 = h.version === 2019;
  const head = Buffer.alloc(4 + (v2019 ? 1 : 0) + (v2019 ? 10 : 6) + 2 + (h.split ? 4 : 0));
  head.writeUInt16BE(h.msgId, 0);
  head.writeUInt16BE(body.length | (h.split ? 0x2000 : 0) | (v2019 ? 0x4000 : 0), 2);
  let o = 4;
  if (v2019) head[o++] = h.protocolVersion ?? 1;
  bcdEncode(h.phone, v2019 ? 10 : 6).copy(head, o);
  o += v2019 ? 10 : 6;
  head.writeUInt16BE(h.serial & 0xffff, o);
  o += 2;
  if (h.split) {
    head.writeUInt16BE(h.split.total, o);
    head.writeUInt16BE(h.split.index, o + 2);
  }
  const raw = Buffer.concat([head, body, Buffer.alloc(1)]);
  raw[raw.length - 1] = checkCode(raw, raw.length - 1);
  return Buffer.concat([Buffer.of(0x7e), escape(raw), Buffer.of(0x7e)]);
}

/** A long body as split packets (consecutive serials from `serial`), each at most `size` bytes. */
export function encodeSplit(h: EncodeHeader, body: Uint8Array, size = MAX_BODY): Buffer[] {
  const total = Math.max(1, Math.ceil(body.length / size));
  const out: Buffer[] = [];
  for (let i = 0; i < total; i++) out.push(encodeFrame({ ...h, serial: h.serial + i, split: { total, index: i + 1 } }, body.subarray(i * size, (i + 1) * size)));
  return out;
}

/**
 * Joins split packets back into one message: packets of one message carry consecutive serials, so the first
 * packet's serial (serial − index + 1) names it. Bounded: at most `maxParts` packets per message, `maxPending`
 * unfinished messages (the oldest is dropped), each kept at most `ttlMs`.
 */
export class Reassembler {
  private readonly pending = new Map<string, { at: number; parts: (Buffer | undefined)[]; have: number; header: Header }>();

  constructor(
    private readonly opts: { maxParts: number; maxPending: number; ttlMs: number } = { maxParts: 64, maxPending: 4, ttlMs: 60_000 },
  ) {}

  add(m: Message, now = Date.now()): Message | null {
    const s = m.header.split;
    if (!s) return m;
    if (s.total > this.opts.maxParts) throw new Jt808Error(`split into ${s.total} packets`, 'split');
    for (const [k, p] of this.pending) if (now - p.at > this.opts.ttlMs) this.pending.delete(k);
    const first = (m.header.serial - s.index + 1 + 0x10000) & 0xffff;
    const key = `${m.header.phone}:${m.header.msgId}:${s.total}:${first}`;
    let p = this.pending.get(key);
    if (!p) {
      if (this.pending.size >= this.opts.maxPending) this.pending.delete(this.pending.keys().next().value!);
      p = { at: now, parts: new Array(s.total), have: 0, header: { ...m.header, serial: first, split: null } };
      this.pending.set(key, p);
    }
    if (!p.parts[s.index - 1]) p.have++;
    p.parts[s.index - 1] = m.body;
    if (p.have < s.total) return null;
    this.pending.delete(key);
    return { header: p.header, body: Buffer.concat(p.parts as Buffer[]) };
  }

  get size(): number {
    return this.pending.size;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// bodies

export interface Register {
  province: number;
  city: number;
  manufacturer: string;
  model: string;
  terminalId: string;
  plateColor: number;
  plate: string;
}

const REGISTER_SIZES = { 2013: [5, 20, 7], 2019: [11, 30, 30] } as const;

export function decodeRegister(body: Buffer, version: 2013 | 2019): Register {
  const [m, t, id] = REGISTER_SIZES[version];
  if (body.length < 4 + m + t + id + 1) throw new Jt808Error('register body too short', 'body');
  let o = 4;
  const take = (n: number) => body.subarray(o, (o += n));
  return {
    province: body.readUInt16BE(0),
    city: body.readUInt16BE(2),
    manufacturer: gbkDecode(take(m)),
    model: gbkDecode(take(t)),
    terminalId: gbkDecode(take(id)),
    plateColor: body[o++]!,
    plate: gbkDecode(body.subarray(o)),
  };
}

export function encodeRegister(r: Register, version: 2013 | 2019): Buffer {
  const [m, t, id] = REGISTER_SIZES[version];
  const head = Buffer.alloc(4);
  head.writeUInt16BE(r.province, 0);
  head.writeUInt16BE(r.city, 2);
  return Buffer.concat([head, fixed(r.manufacturer, m), fixed(r.model, t), fixed(r.terminalId, id), Buffer.of(r.plateColor), gbkEncode(r.plate)]);
}

export function encodeRegisterResponse(serial: number, result: number, authCode: string | null): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(serial & 0xffff, 0);
  head[2] = result;
  return result === REGISTER_RESULT.OK && authCode ? Buffer.concat([head, gbkEncode(authCode)]) : head;
}

export function decodeRegisterResponse(body: Buffer): { serial: number; result: number; authCode: string | null } {
  if (body.length < 3) throw new Jt808Error('register response too short', 'body');
  return { serial: body.readUInt16BE(0), result: body[2]!, authCode: body.length > 3 ? gbkDecode(body.subarray(3)) : null };
}

export interface Auth {
  code: string;
  imei: string | null;
  software: string | null;
}

export function decodeAuth(body: Buffer, version: 2013 | 2019): Auth {
  if (version === 2013) return { code: gbkDecode(body), imei: null, software: null };
  const n = body[0];
  if (n === undefined || body.length < 1 + n + 35) throw new Jt808Error('authentication body too short', 'body');
  return { code: gbkDecode(body.subarray(1, 1 + n)), imei: gbkDecode(body.subarray(1 + n, 16 + n)), software: gbkDecode(body.subarray(16 + n, 36 + n)) };
}

export function encodeAuth(a: Auth, version: 2013 | 2019): Buffer {
  const code = gbkEncode(a.code);
  if (version === 2013) return code;
  return Buffer.concat([Buffer.of(code.length), code, fixed(a.imei ?? '', 15), fixed(a.software ?? '', 20)]);
}

export function encodeGeneralResponse(serial: number, msgId: number, result: number): Buffer {
  const b = Buffer.alloc(5);
  b.writeUInt16BE(serial & 0xffff, 0);
  b.writeUInt16BE(msgId, 2);
  b[4] = result;
  return b;
}

export function decodeGeneralResponse(body: Buffer): { serial: number; msgId: number; result: number } {
  if (body.length < 5) throw new Jt808Error('general response too short', 'body');
  return { serial: body.readUInt16BE(0), msgId: body.readUInt16BE(2), result: body[4]! };
}

export interface Location {
  alarm: number;
  status: number;
  /** degrees, south / west negative */
  lat: number;
  lng: number;
  /** metres */
  altitude: number;
  /** km/h */
  speed: number;
  /** degrees from north */
  direction: number;
  at: Date;
  /** additional item 0x01, km */
  mileage: number | null;
  /** additional item 0x02, litres */
  fuel: number | null;
  /** every additional item by id (hex of the raw value) */
  extra: Record<number, string>;
}

export function decodeLocation(body: Buffer): Location {
  if (body.length < 28) throw new Jt808Error('location body too short', 'body');
  const status = body.readUInt32BE(4);
  const lat = body.readUInt32BE(8) / 1e6;
  const lng = body.readUInt32BE(12) / 1e6;
  if (lat > 90 || lng > 180) throw new Jt808Error('latitude / longitude out of range', 'body');
  const loc: Location = {
    alarm: body.readUInt32BE(0),
    status,
    lat: status & STATUS.SOUTH ? -lat : lat,
    lng: status & STATUS.WEST ? -lng : lng,
    altitude: body.readInt16BE(16),
    speed: body.readUInt16BE(18) / 10,
    direction: body.readUInt16BE(20),
    at: decodeTime(body.subarray(22, 28)),
    mileage: null,
    fuel: null,
    extra: {},
  };
  let o = 28;
  while (o + 2 <= body.length) {
    const id = body[o]!;
    const n = body[o + 1]!;
    const v = body.subarray(o + 2, o + 2 + n);
    if (v.length < n) throw new Jt808Error('additional item cut short', 'body');
    loc.extra[id] = v.toString('hex');
    if (id === 0x01 && n === 4) loc.mileage = v.readUInt32BE(0) / 10;
    if (id === 0x02 && n === 2) loc.fuel = v.readUInt16BE(0) / 10;
    o += 2 + n;
  }
  return loc;
}

export function encodeLocation(l: Pick<Location, 'lat' | 'lng' | 'at'> & Partial<Location>): Buffer {
  const b = Buffer.alloc(28);
  const status = ((l.status ?? STATUS.POSITIONED | STATUS.ACC) & ~(STATUS.SOUTH | STATUS.WEST)) | (l.lat < 0 ? STATUS.SOUTH : 0) | (l.lng < 0 ? STATUS.WEST : 0);
  b.writeUInt32BE((l.alarm ?? 0) >>> 0, 0);
  b.writeUInt32BE(status >>> 0, 4);
  b.writeUInt32BE(Math.round(Math.abs(l.lat) * 1e6), 8);
  b.writeUInt32BE(Math.round(Math.abs(l.lng) * 1e6), 12);
  b.writeInt16BE(Math.round(l.altitude ?? 0), 16);
  b.writeUInt16BE(Math.round((l.speed ?? 0) * 10), 18);
  b.writeUInt16BE(Math.round(l.direction ?? 0) % 360, 20);
  encodeTime(l.at).copy(b, 22);
  const items: Buffer[] = [b];
  if (l.mileage != null) {
    const v = Buffer.alloc(6, 0);
    v[0] = 0x01;
    v[1] = 4;
    v.writeUInt32BE(Math.round(l.mileage * 10), 2);
    items.push(v);
  }
  if (l.fuel != null) {
    const v = Buffer.alloc(4, 0);
    v[0] = 0x02;
    v[1] = 2;
    v.writeUInt16BE(Math.round(l.fuel * 10), 2);
    items.push(v);
  }
  return Buffer.concat(items);
}

export function decodeBatch(body: Buffer): { type: number; locations: Location[] } {
  if (body.length < 3) throw new Jt808Error('batch body too short', 'body');
  const count = body.readUInt16BE(0);
  const type = body[2]!;
  const locations: Location[] = [];
  let o = 3;
  for (let i = 0; i < count; i++) {
    if (o + 2 > body.length) throw new Jt808Error('batch cut short', 'body');
    const n = body.readUInt16BE(o);
    if (o + 2 + n > body.length) throw new Jt808Error('batch item cut short', 'body');
    locations.push(decodeLocation(body.subarray(o + 2, o + 2 + n)));
    o += 2 + n;
  }
  return { type, locations };
}

export function encodeBatch(locations: Buffer[], type = 0): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(locations.length, 0);
  head[2] = type;
  return Buffer.concat([head, ...locations.flatMap((l) => [Buffer.of(l.length >> 8, l.length & 0xff), l])]);
}
