/**
 * Three-way check of a payable statement (issue 15): choose the carrier's statement (.xlsx, or download its
 * template), the server checks it against the statement and answers what it did; the dialog lists the rows
 * within tolerance, the disputed ones (with the amount proposed), the rows that match no line and the lines
 * missing from the carrier's statement. A refused file shows the server's message and the rows in error.
 */
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Tabs, Typography, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { SettlementApi } from '@tms/domain';
import { HttpError, saveResponse } from '../../platform/http.ts';
import { call } from '../../platform/api.ts';
import { useResourceContext } from '../../platform/resource/context.ts';

type Result = z.output<typeof SettlementApi.ThreeWayResult>;
type Match = Result['matched'][number];

export default function ThreeWayModal({ statement, onClose, onDone }: { statement: { id: number; version: number; code: string }; onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ msg: string; data: Result } | null>(null);
  const [refused, setRefused] = useState<{ msg: string; rows: { rowNum: number; errors: Record<string, string> }[] } | null>(null);

  const send = async (f: File) => {
    const fd = new FormData();
    fd.append('file', f, f.name);
    setBusy(true);
    setRefused(null);
    try {
      const r = await call(SettlementApi.endpoints.threeWay, { query: { id: statement.id, version: statement.version }, body: fd }, { silent: true, timeoutMs: 120_000 });
      setResult({ msg: r.msg, data: r.data });
      onDone();
    } catch (e) {
      const rows = e instanceof HttpError ? ((e.body?.data as { rows?: { rowNum: number; errors: Record<string, string> }[] } | undefined)?.rows ?? []) : [];
      const msg = e instanceof Error ? e.message : t('messages.systemError');
      setRefused({ msg, rows });
      message.error(msg);
    } finally {
      setBusy(false);
    }
  };

  const code = (r: { waybillCode: string | null; dispatchOrderCode: string | null; chargeTypeCode: string | null }) =>
    [r.waybillCode, r.dispatchOrderCode].filter(Boolean).join(' / ') + (r.chargeTypeCode ? ` (${r.chargeTypeCode})` : '');
  const matchColumns = (disputed: boolean): TableColumnsType<Match> => [
    { title: t('settlement.threeWay.row'), dataIndex: 'rowNum', width: 70 },
    { title: t('settlement.threeWay.code'), key: 'code', render: (_, m) => code(m) },
    { title: t('settlement.threeWay.ours'), dataIndex: 'ours', align: 'right' },
    { title: t('settlement.threeWay.claim'), dataIndex: 'claim', align: 'right' },
    { title: t('settlement.threeWay.diff'), dataIndex: 'diff', align: 'right' },
    ...(disputed ? [{ title: t('settlement.proposedAmount'), dataIndex: 'proposed', align: 'right' as const }] : []),
  ];
  const d = result?.data;
  const list = <T extends object>(rowKey: keyof T & string, rows: T[], columns: TableColumnsType<T>) => <Table<T> rowKey={rowKey} size="small" pagination={{ pageSize: 10 }} dataSource={rows} columns={columns} />;

  return (
    <Modal
      open
      width={960}
      title={t('settlement.threeWay.title', { code: statement.code })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="template" icon={<DownloadOutlined />} onClick={() => void call(SettlementApi.endpoints.claimTemplate).then((res) => saveResponse(res, `${t('settlement.threeWay.templateFile')}.xlsx`))}>
          {t('settlement.threeWay.template')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t('resource.cancel')}
        </Button>,
      ]}
    >
      {!d ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('settlement.threeWay.hint')}</Typography.Text>
          <Upload.Dragger accept=".xlsx" maxCount={1} showUploadList={false} disabled={busy} beforeUpload={(f) => (void send(f), false)} data-testid="threeway-upload">
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('settlement.threeWay.choose')}</p>
          </Upload.Dragger>
          {refused && (
            <Alert
              type="error"
              showIcon
              message={refused.msg}
              description={refused.rows.length ? refused.rows.map((r) => `${t('settlement.threeWay.row')} ${r.rowNum}: ${Object.values(r.errors).join('; ')}`).join('\n') : undefined}
              style={{ whiteSpace: 'pre-line' }}
            />
          )}
        </Space>
      ) : (
        <div data-testid="threeway-result">
          <Alert type={d.confirmed ? 'success' : d.disputed.length || d.unmatchedRows.length || d.missingLines.length ? 'warning' : 'info'} showIcon style={{ marginBottom: 12 }} message={result!.msg} />
          <Tabs
            items={[
              { key: 'matched', label: `${t('settlement.threeWay.matched')} (${d.matched.length})`, children: list('rowNum', d.matched, matchColumns(false)) },
              { key: 'disputed', label: `${t('settlement.threeWay.disputed')} (${d.disputed.length})`, children: list('rowNum', d.disputed, matchColumns(true)) },
              {
                key: 'unmatched',
                label: `${t('settlement.threeWay.unmatched')} (${d.unmatchedRows.length})`,
                children: list('rowNum', d.unmatchedRows, [
                  { title: t('settlement.threeWay.row'), dataIndex: 'rowNum', width: 70 },
                  { title: t('settlement.threeWay.code'), key: 'code', render: (_, r) => code(r) },
                  { title: t('settlement.threeWay.claim'), dataIndex: 'claim', align: 'right' },
                  { title: t('settlement.reason'), dataIndex: 'message' },
                ]),
              },
              {
                key: 'missing',
                label: `${t('settlement.threeWay.missing')} (${d.missingLines.length})`,
                children: list('lineId', d.missingLines, [
                  { title: t('settlement.threeWay.code'), key: 'code', render: (_, r) => code(r) },
                  { title: t('settlement.threeWay.ours'), dataIndex: 'amount', align: 'right' },
                  { title: t('settlement.reason'), dataIndex: 'message' },
                ]),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
