/** The portal's screens: orders, a new order, an order's detail (timeline, waybills, receipts, tracking links), the in-transit map. */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  App, Button, Card, Col, DatePicker, Descriptions, Empty, Form, Image, Input, InputNumber, List, Modal, QRCode, Row, Select, Space, Table, Tag, Timeline, Typography,
} from 'antd';
import { FormSelect } from '../../platform/FormSelect.tsx';
import { DownloadOutlined, LinkOutlined, MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Marker, Popup } from 'react-leaflet';
import { PortalApi } from '@tms/domain';
import type { z } from 'zod';
import { HttpError, saveResponse } from '../../platform/http.ts';
import { call, callData } from '../../platform/api.ts';
import { LazyBaseMap } from '../../platform/map/index.tsx';
import type { Me } from './PortalApp.tsx';
import OrderImportModal, { PORTAL_IMPORT } from '../order/OrderImportModal.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';

type OrderRow = z.output<typeof PortalApi.PortalOrderRow>;
type OrderDetail = z.output<typeof PortalApi.PortalOrderDetail>;
type EpodDetail = z.output<typeof PortalApi.PortalEpodDetail>;
type LinkRow = z.output<typeof PortalApi.TrackingLinkRow>;
type TransitRow = z.output<typeof PortalApi.PortalTransitRow>;
type Choices = z.output<typeof PortalApi.PortalChoices>;
type OrderStatus = NonNullable<z.input<typeof PortalApi.PortalOrderQuery>['status']>;
/** The statuses the list filters by (its query's). */
const ORDER_STATUSES = PortalApi.PortalOrderQuery.shape.status.unwrap().options;

const when = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
/** An ETA, marked when it is live (from the vehicle's newest position) rather than planned. */
function Eta({ row }: { row: { eta: string | null; etaLive: boolean } }) {
  const { t } = useTranslation();
  return (
    <span data-testid="portal-eta">
      {when(row.eta)}
      {row.eta && row.etaLive ? ` ${t('portal.map.live')}` : ''}
    </span>
  );
}
const PROGRESS_COLOR: Record<string, string> = { RECEIVED: 'blue', CONFIRMED: 'cyan', IN_TRANSIT: 'orange', DELIVERED: 'green', CANCELLED: 'default' };
export const trackUrl = (token: string) => `${window.location.origin}/track/${token}`;

export function OrdersPage({ me }: { me: Me }) {
  const { t } = useTranslation();
  const nav = useNavigate();
  const [filter, setFilter] = useState<{ code?: string; status?: OrderStatus; pageNum: number; pageSize: number }>({ pageNum: 1, pageSize: 10 });
  const q = useQuery({ queryKey: ['portalOrders', filter], queryFn: () => call(PortalApi.endpoints.orders, { query: filter }) });
  const [importing, setImporting] = useState(false);
  return (
    <Card
      title={t('portal.menu.orders')}
      extra={
        <Space>
          <Input.Search allowClear placeholder={t('portal.orders.search')} onSearch={(code) => setFilter({ ...filter, code: code || undefined, pageNum: 1 })} style={{ width: 240 }} data-testid="portal-search" />
          <Select
            style={{ width: 140 }}
            aria-label={t('portal.orders.status')}
            value={filter.status ?? ''}
            onChange={(status) => setFilter({ ...filter, status: (status || undefined) as OrderStatus | undefined, pageNum: 1 })}
            options={[{ value: '', label: t('portal.orders.all') }, ...ORDER_STATUSES.map((v) => ({ value: v, label: t(`dicts.order_status.${v}`) }))]}
          />
          <Button icon={<DownloadOutlined />} onClick={() => void call(PortalApi.endpoints.ordersExport, { query: { code: filter.code, status: filter.status } }).then((res) => saveResponse(res, 'orders.xlsx'))}>
            {t('portal.orders.export')}
          </Button>
          <Button icon={<UploadOutlined />} disabled={!me.clients.length} onClick={() => setImporting(true)} aria-haspopup="dialog">
            {t('portal.orders.import')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} disabled={!me.clients.length} onClick={() => nav('/portal/orders/new')}>
            {t('portal.orders.newOrder')}
          </Button>
        </Space>
      }
    >
      {importing && <OrderImportModal api={PORTAL_IMPORT} onClose={() => setImporting(false)} onImported={() => void q.refetch()} />}
      <Table<OrderRow>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.rows ?? []}
        data-testid="portal-orders"
        onRow={(r) => ({ onClick: () => nav(`/portal/orders/${r.id}`), style: { cursor: 'pointer' } })}
        pagination={{ current: filter.pageNum, pageSize: filter.pageSize, total: q.data?.total ?? 0, onChange: (pageNum, pageSize) => setFilter({ ...filter, pageNum, pageSize }) }}
        columns={[
          { title: t('portal.orders.code'), dataIndex: 'code', render: (v: string, r) => <a href={`/portal/orders/${r.id}`} onClick={(e) => (e.preventDefault(), e.stopPropagation(), nav(`/portal/orders/${r.id}`))}>{v}</a> },
          { title: t('portal.orders.customerOrderNo'), dataIndex: 'customerOrderNo' },
          ...(me.clients.length > 1 ? [{ title: t('portal.orders.client'), dataIndex: 'clientName' }] : []),
          { title: t('portal.orders.progress'), dataIndex: 'progressLabel', render: (v: string, r) => <Tag color={PROGRESS_COLOR[r.progress]}>{v}</Tag> },
          { title: t('portal.orders.route'), key: 'route', render: (_, r) => `${r.sourceStation} → ${r.destStation}` },
          { title: t('portal.orders.orderDate'), dataIndex: 'orderDate' },
          { title: t('portal.orders.eta'), dataIndex: 'eta', render: when },
          { title: t('portal.orders.quantity'), dataIndex: 'totalQuantity', align: 'right' },
        ]}
      />
    </Card>
  );
}

interface NewOrderForm {
  clientId: number;
  sourceStationId: number;
  destStationId: number;
  eta?: dayjs.Dayjs;
  customerOrderNo?: string;
  remark?: string;
  lines: { itemId: number; quantity: number; cases?: number; weight?: number }[];
}

export function NewOrderPage({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const nav = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<NewOrderForm>();
  const clientId = Form.useWatch('clientId', form) ?? me.clients[0]?.id;
  const choices = useQuery({ queryKey: ['portalChoices', clientId], queryFn: () => callData(PortalApi.endpoints.choices, { query: { clientId: clientId! } }), enabled: !!clientId });
  const [saving, setSaving] = useState(false);
  const stations = (choices.data?.stations ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }));
  const items = (choices.data?.items ?? []).map((i) => ({ value: i.id, label: `${i.name} (${i.code})` }));
  const submit = async (v: NewOrderForm) => {
    setSaving(true);
    try {
      const o = await callData(PortalApi.endpoints.create, { body: { ...v, clientId: clientId!, eta: v.eta ? v.eta.toISOString() : null } }, { silent: true });
      message.success(t('portal.create.done', { code: o.code }));
      void qc.invalidateQueries({ queryKey: ['portalOrders'] });
      nav(`/portal/orders/${o.id}`);
    } catch (e) {
      if (e instanceof HttpError) {
        const fields = Object.entries(e.fieldErrors).map(([name, errors]) => ({ name: name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [errors] }));
        if (fields.length) form.setFields(fields as never);
        message.error(e.message);
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('portal.create.title')} style={{ maxWidth: 960 }}>
      <Form<NewOrderForm> form={form} layout="vertical" initialValues={{ clientId: me.clients[0]?.id, lines: [{ quantity: 1 }] }} onFinish={submit} data-testid="portal-new-order">
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="clientId" label={t('portal.create.client')} rules={[{ required: true, message: t('validation.required') }]}>
              <FormSelect options={me.clients.map((c) => ({ value: c.id, label: c.name }))} onChange={() => form.resetFields(['sourceStationId', 'destStationId', 'lines'])} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sourceStationId" label={t('portal.create.source')} rules={[{ required: true, message: t('validation.required') }]}>
              <FormSelect showSearch optionFilterProp="label" options={stations} loading={choices.isLoading} data-testid="portal-source" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="destStationId" label={t('portal.create.dest')} rules={[{ required: true, message: t('validation.required') }]}>
              <FormSelect showSearch optionFilterProp="label" options={stations} loading={choices.isLoading} data-testid="portal-dest" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="eta" label={t('portal.create.eta')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="customerOrderNo" label={t('portal.create.customerOrderNo')}>
              <Input maxLength={60} data-testid="portal-customer-no" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="remark" label={t('portal.create.remark')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('portal.create.lines')}</Typography.Title>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Row gutter={12} key={f.key} align="top">
                  <Col span={10}>
                    <Form.Item name={[f.name, 'itemId']} label={t('portal.create.item')} rules={[{ required: true, message: t('validation.required') }]}>
                      <FormSelect showSearch optionFilterProp="label" options={items} data-testid={`portal-item-${f.name}`} />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[f.name, 'quantity']} label={t('portal.create.quantity')} rules={[{ required: true, message: t('validation.required') }]}>
                      <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid={`portal-qty-${f.name}`} />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[f.name, 'cases']} label={t('portal.create.cases')}>
                      <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[f.name, 'weight']} label={t('portal.create.weight')}>
                      <InputNumber min={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={2} style={{ paddingTop: 34 }}>
                    {fields.length > 1 && <MinusCircleOutlined onClick={() => remove(f.name)} />}
                  </Col>
                </Row>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })} style={{ marginBottom: 16 }}>
                {t('portal.create.addLine')}
              </Button>
            </>
          )}
        </Form.List>
        <div>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="portal-submit">
            {t('portal.create.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** A picture of a receipt: fetched with the session token, shown from a blob address. */
function SecurePicture({ epodId, pictureId }: { epodId: number; pictureId: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    void call(PortalApi.endpoints.epodPicture, { params: { id: epodId, pictureId } }, { silent: true }).then(async (res) => {
      made = URL.createObjectURL(await res.blob());
      if (live) setSrc(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [epodId, pictureId]);
  return src ? <Image src={src} width={160} /> : <div style={{ width: 160, height: 120, background: '#fafafa' }} />;
}

function EpodModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['portalEpod', id], queryFn: () => callData(PortalApi.endpoints.epod, { params: { id } }) });
  const e = q.data;
  return (
    <Modal
      open
      width={860}
      title={e ? t('portal.epod.title', { code: e.code }) : ''}
      onCancel={onClose}
      footer={[
        <Button key="pdf" icon={<DownloadOutlined />} disabled={!e} onClick={() => e && void call(PortalApi.endpoints.epodPdf, { params: { id } }).then((res) => saveResponse(res, `${e.code}.pdf`))} data-testid="portal-epod-pdf">
          {t('portal.detail.pdf')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          OK
        </Button>,
      ]}
    >
      {e && (
        <>
          <Descriptions size="small" column={3} items={[
            { label: t('portal.epod.arrivalTime'), children: when(e.arrivalTime) },
            { label: t('portal.epod.signTime'), children: when(e.signTime) },
            { label: t('portal.epod.departureTime'), children: when(e.departureTime) },
            { label: t('portal.epod.abnormal'), children: e.isAbnormal ? <Tag color="red">{t('common.yes')}</Tag> : t('common.no') },
          ]} />
          <Table
            rowKey="posNo"
            size="small"
            pagination={false}
            dataSource={e.lines}
            style={{ margin: '12px 0' }}
            columns={[
              { title: t('portal.epod.item'), key: 'item', render: (_, l) => `${l.itemName ?? ''} (${l.itemCode ?? ''})` },
              { title: t('portal.epod.planned'), dataIndex: 'plannedQuantity', align: 'right' },
              { title: t('portal.epod.shipped'), dataIndex: 'shippedQuantity', align: 'right' },
              { title: t('portal.epod.signed'), dataIndex: 'signedQuantity', align: 'right' },
              { title: t('portal.epod.shortage'), dataIndex: 'shortage', align: 'right' },
              { title: t('portal.epod.damage'), dataIndex: 'damage', align: 'right' },
              { title: t('portal.epod.remark'), dataIndex: 'remark' },
            ]}
          />
          {!!e.pictures.length && (
            <>
              <Typography.Text strong>{t('portal.epod.photos')}</Typography.Text>
              <Image.PreviewGroup>
                <Space wrap style={{ marginTop: 8 }}>
                  {e.pictures.map((p) => (
                    <SecurePicture key={p.id} epodId={id} pictureId={p.id} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            </>
          )}
        </>
      )}
    </Modal>
  );
}

function TrackingLinks({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['portalLinks', order.id], queryFn: () => callData(PortalApi.endpoints.links, { params: { id: order.id } }) });
  const [waybillId, setWaybillId] = useState<number | 0>(0);
  const make = async () => {
    await callData(PortalApi.endpoints.createLink, { params: { id: order.id }, body: { waybillId: waybillId || null } });
    await q.refetch();
  };
  const active = (q.data ?? []).find((l) => l.active);
  return (
    <Card title={t('portal.detail.links')} size="small" data-testid="portal-links">
      <Typography.Paragraph type="secondary">{t('portal.detail.linkHint')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 220 }}
          aria-label={t('portal.detail.linkFor')}
          value={waybillId}
          onChange={setWaybillId}
          options={[{ value: 0, label: t('portal.detail.wholeOrder') }, ...order.waybills.map((w) => ({ value: w.id, label: w.code }))]}
        />
        <Button icon={<LinkOutlined />} onClick={() => void make()} data-testid="portal-new-link">
          {t('portal.detail.newLink')}
        </Button>
      </Space>
      <Row gutter={16}>
        <Col flex="auto">
          <List
            size="small"
            dataSource={q.data ?? []}
            renderItem={(l) => (
              <List.Item
                actions={
                  l.active
                    ? [
                        <LinkButton key="copy" onClick={() => void navigator.clipboard?.writeText(trackUrl(l.token)).then(() => message.success(t('portal.detail.copied')))}>
                          {t('portal.detail.copy')}
                        </LinkButton>,
                        <LinkButton key="revoke" onClick={() => void callData(PortalApi.endpoints.revokeLink, { params: { id: l.id }, body: {} }).then(() => q.refetch())}>
                          {t('portal.detail.revoke')}
                        </LinkButton>,
                      ]
                    : []
                }
              >
                <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                  <Space>
                    <Tag color={l.active ? 'green' : 'default'}>{l.active ? t('portal.detail.active') : l.revokedAt ? t('portal.detail.revoked') : t('portal.detail.expired')}</Tag>
                    <span>{l.code}</span>
                    <Typography.Text type="secondary">
                      {t('portal.detail.expiresAt')} {when(l.expiresAt)}
                    </Typography.Text>
                  </Space>
                  {l.active && (
                    <Typography.Link href={trackUrl(l.token)} target="_blank" ellipsis style={{ maxWidth: 520 }} data-testid="portal-link-url">
                      {trackUrl(l.token)}
                    </Typography.Link>
                  )}
                </Space>
              </List.Item>
            )}
          />
        </Col>
        {active && (
          <Col flex="none" style={{ textAlign: 'center' }}>
            <QRCode value={trackUrl(active.token)} size={128} aria-label={t('portal.detail.printQr')} />
            <div>{t('portal.detail.printQr')}</div>
          </Col>
        )}
      </Row>
    </Card>
  );
}

export function OrderDetailPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const nav = useNavigate();
  const qc = useQueryClient();
  const id = Number(useParams().id);
  const q = useQuery({ queryKey: ['portalOrder', id], queryFn: () => callData(PortalApi.endpoints.order, { params: { id } }) });
  const [epod, setEpod] = useState<number | null>(null);
  const o = q.data;
  if (!o) return <Card loading />;
  const cancel = () =>
    modal.confirm({
      title: t('portal.detail.cancelConfirm', { code: o.code }),
      onOk: async () => {
        await callData(PortalApi.endpoints.cancel, { params: { id: o.id }, body: {} });
        message.success(t('messages.portal.cancelled'));
        void qc.invalidateQueries({ queryKey: ['portalOrders'] });
        await q.refetch();
      },
    });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="portal-order">
      <Card
        title={
          <Space>
            <span data-testid="portal-order-code">{o.code}</span>
            <Tag color={PROGRESS_COLOR[o.progress]} data-testid="portal-order-progress">
              {o.progressLabel}
            </Tag>
          </Space>
        }
        extra={
          <Space>
            <Button onClick={() => nav('/portal/orders')}>{t('portal.detail.back')}</Button>
            {o.cancellable && (
              <Button danger onClick={cancel} data-testid="portal-cancel">
                {t('portal.detail.cancel')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={3} items={[
          { label: t('portal.orders.customerOrderNo'), children: o.customerOrderNo ?? '—' },
          { label: t('portal.orders.client'), children: o.clientName },
          { label: t('portal.orders.route'), children: `${o.sourceStation} → ${o.destStation}` },
          { label: t('portal.orders.orderDate'), children: o.orderDate },
          { label: t('portal.orders.eta'), children: when(o.eta) },
          { label: t('portal.orders.quantity'), children: o.totalQuantity },
        ]} />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Card title={t('portal.detail.timeline')} size="small" style={{ height: '100%' }}>
            <Timeline items={o.timeline.map((e) => ({ children: <><div>{e.label}</div><Typography.Text type="secondary">{when(e.time)}</Typography.Text></> }))} data-testid="portal-timeline" />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('portal.detail.lines')} size="small">
            <Table rowKey="posNo" size="small" pagination={false} dataSource={o.lines} columns={[
              { title: t('portal.create.item'), key: 'item', render: (_, l) => `${l.itemName ?? ''} (${l.itemCode ?? ''})` },
              { title: t('portal.create.quantity'), dataIndex: 'quantity', align: 'right' },
              { title: t('portal.create.cases'), dataIndex: 'cases', align: 'right' },
              { title: t('portal.create.weight'), dataIndex: 'weight', align: 'right' },
            ]} />
          </Card>
        </Col>
      </Row>
      {!!o.waybills.length && (
        <Card title={t('portal.detail.waybills')} size="small">
          <Table rowKey="id" size="small" pagination={false} dataSource={o.waybills} columns={[
            { title: t('portal.map.waybill'), dataIndex: 'code' },
            { title: t('portal.detail.shipment'), dataIndex: 'shipmentCode' },
            { title: t('portal.detail.shipmentStatus'), dataIndex: 'shipmentStatusLabel' },
            { title: t('portal.detail.eta'), dataIndex: 'eta', render: (_: unknown, w: OrderDetail['waybills'][number]) => <Eta row={w} /> },
            { title: t('portal.detail.ata'), dataIndex: 'ata', render: when },
            { title: t('portal.detail.lastPosition'), dataIndex: 'lastPosition', render: (p: OrderDetail['waybills'][number]['lastPosition']) => (p ? `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)} · ${when(p.reportedAt)}` : t('portal.detail.noPosition')) },
          ]} />
        </Card>
      )}
      {!!o.epods.length && (
        <Card title={t('portal.detail.epods')} size="small">
          <Table rowKey="id" size="small" pagination={false} dataSource={o.epods} data-testid="portal-epods" columns={[
            { title: t('portal.epod.title', { code: '' }), dataIndex: 'code' },
            { title: t('portal.map.waybill'), dataIndex: 'waybillCode' },
            { title: t('portal.orders.status'), dataIndex: 'statusLabel', render: (v: string, r) => <Tag color={r.isAbnormal ? 'red' : undefined}>{v}</Tag> },
            { title: t('portal.epod.signTime'), dataIndex: 'signTime', render: when },
            { title: '', key: 'op', render: (_, r) => <LinkButton dialog onClick={() => setEpod(r.id)}>{t('portal.detail.view')}</LinkButton> },
          ]} />
        </Card>
      )}
      {o.status !== 'CANCELLED' && <TrackingLinks order={o} />}
      {epod && <EpodModal id={epod} onClose={() => setEpod(null)} />}
    </Space>
  );
}

export function TransitMapPage() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const q = useQuery({ queryKey: ['portalTransit'], queryFn: () => callData(PortalApi.endpoints.transit), refetchInterval: 60_000 });
  const rows = q.data ?? [];
  const placed = rows.filter((r) => r.lastPosition);
  const bounds = useMemo(() => {
    if (!placed.length) return null;
    const lats = placed.map((r) => r.lastPosition!.lat);
    const lngs = placed.map((r) => r.lastPosition!.lng);
    return [[Math.min(...lats) - 0.05, Math.min(...lngs) - 0.05], [Math.max(...lats) + 0.05, Math.max(...lngs) + 0.05]] as [[number, number], [number, number]];
  }, [placed]);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={16}>
        <Card title={t('portal.map.title')} size="small" data-testid="portal-map">
          <LazyBaseMap height={520} bounds={bounds}>
            {placed.map((r) => (
              <Marker key={r.waybillId} position={[r.lastPosition!.lat, r.lastPosition!.lng]}>
                <Popup>
                  <div>
                    <b>{r.waybillCode}</b>
                    <div>{`${r.sourceStation} → ${r.destStation}`}</div>
                    <div>
                      {t('portal.map.eta')}: <Eta row={r} />
                    </div>
                  </div>
                </Popup>
              </Marker>
            ))}
          </LazyBaseMap>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small">
          {rows.length ? (
            <List
              dataSource={rows}
              renderItem={(r) => (
                <List.Item onClick={() => nav(`/portal/orders/${r.orderId}`)} style={{ cursor: 'pointer' }}>
                  <List.Item.Meta
                    title={`${r.waybillCode} · ${r.orderCode}`}
                    description={
                      <>
                        <div>{`${r.sourceStation} → ${r.destStation}`}</div>
                        <div>
                          {t('portal.map.eta')}: <Eta row={r} />
                        </div>
                        <div>
                          {t('portal.map.reportedAt')}: {when(r.lastPosition?.reportedAt)}
                        </div>
                      </>
                    }
                  />
                </List.Item>
              )}
            />
          ) : (
            <Empty description={t('portal.map.empty')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
