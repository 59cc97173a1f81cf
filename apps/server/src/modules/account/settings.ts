/** System config entries of the account area (seeded by seedAccount; a missing entry means its default). */
import type { Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { ACCOUNT_ATTEMPTS_PER_HOUR } from '@tms/domain';
import { tooMany } from '../../platform/errors.ts';

export const ACCOUNT_CONFIG = {
  /** 'true' opens /user/register */
  register: 'sys.account.registerUser',
  /** user names / role keys that sign in with an SMS code after the password (comma separated; 'none' = nobody) */
  twoStepUsers: 'sys.account.twoStepUsers',
  twoStepRoles: 'sys.account.twoStepRoles',
  smsDailyCap: 'sys.sms.dailyCap',
  /** address search of the address and station forms; 'off' = none */
  geocoderUrl: 'sys.map.geocoderUrl',
} as const;

export async function configValues(q: Queryable, keys: string[]): Promise<Map<string, string>> {
  const r = await q.query<{ config_key: string; config_value: string }>(`select config_key, config_value from sys_config where config_key = any($1)`, [keys]);
  return new Map(r.rows.map((x) => [x.config_key, x.config_value]));
}

/** A comma-separated config list; 'none', '-' and blanks are nothing. */
export function configList(v: string | undefined): string[] {
  return (v ?? '')
    .split(/[,，;\s]+/)
    .map((x) => x.trim())
    .filter((x) => x && x !== 'none' && x !== '-');
}

export async function registrationOpen(q: Queryable): Promise<boolean> {
  return (await configValues(q, [ACCOUNT_CONFIG.register])).get(ACCOUNT_CONFIG.register) === 'true';
}

/** Counts one attempt of a public account call from an address; too many in the last hour → 429. */
export async function countAttempt(q: Queryable, clock: Clock, kind: string, ip: string): Promise<void> {
  const now = clock.now();
  const r = await q.query<{ n: number }>(`select count(*)::int as n from sys_account_attempt where kind = $1 and ipaddr = $2 and attempt_time > $3`, [
    kind,
    ip,
    new Date(now.getTime() - 3_600_000),
  ]);
  if (r.rows[0]!.n >= ACCOUNT_ATTEMPTS_PER_HOUR) throw tooMany();
  await q.query(`insert into sys_account_attempt(kind, ipaddr, attempt_time) values ($1,$2,$3)`, [kind, ip, now]);
}

/** Seeds the config entries once each (an administrator's later change stays). */
export async function seedAccount(q: Queryable, once: (q: Queryable, key: string, fn: () => Promise<void>) => Promise<void>): Promise<void> {
  await once(q, 'config:account', async () => {
    for (const [name, key, value, remark] of [
      ['二次验证用户', ACCOUNT_CONFIG.twoStepUsers, 'none', '登录时需要短信验证码的用户名，逗号分隔；none 表示无'],
      ['二次验证角色', ACCOUNT_CONFIG.twoStepRoles, 'none', '登录时需要短信验证码的角色键，逗号分隔；none 表示无'],
      ['短信每日上限', ACCOUNT_CONFIG.smsDailyCap, '10', '每个手机号 24 小时内最多获取的验证码条数'],
      ['地址搜索服务', ACCOUNT_CONFIG.geocoderUrl, 'off', '地址自动补全的地理编码地址，{q} 为搜索词（如 Nominatim 兼容接口）；off 表示关闭'],
    ])
      await q.query(`insert into sys_config(config_name, config_key, config_value, config_type, remark, create_by) values ($1,$2,$3,true,$4,'system') on conflict (config_key) do nothing`, [
        name,
        key,
        value,
        remark,
      ]);
  });
}
