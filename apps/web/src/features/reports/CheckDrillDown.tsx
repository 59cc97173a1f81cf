/**
 * Drill-down of the vehicle check report: a row's "checks" or "failed" figure opens the checks behind it
 * (the report's filters, that item, failed ones only for "failed"); a check opens with every item, its
 * result, the driver's remark and pictures (signed links, five shown and a viewer, as on receipts).
 */
import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Modal, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ReportApi } from '@tms/domain';
import { call, callData } from '../../platform/api.ts';
import { useDict, useUserInfo } from '../../platform/queries.ts';
import { formatDateTime } from '../../platform/format.ts';
import PictureStrip from '../epod/PictureStrip.tsx';

export interface CheckDrill {
  itemCode: string;
  failedOnly: boolean;
}

/** The server's answers, typed from the same schemas it declares (ReportApi). */
type CheckRow = z.output<typeof ReportApi.CheckRow>;
type CheckDetail = z.output<typeof ReportApi.CheckDetail>;

const PAGE = 10;

/** The label of a checklist item (dict vehicle_check_item), its code when unknown. */
export function useItemLabel(): (code: unknown) => string {
  const items = useDict('vehicle_check_item');
  return useCallback((code: unknown) => items.find((d) => d.dictValue === code)?.dictLabel ?? String(code ?? ''), [items]);
}

function ResultTag({ passed }: { passed: boolean }) {
  const results = useDict('vehicle_check_result');
  const value = passed ? 'PASS' : 'FAIL';
  return <Tag color={passed ? 'green' : 'red'}>{results.find((d) => d.dictValue === value)?.dictLabel ?? value}</Tag>;
}

function CheckModal({ id, query, onClose }: { id: number; query: Record<string, string | number>; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useItemLabel();
  const dateStyle = useUserInfo().data?.sysUserProfile?.dateStyle;
  const center = query.dispatchCenterId;
  const d = useQuery({ queryKey: ['report-check', id, center], queryFn: () => callData(ReportApi.endpoints.checkDetail, { params: { id }, query: center ? { dispatchCenterId: center } : {} }) });
  const c = d.data;
  return (
    <Modal open width={860} title={t('checkReport.detailTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="check-detail">
        {c && (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions size="small" bordered column={2}>
              <Descriptions.Item label={t('checkReport.checkTime')}>{formatDateTime(c.checkTime, dateStyle)}</Descriptions.Item>
              <Descriptions.Item label={t('checkReport.result')}>
                <ResultTag passed={c.result === 'PASS'} />
              </Descriptions.Item>
              <Descriptions.Item label={t('checkReport.shipmentCode')}>{c.shipmentCode}</Descriptions.Item>
              <Descriptions.Item label={t('checkReport.carrier')}>{c.carrierName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('checkReport.vehicle')}>{c.vehiclePlate ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('checkReport.driver')}>{[c.driverName, c.driverMobile].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('checkReport.position')}>{c.lng !== null && c.lat !== null ? `${c.lng}, ${c.lat}` : '-'}</Descriptions.Item>
              <Descriptions.Item label={t('checkReport.remark')}>{c.remark ?? '-'}</Descriptions.Item>
            </Descriptions>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={c.items}
              data-testid="check-items"
              columns={[
                { title: t('checkReport.item'), dataIndex: 'itemCode', width: 160, render: (v: string) => label(v) },
                { title: t('checkReport.result'), dataIndex: 'passed', width: 90, render: (v: boolean) => <ResultTag passed={v} /> },
                { title: t('checkReport.remark'), dataIndex: 'remark', width: 180, render: (v: string | null) => v ?? '-' },
                { title: t('checkReport.pictures'), dataIndex: 'pictures', render: (v: CheckDetail['items'][number]['pictures']) => <PictureStrip pictures={v.map((p) => ({ ...p, lineId: null }))} size={56} /> },
              ]}
            />
          </Space>
        )}
        {d.isLoading && <Typography.Text type="secondary">{t('checkReport.loading')}</Typography.Text>}
      </div>
    </Modal>
  );
}

/** The checks behind a row of the report (the report's query: period, time zone, center, carrier). */
export default function CheckDrillDown({ drill, query, onClose }: { drill: CheckDrill; query: Record<string, string | number>; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useItemLabel();
  const dateStyle = useUserInfo().data?.sysUserProfile?.dateStyle;
  const [pageNum, setPageNum] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const params = { ...query, itemCode: drill.itemCode, failedOnly: drill.failedOnly ? ('true' as const) : ('false' as const), pageNum, pageSize: PAGE };
  const checks = useQuery({ queryKey: ['report-checks', params], queryFn: () => call(ReportApi.endpoints.checks, { query: params }) });
  const title = t(drill.failedOnly ? 'checkReport.failedTitle' : 'checkReport.checksTitle', { item: label(drill.itemCode) });
  return (
    <Drawer open width={1000} title={title} onClose={onClose} destroyOnHidden>
      <Table<CheckRow>
        rowKey="id"
        size="small"
        loading={checks.isLoading}
        dataSource={checks.data?.rows ?? []}
        data-testid="check-list"
        pagination={{ current: pageNum, pageSize: PAGE, total: checks.data?.total ?? 0, showSizeChanger: false, hideOnSinglePage: true, onChange: setPageNum }}
        columns={[
          { title: t('checkReport.checkTime'), dataIndex: 'checkTime', width: 170, render: (v: string) => formatDateTime(v, dateStyle) },
          { title: t('checkReport.shipmentCode'), dataIndex: 'shipmentCode', width: 170 },
          { title: t('checkReport.vehicle'), dataIndex: 'vehiclePlate', width: 100, render: (v: string | null) => v ?? '-' },
          { title: t('checkReport.driver'), dataIndex: 'driverName', width: 90, render: (v: string | null) => v ?? '-' },
          { title: t('checkReport.result'), dataIndex: 'result', width: 80, render: (v: string) => <ResultTag passed={v === 'PASS'} /> },
          { title: t('checkReport.failedItems'), key: 'failed', width: 90, align: 'right', render: (_: unknown, r) => `${r.failedCount} / ${r.itemCount}` },
          { title: t('checkReport.pictures'), dataIndex: 'pictureCount', width: 70, align: 'right' },
          { title: t('checkReport.remark'), dataIndex: 'remark', ellipsis: true, render: (v: string | null) => v ?? '-' },
          {
            title: t('checkReport.actions'),
            key: 'open',
            width: 80,
            render: (_: unknown, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid={`check-open-${r.id}`} aria-haspopup="dialog">
                {t('checkReport.view')}
              </Button>
            ),
          },
        ]}
      />
      {open !== null && <CheckModal id={open} query={query} onClose={() => setOpen(null)} />}
    </Drawer>
  );
}
