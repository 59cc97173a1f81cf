/** JT/T 808 codec against frames written out byte by byte from the standard. */
import { describe, expect, it } from 'vitest';
import {
  ALARM,
  bcdDecode,
  checkCode,
  decodeAuth,
  decodeBatch,
  decodeFrame,
  decodeGeneralResponse,
  decodeLocation,
  decodeRegister,
  decodeRegisterResponse,
  encodeAuth,
  encodeBatch,
  encodeFrame,
  encodeGeneralResponse,
  encodeLocation,
  encodeRegister,
  encodeRegisterResponse,
  encodeSplit,
  escape,
  FrameSplitter,
  gbkEncode,
  Jt808Error,
  MSG,
  normalizeTerminal,
  Reassembler,
  STATUS,
  unescape,
} from './jt808.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const content = (frame: Buffer) => frame.subarray(1, -1);

describe('escaping and check code', () => {
  it('escapes 0x7e and 0x7d and back', () => {
    expect(escape(hex('30 7e 08 7d 55'))).toEqual(hex('30 7d02 08 7d01 55'));
    expect(unescape(hex('30 7d02 08 7d01 55'))).toEqual(hex('30 7e 08 7d 55'));
  });
  it('refuses 0x7d followed by anything but 01 / 02', () => {
    expect(() => unescape(hex('30 7d 03'))).toThrow(Jt808Error);
    expect(() => unescape(hex('30 7d'))).toThrow(Jt808Error);
  });
  it('XORs header and body', () => {
    expect(checkCode(hex('00 02 00 00 01 39 12 34 56 78 00 01'))).toBe(0x33);
  });
});

describe('2013 header', () => {
  // heartbeat of terminal 013912345678, serial 1, empty body
  const HEARTBEAT = hex('7e 0002 0000 013912345678 0001 33 7e');

  it('decodes a heartbeat written from the standard', () => {
    const m = decodeFrame(content(HEARTBEAT));
    expect(m.header).toEqual({ msgId: MSG.HEARTBEAT, version: 2013, protocolVersion: 0, phone: '013912345678', serial: 1, encryption: 0, split: null });
    expect(m.body.length).toBe(0);
    expect(normalizeTerminal(m.header.phone)).toBe('13912345678');
  });
  it('encodes the same bytes', () => {
    expect(encodeFrame({ msgId: MSG.HEARTBEAT, version: 2013, phone: '13912345678', serial: 1 })).toEqual(HEARTBEAT);
  });
  it('escapes a serial of 0x7e inside the frame and reads it back', () => {
    const f = encodeFrame({ msgId: MSG.HEARTBEAT, version: 2013, phone: '13912345678', serial: 0x7e });
    expect(f.subarray(1, -1).includes(0x7e)).toBe(false);
    expect(f.toString('hex')).toContain('007d02');
    expect(decodeFrame(content(f)).header.serial).toBe(0x7e);
  });
  it('refuses a wrong check code, a wrong body length, a short frame, non-BCD digits', () => {
    expect(() => decodeFrame(hex('0002 0000 013912345678 0001 34'))).toThrow(/check/);
    // header says 1 byte of body, none there (check code fixed up)
    const bad = hex('0002 0001 013912345678 0001 00');
    bad[bad.length - 1] = checkCode(bad, bad.length - 1);
    expect(() => decodeFrame(bad)).toThrow(/body is 0 bytes/);
    expect(() => decodeFrame(hex('0002 0000 01'))).toThrow(/short/);
    const nonBcd = hex('0002 0000 0139123456ab 0001 00');
    nonBcd[nonBcd.length - 1] = checkCode(nonBcd, nonBcd.length - 1);
    expect(() => decodeFrame(nonBcd)).toThrow(/BCD/);
  });
});

describe('2019 header', () => {
  it('carries the version flag, the protocol version and a 10-byte phone number', () => {
    // 0x0002, props 0x4000 (version flag), protocol version 1, phone 00000000013912345678, serial 2
    const raw = hex('0002 4000 01 00000000013912345678 0002');
    const frame = Buffer.concat([hex('7e'), raw, Buffer.of(checkCode(raw)), hex('7e')]);
    const m = decodeFrame(content(frame));
    expect(m.header).toMatchObject({ version: 2019, protocolVersion: 1, phone: '00000000013912345678', serial: 2 });
    expect(encodeFrame({ msgId: 2, version: 2019, phone: '13912345678', serial: 2 })).toEqual(frame);
  });
});

describe('stream splitting', () => {
  const a = encodeFrame({ msgId: MSG.HEARTBEAT, version: 2013, phone: '1', serial: 1 });
  const b = encodeFrame({ msgId: MSG.HEARTBEAT, version: 2013, phone: '1', serial: 2 });

  it('cuts frames arriving in pieces, together, or sharing a delimiter', () => {
    const s = new FrameSplitter();
    const both = Buffer.concat([a, b]);
    const got: Buffer[] = [];
    for (let i = 0; i < both.length; i += 5) got.push(...s.push(both.subarray(i, i + 5)));
    expect(got.map((f) => decodeFrame(f).header.serial)).toEqual([1, 2]);
    const shared = Buffer.concat([a, b.subarray(1)]);
    expect(new FrameSplitter().push(shared).map((f) => decodeFrame(f).header.serial)).toEqual([1, 2]);
  });
  it('holds a half frame without answering', () => {
    const s = new FrameSplitter();
    expect(s.push(a.subarray(0, 7))).toEqual([]);
    expect(s.pending).toBe(7);
  });
  it('refuses garbage outside a frame and a frame that never ends', () => {
    expect(() => new FrameSplitter().push(Buffer.from('GET / HTTP/1.1\r\n'))).toThrow(/outside/);
    const s = new FrameSplitter();
    expect(() => s.push(Buffer.concat([hex('7e'), Buffer.alloc(5000, 0x31)]))).toThrow(/too long/);
  });
});

describe('split packets', () => {
  it('reassembles packets in any order, once', () => {
    const body = Buffer.alloc(2500, 0).map((_, i) => i % 251);
    const frames = encodeSplit({ msgId: MSG.BATCH_LOCATION, version: 2019, phone: '13912345678', serial: 0xfffe }, body);
    expect(frames).toHaveLength(3);
    const r = new Reassembler();
    const msgs = [frames[2]!, frames[0]!, frames[1]!].map((f) => decodeFrame(content(f)));
    expect(msgs.map((m) => m.header.split)).toEqual([
      { total: 3, index: 3 },
      { total: 3, index: 1 },
      { total: 3, index: 2 },
    ]);
    expect(r.add(msgs[0]!)).toBeNull();
    expect(r.add(msgs[1]!)).toBeNull();
    const whole = r.add(msgs[2]!)!;
    expect(whole.header).toMatchObject({ msgId: MSG.BATCH_LOCATION, serial: 0xfffe, split: null });
    expect(whole.body).toEqual(body);
    expect(r.size).toBe(0);
  });
  it('bounds what it keeps', () => {
    const r = new Reassembler({ maxParts: 4, maxPending: 2, ttlMs: 1000 });
    const part = (serial: number, total: number, index: number) => decodeFrame(content(encodeFrame({ msgId: 0x0704, version: 2013, phone: '1', serial, split: { total, index } }, Buffer.of(1))));
    expect(() => r.add(part(1, 5, 1))).toThrow(/split/);
    r.add(part(10, 2, 1), 0);
    r.add(part(20, 2, 1), 0);
    r.add(part(30, 2, 1), 0);
    expect(r.size).toBe(2);
    r.add(part(40, 2, 1), 5000);
    expect(r.size).toBe(1);
  });
});

describe('bodies', () => {
  it('decodes a location report written from the standard', () => {
    // alarm: emergency + overspeed; status: ACC, positioned; 31.230416 N, 121.473701 E; 15 m; 62.5 km/h; 90°;
    // 2024-03-05 14:30:15 GMT+8; mileage 1234.5 km; fuel 56.7 L
    const body = hex('00000003 00000003 01dc89d0 073d8aa5 000f 0271 005a 240305143015 01 04 00003039 02 02 0237');
    const l = decodeLocation(body);
    expect(l).toMatchObject({ alarm: ALARM.EMERGENCY | ALARM.OVERSPEED, status: STATUS.ACC | STATUS.POSITIONED, lat: 31.230416, lng: 121.473701, altitude: 15, speed: 62.5, direction: 90, mileage: 1234.5, fuel: 56.7 });
    expect(l.at.toISOString()).toBe('2024-03-05T06:30:15.000Z');
    expect(encodeLocation(l)).toEqual(body);
  });
  it('south and west from the status bits', () => {
    const l = decodeLocation(encodeLocation({ lat: -33.8688, lng: -70.6693, at: new Date('2024-01-01T00:00:00Z') }));
    expect(l.status & STATUS.SOUTH && l.status & STATUS.WEST).toBeTruthy();
    expect([l.lat, l.lng]).toEqual([-33.8688, -70.6693]);
  });
  it('refuses a cut location, a cut additional item, a bad time', () => {
    expect(() => decodeLocation(Buffer.alloc(20))).toThrow(/short/);
    const ok = encodeLocation({ lat: 1, lng: 1, at: new Date(), mileage: 1 });
    expect(() => decodeLocation(ok.subarray(0, ok.length - 1))).toThrow(/cut short/);
    const badTime = Buffer.from(ok);
    badTime[23] = 0x13; // month 13
    expect(() => decodeLocation(badTime)).toThrow(/time/);
  });
  it('batch upload of locations', () => {
    const at = new Date('2024-03-05T06:30:00Z');
    const body = encodeBatch([encodeLocation({ lat: 30, lng: 120, at }), encodeLocation({ lat: 30.1, lng: 120.1, at: new Date(at.getTime() + 10_000), mileage: 7 })], 1);
    expect(body.subarray(0, 3)).toEqual(hex('0002 01'));
    const b = decodeBatch(body);
    expect(b.type).toBe(1);
    expect(b.locations.map((l) => [l.lat, l.lng, l.mileage])).toEqual([
      [30, 120, null],
      [30.1, 120.1, 7],
    ]);
    expect(() => decodeBatch(body.subarray(0, body.length - 3))).toThrow(Jt808Error);
  });
  it('registration, both editions, GBK plate', () => {
    const r = { province: 31, city: 100, manufacturer: 'ACME', model: 'T-808', terminalId: 'ABC1234', plateColor: 2, plate: '沪A12345' };
    const b13 = encodeRegister(r, 2013);
    expect(b13.length).toBe(4 + 5 + 20 + 7 + 1 + 8);
    expect(b13.subarray(-8)).toEqual(hex('bba6 41 3132333435'));
    expect(decodeRegister(b13, 2013)).toEqual(r);
    expect(decodeRegister(encodeRegister(r, 2019), 2019)).toEqual(r);
    expect(gbkEncode('京')).toEqual(hex('bea9'));
    expect(() => decodeRegister(Buffer.alloc(10), 2013)).toThrow(/short/);
  });
  it('register response carries the authentication code on success only', () => {
    expect(encodeRegisterResponse(7, 0, 'abc')).toEqual(hex('0007 00 616263'));
    expect(encodeRegisterResponse(7, 4, 'abc')).toEqual(hex('0007 04'));
    expect(decodeRegisterResponse(hex('0007 00 616263'))).toEqual({ serial: 7, result: 0, authCode: 'abc' });
  });
  it('authentication, both editions', () => {
    expect(decodeAuth(hex('616263'), 2013)).toEqual({ code: 'abc', imei: null, software: null });
    const a = { code: 'abc', imei: '861234567890123', software: 'V1.0' };
    const b = encodeAuth(a, 2019);
    expect(b.length).toBe(1 + 3 + 15 + 20);
    expect(decodeAuth(b, 2019)).toEqual(a);
    expect(() => decodeAuth(hex('05 61'), 2019)).toThrow(/short/);
  });
  it('platform general response', () => {
    expect(encodeGeneralResponse(0x1234, MSG.LOCATION, 0)).toEqual(hex('1234 0200 00'));
    expect(decodeGeneralResponse(hex('1234 0200 00'))).toEqual({ serial: 0x1234, msgId: 0x0200, result: 0 });
  });
  it('BCD', () => {
    expect(bcdDecode(hex('240305'))).toBe('240305');
  });
});
