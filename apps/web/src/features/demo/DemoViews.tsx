/**
 * The known view families of spec §2 that a menu can point to (forms: base, step, advanced, editor;
 * lists: table, standard, card, search with articles / projects / applications; profile: basic,
 * advanced), built from the product's own components and filled with the product's own data:
 * feedback (the opinions form), carriers, clients, orders, shipments, the operation log and the
 * driver-app versions.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Col, Descriptions, Empty, Form, Input, List, Progress, Result, Row, Space, Steps, Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allFields, inDetail, orderLineResource, orderResource, resourceByName, resourceEndpoints, type ResourceDef } from '@tms/domain';
import { HttpError } from '../../platform/http.ts';
import { resourceCalls } from '../../platform/resource-calls.ts';
import { callData } from '../../platform/api.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { displayValue, fieldLabel, type Row as DataRow } from '../../platform/resource/columns.ts';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';

const def = (name: string) => resourceByName.get(name)!;

function useRows(name: string, params: Record<string, unknown> = {}, size = 12) {
  const d = def(name);
  return useQuery({ queryKey: ['demo', name, params, size], queryFn: () => resourceCalls(d).list({ pageNum: 1, pageSize: size, ...params }) });
}

/** Shows server field errors under their fields; true when there were any. */
function fieldErrors(form: ReturnType<typeof Form.useForm>[0], e: unknown): boolean {
  const errs = e instanceof HttpError ? (e.body?.errors as Record<string, string> | undefined) : undefined;
  if (!errs) return false;
  form.setFields(Object.entries(errs).map(([name, msg]) => ({ name, errors: [String(msg)] })));
  return true;
}

// ---------------------------------------------------------------------------------------------- forms

function FeedbackFields() {
  const { t } = useTranslation();
  const ctx = useResourceContext();
  const label = (f: string) => fieldLabel(ctx.t, def('feedback'), f);
  return (
    <>
      <Form.Item name="reporter" label={label('reporter')} rules={[{ required: true, message: t('validation.required') }, { max: 30 }]}>
        <Input data-testid="demo-reporter" />
      </Form.Item>
      <Form.Item name="systemFunction" label={label('systemFunction')} rules={[{ required: true, message: t('validation.required') }, { max: 60 }]}>
        <Input data-testid="demo-function" />
      </Form.Item>
    </>
  );
}

function useFeedbackSubmit(onDone: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return async (form: ReturnType<typeof Form.useForm>[0], values: Record<string, unknown>) => {
    try {
      await callData(resourceEndpoints(def('feedback')).save, { body: values });
      onDone();
    } catch (e) {
      if (!fieldErrors(form, e)) void message.error(e instanceof Error ? e.message : t('http.systemError'));
    }
  };
}

function Submitted({ onAgain }: { onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={t('demo.submitted')}
      extra={[
        <Button key="again" type="primary" onClick={onAgain}>
          {t('demo.again')}
        </Button>,
        <Link key="list" to="/system/feedback">
          <Button>{t('demo.viewList')}</Button>
        </Link>,
      ]}
    />
  );
}

/** form/base-form: the opinions form (feedback) on one card. */
export function BaseFormDemo() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [done, setDone] = useState(false);
  const submit = useFeedbackSubmit(() => setDone(true));
  const ctx = useResourceContext();
  if (done) return <Submitted onAgain={() => (form.resetFields(), setDone(false))} />;
  return (
    <Card title={t('demo.baseForm')}>
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={(v) => submit(form, v)}>
        <FeedbackFields />
        <Form.Item name="remark" label={fieldLabel(ctx.t, def('feedback'), 'remark')} rules={[{ required: true, message: t('validation.required') }, { max: 100 }]}>
          <Input.TextArea rows={4} showCount maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="demo-submit">
          {t('demo.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** form/step-form: the same opinion in three steps: who and where, what, confirm. */
export function StepFormDemo() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [step, setStep] = useState(0);
  const submit = useFeedbackSubmit(() => setStep(3));
  const ctx = useResourceContext();
  const next = async (fields: string[]) => {
    await form.validateFields(fields);
    setStep((s) => s + 1);
  };
  return (
    <Card title={t('demo.stepForm')}>
      <Steps current={Math.min(step, 2)} items={[{ title: t('demo.step1') }, { title: t('demo.step2') }, { title: t('demo.step3') }]} style={{ marginBottom: 24 }} />
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} preserve>
        <div style={{ display: step === 0 ? 'block' : 'none' }}>
          <FeedbackFields />
          <Button type="primary" onClick={() => next(['reporter', 'systemFunction'])}>
            {t('demo.next')}
          </Button>
        </div>
        <div style={{ display: step === 1 ? 'block' : 'none' }}>
          <Form.Item name="remark" label={fieldLabel(ctx.t, def('feedback'), 'remark')} rules={[{ required: true, message: t('validation.required') }, { max: 100 }]}>
            <Input.TextArea rows={4} showCount maxLength={100} />
          </Form.Item>
          <Space>
            <Button onClick={() => setStep(0)}>{t('demo.prev')}</Button>
            <Button type="primary" onClick={() => next(['remark'])}>
              {t('demo.next')}
            </Button>
          </Space>
        </div>
        {step === 2 && (
          <>
            <Descriptions bordered column={1} size="small" style={{ marginBottom: 16 }}>
              {(['reporter', 'systemFunction', 'remark'] as const).map((f) => (
                <Descriptions.Item key={f} label={fieldLabel(ctx.t, def('feedback'), f)}>
                  {String(form.getFieldValue(f) ?? '')}
                </Descriptions.Item>
              ))}
            </Descriptions>
            <Space>
              <Button onClick={() => setStep(1)}>{t('demo.prev')}</Button>
              <Button type="primary" onClick={() => submit(form, form.getFieldsValue(true))}>
                {t('demo.submit')}
              </Button>
            </Space>
          </>
        )}
      </Form>
      {step === 3 && <Submitted onAgain={() => (form.resetFields(), setStep(0))} />}
    </Card>
  );
}

/** form/advanced-form: a carrier in sections (identity, contact, description), saved through the carrier API. */
export function AdvancedFormDemo() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const ctx = useResourceContext();
  const carrier = def('carrier');
  const label = (f: string) => fieldLabel(ctx.t, carrier, f);
  const item = (name: string, required = false, node: ReactNode = <Input />) => (
    <Col xs={24} md={8} key={name}>
      <Form.Item name={name} label={label(name)} rules={required ? [{ required: true, message: t('validation.required') }] : []}>
        {node}
      </Form.Item>
    </Col>
  );
  const save = async (v: Record<string, unknown>) => {
    try {
      await callData(resourceEndpoints(carrier).save, { body: v });
      void message.success(t('demo.saved'));
      form.resetFields();
    } catch (e) {
      if (!fieldErrors(form, e)) void message.error(e instanceof Error ? e.message : t('http.systemError'));
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={save}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Card title={t('demo.identity')}>
          <Row gutter={16}>{[item('code', true), item('name', true), item('externalCode')]}</Row>
        </Card>
        <Card title={t('demo.contact')}>
          <Row gutter={16}>{[item('contact'), item('mobile'), item('address')]}</Row>
        </Card>
        <Card title={label('description')}>
          <Form.Item name="description" rules={[{ max: 100 }]}>
            {/* the card's title is the field's only visible label: named for assistive technology too */}
            <Input.TextArea aria-label={label('description')} rows={3} showCount maxLength={100} />
          </Form.Item>
        </Card>
        <Button type="primary" htmlType="submit">
          {t('demo.submit')}
        </Button>
      </Space>
    </Form>
  );
}

/** form/editor: write an opinion with a live preview beside it. */
export function EditorDemo() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <Card title={t('demo.editor')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} rows={16} placeholder={t('demo.editorHint')} />
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('demo.preview')} style={{ minHeight: 360 }}>
            {text ? text.split(/\n{2,}/).map((p, i) => <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-wrap' }}>{p}</Typography.Paragraph>) : <Empty />}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------- lists

/** list/table-list: the generic resource table (clients). */
export function TableListDemo() {
  return <ResourceTable resource={def('client')} />;
}

const SHIPMENT_STEPS = ['OPEN', 'CONFIRMED', 'EFFECTIVE', 'SHIPPED', 'COMPLETED'];

/** list/basic-list: shipments with their progress through the states. */
export function BasicListDemo() {
  const ctx = useResourceContext();
  const rows = useRows('shipment', {}, 20);
  const status = allFields(def('shipment')).find((f) => f.name === 'status')!;
  return (
    <Card title={ctx.t('demo.basicList')}>
      <List
        loading={rows.isLoading}
        dataSource={rows.data?.rows ?? []}
        renderItem={(r) => (
          <List.Item extra={<Progress aria-label={displayValue(status, r.status, ctx, r)} type="circle" size={48} percent={((SHIPMENT_STEPS.indexOf(String(r.status)) + 1) / SHIPMENT_STEPS.length) * 100} />}>
            <List.Item.Meta title={String(r.shipmentCode ?? r.id)} description={`${displayValue(status, r.status, ctx, r)} · ${String(r.carrierIdLabel ?? '-')}`} />
          </List.Item>
        )}
      />
    </Card>
  );
}

function CardGrid({ name, title, extra }: { name: string; title: (r: DataRow) => string; extra: (r: DataRow) => ReactNode }) {
  const [q, setQ] = useState('');
  const rows = useRows(name, q ? { name: q } : {}, 24);
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.Search allowClear placeholder={t('demo.search')} onSearch={setQ} style={{ maxWidth: 360 }} data-testid="demo-search" />
      <List
        grid={{ gutter: 16, xs: 1, sm: 2, md: 3, xl: 4 }}
        loading={rows.isLoading}
        dataSource={rows.data?.rows ?? []}
        renderItem={(r) => (
          <List.Item>
            {/* a record's name is data, in whatever language it was entered: translate="no" says so (and the English-texts check skips it) */}
            <Card hoverable title={<Space translate="no"><Avatar style={{ background: '#0958d9' }}>{title(r).slice(0, 1)}</Avatar>{title(r)}</Space>}>
              {extra(r)}
            </Card>
          </List.Item>
        )}
      />
    </Space>
  );
}

/** list/card-list: carriers as cards. */
export function CardListDemo() {
  return <CardGrid name="carrier" title={(r) => String(r.name)} extra={(r) => <Typography.Text type="secondary">{`${String(r.code)} · ${String(r.contact ?? '-')} ${String(r.mobile ?? '')}`}</Typography.Text>} />;
}

/** list/search/projects: clients as project cards. */
export function ProjectsDemo() {
  return <CardGrid name="client" title={(r) => String(r.name)} extra={(r) => <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>{String(r.description ?? r.industryCategory ?? r.code)}</Typography.Paragraph>} />;
}

/** list/search/applications: the driver-app versions. */
export function ApplicationsDemo() {
  const rows = useRows('appManage', {}, 24);
  return (
    <List
      grid={{ gutter: 16, xs: 1, sm: 2, md: 3 }}
      loading={rows.isLoading}
      dataSource={rows.data?.rows ?? []}
      renderItem={(r) => (
        <List.Item>
          <Card title={`${String(r.type)} ${String(r.versionName)}`} extra={<Tag icon={r.status === '0' ? <CheckCircleOutlined /> : undefined}>{String(r.type)}</Tag>}>
            <Typography.Link href={String(r.downloadUrl)} target="_blank" rel="noreferrer" ellipsis>
              {String(r.downloadUrl)}
            </Typography.Link>
          </Card>
        </List.Item>
      )}
    />
  );
}

/** list/search/articles: the operation log as a stream of articles. */
export function ArticlesDemo() {
  const [q, setQ] = useState('');
  const rows = useRows('operLog', q ? { title: q } : {}, 20);
  const { t } = useTranslation();
  return (
    <Card>
      <Input.Search allowClear placeholder={t('demo.search')} onSearch={setQ} style={{ maxWidth: 360, marginBottom: 16 }} />
      <List
        itemLayout="vertical"
        loading={rows.isLoading}
        dataSource={rows.data?.rows ?? []}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta title={String(r.title)} description={<Space><Tag>{String(r.requestMethod)}</Tag>{String(r.operName ?? '-')}</Space>} />
            <Typography.Text type="secondary" code>
              {String(r.operUrl ?? '')}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------- profiles

function Profile({ resource, row }: { resource: ResourceDef; row: DataRow }) {
  const ctx = useResourceContext();
  const fields = allFields(resource).filter((f) => inDetail(f) && f.name !== 'version' && row[f.name] !== undefined);
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
      {fields.map((f) => (
        <Descriptions.Item key={f.name} label={fieldLabel(ctx.t, resource, f.name)}>
          {displayValue(f, row[f.name], ctx, row) || '-'}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function useLatest(d: ResourceDef) {
  return useQuery({
    queryKey: ['demo-latest', d.name],
    queryFn: async () => {
      const first = (await resourceCalls(d).list({ pageNum: 1, pageSize: 1 })).rows[0];
      return first ? callData(resourceEndpoints(d).get, { params: { id: first.id } }) : null;
    },
  });
}

/** profile/basic: the latest order with its lines. */
export function BasicProfileDemo() {
  const { t } = useTranslation();
  const ctx = useResourceContext();
  const latest = useLatest(orderResource);
  if (latest.isLoading) return <Card loading />;
  if (!latest.data) return <Empty />;
  const lines = (latest.data.lines as DataRow[] | undefined) ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={t('demo.basicProfile')}>
        <Profile resource={orderResource} row={latest.data} />
      </Card>
      <Card title={t('demo.lines')}>
        <Table size="small" rowKey="id" dataSource={lines} pagination={false} columns={['posNo', 'itemCode', 'itemName', 'quantity', 'weight', 'volume'].map((k) => ({ title: fieldLabel(ctx.t, orderLineResource, k), dataIndex: k }))} />
      </Card>
    </Space>
  );
}

/** profile/advanced: the latest shipment with its progress, profile and stops. */
export function AdvancedProfileDemo() {
  const { t } = useTranslation();
  const ctx = useResourceContext();
  const latest = useLatest(def('shipment'));
  if (latest.isLoading) return <Card loading />;
  if (!latest.data) return <Empty />;
  const s = latest.data;
  const status = allFields(def('shipment')).find((f) => f.name === 'status')!;
  const stops = (s.stops as DataRow[] | undefined) ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={`${t('demo.advancedProfile')} ${String(s.shipmentCode ?? '')}`}>
        <Steps current={SHIPMENT_STEPS.indexOf(String(s.status))} items={SHIPMENT_STEPS.map((x) => ({ title: displayValue(status, x, ctx) }))} />
      </Card>
      <Card>
        <Profile resource={def('shipment')} row={s} />
      </Card>
      <Card title={t('demo.stops')}>
        <Table size="small" rowKey="id" dataSource={stops} pagination={false} columns={[{ title: '#', dataIndex: 'seq' }, { title: t('demo.station'), dataIndex: 'stationName' }, { title: t('demo.stopType'), dataIndex: 'stopType' }]} />
      </Card>
    </Space>
  );
}
