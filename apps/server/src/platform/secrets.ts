/**
 * Credentials the server must use again (object-storage keys, platform secrets) are stored encrypted
 * with AES-256-GCM under a key derived from TMS_SECRET (scrypt); signed links use HMAC-SHA256.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export class Secrets {
  #key?: Buffer;
  #macKey?: Buffer;
  // the keys are derived when first needed: scrypt costs ~0.2 s each, which every start of the server
  // (and every test file's) paid though most never encrypt or sign anything
  constructor(private readonly secret: string) {}
  private get key(): Buffer {
    return (this.#key ??= scryptSync(this.secret, 'tms-stored-credentials', 32));
  }
  private get macKey(): Buffer {
    return (this.#macKey ??= scryptSync(this.secret, 'tms-signed-links', 32));
  }
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1.${iv.toString('base64url')}.${c.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }
  decrypt(stored: string): string {
    const [v, iv, tag, body] = stored.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not an encrypted value');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
  sign(data: string): string {
    return createHmac('sha256', this.macKey).update(data).digest('base64url');
  }
  verify(data: string, sig: string): boolean {
    const a = Buffer.from(this.sign(data));
    const b = Buffer.from(sig);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

/** Development without TMS_SECRET: one random secret kept in the data folder, so restarts can still decrypt. */
export function developmentSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const s = randomBytes(32).toString('hex');
  writeFileSync(file, s, { mode: 0o600 });
  return s;
}
