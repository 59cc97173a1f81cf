/**
 * The small dialogs of bulk shipment actions: the time of ship / finish, the reason of an administrator
 * return, and printing dispatch sheets (a reason when one was printed before, then the rendered sheets
 * in a print preview).
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, DatePicker, Form, Input, Modal } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { action } from './api.ts';

interface BulkProps {
  rows: Row[];
  onClose: () => void;
  onDone: () => void;
}

/** One form field, then the action on the selected shipments; the server's success text is shown. */
function BulkFormModal({ rows, onClose, onDone, name, title, field, initial, testId, children }: BulkProps & { name: 'ship' | 'finish' | 'adminReturn'; title: string; field: string; initial?: unknown; testId: string; children: React.ReactNode }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    const value = v[field] && dayjs.isDayjs(v[field]) ? (v[field] as Dayjs).toISOString() : v[field];
    setSaving(true);
    try {
      const r = await action(name, { ids: rows.map((x) => x.id), [field]: value });
      message.success(r.msg);
      onDone();
    } catch {
      // the error notification carries the server's message (spec §8)
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t(title, { count: rows.length })} okText={t('resource.ok')} cancelText={t('resource.cancel')} confirmLoading={saving} onOk={() => void submit()} onCancel={onClose} destroyOnHidden data-testid={testId}>
      <Form form={form} layout="vertical" initialValues={{ [field]: initial }} preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}

export function TimeModal({ kind, ...p }: BulkProps & { kind: 'ship' | 'finish' }) {
  const { t } = useResourceContext();
  return (
    <BulkFormModal {...p} name={kind} title={kind === 'ship' ? 'shipment.time.shipTitle' : 'shipment.time.finishTitle'} field="time" initial={dayjs()} testId="shipment-time-modal">
      <Form.Item name="time" label={t(kind === 'ship' ? 'shipment.time.shipTime' : 'shipment.time.finishTime')} rules={[{ required: true, message: t('validation.required') }]}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </Form.Item>
    </BulkFormModal>
  );
}

export function ReturnModal(p: BulkProps) {
  const { t } = useResourceContext();
  return (
    <BulkFormModal {...p} name="adminReturn" title="shipment.returnModal.title" field="reason" testId="shipment-return-modal">
      <Form.Item name="reason" label={t('shipment.returnModal.reason')} rules={[{ required: true, message: t('validation.required') }, { max: 200, message: t('validation.maxLength', { max: 200 }) }]}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </BulkFormModal>
  );
}

/** Prints dispatch sheets: asks the reason when a selected one was printed before, then previews the sheets. */
export function PrintModal({ rows, onClose, onDone }: BulkProps) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [html, setHtml] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const reprint = rows.some((r) => Number(r.printQty) > 0);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await action('print', { ids: rows.map((x) => x.id), reason: v.reason });
      message.success(t('shipment.printModal.printed', { count: r.data?.count ?? 0 }));
      setHtml(r.data?.html ?? '');
    } catch {
      // notification shows the server's message
    } finally {
      setSaving(false);
    }
  };
  if (html !== null)
    return (
      <Modal
        open
        width={900}
        title={t('shipment.printModal.preview')}
        onCancel={onDone}
        destroyOnHidden
        data-testid="shipment-print-preview"
        footer={[
          <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => frame.current?.contentWindow?.print()}>
            {t('shipment.printModal.print')}
          </Button>,
        ]}
      >
        {/* the sheets are the server's rendering of the print template (escaped values); no scripts run in the frame */}
        <iframe ref={frame} title={t('shipment.printModal.preview')} sandbox="allow-same-origin allow-modals" srcDoc={html} style={{ width: '100%', height: 560, border: '1px solid #eee' }} />
      </Modal>
    );
  return (
    <Modal open title={t('shipment.printModal.title', { count: rows.length })} okText={t('shipment.printModal.print')} cancelText={t('resource.cancel')} confirmLoading={saving} onOk={() => void submit()} onCancel={onClose} destroyOnHidden data-testid="shipment-print-modal">
      <Form form={form} layout="vertical" preserve={false}>
        {reprint && <Alert type="info" showIcon message={t('shipment.printModal.reasonHint')} style={{ marginBottom: 12 }} />}
        <Form.Item name="reason" label={t('shipment.printModal.reason')} rules={[{ required: reprint, message: t('validation.required') }, { max: 100, message: t('validation.maxLength', { max: 100 }) }]}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
