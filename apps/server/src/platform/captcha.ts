/**
 * Slide captcha: a server-drawn background with a puzzle-shaped gap, and the matching piece.
 * The answer (the gap's x) stays on the server; each captcha is checked once and expires.
 * Images are drawn as SVG and rasterised with sharp, so the answer is not readable from markup.
 */
import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from './db.ts';
import type { Clock } from './config.ts';
import type { CaptchaImage } from '@tms/domain';

export const CAPTCHA = { width: 310, height: 160, piece: 50, tolerance: 6, ttlMs: 120_000 } as const;

function puzzlePath(s: number): string {
  // a square with a round knob on the top and the right side
  const k = s * 0.18;
  const b = s * 0.2; // inset so the knobs fit inside the piece box
  const w = s - b;
  const m = b + (w - b) / 2;
  return [
    `M ${b} ${b}`,
    `L ${m - k} ${b}`,
    `A ${k} ${k} 0 1 1 ${m + k} ${b}`,
    `L ${w} ${b}`,
    `L ${w} ${m - k}`,
    `A ${k} ${k} 0 1 1 ${w} ${m + k}`,
    `L ${w} ${w}`,
    `L ${b} ${w}`,
    'Z',
  ].join(' ');
}

function backgroundSvg(): string {
  const { width: W, height: H } = CAPTCHA;
  const hue = randomInt(360);
  const shapes: string[] = [];
  for (let i = 0; i < 28; i++) {
    const h = (hue + randomInt(160)) % 360;
    const c = `hsl(${h},${40 + randomInt(40)}%,${35 + randomInt(40)}%)`;
    const x = randomInt(W);
    const y = randomInt(H);
    switch (randomInt(3)) {
      case 0:
        shapes.push(`<circle cx="${x}" cy="${y}" r="${8 + randomInt(36)}" fill="${c}" fill-opacity="0.7"/>`);
        break;
      case 1:
        shapes.push(`<rect x="${x}" y="${y}" width="${10 + randomInt(70)}" height="${10 + randomInt(50)}" fill="${c}" fill-opacity="0.6" transform="rotate(${randomInt(90)} ${x} ${y})"/>`);
        break;
      default:
        shapes.push(`<line x1="${x}" y1="${y}" x2="${randomInt(W)}" y2="${randomInt(H)}" stroke="${c}" stroke-width="${1 + randomInt(5)}"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},55%,45%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
}


/** Draws a new captcha and stores its answer. */
export async function createCaptcha(db: Db, clock: Clock): Promise<CaptchaImage> {
  const { width: W, height: H, piece: S } = CAPTCHA;
  const x = 70 + randomInt(W - S - 80);
  const y = 5 + randomInt(H - S - 10);
  const base = await sharp(Buffer.from(backgroundSvg())).png().toBuffer();
  const path = puzzlePath(S);
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><path d="${path}" fill="#fff"/></svg>`);
  const outline = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><path d="${path}" fill="none" stroke="rgba(255,255,255,0.9)" stroke-width="2"/></svg>`,
  );
  const hole = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><path d="${path}" fill="rgba(0,0,0,0.55)" stroke="rgba(255,255,255,0.8)" stroke-width="1.5"/></svg>`,
  );
  const piece = await sharp(base)
    .extract({ left: x, top: y, width: S, height: S })
    .composite([
      { input: mask, blend: 'dest-in' },
      { input: outline, blend: 'over' },
    ])
    .png()
    .toBuffer();
  // a decoy gap makes guessing from image statistics harder
  const decoyX = (x + S + 20 + randomInt(W - 2 * S - 40)) % (W - S);
  const decoy = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><path d="${path}" fill="rgba(255,255,255,0.18)"/></svg>`,
  );
  const bg = await sharp(base)
    .composite([
      { input: hole, left: x, top: y },
      { input: decoy, left: decoyX, top: Math.max(0, Math.min(H - S, y + randomInt(40) - 20)) },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
  const token = randomBytes(24).toString('base64url');
  const now = clock.now();
  await db.query(`delete from sys_captcha where expires_at < $1`, [now]);
  await db.query(`insert into sys_captcha(token, x, create_time, expires_at) values ($1,$2,$3,$4)`, [token, x, now, new Date(now.getTime() + CAPTCHA.ttlMs)]);
  return {
    token,
    backgroundImage: `data:image/jpeg;base64,${bg.toString('base64')}`,
    pieceImage: `data:image/png;base64,${piece.toString('base64')}`,
    y,
    width: W,
    height: H,
    pieceSize: S,
  };
}

export type CaptchaResult = 'ok' | 'wrong' | 'expired';

/**
 * The slide check of the captcha page: one attempt per captcha. A right answer marks the
 * captcha verified, so the login that follows may present the same token and position.
 */
export async function checkCaptcha(db: Db, clock: Clock, token: unknown, x: unknown): Promise<CaptchaResult> {
  if (typeof token !== 'string' || typeof x !== 'number' || !Number.isFinite(x)) return 'wrong';
  const r = await db.query<{ x: number; expires_at: Date; verified: boolean; used: boolean }>(
    `update sys_captcha set used = true where token = $1 and used = false and verified = false returning x, expires_at, verified, used`,
    [token],
  );
  const row = r.rows[0];
  if (!row) return 'expired';
  if (row.expires_at < clock.now()) return 'expired';
  if (Math.abs(row.x - x) > CAPTCHA.tolerance) return 'wrong';
  await db.query(`update sys_captcha set verified = true, used = false where token = $1`, [token]);
  return 'ok';
}

/** Consumes a captcha at login: either verified by the check, or checked now. Never twice. */
export async function consumeCaptcha(db: Db, clock: Clock, token: unknown, x: unknown): Promise<CaptchaResult> {
  if (typeof token !== 'string' || typeof x !== 'number' || !Number.isFinite(x)) return 'wrong';
  const r = await db.query<{ x: number; expires_at: Date; verified: boolean }>(
    `update sys_captcha set used = true, verified = false where token = $1 and used = false returning x, expires_at, verified`,
    [token],
  );
  const row = r.rows[0];
  if (!row) return 'expired';
  if (row.expires_at < clock.now()) return 'expired';
  return Math.abs(row.x - x) <= CAPTCHA.tolerance ? 'ok' : 'wrong';
}

/** Test-only: the answer of a captcha (the route exists only with TMS_TEST_HOOKS=1, never in production). */
export async function captchaAnswer(db: Db, token: string): Promise<number | null> {
  const r = await db.query<{ x: number }>(`select x from sys_captcha where token = $1`, [token]);
  return r.rows[0]?.x ?? null;
}
