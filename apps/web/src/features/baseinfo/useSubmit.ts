/** A save button's request: busy while it runs, the success message, and the server's reasons on failure. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { HttpError, post } from '../../platform/http.ts';

export function useSubmit(): [saving: boolean, submit: (url: string, body: unknown, onSaved: () => void) => Promise<void>] {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submit = async (url: string, body: unknown, onSaved: () => void) => {
    setSaving(true);
    try {
      await post(url, body, { silent: true });
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
