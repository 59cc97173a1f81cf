/**
 * Live fleet monitor (issue 19, menu Dispatch > Fleet monitor): every vehicle of the user's scope on one map,
 * coloured by state — moving, stopped, offline (no report for the configured minutes), alarm (an open terminal alarm) —
 * drawn on one canvas with clustering when zoomed out (fleetCanvas.ts), so ten thousand vehicles stay smooth.
 * Filters: dispatch center, carrier, state, plate. A click opens the vehicle's card (plate, dispatch order in
 * progress with its link, driver, speed, last report) with a follow mode that keeps it centred as it moves.
 *
 * Live: the list is asked once (and again after a filter change or a reconnect of the stream); then the stream of its own
 * (?types=fleet) brings, once a second, the newest position of each vehicle that reported (the server gathers
 * them per vehicle and second): the rows are applied in place and the canvas redrawn in the next animation frame.
 * Each row also says whether the vehicle has an open alarm alert, and the server sends the row again when one is
 * handled: a vehicle leaves the alarm colour when its alarm ends (a report without the flag and no open alert) or
 * its alert is handled, without a reload.
 * No polling: a timer only re-reads the clock to turn the silent vehicles offline.
 *
 * For tests and tools the map's root carries data-vehicles (in the list), data-dots and data-clusters (drawn by
 * the last frame), data-updates (live rows applied) and data-selected ("lng,lat" of the vehicle on the card).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Badge, Button, Card, Descriptions, Empty, Input, Segmented, Select, Space, Switch, Tag, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { Map as LeafletMap } from 'leaflet';
import BaseMap from '../../platform/map/BaseMap.tsx';
import { FleetApi } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { formatDateTime } from '../../platform/format.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { useOwnStream } from '../../app/header/realtime.ts';
import { FleetCanvas, STATE_COLOURS, type MonitorVehicle, type StateLetter } from './fleetCanvas.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';

/** a live row: [vehicle id, lng, lat, speed, direction, epoch ms, alarm flags, open alarm alert 0|1] */
type LiveRow = [number, number, number, number | null, number | null, number, number | null, 0 | 1];

type MonitorState = FleetApi.MonitorState;
const STATES: { key: MonitorState; letter: StateLetter }[] = [
  { key: 'MOVING', letter: 'M' },
  { key: 'STOPPED', letter: 'S' },
  { key: 'OFFLINE', letter: 'O' },
  { key: 'ALARM', letter: 'A' },
];
const ALARM_BITS = 0b111;
const CHINA: [number, number] = [31.23, 121.47];

export default function FleetMonitorPage() {
  const { t, dateStyle } = useResourceContext();
  const navigate = useNavigate();
  const [center, setCenter] = useState<number | undefined>();
  const [carrier, setCarrier] = useState<number | undefined>();
  const [state, setState] = useState<MonitorState | ''>('');
  const [plate, setPlate] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [follow, setFollow] = useState(false);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const layer = useRef<FleetCanvas | null>(null);
  const store = useRef<{ list: MonitorVehicle[]; byId: Map<number, MonitorVehicle>; skew: number; offlineMs: number; movingKmh: number }>({ list: [], byId: new Map(), skew: 0, offlineMs: 600_000, movingKmh: 3 });
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [tick, setTick] = useState(0);
  const updates = useRef(0);
  const opened = useRef(0);
  const followRef = useRef({ follow, selected });
  followRef.current = { follow, selected };
  const fitted = useRef('');
  const refetchCard = useRef<() => Promise<unknown>>(async () => undefined);

  const params = useMemo(() => ({ dispatchCenterId: center, carrierId: carrier, state: state || undefined, plate: plate || undefined }), [center, carrier, state, plate]);
  const q = useQuery({ queryKey: ['fleet-monitor', params], queryFn: () => callData(FleetApi.endpoints.monitor, { query: params }), staleTime: Infinity, refetchOnWindowFocus: false });

  const stateOf = useCallback((v: MonitorVehicle, now: number): StateLetter => {
    const s = store.current;
    const fresh = v.at !== null && now - v.at <= s.offlineMs;
    if (v.alarmOpen || (fresh && v.alarm & ALARM_BITS)) return 'A';
    if (!fresh) return 'O';
    return (v.speed ?? 0) >= s.movingKmh ? 'M' : 'S';
  }, []);

  const recount = useCallback(() => {
    const c: Record<string, number> = {};
    for (const v of store.current.list) c[v.st] = (c[v.st] ?? 0) + 1;
    // the states filtered out keep the server's figures
    setCounts(state ? { ...(q.data?.counts ?? {}), ...c } : c);
  }, [state, q.data]);

  // a new answer: the store, the canvas, the view (fitted once per filter set)
  useEffect(() => {
    const d = q.data;
    if (!d) return;
    const list: MonitorVehicle[] = d.rows.map((r) => ({ id: r[0], plate: r[1], carrierId: r[3], lng: r[4], lat: r[5], speed: r[6], direction: r[7], at: r[8], st: r[9], alarmOpen: r[9] === 'A', alarm: 0 }));
    store.current = { list, byId: new Map(list.map((v) => [v.id, v])), skew: d.now - Date.now(), offlineMs: d.offlineMinutes * 60_000, movingKmh: d.movingKmh };
    layer.current?.setVehicles(list);
    recount();
    setTick((x) => x + 1);
    const key = JSON.stringify(params);
    if (map && fitted.current !== key) {
      const pts = list.filter((v) => v.lat !== null && v.lng !== null).map((v) => [v.lat!, v.lng!] as [number, number]);
      if (pts.length === 1) map.setView(pts[0]!, 14, { animate: false });
      else if (pts.length) map.fitBounds(pts, { padding: [24, 24], maxZoom: 14, animate: false });
      fitted.current = key;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new answer or map only
  }, [q.data, map]);

  // the canvas layer lives with the map
  useEffect(() => {
    if (!map) return;
    const root = rootRef.current;
    const l = new FleetCanvas(map, (id) => setSelected(id), (s) => {
      root?.setAttribute('data-dots', String(s.dots));
      root?.setAttribute('data-clusters', String(s.clusters));
    });
    layer.current = l;
    l.setVehicles(store.current.list);
    return () => {
      l.destroy();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => layer.current?.select(selected), [selected, map]);

  // live rows: applied in place, drawn in the next frame; the followed vehicle stays centred
  const live = useOwnStream(['fleet'], true, (type, data) => {
    // a reopened stream missed what came meanwhile: ask again (the first opening comes with the page's first answer)
    if (type === 'ready') return void (opened.current++ && q.refetch());
    if (type !== 'fleet') return;
    const rows = ((data as { rows?: LiveRow[] } | null)?.rows ?? []) as LiveRow[];
    const s = store.current;
    const now = Date.now() + s.skew;
    let changed = 0;
    let moved = false;
    for (const r of rows) {
      const v = s.byId.get(r[0]);
      if (!v || (v.at !== null && r[5] < v.at)) continue;
      const wasOpen = v.alarmOpen;
      [v.lng, v.lat, v.speed, v.direction, v.at, v.alarm, v.alarmOpen] = [r[1], r[2], r[3], r[4], r[5], r[6] ?? 0, r[7] === 1];
      v.st = stateOf(v, now);
      changed++;
      if (v.id === followRef.current.selected) {
        moved = true;
        // the card's list of open alarms follows the vehicle's alarm state
        if (wasOpen !== v.alarmOpen) void refetchCard.current();
      }
    }
    if (!changed) return;
    updates.current += changed;
    rootRef.current?.setAttribute('data-updates', String(updates.current));
    layer.current?.changed();
    recount();
    if (moved) {
      setTick((x) => x + 1);
      const v = s.byId.get(followRef.current.selected!)!;
      if (followRef.current.follow && map && v.lat !== null && v.lng !== null) map.panTo([v.lat, v.lng], { animate: false });
    }
  });

  // the silent vehicles turn offline: the clock is read again every 30 s (nothing is asked of the server)
  useEffect(() => {
    const timer = setInterval(() => {
      const s = store.current;
      const now = Date.now() + s.skew;
      let changed = false;
      for (const v of s.list) {
        const st = stateOf(v, now);
        if (st !== v.st) [v.st, changed] = [st, true];
      }
      if (changed) {
        layer.current?.changed();
        recount();
      }
    }, 30_000);
    return () => clearInterval(timer);
  }, [stateOf, recount]);

  // following: centre on the vehicle at once
  useEffect(() => {
    const v = selected === null ? undefined : store.current.byId.get(selected);
    if (follow && map && v?.lat != null && v.lng != null) map.panTo([v.lat, v.lng], { animate: false });
  }, [follow, selected, map]);

  const sel = selected === null ? undefined : store.current.byId.get(selected);
  const card = useQuery({ queryKey: ['fleet-monitor-card', selected], queryFn: () => callData(FleetApi.endpoints.monitorVehicle, { params: { id: selected! } }), enabled: selected !== null });
  refetchCard.current = card.refetch;
  const total = q.data?.rows.length ?? 0;
  const stateLabel = (letter: StateLetter) => t(`shipment.monitor.states.${STATES.find((s) => s.letter === letter)!.key}`);

  return (
    <Card title={t('menu.fleetMonitor')} styles={{ body: { paddingTop: 12 } }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('shipment.monitor.allCenters')}
          value={center}
          onChange={(v) => setCenter(v)}
          options={(q.data?.centers ?? []).map(([value, label]) => ({ value, label }))}
          data-testid="monitor-center"
          aria-label={t('shipment.monitor.center')}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 200 }}
          placeholder={t('shipment.monitor.allCarriers')}
          value={carrier}
          onChange={(v) => setCarrier(v)}
          options={(q.data?.carriers ?? []).map(([value, label]) => ({ value, label }))}
          data-testid="monitor-carrier"
          aria-label={t('shipment.monitor.carrier')}
        />
        <Input.Search allowClear style={{ width: 200 }} placeholder={t('shipment.monitor.plate')} aria-label={t('shipment.monitor.plate')} onSearch={(v) => setPlate(v.trim())} data-testid="monitor-plate" />
        <Segmented<MonitorState | ''>
          value={state}
          onChange={(v) => setState(v)}
          data-testid="monitor-state"
          options={[
            { value: '', label: `${t('shipment.monitor.all')} ${state ? '' : total}`.trim() },
            ...STATES.map((s) => ({
              value: s.key,
              label: (
                <span data-state={s.key}>
                  <Badge color={STATE_COLOURS[s.letter]} /> {t(`shipment.monitor.states.${s.key}`)} {counts[s.letter] ?? 0}
                </span>
              ),
            })),
          ]}
        />
        <Typography.Text type="secondary" data-testid="monitor-live">
          {live ? t('shipment.monitor.live') : t('shipment.monitor.connecting')} · {t('shipment.monitor.offlineAfter', { minutes: q.data?.offlineMinutes ?? '-' })}
        </Typography.Text>
      </Space>
      <div
        ref={rootRef}
        style={{ position: 'relative' }}
        data-testid="fleet-monitor"
        data-vehicles={total}
        data-loaded={q.isSuccess && !q.isFetching ? 'yes' : 'no'}
        data-selected={sel && sel.lng !== null ? `${sel.lng},${sel.lat}` : ''}
        data-tick={tick}
      >
        <BaseMap center={CHINA} zoom={9} height="calc(100vh - 290px)" style={{ minHeight: 420 }} onReady={setMap} data-testid="fleet-monitor-map" />
        {!total && q.isSuccess && (
          <div style={{ position: 'absolute', top: 12, left: 60, zIndex: 500, background: '#fff', padding: '4px 12px', borderRadius: 6 }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shipment.monitor.none')} />
          </div>
        )}
        {selected !== null && (
          <Card
            size="small"
            data-testid="monitor-card"
            style={{ position: 'absolute', top: 12, right: 12, width: 320, zIndex: 1000, boxShadow: '0 6px 16px rgba(0,0,0,0.15)' }}
            title={
              <Space>
                <span>{sel?.plate ?? card.data?.plateNumber}</span>
                {sel && (
                  <Tag color={STATE_COLOURS[sel.st]} data-testid="monitor-card-state" data-state={sel.st}>
                    {stateLabel(sel.st)}
                  </Tag>
                )}
              </Space>
            }
            extra={<Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('shipment.monitor.close')} onClick={() => (setSelected(null), setFollow(false))} />}
          >
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('shipment.monitor.shipment')}>
                {card.data?.shipment ? (
                  <LinkButton data-testid="monitor-card-shipment" onClick={() => navigate(`/shipment/list?shipmentCode=${encodeURIComponent(card.data!.shipment!.code)}`)}>
                    {card.data.shipment.code}
                  </LinkButton>
                ) : (
                  t('shipment.monitor.noShipment')
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('shipment.monitor.driver')}>{card.data?.driver ? `${card.data.driver.name}${card.data.driver.mobile ? ` ${card.data.driver.mobile}` : ''}` : '-'}</Descriptions.Item>
              <Descriptions.Item label={t('shipment.monitor.carrier')}>{card.data?.carrierName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('shipment.monitor.speed')}>
                <span data-testid="monitor-card-speed">{sel?.speed != null ? `${Math.round(sel.speed * 10) / 10} km/h` : '-'}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('shipment.monitor.lastReport')}>{sel?.at != null ? formatDateTime(sel.at, dateStyle) : t('shipment.monitor.never')}</Descriptions.Item>
              {!!card.data?.openAlarms.length && <Descriptions.Item label={t('shipment.monitor.states.ALARM')}>{card.data.openAlarms.map((a) => t(`shipment.monitor.alarms.${a}`)).join(', ')}</Descriptions.Item>}
            </Descriptions>
            <Space style={{ marginTop: 8 }}>
              <Switch size="small" checked={follow} onChange={setFollow} data-testid="monitor-follow" aria-label={t('shipment.monitor.follow')} />
              <span>{t('shipment.monitor.follow')}</span>
              <LinkButton onClick={() => navigate(`/shipment/vehicleHistory?vehicle=${selected}`)}>{t('shipment.trajectory.vehicleHistory')}</LinkButton>
            </Space>
          </Card>
        )}
      </div>
    </Card>
  );
}
