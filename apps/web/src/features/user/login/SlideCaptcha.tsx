/**
 * The slide captcha: drag the handle until the piece fits the gap. On release the position is
 * checked by the server; a wrong slide shows the error and loads a new captcha.
 * Pointer events cover mouse, pen and touch; the keyboard moves the handle with the arrow keys (Shift
 * or Page Up / Down: ten steps, Home / End: the ends) and submits its position with Enter or Space.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton, Tooltip, theme } from 'antd';
import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { HttpError } from '../../../platform/http.ts';
import { callAuth, type AuthData } from '../authCall.ts';

/** The puzzle and its token; `enabled` false when the captcha is switched off (config or TMS_CAPTCHA=off). */
export type CaptchaData = AuthData<'captcha'>;

export interface CaptchaState {
  enabled: boolean;
  token: string | null;
  x: number;
  verified: boolean;
}

type Status = 'idle' | 'dragging' | 'checking' | 'ok' | 'fail';

const TRACK_HEIGHT = 40;

export function SlideCaptcha({ onChange, reloadSignal }: { onChange: (s: CaptchaState) => void; reloadSignal: number }) {
  const { t } = useTranslation();
  const { token: tk } = theme.useToken();
  const [data, setData] = useState<CaptchaData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [x, setX] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const drag = useRef<{ startClientX: number; startX: number; pointerId: number } | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const keysHint = useId();

  const load = useCallback(async () => {
    setStatus('idle');
    setX(0);
    setLoadError(null);
    try {
      const { data: d } = await callAuth('captcha', {}, { silent: true });
      setData(d);
      onChangeRef.current({ enabled: d.enabled, token: d.token, x: 0, verified: false });
    } catch (e) {
      setData(null);
      setLoadError(e instanceof Error ? e.message : t('login.captchaLoadFailed'));
      onChangeRef.current({ enabled: true, token: null, x: 0, verified: false });
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load, reloadSignal]);

  if (loadError) {
    return (
      <div style={{ marginBottom: 24 }}>
        <span style={{ color: tk.colorError }}>{t('login.captchaLoadFailed')}</span>{' '}
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()} data-testid="captcha-refresh">
          {t('login.refreshCaptcha')}
        </Button>
      </div>
    );
  }
  if (!data) return <Skeleton.Image active style={{ width: 310, height: 160, marginBottom: 24 }} />;
  if (!data.enabled) return null;

  const max = data.width - data.pieceSize;
  const locked = status === 'checking' || status === 'ok';

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (locked) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startClientX: e.clientX, startX: x, pointerId: e.pointerId };
    setStatus('dragging');
    setError(null);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    setX(Math.max(0, Math.min(max, d.startX + e.clientX - d.startClientX)));
  };
  /** The server checks a released position; a wrong one shows the error and loads a new captcha. */
  const check = async (finalX: number) => {
    setX(finalX);
    if (finalX === 0) {
      setStatus('idle');
      return;
    }
    setStatus('checking');
    try {
      await callAuth('checkCaptcha', { body: { token: data.token, x: finalX } }, { silent: true });
      setStatus('ok');
      onChangeRef.current({ enabled: true, token: data.token, x: finalX, verified: true });
    } catch (err) {
      setStatus('fail');
      setError(err instanceof HttpError && err.message ? err.message : t('login.captchaWrong'));
      setTimeout(() => void load(), 900);
    }
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    void check(Math.round(Math.max(0, Math.min(max, d.startX + e.clientX - d.startClientX))));
  };
  // the keyboard's slide: arrows move, Enter / Space release (WCAG 2.1.1: no function only for the pointer)
  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (locked || drag.current) return;
    const step = e.shiftKey ? 10 : 1;
    const moves: Record<string, number> = { ArrowRight: x + step, ArrowUp: x + step, ArrowLeft: x - step, ArrowDown: x - step, PageUp: x + 10, PageDown: x - 10, Home: 0, End: max };
    if (e.key in moves) {
      e.preventDefault();
      setStatus('idle');
      setError(null);
      setX(Math.max(0, Math.min(max, moves[e.key]!)));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault(); // Enter would submit the login form before the captcha is checked
      void check(x);
    }
  };

  const color = status === 'ok' ? tk.colorSuccess : status === 'fail' ? tk.colorError : tk.colorPrimary;
  return (
    <div style={{ width: data.width, maxWidth: '100%', margin: '0 auto 24px' }} data-testid="captcha">
      <div style={{ position: 'relative', width: data.width, height: data.height, borderRadius: 6, overflow: 'hidden', userSelect: 'none' }}>
        <img data-testid="captcha-bg" src={data.backgroundImage} width={data.width} height={data.height} alt="" draggable={false} style={{ display: 'block' }} />
        <img
          data-testid="captcha-piece"
          src={data.pieceImage}
          width={data.pieceSize}
          height={data.pieceSize}
          alt=""
          draggable={false}
          style={{ position: 'absolute', top: data.y, left: x, filter: 'drop-shadow(0 0 3px rgba(0,0,0,.6))', pointerEvents: 'none' }}
        />
        <Tooltip title={t('login.refreshCaptcha')}>
          <Button
            data-testid="captcha-refresh"
            size="small"
            shape="circle"
            icon={<ReloadOutlined />}
            aria-label={t('login.refreshCaptcha')}
            onClick={() => void load()}
            style={{ position: 'absolute', top: 6, right: 6, opacity: 0.85 }}
          />
        </Tooltip>
      </div>
      <div
        data-testid="captcha-track"
        style={{
          position: 'relative',
          marginTop: 8,
          height: TRACK_HEIGHT,
          width: data.width,
          borderRadius: 4,
          background: tk.colorFillSecondary,
          border: `1px solid ${tk.colorBorder}`,
          textAlign: 'center',
          lineHeight: `${TRACK_HEIGHT - 2}px`,
          color: tk.colorTextSecondary,
          userSelect: 'none',
          overflow: 'hidden',
        }}
      >
        <div style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: x + data.pieceSize / 2, background: color, opacity: 0.18 }} />
        <span id={keysHint} hidden>
          {t('login.slideKeys')}
        </span>
        <span style={{ position: 'relative', fontSize: 13 }}>
          {status === 'ok' ? t('login.captchaVerified') : status === 'checking' ? t('login.captchaChecking') : t('login.slideHint')}
        </span>
        <div
          data-testid="captcha-handle"
          role="slider"
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={x}
          aria-label={t('login.slideHint')}
          aria-describedby={keysHint}
          aria-disabled={locked || undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          style={{
            position: 'absolute',
            top: -1,
            left: x,
            width: data.pieceSize,
            height: TRACK_HEIGHT,
            background: status === 'idle' ? tk.colorBgContainer : color,
            color: status === 'idle' ? tk.colorText : '#fff',
            border: `1px solid ${status === 'idle' ? tk.colorBorder : color}`,
            borderRadius: 4,
            cursor: locked ? 'default' : 'grab',
            touchAction: 'none',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            boxShadow: '0 1px 4px rgba(0,0,0,.15)',
          }}
        >
          {status === 'ok' ? <CheckOutlined /> : status === 'fail' ? <CloseOutlined /> : <ArrowRightOutlined />}
        </div>
      </div>
      {error && (
        <span style={{ display: 'block', marginTop: 6, color: tk.colorError }} data-testid="captcha-error">
          {error}
        </span>
      )}
    </div>
  );
}
