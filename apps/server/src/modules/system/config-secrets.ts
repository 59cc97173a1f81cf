/**
 * Secret values of the system configuration (SECRET_CONFIG_KEYS: the SMTP password). The value typed is stored
 * encrypted in `value_enc` (the engine's 'secret' field kind, platform/secrets.ts); `config_value` keeps only a
 * mask, so the list, the record, the export and the operation log never carry it. Saving the mask back (an edit
 * of the row's name or remark) keeps the stored value. The server reads it with `configSecret`.
 */
import { CONFIG_SECRET_MASK, isSecretConfigKey } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { ResourceHooks } from '../../platform/resource-engine.ts';
import type { Secrets } from '../../platform/secrets.ts';

export const configHooks: ResourceHooks = {
  beforeSave: async (_q, values, _caller, existing) => {
    if (!isSecretConfigKey(values.configKey ?? existing?.config_key)) return;
    const typed = values.configValue;
    if (typed === undefined || typed === CONFIG_SECRET_MASK) {
      delete values.configValue;
      return;
    }
    const plain = String(typed ?? '');
    values.valueEnc = plain; // the engine encrypts a 'secret' field (and skips an empty one: afterSave clears it)
    values.configValue = plain ? CONFIG_SECRET_MASK : '';
  },
  // an emptied secret, or a key renamed away from a secret one, leaves no ciphertext behind
  afterSave: async (q, row) => {
    if (row.value_enc && (!isSecretConfigKey(row.config_key) || row.config_value === '')) {
      await q.query(`update sys_config set value_enc = null where id = $1`, [row.id]);
    }
  },
};

/** The plain value of a secret configuration key ('' when none is set or it cannot be read with this TMS_SECRET). */
export async function configSecret(q: Pick<Queryable, 'query'>, secrets: Secrets, key: string): Promise<string> {
  const r = await q.query<{ value_enc: string | null }>(`select value_enc from sys_config where config_key = $1`, [key]);
  const enc = r.rows[0]?.value_enc;
  if (!enc) return '';
  try {
    return secrets.decrypt(enc);
  } catch {
    return '';
  }
}

/** At start: a secret key still holding a plain value (a database from before migration 0060) gets it encrypted. */
export async function encryptPlainConfigSecrets(db: Db, secrets: Secrets, keys: readonly string[]): Promise<void> {
  const r = await db.query<{ id: number; config_value: string }>(
    `select id, config_value from sys_config where config_key = any($1) and value_enc is null and config_value <> '' and config_value <> $2`,
    [keys, CONFIG_SECRET_MASK],
  );
  for (const row of r.rows) {
    await db.query(`update sys_config set value_enc = $1, config_value = $2 where id = $3`, [secrets.encrypt(row.config_value), CONFIG_SECRET_MASK, row.id]);
  }
}
