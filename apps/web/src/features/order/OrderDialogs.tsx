/**
 * Dialogs of the order actions that need input: lock (a reason), assign carrier route (a carrier route)
 * and print (a template, a printer, and a reset reason when an order was printed before). The server
 * decides; a refusal's message (spec §8) comes in the error notification and the dialog stays open.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, type ButtonProps } from 'antd';
import type { z } from 'zod';
import { OrderApi, SettlementApi, WaybillApi, type Endpoint } from '@tms/domain';
import { FormSelect } from '../../platform/FormSelect.tsx';
import { HttpError } from '../../platform/http.ts';
import { callData, type DataOf } from '../../platform/api.ts';
import RefInput from '../../platform/resource/RefInput.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';

export type OrderDialog = { kind: 'lock' | 'assign' | 'print'; rows: Row[] } | null;

interface DialogProps {
  rows: Row[];
  onClose: () => void;
  onDone: () => void;
}

/** A ticked rows' action: its body takes their ids and the dialog's fields. */
type RowsAction<B extends z.ZodType, R extends z.ZodType> = Endpoint<undefined, z.ZodType | undefined, B, R>;

/** A modal whose OK posts an action for the rows with the form's values (validated first). */
function ActionModal<B extends z.ZodType, R extends z.ZodType>({ title, action, rows, onClose, onDone, children, after, testId }: DialogProps & { title: string; action: RowsAction<B, R>; children: React.ReactNode; after?: (data: DataOf<RowsAction<B, R>>) => void; testId: string }) {
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
          const body = { ids: rows.map((r) => r.id), ...values };
          const data = await callData(action, { body });
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
    <ActionModal {...p} title={t('order.lockTitle', { count: p.rows.length })} action={OrderApi.actions.lock} testId="order-lock-modal">
      <Form.Item name="reason" label={t('order.lockReason')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 100, message: t('validation.maxLength', { max: 100 }) }]}>
        <Input.TextArea rows={3} showCount maxLength={100} />
      </Form.Item>
    </ActionModal>
  );
}

export function AssignModal(p: DialogProps) {
  const { t } = useResourceContext();
  return (
    <ActionModal {...p} title={t('order.assignTitle', { count: p.rows.length })} action={OrderApi.actions.assignCarrierRoute} testId="order-assign-modal">
      <Form.Item name="carrierRouteId" label={t('order.carrierRoute')} rules={[{ required: true, message: t('validation.required') }]}>
        <RefInput refName="carrierRoute" />
      </Form.Item>
    </ActionModal>
  );
}

type Choice = z.output<typeof OrderApi.PrintOptions>['templates'][number];

/** The print routes of a kind of record: the dialog's choices (templates, printers) and the print of ticked rows. */
export interface PrintRoutes {
  options: typeof OrderApi.endpoints.printOptions;
  print: RowsAction<z.ZodType, typeof OrderApi.actions.print.response>;
}
export const ORDER_PRINT: PrintRoutes = { options: OrderApi.endpoints.printOptions, print: OrderApi.actions.print };
/** The waybills, with their tracking QR code. */
export const WAYBILL_PRINT: PrintRoutes = { options: WaybillApi.endpoints.printOptions, print: WaybillApi.endpoints.print };
/** The statements, filled into a STATEMENT template. */
export const STATEMENT_PRINT: PrintRoutes = { options: SettlementApi.endpoints.printOptions, print: SettlementApi.endpoints.print };

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

/** Print the rows with a template on a printer: orders by default; `routes` names another kind's print routes (WAYBILL_PRINT, STATEMENT_PRINT). */
export function PrintModal(p: DialogProps & { routes?: PrintRoutes; title?: string; testId?: string }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const routes = p.routes ?? ORDER_PRINT;
  const opts = useQuery({
    queryKey: ['printOptions', routes.options.path],
    queryFn: () => callData(routes.options),
  });
  const reprint = p.rows.some((r) => r.isPrint === true);
  const choice = (list: Choice[] | undefined) => (list ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.code})` }));
  const initial = (list: Choice[] | undefined) => (list ?? []).find((x) => x.isDefault)?.id ?? list?.[0]?.id;
  if (!opts.data) return null;
  return (
    <ActionModal
      {...p}
      title={p.title ?? t('order.printTitle', { count: p.rows.length })}
      action={routes.print}
      testId={p.testId ?? 'order-print-modal'}
      after={(data) => {
        if (!openPrintWindow(data.html)) message.warning(t('order.popupBlocked'));
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
