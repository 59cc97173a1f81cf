import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Selector from 'antd-mobile/es/components/selector';
import Switch from 'antd-mobile/es/components/switch';
import { useT } from '../i18n.ts';
import { Bar, LANG_OPTIONS } from '../ui.tsx';
import { ApiError, logout, NetworkError, type Me } from '../api.ts';
import { currentSubscription, disablePush, enablePush, PushDenied, pushSupported } from '../push.ts';

/** New-task notifications: on when the phone has a push subscription (the server has it too). */
function PushSwitch() {
  const { t } = useT();
  const supported = pushSupported();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(supported ? null : t('me.pushUnsupported'));
  useEffect(() => {
    if (supported) void currentSubscription().then((s) => setOn(!!s && Notification.permission === 'granted'), () => undefined);
  }, [supported]);
  const change = async (want: boolean) => {
    setBusy(true);
    setNote(null);
    try {
      if (want) await enablePush();
      else await disablePush();
      setOn(want);
    } catch (e) {
      setOn(false);
      // the server's refusal in its words; the browser's own failure (no push service) in the driver's
      setNote(e instanceof PushDenied ? t('me.pushDenied') : e instanceof ApiError ? t('me.pushFailed', { msg: e.message }) : e instanceof NetworkError ? t('common.networkError') : t('me.pushUnavailable'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <List.Item
      description={<span data-testid="push-note">{note ?? t('me.pushHint')}</span>}
      extra={<Switch checked={on} loading={busy} disabled={!supported} onChange={(v) => void change(v)} aria-label={t('me.push')} data-testid="push-switch" />}
    >
      {t('me.push')}
    </List.Item>
  );
}

export function MePage({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const { t, lang, setLang } = useT();
  return (
    <>
      <Bar>
        {t('me.title')}
      </Bar>
      <List header={me.name}>
        <List.Item extra={me.code}>{me.loginName}</List.Item>
        <List.Item extra={me.carrierName ?? '—'}>{t('me.carrier')}</List.Item>
        <List.Item extra={me.mobile}>{t('me.mobile')}</List.Item>
        <PushSwitch />
      </List>
      <div className="card">
        <div className="muted" style={{ marginBottom: 8 }}>{t('me.language')}</div>
        <Selector columns={2} options={LANG_OPTIONS} value={[lang]} onChange={(v) => v[0] && setLang(v[0])} data-testid="lang" />
      </div>
      <div className="card">
        <Button block color="danger" fill="outline" onClick={() => void disablePush().then(logout).then(onSignedOut)}>
          {t('me.signOut')}
        </Button>
      </div>
    </>
  );
}
