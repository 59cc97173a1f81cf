/**
 * Receipt detail (spec §2 epod detail): the receipt, its report / audit / handling, the actions the
 * user may take now, and tabs for the receipt details (planned, shipped and signed figures with
 * shortage, damage, remark and pictures), pictures, the stop's video, opinions, the transport
 * execution with its business log, and the stops of the shipment with their receipts.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tabs, Tag, Timeline, Tooltip, Typography, Upload } from 'antd';
import { ProDescriptions, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import { UploadOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { EpodApi, fieldByName, resourceByName, type EpodAction } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { formatDateTime } from '../../platform/format.ts';
import { displayValue, fieldLabel, type Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { refusal, uploadEpodFile, useEpod, type EpodDetail as Detail, type EpodGet, type EpodLine } from './api.ts';
import PictureStrip from './PictureStrip.tsx';

const epodDef = resourceByName.get('epod')!;
const SECTIONS = {
  basic: ['code', 'status', 'isAbnormal', 'waybillCode', 'shipmentCode', 'orderCode', 'batchCode', 'clientId', 'carrierId', 'stationId'],
  report: ['reportSource', 'reportBy', 'reportTime', 'arrivalTime', 'signTime', 'departureTime', 'auditBy', 'auditTime', 'remark'],
  handle: ['handleResult', 'handleRemark', 'handleBy', 'handleTime'],
} as const;

export type DetailAction = Exclude<EpodAction, 'report'> | 'signFor';

function Section({ record, fields, title }: { record: Row; fields: readonly string[]; title: string }) {
  const ctx = useResourceContext();
  const columns: ProDescriptionsItemProps<Row>[] = fields.map((name) => ({
    title: fieldLabel(ctx.t, epodDef, name),
    key: name,
    render: (_d, row) => displayValue(fieldByName(epodDef, name)!, row[name], ctx, row) || '-',
  }));
  return <ProDescriptions<Row> title={title} column={3} bordered size="small" dataSource={record} columns={columns} style={{ marginBottom: 16 }} />;
}

function LinesTable({ lines }: { lines: EpodLine[] }) {
  const { t } = useResourceContext();
  const n = (k: keyof EpodLine, title: string) => ({ title: t(title), dataIndex: k, key: k, align: 'right' as const, render: (v: unknown) => (v === null || v === undefined ? '-' : String(v)) });
  const warn = (k: 'shortage' | 'damage') => ({ ...n(k, `epod.lines.${k}`), render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : v) });
  return (
    <Table<EpodLine>
      rowKey="id"
      size="small"
      bordered
      pagination={false}
      // no scroll of its own (in English its headers made it wider than the drawer: a region the keyboard could not
      // scroll, WCAG 2.1.1); the columns share the drawer's width, as the waybill's lines do
      dataSource={lines}
      data-testid="epod-lines"
      columns={[
        n('posNo', 'epod.lines.posNo'),
        { title: t('epod.lines.item'), key: 'item', render: (_: unknown, l) => `${l.itemCode ?? ''} ${l.itemName ?? ''}` },
        { title: t('epod.lines.unit'), dataIndex: 'unit', key: 'unit' },
        n('plannedQuantity', 'epod.lines.planned'),
        n('shippedQuantity', 'epod.lines.shipped'),
        n('signedQuantity', 'epod.lines.signed'),
        n('plannedCases', 'epod.lines.plannedCases'),
        n('cases', 'epod.lines.cases'),
        n('plannedPallets', 'epod.lines.plannedPallets'),
        n('pallets', 'epod.lines.pallets'),
        warn('shortage'),
        warn('damage'),
        { title: t('epod.lines.remark'), dataIndex: 'remark', key: 'remark', render: (v: string | null) => v || '-' },
        { title: t('epod.lines.pictures'), key: 'pictures', render: (_: unknown, l) => <PictureStrip pictures={l.pictures} size={40} /> },
      ]}
    />
  );
}

function Execution({ d }: { d: Detail }) {
  const { t, dateStyle, dicts } = useResourceContext();
  const x = d.execution ?? {};
  const time = (v: unknown) => (v ? formatDateTime(String(v), dateStyle) : '-');
  const ops = new Map((dicts.tracking_operation ?? []).map((o) => [o.dictValue, o.dictLabel]));
  return (
    <>
      <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }} data-testid="epod-execution">
        <Descriptions.Item label={t('epod.execution.shipment')}>{x.shipmentCode ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('epod.execution.shipmentStatus')}>{(dicts.shipment_status ?? []).find((s) => s.dictValue === x.shipmentStatus)?.dictLabel ?? x.shipmentStatus ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('epod.execution.vehicle')}>{x.vehiclePlate ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('epod.execution.driver')}>{x.driverName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('epod.execution.mobile')}>{x.driverMobile ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('epod.execution.stop')}>{x.stopSeq ? `${t('epod.execution.stopSeq', { seq: x.stopSeq })} ${x.stationName ?? ''}` : (x.stationName ?? '-')}</Descriptions.Item>
        <Descriptions.Item label={t('epod.execution.etd')}>{time(x.etd)}</Descriptions.Item>
        <Descriptions.Item label={t('epod.execution.eta')}>{time(x.eta)}</Descriptions.Item>
        <Descriptions.Item label={t('epod.execution.atd')}>{time(x.atd)}</Descriptions.Item>
        <Descriptions.Item label={t('epod.execution.stopAta')}>{time(x.stopAta)}</Descriptions.Item>
        <Descriptions.Item label={fieldLabel(t, epodDef, 'arrivalTime')}>{time(d.arrivalTime)}</Descriptions.Item>
        <Descriptions.Item label={fieldLabel(t, epodDef, 'signTime')}>{time(d.signTime)}</Descriptions.Item>
        <Descriptions.Item label={fieldLabel(t, epodDef, 'departureTime')}>{time(d.departureTime)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('epod.execution.log')}</Typography.Title>
      {d.tracking.length ? (
        <Timeline
          items={d.tracking.map((r) => ({
            children: (
              <span>
                <b>{ops.get(r.operationType) ?? r.operationType}</b> · {r.operatorName ?? ''} · {time(r.operationTime)}
                {r.remark ? <Typography.Text type="secondary"> — {r.remark}</Typography.Text> : null}
              </span>
            ),
          }))}
        />
      ) : (
        <Empty description={t('epod.execution.none')} />
      )}
    </>
  );
}

type StopView = z.output<typeof EpodApi.ReceiptStop>;

function Stops({ shipmentId, currentId }: { shipmentId: number; currentId: number }) {
  const { t, dicts } = useResourceContext();
  const q = useQuery({ queryKey: ['epodStops', shipmentId], queryFn: () => callData(EpodApi.byShipment, { params: { shipmentId } }), staleTime: 0 });
  const label = (type: string, v: unknown) => (dicts[type] ?? []).find((d) => d.dictValue === v)?.dictLabel ?? String(v ?? '');
  const receipts = (rs: Row[]) =>
    rs.length ? (
      <Space wrap size={4}>
        {rs.map((r) => (
          <Tag key={r.id} color={r.id === currentId ? 'blue' : r.isAbnormal ? 'red' : undefined}>
            {String(r.code)} · {label('epod_status', r.status)}
          </Tag>
        ))}
      </Space>
    ) : (
      <Typography.Text type="secondary">{t('epod.stops.none')}</Typography.Text>
    );
  return (
    <Spin spinning={q.isLoading}>
      <Table<StopView>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        dataSource={q.data?.stops ?? []}
        columns={[
          { title: t('epod.stops.seq'), dataIndex: 'seq', width: 60 },
          { title: t('epod.stops.station'), dataIndex: 'stationName' },
          { title: t('epod.stops.type'), dataIndex: 'stopType', render: (v: string) => label('shipment_stop_type', v) },
          { title: t('epod.stops.receipts'), key: 'receipts', render: (_: unknown, s) => receipts(s.receipts) },
        ]}
      />
      {!!q.data?.unplaced.length && (
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('epod.stops.unplaced')}: </Typography.Text>
          {receipts(q.data.unplaced)}
        </div>
      )}
    </Spin>
  );
}

function UploadButton({ kind, epodId, accept, label, onDone }: { kind: 'picture' | 'video'; epodId: number; accept: string; label: string; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  return (
    <Upload
      accept={accept}
      showUploadList={false}
      customRequest={async ({ file, onSuccess, onError }) => {
        try {
          await uploadEpodFile(kind, epodId, file as Blob);
          onSuccess?.(null);
          message.success(t(kind === 'picture' ? 'epod.pictures.uploaded' : 'epod.video.uploaded'));
          onDone();
        } catch (e) {
          onError?.(e as Error);
          message.error((e as Error).message);
        }
      }}
    >
      <Button icon={<UploadOutlined />} data-testid={`epod-upload-${kind}`}>
        {label}
      </Button>
    </Upload>
  );
}

const ACTIONS: DetailAction[] = ['signFor', 'handle', 'audit', 'reject', 'recall'];

export default function EpodDetail({ id, get, onClose, onAction }: { id: number; get: EpodGet; onClose: () => void; onAction: (action: DetailAction, d: Detail) => void }) {
  const { t, can } = useResourceContext();
  const q = useEpod(get, id);
  const d = q.data;
  const [tab, setTab] = useState('lines');
  const editable = d && d.status !== 'AUDITED' && can('epod:epod:signFor');

  const actionButtons = (row: Detail): ReactNode[] =>
    ACTIONS.filter((a) => can(`epod:epod:${a}`)).map((a) => {
      const why = refusal(a === 'signFor' ? 'report' : a, row);
      return (
        <Tooltip key={a} title={why ? t(why, { code: row.code }) : undefined}>
          <Button type={a === 'audit' ? 'primary' : 'default'} disabled={!!why} onClick={() => onAction(a, row)} data-testid={`epod-detail-${a}`} aria-haspopup="dialog">
            {t(`epod.${a}`)}
          </Button>
        </Tooltip>
      );
    });

  return (
    <Drawer
      open
      width={1160}
      destroyOnHidden
      onClose={onClose}
      title={
        <Space>
          {t('epod.detailTitle', { code: d ? String(d.code) : '' })}
          {d?.isAbnormal ? <Badge status={d.handled ? 'success' : 'error'} text={d.handled ? t('epod.handled') : t('epod.unhandled')} /> : null}
        </Space>
      }
      extra={d ? <Space>{actionButtons(d)}</Space> : null}
    >
      <Spin spinning={q.isLoading}>
        {d && (
          <div data-testid="epod-detail">
            <Section record={d} fields={SECTIONS.basic} title={t('epod.sections.basic')} />
            <Section record={d} fields={SECTIONS.report} title={t('epod.sections.report')} />
            {d.isAbnormal ? <Section record={d} fields={SECTIONS.handle} title={t('epod.sections.handle')} /> : null}
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                { key: 'lines', label: t('epod.sections.lines'), children: <LinesTable lines={d.lines} /> },
                {
                  key: 'pictures',
                  label: `${t('epod.sections.pictures')} (${d.pictureCount})`,
                  children: (
                    <Space direction="vertical">
                      <PictureStrip pictures={d.pictures} testId="epod-pictures" />
                      {editable && <UploadButton kind="picture" epodId={d.id} accept="image/*" label={t('epod.pictures.upload')} onDone={() => void q.refetch()} />}
                    </Space>
                  ),
                },
                {
                  key: 'video',
                  label: t('epod.sections.video'),
                  children: (
                    <Space direction="vertical">
                      {d.video ? <video src={d.video.url} controls style={{ maxWidth: 640, maxHeight: 360 }} data-testid="epod-video" /> : <Empty description={t('epod.video.none')} />}
                      {editable && <UploadButton kind="video" epodId={d.id} accept="video/mp4,video/webm,video/ogg" label={t('epod.video.upload')} onDone={() => void q.refetch()} />}
                    </Space>
                  ),
                },
                {
                  key: 'opinions',
                  label: `${t('epod.sections.opinions')} (${d.opinions.length})`,
                  children: <Opinions d={d} />,
                },
                { key: 'execution', label: t('epod.sections.execution'), children: <Execution d={d} /> },
                { key: 'stops', label: t('epod.sections.stops'), children: <Stops shipmentId={Number(d.shipmentId)} currentId={d.id} /> },
              ]}
            />
          </div>
        )}
      </Spin>
    </Drawer>
  );
}

function Opinions({ d }: { d: Detail }) {
  const { t, dicts, dateStyle } = useResourceContext();
  const types = new Map((dicts.epod_opinion_type ?? []).map((o) => [o.dictValue, o.dictLabel]));
  return (
    <Table
      rowKey="id"
      size="small"
      bordered
      pagination={false}
      dataSource={d.opinions}
      locale={{ emptyText: <Typography.Text>{t('epod.opinions.none')}</Typography.Text> }}
      columns={[
        { title: t('epod.opinions.type'), dataIndex: 'opinionType', render: (v: string) => types.get(v) ?? v },
        { title: t('epod.opinions.content'), dataIndex: 'content' },
        { title: t('epod.opinions.by'), dataIndex: 'opinionBy' },
        { title: t('epod.opinions.time'), dataIndex: 'opinionTime', render: (v: string) => formatDateTime(v, dateStyle) },
      ]}
    />
  );
}
