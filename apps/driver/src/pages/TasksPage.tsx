import { useEffect, useRef, useState } from 'react';
import Button, { type ButtonRef } from 'antd-mobile/es/components/button';
import Empty from 'antd-mobile/es/components/empty';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Tag from 'antd-mobile/es/components/tag';
import TextArea, { type TextAreaRef } from 'antd-mobile/es/components/text-area';
import { useT } from '../i18n.ts';
import { Bar, Data } from '../ui.tsx';
import { cachedTasks, fetchTasks, fmtTime, type Shipment } from '../data.ts';
import { enqueue, subscribe, type OutboxItem } from '../outbox.ts';
import { go } from '../nav.ts';
import { useTracking } from '../tracking.ts';
import { PUSH_EVENT } from '../push.ts';

/** The answer the driver gave (sent or still in the outbox), if any. */
export function answerOf(s: Shipment, outbox: OutboxItem[]): 'ACCEPTED' | 'REFUSED' | null {
  const queued = outbox.find((i) => i.shipmentId === s.id && (i.type === 'accept' || i.type === 'refuse') && i.state === 'waiting');
  if (queued) return queued.type === 'accept' ? 'ACCEPTED' : 'REFUSED';
  return s.isReceive === 'ACCEPTED' || s.isReceive === 'REFUSED' ? s.isReceive : null;
}

export function useTasks(online: boolean) {
  const [cache, setCache] = useState(cachedTasks);
  const [error, setError] = useState<string | null>(null);
  const refresh = async () => {
    try {
      await fetchTasks();
      setCache(cachedTasks());
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    if (online) void refresh();
  }, [online]);
  // a push of a new task (push.ts): the list again
  useEffect(() => {
    const f = () => void refresh();
    window.addEventListener(PUSH_EVENT, f);
    return () => window.removeEventListener(PUSH_EVENT, f);
  }, []);
  // a sent answer is written into the cached list (outbox.ts): read it again when the outbox changes
  useEffect(() => subscribe(() => setCache(cachedTasks())), []);
  return { list: cache?.list ?? null, at: cache?.at ?? null, error, refresh };
}

export function Answer({ s, outbox }: { s: Shipment; outbox: OutboxItem[] }) {
  const { t } = useT();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<TextAreaRef>(null);
  const refuseButton = useRef<ButtonRef>(null);
  const errorId = `refuse-error-${s.id}`;
  // the reason's field names its error (antd-mobile's TextArea passes no aria-* to its textarea)
  useEffect(() => {
    const el = box.current?.nativeElement;
    if (!el) return;
    if (error) {
      el.setAttribute('aria-invalid', 'true');
      el.setAttribute('aria-describedby', errorId);
    } else {
      el.removeAttribute('aria-invalid');
      el.removeAttribute('aria-describedby');
    }
  }, [error, refusing, errorId]);
  const answer = answerOf(s, outbox);
  if (s.status !== 'EFFECTIVE' && !answer) return null;
  if (answer)
    return (
      <Tag color={answer === 'ACCEPTED' ? 'success' : 'danger'} data-testid="answer" data-answer={answer}>
        {answer === 'ACCEPTED' ? t('tasks.accepted') : t('tasks.refused')}
      </Tag>
    );
  if (refusing)
    return (
      <div style={{ width: '100%' }} onClick={(e) => e.stopPropagation()}>
        <label className="muted" htmlFor={`refuse-reason-${s.id}`}>
          {t('tasks.reasonTitle')}
        </label>
        <TextArea
          ref={box}
          id={`refuse-reason-${s.id}`}
          className="input-box"
          value={reason}
          onChange={(v) => {
            setReason(v);
            if (v.trim()) setError(null);
          }}
          placeholder={t('tasks.reasonPlaceholder')}
          maxLength={200}
          rows={2}
          autoFocus
          data-testid="refuse-reason"
        />
        {error && (
          <div className="err" role="alert" id={errorId} data-testid="refuse-error">
            {error}
          </div>
        )}
        <div className="row">
          <Button
            size="small"
            onClick={() => {
              setRefusing(false);
              setError(null);
              // back to the button that opened the form
              requestAnimationFrame(() => refuseButton.current?.nativeElement?.focus());
            }}
          >
            {t('tasks.cancel')}
          </Button>
          <Button
            size="small"
            color="danger"
            data-testid="confirm-refuse"
            onClick={() => {
              if (!reason.trim()) {
                setError(t('tasks.reasonRequired'));
                return box.current?.focus();
              }
              void enqueue({ type: 'refuse', shipmentId: s.id, reason: reason.trim(), label: s.shipmentCode });
            }}
          >
            {t('tasks.confirm')}
          </Button>
        </div>
      </div>
    );
  return (
    <div className="row" onClick={(e) => e.stopPropagation()}>
      <Tag color="warning">{t('tasks.waitingAnswer')}</Tag>
      <span className="grow" />
      <Button ref={refuseButton} size="small" color="danger" fill="outline" data-testid="refuse" onClick={() => setRefusing(true)}>
        {t('tasks.refuse')}
      </Button>
      <Button size="small" color="primary" onClick={() => void enqueue({ type: 'accept', shipmentId: s.id, label: s.shipmentCode })}>
        {t('tasks.accept')}
      </Button>
    </div>
  );
}

function section(s: Shipment): 'inProgress' | 'today' | 'upcoming' {
  if (s.status === 'SHIPPED') return 'inProgress';
  const end = new Date();
  end.setHours(23, 59, 59, 999);
  return !s.etd || new Date(s.etd) <= end ? 'today' : 'upcoming';
}

export function TasksPage({ outbox, online }: { outbox: OutboxItem[]; online: boolean }) {
  const { t } = useT();
  const { list, at, refresh } = useTasks(online);
  const tracking = useTracking(list ?? []);
  const groups = (['inProgress', 'today', 'upcoming'] as const).map((g) => ({ g, rows: (list ?? []).filter((s) => section(s) === g) })).filter((x) => x.rows.length);
  return (
    <>
      <Bar>
        {t('tasks.title')}
      </Bar>
      {tracking && (
        <div className="muted" style={{ padding: '6px 12px' }} data-testid="tracking" data-code={tracking}>
          {t('tasks.tracking')} · {tracking}
        </div>
      )}
      {!online && at && <div className="muted" style={{ padding: '6px 12px' }}>{t('tasks.cached', { time: new Date(at).toLocaleTimeString() })}</div>}
      <PullToRefresh onRefresh={refresh}>
        {list && !groups.length && <Empty description={t('tasks.empty')} />}
        {groups.map(({ g, rows }) => (
          <div key={g}>
            <div className="muted" style={{ padding: '8px 12px 0' }}>{t(`tasks.${g}`)}</div>
            {rows.map((s) => (
              // the whole card opens the task to a tap; to the keyboard and a screen reader its code is the link (the
              // card holds the answer's buttons: not a button itself)
              <div className="card" key={s.id} data-testid="task" data-code={s.shipmentCode} onClick={() => go(`#/task/${s.id}`)}>
                <h3>
                  <a href={`#/task/${s.id}`} className="task-link" onClick={(e) => e.stopPropagation()}>
                    {s.shipmentCode}
                  </a>
                  <Tag color={s.status === 'SHIPPED' ? 'primary' : 'default'}>{t(`tasks.status.${s.status}`)}</Tag>
                </h3>
                <div>
                  {s.stops[0]?.name ?? s.fromLocation ?? '—'} → {s.stops.at(-1)?.name ?? s.toLocation ?? '—'}
                </div>
                <div className="muted">
                  {t('tasks.etd')} {fmtTime(s.etd)} · {t('tasks.eta')} {fmtTime(s.eta)} · <Data>{s.vehiclePlate}</Data> · {t('tasks.stops')} {s.stops.length}
                </div>
                <div className="row">
                  <Answer s={s} outbox={outbox} />
                </div>
              </div>
            ))}
          </div>
        ))}
      </PullToRefresh>
    </>
  );
}
