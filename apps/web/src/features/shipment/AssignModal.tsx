/**
 * The transport assignment of a dispatch order: scheduling (carrier, main vehicle, trailer, main and second
 * driver, ETD / ETA), driver reassignment (new driver / vehicle, a reason) and in-transit reassignment
 * (new driver / vehicle from a handover time and place). Vehicles and drivers are picked from the
 * selection modals of their resources, limited to the chosen carrier. The server checks overlaps and
 * station limits and answers with the spec's messages.
 */
import { useState } from 'react';
import { App, Col, DatePicker, Form, Input, Modal, Row as Grid } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { HttpError } from '../../platform/http.ts';
import RefInput from '../../platform/resource/RefInput.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { action } from './api.ts';

export type AssignMode = 'schedule' | 'reassign' | 'transit';

const ENDPOINT: Record<AssignMode, 'schedule' | 'reassignDriver' | 'reassignInTransit'> = { schedule: 'schedule', reassign: 'reassignDriver', transit: 'reassignInTransit' };
const TITLE: Record<AssignMode, string> = { schedule: 'shipment.schedule.title', reassign: 'shipment.schedule.reassignTitle', transit: 'shipment.schedule.transitTitle' };
const TIMES = ['etd', 'eta', 'handoverTime'];

interface Values {
  carrierId?: number | null;
  vehicleIdMain?: number | null;
  vehicleIdSlave?: number | null;
  driverIdMaster?: number | null;
  driverIdSecond?: number | null;
  etd?: Dayjs | null;
  eta?: Dayjs | null;
  handoverTime?: Dayjs | null;
  handoverPlace?: string;
  reason?: string;
  remark?: string;
}

const toDay = (v: unknown) => (typeof v === 'string' && v ? dayjs(v) : null);
const idOf = (v: unknown) => (typeof v === 'number' ? v : null);

export default function AssignModal({ mode, row, onClose, onDone }: { mode: AssignMode; row: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const carrierId = Form.useWatch('carrierId', form) ?? row.carrierId;
  const byCarrier = carrierId ? { carrierId: Number(carrierId) } : undefined;
  const initial: Values = {
    carrierId: idOf(row.carrierId),
    vehicleIdMain: idOf(row.vehicleIdMain),
    vehicleIdSlave: idOf(row.vehicleIdSlave),
    driverIdMaster: idOf(row.driverIdMaster),
    driverIdSecond: idOf(row.driverIdSecond),
    etd: toDay(row.etd),
    eta: toDay(row.eta),
    handoverTime: mode === 'transit' ? dayjs() : null,
  };

  const submit = async () => {
    const v = await form.validateFields();
    const fields: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) fields[k] = TIMES.includes(k) ? (x ? (x as Dayjs).toISOString() : null) : (x ?? null);
    if (mode !== 'schedule') delete fields.carrierId;
    setSaving(true);
    try {
      const r = await action(ENDPOINT[mode], { ...fields, id: row.id, version: Number(row.version) });
      message.success(r.msg);
      onDone();
    } catch (e) {
      // the notification shows the message; field errors go under their fields
      if (e instanceof HttpError) form.setFields(Object.entries(e.fieldErrors).map(([name, err]) => ({ name: name as keyof Values, errors: [err] })));
    } finally {
      setSaving(false);
    }
  };

  const required = [{ required: true, message: t('validation.required') }];
  const ref = (name: keyof Values, refName: string, label: string, rules = required, filters = byCarrier) => (
    <Form.Item name={name} label={t(label)} rules={rules} data-testid={`assign-${name}`}>
      <RefInput refName={refName} filters={filters} disabled={!filters && refName !== 'carrier'} />
    </Form.Item>
  );
  const time = (name: keyof Values, label: string) => (
    <Form.Item name={name} label={t(label)} rules={required} data-testid={`assign-${name}`}>
      <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={t(TITLE[mode], { code: row.shipmentCode })}
      width={760}
      destroyOnHidden
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      data-testid="shipment-assign-modal"
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        {mode === 'schedule' ? ref('carrierId', 'carrier', 'shipment.schedule.carrier', required, undefined) : null}
        <Grid gutter={16}>
          <Col span={12}>{ref('vehicleIdMain', 'transportMeans', 'shipment.schedule.vehicleMain', mode === 'schedule' ? required : [])}</Col>
          <Col span={12}>{ref('vehicleIdSlave', 'transportMeans', 'shipment.schedule.vehicleSlave', [])}</Col>
          <Col span={12}>{ref('driverIdMaster', 'driver', 'shipment.schedule.driverMaster')}</Col>
          <Col span={12}>{ref('driverIdSecond', 'driver', 'shipment.schedule.driverSecond', [])}</Col>
          {mode === 'schedule' && <Col span={12}>{time('etd', 'shipment.schedule.etd')}</Col>}
          {mode === 'schedule' && <Col span={12}>{time('eta', 'shipment.schedule.eta')}</Col>}
          {mode === 'transit' && <Col span={12}>{time('handoverTime', 'shipment.schedule.handoverTime')}</Col>}
          {mode === 'transit' && (
            <Col span={12}>
              <Form.Item name="handoverPlace" label={t('shipment.schedule.handoverPlace')} rules={[...required, { max: 100, message: t('validation.maxLength', { max: 100 }) }]} data-testid="assign-handoverPlace">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          )}
        </Grid>
        {mode === 'reassign' && (
          <Form.Item name="reason" label={t('shipment.schedule.reason')} rules={[{ max: 100, message: t('validation.maxLength', { max: 100 }) }]}>
            <Input maxLength={100} />
          </Form.Item>
        )}
        {mode === 'transit' && (
          <Form.Item name="remark" label={t('shipment.schedule.remark')}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
