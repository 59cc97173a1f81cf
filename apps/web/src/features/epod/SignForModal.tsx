/**
 * Sign-for registration (staff): arrival and sign time, and per line the signed quantity, cases,
 * pallets, shortage, damage, remark and pictures. A shortage or damage makes the receipt abnormal.
 * Server field errors ('lines.0.shortage') land under their cell.
 */
import { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, App, type ButtonProps, Button, DatePicker, Form, Input, InputNumber, Modal, Space, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { EPOD_LIMITS, EpodApi } from '@tms/domain';
import { HttpError } from '../../platform/http.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { call } from '../../platform/api.ts';
import { uploadEpodFile, type EpodDetail, type EpodLine } from './api.ts';

interface LineValues {
  lineId: number;
  signedQuantity: number | null;
  cases: number | null;
  pallets: number | null;
  shortage: number;
  damage: number;
  remark: string | null;
}
interface Values {
  arrivalTime: Dayjs;
  signTime: Dayjs;
  remark?: string | null;
  lines: LineValues[];
}

const initialLine = (l: EpodLine): LineValues => ({
  lineId: l.id,
  signedQuantity: l.signedQuantity ?? l.shippedQuantity,
  cases: l.cases ?? l.plannedCases,
  pallets: l.pallets ?? l.plannedPallets,
  shortage: l.shortage,
  damage: l.damage,
  remark: l.remark,
});

/** 'lines.0.shortage' → ['lines', 0, 'shortage'] */
const pathOf = (key: string) => key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

export default function SignForModal({ epod, onClose, onDone }: { epod: EpodDetail; onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    form.setFieldsValue({
      arrivalTime: epod.arrivalTime ? dayjs(String(epod.arrivalTime)) : dayjs().subtract(30, 'minute'),
      signTime: epod.signTime ? dayjs(String(epod.signTime)) : dayjs(),
      remark: (epod.remark as string | null) ?? null,
      lines: epod.lines.map(initialLine),
    });
  }, [epod, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    setError(null);
    try {
      const r = await call(
        EpodApi.actions.signFor,
        {
          body: {
            id: epod.id,
            version: Number(epod.version),
            arrivalTime: v.arrivalTime.toISOString(),
            signTime: v.signTime.toISOString(),
            remark: v.remark || null,
            // the signed quantity is required by its field (num(…, true)): validated above
            lines: v.lines.map((l) => ({ ...l, signedQuantity: l.signedQuantity!, remark: l.remark || null })),
          },
        },
        { silent: true },
      );
      message.success(r.msg);
      onDone();
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      setError(e.message);
      form.setFields(Object.entries(e.fieldErrors).map(([k, msg]) => ({ name: pathOf(k) as never, errors: [msg] })));
    } finally {
      setSaving(false);
    }
  };

  /** a line's field is named by its column and the line's number (a cell has no label of its own) */
  const cellLabel = (i: number, titleKey: string) => `${t(titleKey)} · ${t('epod.lines.posNo')} ${epod.lines[i]?.posNo ?? i + 1}`;
  const num = (i: number, field: keyof LineValues, titleKey: string, required = false) => (
    <Form.Item name={['lines', i, field]} noStyle={false} style={{ margin: 0 }} rules={required ? [{ required: true, message: t('validation.required') }] : []}>
      <InputNumber min={0} max={EPOD_LIMITS.quantityMax} precision={0} style={{ width: 90 }} data-testid={`sign-${field}-${i}`} aria-label={cellLabel(i, titleKey)} />
    </Form.Item>
  );

  const columns = [
    { title: t('epod.lines.posNo'), dataIndex: 'posNo', width: 60 },
    { title: t('epod.lines.item'), key: 'item', render: (_: unknown, l: EpodLine) => `${l.itemCode ?? ''} ${l.itemName ?? ''}` },
    { title: t('epod.lines.planned'), dataIndex: 'plannedQuantity', align: 'right' as const },
    { title: t('epod.lines.shipped'), dataIndex: 'shippedQuantity', align: 'right' as const },
    { title: t('epod.lines.signed'), key: 'signed', render: (_: unknown, _l: EpodLine, i: number) => num(i, 'signedQuantity', 'epod.lines.signed', true) },
    { title: t('epod.lines.cases'), key: 'cases', render: (_: unknown, _l: EpodLine, i: number) => num(i, 'cases', 'epod.lines.cases') },
    { title: t('epod.lines.pallets'), key: 'pallets', render: (_: unknown, _l: EpodLine, i: number) => num(i, 'pallets', 'epod.lines.pallets') },
    { title: t('epod.lines.shortage'), key: 'shortage', render: (_: unknown, _l: EpodLine, i: number) => num(i, 'shortage', 'epod.lines.shortage') },
    { title: t('epod.lines.damage'), key: 'damage', render: (_: unknown, _l: EpodLine, i: number) => num(i, 'damage', 'epod.lines.damage') },
    {
      title: t('epod.lines.remark'),
      key: 'remark',
      render: (_: unknown, _l: EpodLine, i: number) => (
        <Form.Item name={['lines', i, 'remark']} style={{ margin: 0 }} rules={[{ max: EPOD_LIMITS.remark, message: t('validation.maxLength', { max: EPOD_LIMITS.remark }) }]}>
          <Input style={{ width: 140 }} data-testid={`sign-remark-${i}`} aria-label={cellLabel(i, 'epod.lines.remark')} />
        </Form.Item>
      ),
    },
    {
      title: t('epod.lines.pictures'),
      key: 'pictures',
      render: (_: unknown, l: EpodLine) => (
        <Upload
          accept="image/*"
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            try {
              await uploadEpodFile('picture', epod.id, file as Blob, l.id);
              onSuccess?.(null);
              message.success(t('epod.pictures.uploaded'));
            } catch (e) {
              onError?.(e as Error);
              message.error((e as Error).message);
            }
          }}
        >
          <Button size="small" icon={<UploadOutlined />}>
            {l.pictures.length || ''}
          </Button>
        </Upload>
      ),
    },
  ];

  return (
    <Modal
      open
      width={1200}
      title={t('epod.signForm.title', { code: String(epod.code) })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'sign-submit' } as ButtonProps}
    >
      <Form form={form} layout="vertical" data-testid="sign-form">
        <Alert type="info" showIcon message={t('epod.signForm.hint')} style={{ marginBottom: 12 }} />
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="sign-error" />}
        <Space size="large" wrap>
          <Form.Item name="arrivalTime" label={t('epod.signForm.arrivalTime')} rules={[{ required: true, message: t('validation.required') }]}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="signTime" label={t('epod.signForm.signTime')} rules={[{ required: true, message: t('validation.required') }]}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="remark" label={t('epod.signForm.remark')} rules={[{ max: 200, message: t('validation.maxLength', { max: 200 }) }]}>
            <Input style={{ width: 320 }} />
          </Form.Item>
        </Space>
        {epod.lines.map((l, i) => (
          <Form.Item key={l.id} name={['lines', i, 'lineId']} hidden>
            <InputNumber />
          </Form.Item>
        ))}
        <Table<EpodLine> rowKey="id" size="small" bordered pagination={false} scroll={{ x: 'max-content' }} dataSource={epod.lines} columns={columns} />
      </Form>
    </Modal>
  );
}
