/** A save button's request: busy while it runs, the success message, and the server's reasons on failure. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import type { z } from 'zod';
import type { Endpoint } from '@tms/domain';
import { HttpError } from '../../platform/http.ts';
import { call, type CallInput } from '../../platform/api.ts';

/** A save: a POST whose body its endpoint types. */
type Save<B extends z.ZodType> = Endpoint<undefined, undefined, B, z.ZodType>;
type Body<B extends z.ZodType> = CallInput<undefined, undefined, B>['body'];

export function useSubmit(): [saving: boolean, submit: <B extends z.ZodType>(save: Save<B>, body: Body<B>, onSaved: () => void) => Promise<void>] {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submit = async <B extends z.ZodType>(save: Save<B>, body: Body<B>, onSaved: () => void) => {
    setSaving(true);
    try {
      await call(save, { body }, { silent: true });
      message.success(t('resource.saveSuccess'));
      onSaved();
    } catch (e) {
      message.error(e instanceof HttpError ? [e.message, ...Object.values(e.fieldErrors)].join('; ') : t('messages.systemError'));
    } finally {
      setSaving(false);
    }
  };
  return [saving, submit];
}
