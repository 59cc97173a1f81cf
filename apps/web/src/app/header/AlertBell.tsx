/**
 * The alert bell (spec §2 / §7): unhandled alerts of the current dispatch center, each handled
 * with a reason (dictionary shipment_alert_reason, required) and a remark (required, ≤ 800).
 */
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Empty, Form, Input, List, Modal, Popover, Space, Typography } from 'antd';
import { FormSelect } from '../../platform/FormSelect.tsx';
import { BellOutlined, CarOutlined, ClockCircleOutlined, EnvironmentOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS, NotifyApi } from '@tms/domain';
import { call, callData, type DataOf } from '../../platform/api.ts';
import { HttpError } from '../../platform/http.ts';
import { useCan, useDict, useUserInfo } from '../../platform/queries.ts';
import { formatDateTime } from '../../platform/format.ts';
import { RESYNC, useRealtime } from './realtime.ts';

export type Alert = DataOf<typeof NotifyApi.endpoints.alertBell>[number];

/** polling is the fallback; the realtime stream refreshes the list as alerts are raised or handled */
const POLL_MS = 60_000;
/**
 * A positive number of milliseconds stored under this key replaces the minute of polling, in this
 * browser only (a browser test sets hours, so that only the realtime stream can move the bell).
 */
export const POLL_MS_KEY = 'tms.alertPollMs';

function pollMs(): number {
  try {
    const v = Number(localStorage.getItem(POLL_MS_KEY));
    return Number.isFinite(v) && v > 0 ? v : POLL_MS;
  } catch {
    return POLL_MS;
  }
}
const ALERT_EVENTS = new Set(['alert', 'alertHandled']);

function HandleModal({ alert, onClose, onDone, afterClose }: { alert: Alert | null; onClose: () => void; onDone: () => void; afterClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reasons = useDict('shipment_alert_reason');
  const [form] = Form.useForm<{ alertReason: string; alertRemark: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!alert) return;
    let v: { alertReason: string; alertRemark: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows the messages
    }
    setSaving(true);
    try {
      const r = await call(NotifyApi.endpoints.alertDeal, { body: { id: alert.id, alertReason: v.alertReason, alertRemark: v.alertRemark } }, { silent: true });
      if (r.code === 0) {
        void message.success(r.msg);
        onDone();
      } else void message.error(r.msg);
    } catch (e) {
      if (e instanceof HttpError) {
        const fe = e.fieldErrors;
        const fields = Object.entries(fe).filter(([k]) => k === 'alertReason' || k === 'alertRemark');
        if (fields.length) form.setFields(fields.map(([name, msg]) => ({ name: name as 'alertReason' | 'alertRemark', errors: [msg] })));
        void message.error(e.message);
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!alert}
      title={t('alert.handleTitle')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
      // its opener, the alert's button, is in the popover that closed when it opened: the focus goes back to the bell
      focusTriggerAfterClose={false}
      afterClose={() => {
        form.resetFields();
        afterClose();
      }}
      okButtonProps={{ 'data-testid': 'alert-handle-ok' }}
    >
      {alert && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {[alert.alertContent, alert.field3].filter((x, i, all) => x && all.indexOf(x) === i).join(' — ')}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="alertReason" label={t('alert.reason')} rules={[{ required: true, message: t('messages.alert.reasonRequired') }]}>
          <FormSelect
            data-testid="alert-reason"
            placeholder={t('alert.reasonPlaceholder')}
            options={reasons.map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
          />
        </Form.Item>
        <Form.Item
          name="alertRemark"
          label={t('alert.remark')}
          rules={[
            { required: true, whitespace: true, message: t('messages.alert.reasonRequired') },
            { max: LIMITS.alertRemark, message: t('messages.alert.remarkTooLong') },
          ]}
        >
          <Input.TextArea data-testid="alert-remark" rows={4} showCount placeholder={t('alert.remarkPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function AlertBell() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: user } = useUserInfo();
  const allowed = can('shipment:alert:query');
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [handling, setHandling] = useState<Alert | null>(null);
  const [poll] = useState(pollMs);
  const { data, refetch, isFetching } = useQuery({
    queryKey: ['alerts'],
    queryFn: () => callData(NotifyApi.endpoints.alertBell, {}, { silent: true }),
    enabled: allowed,
    refetchInterval: poll,
  });
  const queryClient = useQueryClient();
  const live = useRealtime(allowed, (type) => {
    // RESYNC: the stream (re)opened, an alert raised while it was down is fetched now
    if (ALERT_EVENTS.has(type) || type === RESYNC) void queryClient.invalidateQueries({ queryKey: ['alerts'] });
  });
  if (!allowed) return null;
  const alerts = data ?? [];
  const dateStyle = user?.sysUserProfile?.dateStyle;
  const canHandle = can('shipment:alert:edit');

  const list = (
    // the keyboard: the list takes the focus as it opens (it lies at the end of the page, out of the tab order
    // after the bell) and Escape closes it back onto the bell
    <div
      ref={listRef}
      tabIndex={-1}
      style={{ width: 380, maxHeight: 420, overflow: 'auto', outline: 'none' }}
      data-testid="alert-list"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        setOpen(false);
        bell.current?.focus();
      }}
    >
      {alerts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alert.none')} />
      ) : (
        <List
          size="small"
          loading={isFetching && !data}
          dataSource={alerts}
          renderItem={(a) => (
            <List.Item
              key={a.id}
              actions={
                canHandle
                  ? [
                      <Button
                        key="handle"
                        size="small"
                        type="link"
                        data-testid={`alert-handle-${a.id}`}
                        onClick={() => {
                          setOpen(false);
                          setHandling(a);
                        }}
                      >
                        {t('alert.handle')}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={<Typography.Text strong>{a.alertContent || a.field3 || t('alert.untitled')}</Typography.Text>}
                description={
                  <Space direction="vertical" size={0} style={{ fontSize: 12 }}>
                    {a.field3 && a.field3 !== a.alertContent && <Typography.Text data-testid={`alert-detail-${a.id}`}>{a.field3}</Typography.Text>}
                    <span>
                      <EnvironmentOutlined /> {a.startPlace || '-'} → {a.endPlace || '-'}
                    </span>
                    <span>
                      <CarOutlined /> {a.vehicleIdMainNumberPlates || '-'} &nbsp; <UserOutlined /> {a.driverName || '-'}
                      {a.driverMobile ? ` (${a.driverMobile})` : ''}
                    </span>
                    <span>
                      <ClockCircleOutlined /> {formatDateTime(a.startTime ?? a.createTime, dateStyle)}
                      {a.field2 ? ` · ${t('alert.duration')}: ${a.field2}` : ''}
                    </span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        afterOpenChange={(opened) => {
          if (!opened) return;
          const first = listRef.current?.querySelector<HTMLElement>('button:not([disabled])');
          (first ?? listRef.current)?.focus();
        }}
        trigger="click"
        placement="bottomRight"
        title={t('alert.title')}
        content={list}
      >
        <Button ref={bell} type="text" aria-label={`${t('alert.title')} ${alerts.length > 99 ? '99+' : alerts.length}`} data-testid="alert-bell" data-live={live ? 'true' : 'false'}>
          <Badge count={alerts.length} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      <HandleModal
        alert={handling}
        onClose={() => setHandling(null)}
        onDone={() => {
          setHandling(null);
          void refetch();
        }}
        afterClose={() => bell.current?.focus()}
      />
    </>
  );
}
