/**
 * Trajectory playback of a dispatch order (spec §2: start, pause, continue, stop animation) on the shared
 * base map: the reported positions as a track (one colour per leg of an in-transit reassignment), the stops
 * with their stations, and a vehicle marker that moves along the track in time order at the chosen speed.
 * "Map driving" shows the planned route between the stops. The server simplifies the track for the map's
 * zoom level, so even 50,000 positions draw at once; zooming in asks again for more detail.
 *
 * What the map draws on its canvas shows on the root element for tests and tools: data-speed, data-driving,
 * data-legs (track parts drawn), data-planned (points of the planned route drawn), and, written by each
 * animation frame without a re-render, data-time (the playback's track time, ms) with data-frame (the
 * frame's timestamp it was computed for).
 *
 * With `vehicle` instead of a dispatch order it plays a vehicle's own track over a time range (issue 19).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Button, Empty, Segmented, Space, Spin, Switch, Typography } from 'antd';
import { CaretRightOutlined, PauseOutlined, StepForwardOutlined, BorderOutlined } from '@ant-design/icons';
import L, { type CircleMarker as LCircleMarker, type LatLngTuple } from 'leaflet';
import { CircleMarker, Polyline, Tooltip, useMapEvents } from 'react-leaflet';
import BaseMap from '../../platform/map/BaseMap.tsx';
import { formatDateTime } from '../../platform/format.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { fetchTrajectory, fetchVehicleTrack, type Track, type TrackPoint } from './api.ts';

/** At 1× the whole track plays in this long; the speeds multiply it. */
const BASE_DURATION_MS = 60_000;
const SPEEDS = [1, 2, 5, 10, 20];
const LEG_COLOURS = ['#1677ff', '#fa541c', '#52c41a', '#722ed1'];
const INITIAL_ZOOM = 10;

type PlayState = 'idle' | 'playing' | 'paused';

/** The position at a time: interpolated between the two reported points around it (binary search). */
export function positionAt(points: TrackPoint[], t: number): { at: LatLngTuple; index: number } {
  let lo = 0;
  let hi = points.length - 1;
  if (t <= points[0]![2]) return { at: [points[0]![1], points[0]![0]], index: 0 };
  if (t >= points[hi]![2]) return { at: [points[hi]![1], points[hi]![0]], index: hi };
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]![2] <= t) lo = mid;
    else hi = mid;
  }
  const a = points[lo]!;
  const b = points[hi]!;
  const f = (t - a[2]) / (b[2] - a[2] || 1);
  return { at: [a[1] + (b[1] - a[1]) * f, a[0] + (b[0] - a[0]) * f], index: lo };
}

/** The track cut into legs by their time ranges (points before the first leg go with it). */
function byLeg(d: Track): LatLngTuple[][] {
  const toLL = (p: TrackPoint): LatLngTuple => [p[1], p[0]];
  if (d.legs.length < 2) return [d.points.map(toLL)];
  const cuts = d.legs.slice(1).map((l) => Date.parse(l.startTime));
  const parts: LatLngTuple[][] = d.legs.map(() => []);
  for (const p of d.points) {
    let i = 0;
    while (i < cuts.length && p[2] >= cuts[i]!) i++;
    parts[i]!.push(toLL(p));
  }
  // consecutive legs touch at the handover
  for (let i = 1; i < parts.length; i++) if (parts[i - 1]!.length && parts[i]!.length) parts[i]!.unshift(parts[i - 1]!.at(-1)!);
  return parts;
}

function ZoomWatch({ onZoom }: { onZoom: (z: number) => void }) {
  useMapEvents({ zoomend: (e) => onZoom(e.target.getZoom()) });
  return null;
}

export default function TrajectoryPlayback({ shipmentId, vehicle, height = 480 }: { shipmentId?: number; vehicle?: { id: number; from: string; to: string }; height?: number }) {
  const { t, dateStyle } = useResourceContext();
  const [zoom, setZoom] = useState(INITIAL_ZOOM);
  const q = useQuery<Track>({
    queryKey: ['trajectory', shipmentId ?? null, vehicle ?? null, zoom],
    queryFn: () => (vehicle ? fetchVehicleTrack(vehicle, zoom) : fetchTrajectory(shipmentId!, zoom)),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const d = q.data;
  const points = useMemo(() => d?.points ?? [], [d]);
  const legs = useMemo(() => (d ? byLeg(d) : []), [d]);
  const stops = useMemo(() => (d?.stops ?? []).filter((s) => s.lng !== null && s.lat !== null), [d]);
  const planned = useMemo<LatLngTuple[]>(() => stops.map((s) => [Number(s.lat), Number(s.lng)]), [stops]);
  // fit once, to the first answer: refitting on every zoom's answer would fight the user
  const [bounds, setBounds] = useState<LatLngTuple[] | null>(null);
  useEffect(() => {
    if (bounds || !d) return;
    const all: LatLngTuple[] = [...d.points.map((p): LatLngTuple => [p[1], p[0]]), ...planned];
    if (all.length) setBounds(all);
  }, [d, planned, bounds]);

  const [driving, setDriving] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [state, setState] = useState<PlayState>('idle');
  const [now, setNow] = useState<{ time: number; speed: number | null } | null>(null);
  const marker = useRef<LCircleMarker | null>(null);
  const root = useRef<HTMLDivElement | null>(null);
  const anim = useRef({ raf: 0, trackTime: 0, last: 0, shown: 0 });
  const renderer = useMemo(() => L.canvas({ padding: 0.5 }), []);

  const first = points[0]?.[2] ?? 0;
  const last = points.at(-1)?.[2] ?? 0;

  const place = useCallback(
    (time: number) => {
      if (!points.length) return;
      const p = positionAt(points, time);
      marker.current?.setLatLng(p.at);
      // the text below the map changes at most 5 times a second
      if (performance.now() - anim.current.shown > 200 || time >= last) {
        anim.current.shown = performance.now();
        setNow({ time, speed: points[p.index]![3] });
      }
    },
    [points, last],
  );

  const frame = useCallback(
    (ts: number) => {
      const a = anim.current;
      const dt = a.last ? ts - a.last : 0;
      a.last = ts;
      a.trackTime = Math.min(last, a.trackTime + ((last - first) / BASE_DURATION_MS) * speed * dt);
      place(a.trackTime);
      // every frame, without a render: where the playback is, and for which frame
      if (root.current) {
        root.current.dataset.time = String(a.trackTime);
        root.current.dataset.frame = String(ts);
      }
      if (a.trackTime >= last) {
        setState('paused');
        return;
      }
      a.raf = requestAnimationFrame(frame);
    },
    [first, last, speed, place],
  );

  // (re)start the loop whenever playing, or when the speed or the track changes while playing. Only a
  // start (or continue) begins the time count afresh; a change while playing keeps counting from the last
  // frame, so no time is lost (a finer track arriving for the zoom, a new speed).
  const wasPlaying = useRef(false);
  useEffect(() => {
    if (state !== 'playing') {
      wasPlaying.current = false;
      return;
    }
    if (!wasPlaying.current) anim.current.last = 0;
    wasPlaying.current = true;
    anim.current.raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(anim.current.raf);
  }, [state, frame]);

  const start = () => {
    anim.current.trackTime = first;
    place(first);
    setState('playing');
  };
  const stop = () => {
    cancelAnimationFrame(anim.current.raf);
    anim.current.trackTime = first;
    place(first);
    setNow(null);
    setState('idle');
  };

  if (q.isLoading) return <Spin />;
  const hasTrack = points.length > 0;
  const drawnLegs = driving ? 0 : legs.filter((part) => part.length > 0).length;
  return (
    <div
      ref={root}
      data-testid="trajectory-playback"
      data-shipment={shipmentId}
      data-vehicle={vehicle?.id}
      data-state={state}
      data-points={points.length}
      data-total={d?.total ?? 0}
      data-speed={speed}
      data-driving={driving ? 'true' : 'false'}
      data-legs={drawnLegs}
      data-planned={planned.length > 1 ? planned.length : 0}
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Button type="primary" icon={<CaretRightOutlined />} disabled={!hasTrack || driving} onClick={start} data-testid="trajectory-start">
          {t('shipment.trajectory.start')}
        </Button>
        <Button icon={<PauseOutlined />} disabled={state !== 'playing'} onClick={() => setState('paused')} data-testid="trajectory-pause">
          {t('shipment.trajectory.pause')}
        </Button>
        <Button icon={<StepForwardOutlined />} disabled={state !== 'paused' || anim.current.trackTime >= last} onClick={() => setState('playing')} data-testid="trajectory-resume">
          {t('shipment.trajectory.resume')}
        </Button>
        <Button icon={<BorderOutlined />} disabled={state === 'idle'} onClick={stop} data-testid="trajectory-stop">
          {t('shipment.trajectory.stop')}
        </Button>
        <span>{t('shipment.trajectory.speed')}</span>
        <Segmented size="small" value={speed} onChange={(v) => setSpeed(Number(v))} options={SPEEDS.map((s) => ({ label: `${s}×`, value: s }))} data-testid="trajectory-speed" />
        <Switch size="small" checked={driving} onChange={setDriving} data-testid="trajectory-driving" aria-labelledby="trajectory-driving-label" />
        <span id="trajectory-driving-label">{t('shipment.trajectory.mapDriving')}</span>
        {d && <Typography.Text type="secondary">{t('shipment.trajectory.points', { shown: points.length, total: d.total })}</Typography.Text>}
        {d?.sampleSeconds ? (
          <Typography.Text type="secondary" data-testid="trajectory-sampled">
            {t('shipment.trajectory.sampled', { seconds: d.sampleSeconds })}
          </Typography.Text>
        ) : null}
      </Space>
      {!hasTrack && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(vehicle ? 'shipment.trajectory.noVehiclePoints' : 'shipment.trajectory.noPoints')} />}
      <BaseMap height={height} zoom={INITIAL_ZOOM} bounds={bounds} data-testid="trajectory-map">
        <ZoomWatch onZoom={setZoom} />
        {!driving &&
          legs.map((part, i) => (
            <Polyline key={`leg-${i}`} positions={part} renderer={renderer} pathOptions={{ color: LEG_COLOURS[i % LEG_COLOURS.length], weight: 4 }}>
              {legs.length > 1 && <Tooltip sticky>{t('shipment.trajectory.leg', { seq: i + 1 })}</Tooltip>}
            </Polyline>
          ))}
        {planned.length > 1 && <Polyline positions={planned} renderer={renderer} pathOptions={{ color: '#8c8c8c', weight: driving ? 4 : 2, dashArray: driving ? undefined : '6 6' }} />}
        {stops.map((s) => (
          <CircleMarker key={`stop-${s.seq}`} center={[Number(s.lat), Number(s.lng)]} radius={7} renderer={renderer} pathOptions={{ color: s.stopType === 'UNLOAD' ? '#cf1322' : '#389e0d', fillOpacity: 0.9 }}>
            <Tooltip>{`${s.seq}. ${s.stationName}`}</Tooltip>
          </CircleMarker>
        ))}
        {hasTrack && !driving && (
          <CircleMarker
            ref={(m) => {
              marker.current = m;
            }}
            center={[points[0]![1], points[0]![0]]}
            radius={8}
            pathOptions={{ color: '#fff', weight: 2, fillColor: '#faad14', fillOpacity: 1 }}
          />
        )}
      </BaseMap>
      {now && (
        <Typography.Text data-testid="trajectory-now" style={{ display: 'block', marginTop: 8 }}>
          {t('shipment.trajectory.at')}: {formatDateTime(new Date(now.time).toISOString(), dateStyle)} · {t('shipment.trajectory.speedKmh')}: {now.speed === null ? '-' : `${now.speed.toFixed(0)} km/h`}
        </Typography.Text>
      )}
    </div>
  );
}
