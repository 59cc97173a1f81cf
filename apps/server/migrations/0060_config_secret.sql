-- Secret values of the system configuration (the SMTP password): stored encrypted (platform/secrets.ts) in
-- value_enc, never in config_value, which holds only a mask. modules/system/config-secrets.ts encrypts the
-- plain values an older database holds, at start (the key comes from TMS_SECRET, which SQL does not have).
alter table sys_config add column value_enc text;
