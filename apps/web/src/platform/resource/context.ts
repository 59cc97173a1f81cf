/** What every piece of the resource engine needs: translation, dictionaries, date style, permission check. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@tms/domain';
import { useCan, useDicts, useUserInfo } from '../queries.ts';
import type { DictEntry, Translate } from './columns.ts';

export interface ResourceContext {
  t: Translate;
  dicts: Record<string, DictEntry[]>;
  dateStyle: string | undefined;
  can: (button: string) => boolean;
  lang: string;
}

export function useResourceContext(): ResourceContext {
  const { t, i18n } = useTranslation();
  const { data: dicts } = useDicts();
  const { data: user } = useUserInfo();
  const can = useCan();
  const dateStyle = user?.sysUserProfile?.dateStyle;
  return useMemo(
    // i18next's TFunction overloads do not narrow to our simple signature; the call shape is the same
    () => ({ t: ((k: string | string[], o?: Record<string, unknown>) => String(t(k as string, o ?? {}))) as Translate, dicts: dicts ?? {}, dateStyle, can, lang: i18n.language }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, dicts, dateStyle, user, i18n.language],
  );
}

/** Translates a validation result of @tms/domain ({ key, params }) into the message shown under a field. */
export function translateFieldError(t: Translate, e: FieldError): string {
  return t(e.key, e.params ?? {});
}
