/**
 * The audit, reject, recall and check-and-handle dialogs of the receipts. Audit takes the ticked
 * receipts and an optional opinion; reject needs an opinion; handle needs a handling result
 * (dict epod_handle_result) and a remark. A refusal shows the server's message in the dialog.
 */
import { useState } from 'react';
import { Alert, App, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { EPOD_LIMITS, EpodApi } from '@tms/domain';
import { HttpError } from '../../platform/http.ts';
import { useDict } from '../../platform/queries.ts';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { FormSelect } from '../../platform/FormSelect.tsx';
import { call } from '../../platform/api.ts';

export type ActionKind = 'audit' | 'reject' | 'recall' | 'handle';

const TITLES: Record<ActionKind, string> = { audit: 'epod.audit', reject: 'epod.rejectForm.title', recall: 'epod.recall', handle: 'epod.handleForm.title' };

export default function ActionModal({ kind, rows, onClose, onDone }: { kind: ActionKind; rows: Row[]; onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const results = useDict('epod_handle_result');
  const [form] = Form.useForm<{ opinion?: string; result?: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = rows[0]!;
  const code = String(first.code);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    setError(null);
    try {
      const id = Number(first.id);
      // the opinion of a rejection, the result and remark of a handling are required by their fields: validated above
      const { opinion = '', result = '', remark = '' } = v;
      const silent = { silent: true };
      const r =
        kind === 'audit'
          ? await call(EpodApi.actions.audit, { body: { ids: rows.map((x) => Number(x.id)), opinion: v.opinion || null } }, silent)
          : kind === 'reject'
            ? await call(EpodApi.actions.reject, { body: { id, opinion } }, silent)
            : kind === 'handle'
              ? await call(EpodApi.actions.handle, { body: { id, result, remark } }, silent)
              : await call(EpodApi.actions.recall, { body: { id } }, silent);
      message.success(r.msg);
      onDone();
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      setError(e.message);
      form.setFields(Object.entries(e.fieldErrors).map(([name, msg]) => ({ name: name as never, errors: [msg] })));
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, whitespace: true, message: t('validation.required') };
  const max = (n: number) => ({ max: n, message: t('validation.maxLength', { max: n }) });

  return (
    <Modal
      open
      title={t(TITLES[kind], { code })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'epod-action-ok' } as ButtonProps}
    >
      <Form form={form} layout="vertical" data-testid={`epod-${kind}-form`}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="epod-action-error" />}
        {kind === 'audit' && (
          <>
            <Typography.Paragraph>{t('epod.confirmAudit', { count: rows.length })}</Typography.Paragraph>
            <Form.Item name="opinion" label={t('epod.auditOpinion')} rules={[max(EPOD_LIMITS.opinion)]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
        {kind === 'recall' && <Typography.Paragraph>{t('epod.confirmRecall', { code })}</Typography.Paragraph>}
        {kind === 'reject' && (
          <Form.Item name="opinion" label={t('epod.rejectForm.opinion')} rules={[required, max(EPOD_LIMITS.opinion)]}>
            <Input.TextArea rows={3} data-testid="epod-reject-opinion" />
          </Form.Item>
        )}
        {kind === 'handle' && (
          <>
            <Form.Item name="result" label={t('epod.handleForm.result')} rules={[required]}>
              <FormSelect data-testid="epod-handle-result" options={results.map((d) => ({ value: d.dictValue, label: d.dictLabel }))} />
            </Form.Item>
            <Form.Item name="remark" label={t('epod.handleForm.remark')} rules={[required, max(EPOD_LIMITS.handleRemark)]}>
              <Input.TextArea rows={3} data-testid="epod-handle-remark" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
