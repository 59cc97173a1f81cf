/**
 * File storage behind the object-storage configuration: a local folder (default) or any
 * S3-compatible service (MinIO client). Every upload in the product goes through `storeFile`.
 * Files are served through signed, expiring links so <img> tags work without the bearer header.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Client as MinioClient } from 'minio';
import type { Db, Queryable } from './db.ts';
import type { Secrets } from './secrets.ts';
import { conflict } from './errors.ts';

export interface StoreBackend {
  put(key: string, body: Readable, contentType: string): Promise<number>;
  get(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  test(): Promise<void>;
}

export class LocalBackend implements StoreBackend {
  constructor(private readonly root: string) {}
  private path(key: string) {
    const p = resolve(this.root, key);
    if (!p.startsWith(resolve(this.root) + sep)) throw new Error('bad key');
    return p;
  }
  async put(key: string, body: Readable): Promise<number> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await pipeline(body, createWriteStream(p));
    return (await stat(p)).size;
  }
  async get(key: string): Promise<Readable> {
    return createReadStream(this.path(key));
  }
  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
  async test(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}

export interface OssConfigRow {
  config_key: string;
  storage_type: string;
  endpoint: string | null;
  port: number | null;
  use_ssl: boolean;
  region: string | null;
  bucket_name: string | null;
  prefix: string | null;
  access_key: string | null;
  secret_key_enc: string | null;
}

export class S3Backend implements StoreBackend {
  private readonly client: MinioClient;
  constructor(
    private readonly cfg: OssConfigRow,
    secretKey: string,
  ) {
    this.client = new MinioClient({
      endPoint: cfg.endpoint ?? '',
      port: cfg.port ?? undefined,
      useSSL: cfg.use_ssl,
      region: cfg.region ?? undefined,
      accessKey: cfg.access_key ?? '',
      secretKey,
    });
  }
  private key(k: string) {
    return (this.cfg.prefix ? this.cfg.prefix.replace(/\/$/, '') + '/' : '') + k;
  }
  async put(key: string, body: Readable, contentType: string): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    const buf = Buffer.concat(chunks);
    await this.client.putObject(this.cfg.bucket_name ?? '', this.key(key), buf, buf.length, { 'Content-Type': contentType });
    return buf.length;
  }
  async get(key: string): Promise<Readable> {
    return this.client.getObject(this.cfg.bucket_name ?? '', this.key(key));
  }
  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.cfg.bucket_name ?? '', this.key(key));
  }
  async test(): Promise<void> {
    const ok = await this.client.bucketExists(this.cfg.bucket_name ?? '');
    if (!ok) throw new Error(`bucket ${this.cfg.bucket_name} does not exist`);
  }
}

export class Storage {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly localRoot: string,
  ) {}

  backendFor(cfg: OssConfigRow | undefined): StoreBackend {
    if (!cfg || cfg.storage_type !== 'S3') return new LocalBackend(this.localRoot);
    return new S3Backend(cfg, cfg.secret_key_enc ? this.secrets.decrypt(cfg.secret_key_enc) : '');
  }

  async config(q: Queryable, key?: string): Promise<OssConfigRow | undefined> {
    const r = key
      ? await q.query<OssConfigRow>(`select * from sys_oss_config where config_key = $1`, [key])
      : await q.query<OssConfigRow>(`select * from sys_oss_config where is_default and status = '0' order by id limit 1`);
    return r.rows[0];
  }

  /** Stores an upload through the active configuration and records it in sys_oss. */
  async storeFile(file: { filename: string; mimetype: string; file: Readable }, createBy: string): Promise<{ id: number; url: string }> {
    const cfg = await this.config(this.db);
    const suffix = (file.filename.match(/\.([A-Za-z0-9]{1,10})$/)?.[1] ?? '').toLowerCase();
    const d = new Date();
    const key = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(12).toString('hex')}${suffix ? '.' + suffix : ''}`;
    const size = await this.backendFor(cfg).put(key, file.file, file.mimetype);
    if ((file.file as Readable & { truncated?: boolean }).truncated) {
      await this.backendFor(cfg).remove(key);
      throw Object.assign(new Error('too large'), { statusCode: 413 });
    }
    const r = await this.db.query<{ id: number }>(
      `insert into sys_oss(file_name, original_name, suffix, content_type, size_bytes, config_key, create_by) values ($1,$2,$3,$4,$5,$6,$7) returning id`,
      [key, file.filename.slice(0, 300), suffix, file.mimetype.slice(0, 100), size, cfg?.config_key ?? 'local', createBy],
    );
    const id = r.rows[0]!.id;
    return { id, url: this.signedUrl(id) };
  }

  /** A link that serves the file without a session for `ttlSec` seconds (default 7 days). */
  signedUrl(id: number, ttlSec = 7 * 86400): string {
    const exp = Math.floor(Date.now() / 1000) + ttlSec;
    return `/api/files/${id}?exp=${exp}&sig=${this.secrets.sign(`${id}.${exp}`)}`;
  }

  verify(id: number, exp: number, sig: string): boolean {
    return exp * 1000 > Date.now() && this.secrets.verify(`${id}.${exp}`, sig);
  }

  async open(id: number): Promise<{ stream: Readable; contentType: string; name: string } | null> {
    const r = await this.db.query<{ file_name: string; original_name: string; content_type: string; config_key: string }>(`select * from sys_oss where id = $1`, [id]);
    const row = r.rows[0];
    if (!row) return null;
    const cfg = row.config_key === 'local' ? undefined : await this.config(this.db, row.config_key);
    return { stream: await this.backendFor(cfg).get(row.file_name), contentType: row.content_type || 'application/octet-stream', name: row.original_name };
  }

  async removeFiles(ids: number[]): Promise<void> {
    const r = await this.db.query<{ file_name: string; config_key: string }>(`select file_name, config_key from sys_oss where id = any($1)`, [ids]);
    for (const row of r.rows) {
      const cfg = row.config_key === 'local' ? undefined : await this.config(this.db, row.config_key);
      await this.backendFor(cfg).remove(row.file_name).catch(() => undefined);
    }
  }

  async testConfig(key: string): Promise<void> {
    const cfg = await this.config(this.db, key);
    if (!cfg) throw conflict('messages.notFound');
    await this.backendFor(cfg).test();
  }
}

export const localRoot = (dataDir: string) => join(resolve(dataDir), 'uploads');
