/**
 * The client's statements in the portal (issue 17 with issue 15): what the shipper's finance sent it, with every line;
 * the client confirms it, or disputes a line with its reason and the amount it says is right. Amounts are the server's
 * exact decimal strings, never recomputed here. A statement is printed, or saved as PDF, from the STATEMENT template.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { App, Button, Card, Descriptions, Form, Input, Modal, Space, Table, Tag, Timeline, Typography, type ButtonProps } from 'antd';
import { PortalApi, type SettlementApi } from '@tms/domain';
import type { z } from 'zod';
import { HttpError, saveResponse } from '../../platform/http.ts';
import { call, callData } from '../../platform/api.ts';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { lineOrigin } from '../settlement/origin.ts';
import { AttachmentInput, AttachmentLink } from '../settlement/attachment.tsx';

type Header = z.output<typeof SettlementApi.StatementHeader>;
type Detail = z.output<typeof SettlementApi.StatementDetail>;
type Line = Detail['lines'][number];

const OPEN_FOR_CLIENT = new Set(['SENT', 'ADJUSTED']);
const statusColor: Record<string, string> = { SENT: 'blue', DISPUTED: 'orange', ADJUSTED: 'gold', CONFIRMED: 'green', INVOICED: 'cyan', SETTLED: 'green', VOID: 'default' };

function Status({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={statusColor[status]}>{t(`dicts.fin_statement_status.${status}`)}</Tag>;
}

export function StatementsPage() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const q = useQuery({ queryKey: ['portalStatements'], queryFn: () => callData(PortalApi.endpoints.statements) });
  return (
    <Card title={t('portal.statements.title')} size="small">
      <Table<Header>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 20 }}
        data-testid="portal-statements"
        onRow={(r) => ({ onClick: () => nav(`/portal/statements/${r.id}`), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('portal.statements.code'), dataIndex: 'code', render: (v: string, r) => <a href={`/portal/statements/${r.id}`} onClick={(e) => (e.preventDefault(), nav(`/portal/statements/${r.id}`))}>{v}</a> },
          { title: t('portal.statements.period'), dataIndex: 'period' },
          { title: t('portal.statements.client'), dataIndex: 'partyName' },
          { title: t('portal.statements.status'), dataIndex: 'status', render: (s: string) => <Status status={s} /> },
          { title: t('portal.statements.lines'), dataIndex: 'lineCount', align: 'right' },
          { title: t('portal.statements.total'), dataIndex: 'totalAmount', align: 'right', render: (v: string, r) => `${v} ${r.currency}` },
        ]}
      />
    </Card>
  );
}

/** The dispute of one line: the reason and the amount the client says is right. */
function DisputeModal({ statement, line, onClose, onDone }: { statement: Detail; line: Line; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string; proposedAmount: string; fileId?: number | null }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('portal.statements.disputeTitle', { code: line.waybillCode ?? line.id })}
      okText={t('portal.statements.dispute')}
      confirmLoading={busy}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'portal-dispute-ok' } as ButtonProps}
      onOk={async () => {
        const v = await form.validateFields();
        setBusy(true);
        try {
          await callData(PortalApi.endpoints.statementDispute, { body: { id: statement.id, version: statement.version, lines: [{ lineId: line.id, reason: v.reason, proposedAmount: v.proposedAmount, fileId: v.fileId ?? null }] } });
          message.success(t('portal.statements.disputed'));
          onDone();
        } catch (e) {
          if (!(e instanceof HttpError)) throw e;
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid="portal-dispute-form">
        <Typography.Paragraph>{t('portal.statements.ourAmount', { amount: line.amount })}</Typography.Paragraph>
        <Form.Item name="reason" label={t('portal.statements.reason')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 200, message: t('validation.maxLength', { max: 200 }) }]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item
          name="proposedAmount"
          label={t('portal.statements.proposed')}
          rules={[{ required: true, message: t('validation.required') }, { pattern: /^-?\d{1,16}(\.\d{1,2})?$/, message: t('validation.invalid') }]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="fileId" label={t('settlement.attachment')}>
          <AttachmentInput upload={PortalApi.endpoints.statementFile} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function StatementPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const nav = useNavigate();
  const id = Number(useParams().id);
  const q = useQuery({ queryKey: ['portalStatement', id], queryFn: () => callData(PortalApi.endpoints.statement, { params: { id } }) });
  const [disputing, setDisputing] = useState<Line | null>(null);
  const s = q.data;
  if (!s) return <Card loading />;
  const open = OPEN_FOR_CLIENT.has(s.status);
  const confirm = () =>
    modal.confirm({
      title: t('portal.statements.confirmTitle', { code: s.code }),
      content: t('portal.statements.confirmText', { amount: `${s.totalAmount} ${s.currency}` }),
      okText: t('portal.statements.confirm'),
      onOk: async () => {
        try {
          await callData(PortalApi.endpoints.statementConfirm, { body: { id: s.id, version: s.version } });
          message.success(t('portal.statements.confirmed'));
        } catch (e) {
          if (!(e instanceof HttpError)) throw e;
        }
        await q.refetch();
      },
    });
  // the statement filled into the default STATEMENT template, in the reader's language, printed from a window of its own
  const print = async () => {
    const r = await callData(PortalApi.endpoints.statementPrint, { params: { id: s.id } });
    const w = window.open('', '_blank');
    if (!w) {
      void message.warning(t('order.popupBlocked'));
      return;
    }
    w.document.open();
    w.document.write(r.html);
    w.document.close();
    w.focus();
    w.print();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16} data-testid="portal-statement">
      <Card
        size="small"
        title={
          <Space>
            <Button onClick={() => nav('/portal/statements')}>{t('portal.statements.back')}</Button>
            {s.code}
            <Status status={s.status} />
          </Space>
        }
        extra={
          <Space>
            <Button icon={<PrinterOutlined />} onClick={() => void print()} data-testid="portal-statement-print">
              {t('portal.statements.print')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void call(PortalApi.endpoints.statementPdf, { params: { id: s.id } }).then((res) => saveResponse(res, `${s.code}.pdf`))} data-testid="portal-statement-pdf">
              {t('portal.detail.pdf')}
            </Button>
            {open && (
              <Button type="primary" onClick={confirm} data-testid="portal-statement-confirm">
                {t('portal.statements.confirm')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('portal.statements.client')}>{s.partyName}</Descriptions.Item>
          <Descriptions.Item label={t('portal.statements.period')}>{`${s.periodFrom} ~ ${s.periodTo}`}</Descriptions.Item>
          <Descriptions.Item label={t('portal.statements.lines')}>{s.lineCount}</Descriptions.Item>
          <Descriptions.Item label={t('portal.statements.charges')}>{s.chargeAmount}</Descriptions.Item>
          <Descriptions.Item label={t('portal.statements.adjustments')}>{s.adjustAmount}</Descriptions.Item>
          <Descriptions.Item label={t('portal.statements.total')}>
            <b data-testid="portal-statement-total">{`${s.totalAmount} ${s.currency}`}</b>
          </Descriptions.Item>
        </Descriptions>
        {open && <Typography.Paragraph type="secondary">{t('portal.statements.hint')}</Typography.Paragraph>}
      </Card>
      <Card size="small" title={t('portal.statements.lineTitle')}>
        <Table<Line>
          rowKey="id"
          size="small"
          dataSource={s.lines}
          pagination={{ pageSize: 50 }}
          data-testid="portal-statement-lines"
          columns={[
            { title: t('portal.statements.waybill'), dataIndex: 'waybillCode' },
            { title: t('portal.statements.chargeType'), dataIndex: 'chargeTypeCode' },
            { title: t('portal.statements.lineType'), dataIndex: 'lineType', render: (v: string) => t(`dicts.fin_statement_line_type.${v}`) },
            { title: t('portal.statements.amount'), dataIndex: 'amount', align: 'right' },
            { title: t('settlement.originColumn'), key: 'origin', render: (_: unknown, l) => lineOrigin(t, l) },
            {
              title: t('portal.statements.disputeColumn'),
              key: 'dispute',
              render: (_: unknown, l) =>
                l.disputeStatus ? (
                  <span>
                    <Tag>{t(`dicts.fin_dispute_status.${l.disputeStatus}`)}</Tag>
                    {l.proposedAmount} · {l.disputeReason} {l.disputeFile && <AttachmentLink file={l.disputeFile} />}
                  </span>
                ) : open && l.lineType === 'CHARGE' ? (
                  <Button size="small" onClick={() => setDisputing(l)} data-testid="portal-line-dispute" aria-haspopup="dialog">
                    {t('portal.statements.dispute')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('portal.statements.history')}>
        <Timeline
          items={s.events.map((e) => ({
            children: `${dayjs(e.createTime).format('YYYY-MM-DD HH:mm')} · ${e.toStatus ? t(`dicts.fin_statement_status.${e.toStatus}`) : e.action}${e.reason ? ` · ${e.reason}` : ''}`,
          }))}
        />
      </Card>
      {disputing && (
        <DisputeModal
          statement={s}
          line={disputing}
          onClose={() => setDisputing(null)}
          onDone={() => {
            setDisputing(null);
            void q.refetch();
          }}
        />
      )}
    </Space>
  );
}
