/**
 * The public tracking page /track/<token> (issue 17): opens without signing in, in the visitor's language, and
 * shows what the server's public answer holds — progress, milestones, ETA, the city the goods were last seen in.
 * An expired, revoked or unknown link shows the server's friendly message and nothing else.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import dayjs from 'dayjs';
import { Card, Descriptions, Result, Space, Spin, Steps, Tag, Timeline, Typography } from 'antd';
import { fillPath, PortalApi } from '@tms/domain';
import type { z } from 'zod';
import { API_BASE } from '../../platform/http.ts';
import { getLang } from '../../platform/session.ts';
import { LangSwitch } from '../../app/header/LangSwitch.tsx';

type Tracking = z.output<typeof PortalApi.PublicTracking>;
const STEPS = ['RECEIVED', 'CONFIRMED', 'IN_TRANSIT', 'DELIVERED'];
const when = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

export default function TrackPage() {
  const { t, i18n } = useTranslation();
  const token = useParams().token ?? '';
  const [state, setState] = useState<{ data?: Tracking; error?: string; status?: number } | null>(null);
  useEffect(() => {
    let live = true;
    const lang = getLang();
    // a plain fetch: no session token goes with a public page (the path from its endpoint; an empty token fails as a system error)
    Promise.resolve()
      .then(() => fetch(`${API_BASE}${fillPath(PortalApi.endpoints.track.path, { token })}?lang=${lang}`, { headers: { lang } }))
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as { data?: Tracking; msg?: string } | null;
        if (!live) return;
        if (res.ok && body?.data) setState({ data: body.data });
        else setState({ error: body?.msg ?? t('http.status', { status: res.status }), status: res.status });
      })
      .catch(() => live && setState({ error: t('http.systemError') }));
    return () => {
      live = false;
    };
  }, [token, i18n.language, t]);

  const d = state?.data;
  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa', padding: '24px 12px' }} data-testid="track-page">
      <div style={{ maxWidth: 760, margin: '0 auto' }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('track.title')}
          </Typography.Title>
          <LangSwitch />
        </Space>
        {!state && (
          <Card>
            <Spin />
          </Card>
        )}
        {state?.error && (
          <Card>
            <Result status={state.status === 410 ? 'warning' : 'info'} title={t('track.failedTitle')} subTitle={<span data-testid="track-error">{state.error}</span>} />
          </Card>
        )}
        {d && (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card>
              <Space style={{ marginBottom: 16 }}>
                <Typography.Text type="secondary">{d.kind === 'ORDER' ? t('track.order') : t('track.waybill')}</Typography.Text>
                <Typography.Text strong data-testid="track-code">
                  {d.code}
                </Typography.Text>
                <Tag color={d.progress === 'DELIVERED' ? 'green' : d.progress === 'CANCELLED' ? 'default' : 'blue'} data-testid="track-progress">
                  {d.progressLabel}
                </Tag>
              </Space>
              {d.progress !== 'CANCELLED' && (
                <Steps size="small" current={Math.max(0, STEPS.indexOf(d.progress))} items={STEPS.map((s) => ({ title: t(`track.steps.${s}`) }))} style={{ marginBottom: 16 }} />
              )}
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                size="small"
                items={[
                  { label: t('track.from'), children: d.from ?? '—' },
                  { label: t('track.to'), children: d.to ?? '—' },
                  { label: t('track.eta'), children: <span data-testid="track-eta">{when(d.eta)}</span> },
                  {
                    label: t('track.position'),
                    children: d.lastPosition ? t('track.positionAt', { city: d.lastPosition.city ?? t('track.unknownCity'), time: when(d.lastPosition.reportedAt) }) : t('track.noPosition'),
                  },
                ]}
              />
            </Card>
            <Card title={t('track.timeline')} size="small">
              <Timeline
                items={[...d.timeline].reverse().map((e) => ({ children: <><div>{e.label}</div><Typography.Text type="secondary">{when(e.time)}</Typography.Text></> }))}
                data-testid="track-timeline"
              />
            </Card>
            <Typography.Text type="secondary">{t('track.expiresAt', { time: when(d.expiresAt) })}</Typography.Text>
          </Space>
        )}
      </div>
    </div>
  );
}
