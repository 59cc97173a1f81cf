/**
 * Dialogs of the order actions that need input: lock (a reason), assign carrier route (a carrier route)
 * and print (a template, a printer, and a reset reason when an order was printed before). The server
 * decides; a refusal's message (spec §8) comes in the error notification and the dialog stays open.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, type ButtonProps } from 'antd';
import { FormSelect } from '../../platform/FormSelect.tsx';
import { get, HttpError, post } from '../../platform/http.ts';
import RefInput from '../../platform/resource/RefInput.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';

export type OrderDialog = { kind: 'lock' | 'assign' | 'print'; rows: Row[] } | null;

interface DialogProps {
  rows: Row[];
  onClose: () => void;
  onDone: () => void;
}

/** A modal whose OK posts an action for the rows with the form's values (validated first). */
function ActionModal({ title, action, rows, onClose, onDone, children, after, testId, base = '/order/order' }: DialogProps & { title: string; action: string; children: React.ReactNode; after?: (data: unknown) => void; testId: string; base?: string }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      okButtonProps={{ 'data-testid': `${testId}-ok` } as ButtonProps}
      onOk={async () => {
        const values = await form.validateFields();
        setBusy(true);
        try {
          const data = await post(`${base}/${action}`, { ids: rows.map((r) => r.id), ...values });
          message.success(t('resource.saveSuccess'));
          after?.(data);
          onDone();
        } catch (e) {
          if (!(e instanceof HttpError)) message.error(t('messages.systemError'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid={testId}>
        {children}
      </Form>
    </Modal>
  );
}

export function LockModal(p: DialogProps) {
  const { t } = useResourceContext();
  return (
    <ActionModal {...p} title={t('order.lockTitle', { count: p.rows.length })} action="lock" testId="order-lock-modal">
      <Form.Item name="reason" label={t('order.lockReason')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 100, message: t('validation.maxLength', { max: 100 }) }]}>
        <Input.TextArea rows={3} showCount maxLength={100} />
      </Form.Item>
    </ActionModal>
  );
}

export function AssignModal(p: DialogProps) {
  const { t } = useResourceContext();
  return (
    <ActionModal {...p} title={t('order.assignTitle', { count: p.rows.length })} action="assignCarrierRoute" testId="order-assign-modal">
      <Form.Item name="carrierRouteId" label={t('order.carrierRoute')} rules={[{ required: true, message: t('validation.required') }]}>
        <RefInput refName="carrierRoute" />
      </Form.Item>
    </ActionModal>
  );
}

interface PrintOptions {
  templates: { id: number; code: string; name: string; isDefault: boolean }[];
  printers: { id: number; code: string; name: string; isDefault: boolean }[];
}

/** Opens the rendered orders in a new window and starts the browser's print. */
function openPrintWindow(html: string): boolean {
  const w = window.open('', '_blank');
  if (!w) return false;
  w.document.open();
  w.document.write(html);
  w.document.close();
  w.focus();
  w.print();
  return true;
}

/**
 * Print the rows with a template on a printer: orders by default; `base` names another resource's print routes
 * (`{base}/printOptions`, `{base}/print`: the waybills, with their tracking QR code).
 */
export function PrintModal(p: DialogProps & { base?: string; title?: string; testId?: string }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const base = p.base ?? '/order/order';
  const opts = useQuery({ queryKey: ['printOptions', base], queryFn: () => get<PrintOptions>(`${base}/printOptions`) });
  const reprint = p.rows.some((r) => r.isPrint === true);
  const choice = (list: { id: number; code: string; name: string }[] | undefined) => (list ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.code})` }));
  const initial = (list: { id: number; isDefault: boolean }[] | undefined) => (list ?? []).find((x) => x.isDefault)?.id ?? list?.[0]?.id;
  if (!opts.data) return null;
  return (
    <ActionModal
      {...p}
      base={base}
      title={p.title ?? t('order.printTitle', { count: p.rows.length })}
      action="print"
      testId={p.testId ?? 'order-print-modal'}
      after={(data) => {
        if (!openPrintWindow((data as { html: string }).html)) message.warning(t('order.popupBlocked'));
      }}
    >
      <Form.Item name="templateId" label={t('order.template')} initialValue={initial(opts.data.templates)} rules={[{ required: true, message: t('validation.required') }]}>
        <FormSelect options={choice(opts.data.templates)} />
      </Form.Item>
      <Form.Item name="printerId" label={t('order.printer')} initialValue={initial(opts.data.printers)} rules={[{ required: true, message: t('validation.required') }]}>
        <FormSelect options={choice(opts.data.printers)} />
      </Form.Item>
      {reprint && (
        <>
          <Alert type="warning" showIcon message={t('order.resetHint')} style={{ marginBottom: 12 }} />
          <Form.Item name="resetReason" label={t('order.resetReason')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 100, message: t('validation.maxLength', { max: 100 }) }]}>
            <Input maxLength={100} />
          </Form.Item>
        </>
      )}
    </ActionModal>
  );
}
