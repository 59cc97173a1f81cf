import { lazy, Suspense, useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useT } from '../i18n.ts';
import { Bar, Data } from '../ui.tsx';
import { cachedEpod, cachedTasks, fetchCheckItems, fmtTime, prefetchEpods, type Shipment, type Stop, type Waybill } from '../data.ts';
import { enqueue, type OutboxItem } from '../outbox.ts';
import { go } from '../nav.ts';
import { Answer } from './TasksPage.tsx';

// Leaflet loads with the task's page, not with the first screen
const RouteMap = lazy(() => import('../RouteMap.tsx'));

/** A link that opens the phone's navigation app at the stop (Amap's URI opens the app when installed, else its web page). */
const navUrl = (s: Stop) => `https://uri.amap.com/navigation?to=${s.lng},${s.lat},${encodeURIComponent(s.name)}&mode=car&callnative=1`;

function StopCard({ stop, waybills, shipmentId, outbox }: { stop: Stop; waybills: Waybill[]; shipmentId: number; outbox: OutboxItem[] }) {
  const { t } = useT();
  const loads = waybills.filter((w) => w.sourceStationId === stop.stationId);
  const unloads = waybills.filter((w) => w.destStationId === stop.stationId);
  const contacts = [
    ...loads.map((w) => ({ name: w.sourceContact, phone: w.sourcePhone })),
    ...unloads.map((w) => ({ name: w.destContact, phone: w.destPhone })),
  ].filter((c, i, all) => (c.name || c.phone) && all.findIndex((o) => o.phone === c.phone && o.name === c.name) === i);
  const window = unloads.length ? unloads.map((w) => w.eta) : loads.map((w) => w.etd);
  return (
    <div className="stop" data-testid="stop">
      <div className="row" style={{ marginTop: 0 }}>
        <strong>
          {stop.seq}. {stop.name}
        </strong>
        {loads.length > 0 && <Tag color="primary">{t('tasks.load')}</Tag>}
        {unloads.length > 0 && <Tag color="success">{t('tasks.unload')}</Tag>}
        <span className="grow" />
        <a href={navUrl(stop)} target="_blank" rel="noreferrer" data-testid="navigate">
          {t('tasks.navigate')}
        </a>
      </div>
      {stop.address && <div className="muted">{stop.address}</div>}
      {contacts.map((c, i) => (
        <div key={i} className="muted">
          {t('tasks.contact')}: <Data>{c.name ?? stop.contactName}</Data>{' '}
          {c.phone && (
            <a href={`tel:${c.phone}`} data-testid="call">
              {c.phone} ({t('tasks.call')})
            </a>
          )}
        </div>
      ))}
      {!contacts.length && stop.contactName && <div className="muted">{t('tasks.contact')}: <Data>{stop.contactName}</Data></div>}
      {window.some(Boolean) && (
        <div className="muted">
          {t('tasks.timeWindow')}: {window.filter(Boolean).map((v) => fmtTime(v)).join(', ')}
        </div>
      )}
      {[...loads, ...unloads]
        .filter((w, i, all) => all.indexOf(w) === i)
        .map((w) => (
          <div key={w.id} className="muted">
            {w.code}: <Data>{w.goods.map((g) => `${g.itemName ?? ''} ×${g.quantity}${g.unit ?? ''}`).join('、')}</Data>
          </div>
        ))}
      {unloads
        .filter((w) => w.epodId)
        .map((w) => {
          const queued = outbox.some((i) => i.type === 'epod' && i.epodId === w.epodId && i.state === 'waiting');
          const status = queued ? 'REPORTED' : (cachedEpod(w.epodId!)?.status ?? w.epodStatus ?? 'PENDING');
          const open = status === 'PENDING' || status === 'REJECTED' || status === 'RECALLED';
          // once signed, the driver records leaving the stop (sent after the receipt: the outbox keeps the order)
          const leaving = outbox.find((i) => i.type === 'depart' && i.epodId === w.epodId);
          const left = leaving?.departureTime ?? w.epodDepartureTime ?? null;
          return (
            <div key={w.id}>
              <div className="row">
                <span className="grow">
                  {t('tasks.epod')} {w.epodCode}
                </span>
                <Tag color={open ? 'warning' : 'success'}>{queued ? t('outbox.waiting') : t(`epod.status.${status}`)}</Tag>
                {open && (
                  <Button size="small" color="primary" onClick={() => go(`#/epod/${shipmentId}/${w.epodId}`)} data-testid="open-epod">
                    {t('epod.title')}
                  </Button>
                )}
                {!open && !left && (
                  <Button
                    size="small"
                    color="primary"
                    fill="outline"
                    data-testid="depart"
                    onClick={() => void enqueue({ type: 'depart', epodId: w.epodId!, shipmentId, label: w.epodCode ?? '', departureTime: new Date().toISOString() })}
                  >
                    {t('tasks.depart')}
                  </Button>
                )}
              </div>
              {left && (
                <div className="muted" data-testid="departed">
                  {t('tasks.departed', { time: fmtTime(left) })}
                  {leaving && ` · ${leaving.state === 'refused' ? t('outbox.refused') : t('outbox.waiting')}`}
                </div>
              )}
            </div>
          );
        })}
    </div>
  );
}

/** The vehicle check of a dispatch order in progress: the last one (or the one waiting to be sent) and a button to check. */
function CheckCard({ s, outbox }: { s: Shipment; outbox: OutboxItem[] }) {
  const { t } = useT();
  if (s.status !== 'EFFECTIVE' && s.status !== 'SHIPPED') return null;
  const queued = outbox.find((i) => i.type === 'vehicleCheck' && i.shipmentId === s.id);
  const last = s.lastCheck;
  return (
    <div className="card">
      <div className="row" style={{ marginTop: 0 }}>
        <span className="grow">{t('check.title')}</span>
        <span data-testid="check-status">
          {queued ? (
            <Tag color={queued.state === 'refused' ? 'danger' : 'warning'}>{queued.state === 'refused' ? t('outbox.refused') : t('outbox.waiting')}</Tag>
          ) : last ? (
            <Tag color={last.result === 'PASS' ? 'success' : 'danger'}>{t(`check.result.${last.result}`)}</Tag>
          ) : (
            <Tag>{t('check.notYet')}</Tag>
          )}
        </span>
        <Button size="small" color="primary" fill={last || queued ? 'outline' : 'solid'} onClick={() => go(`#/check/${s.id}`)} data-testid="open-check">
          {last || queued ? t('check.again') : t('check.start')}
        </Button>
      </div>
      {last && !queued && <div className="muted">{t('check.last', { time: fmtTime(last.checkTime) })}</div>}
    </div>
  );
}

export function TaskPage({ id, outbox }: { id: number; outbox: OutboxItem[] }) {
  const { t, lang } = useT();
  const s = cachedTasks()?.list.find((x) => x.id === id) ?? null;
  const [, setReady] = useState(0);
  useEffect(() => {
    // the receipts and the checklist, so they can be filled in offline
    if (s && navigator.onLine) void Promise.all([prefetchEpods(s), fetchCheckItems(lang)]).then(() => setReady((n) => n + 1), () => undefined);
  }, [s?.id, lang]);
  return (
    <>
      <Bar onBack={() => go('#/')}>
        {s?.shipmentCode ?? ''}
      </Bar>
      {!s ? (
        <div className="card muted">{t('tasks.empty')}</div>
      ) : (
        <>
          <div className="card">
            <h3>
              <span>{s.shipmentCode}</span>
              <Tag color={s.status === 'SHIPPED' ? 'primary' : 'default'}>{t(`tasks.status.${s.status}`)}</Tag>
            </h3>
            <div className="muted">
              {t('tasks.vehicle')}: <Data>{s.vehiclePlate ?? '—'}</Data> · {t('tasks.etd')} {fmtTime(s.etd)} · {t('tasks.eta')} {fmtTime(s.eta)}
            </div>
            {s.remark && <div className="muted">{s.remark}</div>}
            <div className="row">
              <Answer s={s} outbox={outbox} />
            </div>
          </div>
          <CheckCard s={s} outbox={outbox} />
          <div className="card">
            <div className="muted" style={{ marginBottom: 6 }}>{t('tasks.map')}</div>
            <Suspense fallback={<div className="map" />}>
              <RouteMap stops={s.stops} />
            </Suspense>
          </div>
          <div className="card">
            <div className="muted">{t('tasks.stops')}</div>
            {s.stops.map((st) => (
              <StopCard key={st.seq} stop={st} waybills={s.waybills ?? []} shipmentId={s.id} outbox={outbox} />
            ))}
          </div>
        </>
      )}
    </>
  );
}
