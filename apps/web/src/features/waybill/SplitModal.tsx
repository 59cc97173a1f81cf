/**
 * The split modal (spec §2 "Split with a confirm-split step"): a split quantity per line (and, if wanted,
 * the weight and volume of the part), previewed with the same arithmetic the server uses (planSplit of
 * @tms/domain); then a confirm step showing both resulting waybills before anything is saved.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, InputNumber, Modal, Row as GridRow, Spin, Steps, Table, Tooltip, Typography } from 'antd';
import { planSplit, WaybillApi, type SplitChoice, type SplitLineInput, type SplitMeasures, type SplitPlan, type SplitProblem, type SplitTotals } from '@tms/domain';
import { HttpError } from '../../platform/http.ts';
import { call } from '../../platform/api.ts';
import { type Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { fetchWaybill } from './WaybillDetail.tsx';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toInput(l: Row): SplitLineInput {
  return {
    id: l.id,
    quantity: Number(l.quantity ?? 0),
    weight: Number(l.weight ?? 0),
    volume: Number(l.volume ?? 0),
    cases: Number(l.cases ?? 0),
    pallets: Number(l.pallets ?? 0),
    other: Number(l.other ?? 0),
    realWeight: num(l.realWeight),
    realVolume: num(l.realVolume),
    realQuantity: num(l.realQuantity),
    realCases: num(l.realCases),
    realPallets: num(l.realPallets),
    realOther: num(l.realOther),
  };
}

type Choices = Record<number, { splitNum: number; weight?: number | null; volume?: number | null }>;

/** One side of the confirm step: totals and the lines it will hold. */
function PartCard({ title, testId, totals, lines, source, side }: { title: string; testId: string; totals: SplitTotals; lines: SplitPlan['lines']; source: Map<number, Row>; side: 'keep' | 'moved' }) {
  const { t } = useResourceContext();
  const shown = lines.filter((l) => (side === 'moved' ? l.splitNum > 0 : l[side].quantity > 0 || !l.splitNum));
  const col = (k: keyof SplitMeasures) => ({ title: t(`resources.waybillLine.fields.${k}`), key: k, align: 'right' as const, render: (_: unknown, l: SplitPlan['lines'][number]) => l[side][k] ?? '-' });
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('waybill.splitModal.totals', totals as unknown as Record<string, unknown>)}
      </Typography.Paragraph>
      <Table
        rowKey="lineId"
        size="small"
        pagination={false}
        dataSource={shown}
        columns={[
          { title: t('resources.waybillLine.fields.posNo'), key: 'pos', render: (_: unknown, l) => String(source.get(l.lineId)?.posNo ?? '') },
          { title: t('resources.waybillLine.fields.itemName'), key: 'item', render: (_: unknown, l) => String(source.get(l.lineId)?.itemName ?? '') },
          col('quantity'),
          col('weight'),
          col('volume'),
          col('cases'),
          col('pallets'),
          col('other'),
        ]}
      />
    </Card>
  );
}

export default function SplitModal({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) {
  const { t } = useResourceContext();
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['waybill', id, 'split'], queryFn: () => fetchWaybill(id), staleTime: 0 });
  const [choices, setChoices] = useState<Choices>({});
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const w = q.data;
  const lines = useMemo(() => w?.lines ?? [], [w]);
  const source = useMemo(() => new Map(lines.map((l) => [l.id, l])), [lines]);
  const request: SplitChoice[] = lines.map((l) => ({ lineId: l.id, splitNum: choices[l.id]?.splitNum ?? 0, weight: choices[l.id]?.weight ?? null, volume: choices[l.id]?.volume ?? null }));
  const outcome = useMemo(() => planSplit(lines.map(toInput), request), [lines, JSON.stringify(request)]); // eslint-disable-line react-hooks/exhaustive-deps
  const problems: SplitProblem[] = outcome.ok ? [] : outcome.problems;
  const problemOf = (lineId: number, field: string) => {
    const p = problems.find((x) => x.lineId === lineId && x.field === field);
    return p ? t(p.key, p.params ?? {}) : serverErrors[`lines.${lineId}.${field}`];
  };
  const general = problems.find((p) => p.lineId === undefined);
  const touched = Object.values(choices).some((c) => c.splitNum > 0);

  const set = (lineId: number, patch: Partial<Choices[number]>) => {
    setServerErrors({});
    setChoices((c) => ({ ...c, [lineId]: { ...(c[lineId] ?? { splitNum: 0 }), ...patch } }));
  };

  const submit = async () => {
    setSaving(true);
    try {
      const r = await call(WaybillApi.split, { body: { id, version: Number(w!.version), lines: request.filter((c) => c.splitNum > 0) } }, { silent: true });
      message.success(r.msg);
      onDone();
    } catch (e) {
      const body = e instanceof HttpError ? e.body : null;
      setServerErrors(e instanceof HttpError ? e.fieldErrors : {});
      setStep(0);
      message.error(body?.msg ?? String(e));
    } finally {
      setSaving(false);
    }
  };

  /** a cell's input named by its column and its line (a table's input has no label of its own) */
  const cellLabel = (l: Row, titleKey: string) => `${t(titleKey)} · ${t('resources.waybillLine.fields.posNo')} ${String(l.posNo ?? '')}`;

  const measureInput = (l: Row, field: 'weight' | 'volume') => {
    const c = choices[l.id];
    const partial = !!c && c.splitNum > 0 && c.splitNum < Number(l.quantity);
    const err = problemOf(l.id, field);
    return (
      <Tooltip title={err}>
        <InputNumber
          size="small"
          min={0}
          max={Number(l[field])}
          precision={3}
          disabled={!partial}
          placeholder={t('waybill.splitModal.auto')}
          status={err ? 'error' : undefined}
          value={partial ? (c?.[field] ?? null) : null}
          onChange={(v) => set(l.id, { [field]: v === null ? null : Number(v) })}
          data-testid={`split-${field}-${String(l.posNo)}`}
          aria-label={cellLabel(l, field === 'weight' ? 'waybill.splitModal.splitWeight' : 'waybill.splitModal.splitVolume')}
          style={{ width: 110 }}
        />
      </Tooltip>
    );
  };

  const entry = (
    <>
      <Typography.Paragraph type="secondary">{t('waybill.splitModal.hint')}</Typography.Paragraph>
      <Table<Row>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={lines}
        columns={[
          { title: t('resources.waybillLine.fields.posNo'), dataIndex: 'posNo', key: 'posNo' },
          { title: t('resources.waybillLine.fields.itemName'), dataIndex: 'itemName', key: 'itemName' },
          ...(['quantity', 'weight', 'volume', 'cases', 'pallets', 'other'] as const).map((k) => ({ title: t(`resources.waybillLine.fields.${k}`), dataIndex: k, key: k, align: 'right' as const })),
          {
            title: t('waybill.splitModal.splitNum'),
            key: 'splitNum',
            render: (_: unknown, l: Row) => {
              const err = problemOf(l.id, 'splitNum');
              return (
                <Tooltip title={err}>
                  <InputNumber
                    size="small"
                    min={0}
                    max={Number(l.quantity)}
                    precision={0}
                    status={err ? 'error' : undefined}
                    value={choices[l.id]?.splitNum ?? 0}
                    onChange={(v) => set(l.id, { splitNum: Number(v ?? 0), weight: null, volume: null })}
                    data-testid={`split-num-${String(l.posNo)}`}
                    aria-label={cellLabel(l, 'waybill.splitModal.splitNum')}
                    style={{ width: 90 }}
                  />
                </Tooltip>
              );
            },
          },
          { title: t('waybill.splitModal.splitWeight'), key: 'splitWeight', render: (_: unknown, l: Row) => measureInput(l, 'weight') },
          { title: t('waybill.splitModal.splitVolume'), key: 'splitVolume', render: (_: unknown, l: Row) => measureInput(l, 'volume') },
        ]}
      />
      {touched && general && <Alert style={{ marginTop: 12 }} type="warning" showIcon message={t(general.key, general.params ?? {})} data-testid="split-problem" />}
      {serverErrors.lines && <Alert style={{ marginTop: 12 }} type="error" showIcon message={serverErrors.lines} />}
    </>
  );

  const confirm = outcome.ok && w && (
    <GridRow gutter={16}>
      <Col span={12}>
        <PartCard title={t('waybill.splitModal.original', { code: String(w.code) })} testId="split-part-original" totals={outcome.plan.keep} lines={outcome.plan.lines} source={source} side="keep" />
      </Col>
      <Col span={12}>
        <PartCard title={t('waybill.splitModal.created')} testId="split-part-new" totals={outcome.plan.moved} lines={outcome.plan.lines} source={source} side="moved" />
      </Col>
    </GridRow>
  );

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={onClose}>
            {t('resource.cancel')}
          </Button>,
          <Button key="next" type="primary" disabled={!outcome.ok} onClick={() => setStep(1)} data-testid="split-next">
            {t('waybill.splitModal.next')}
          </Button>,
        ]
      : [
          <Button key="back" onClick={() => setStep(0)}>
            {t('waybill.splitModal.back')}
          </Button>,
          <Button key="confirm" type="primary" danger loading={saving} onClick={() => void submit()} data-testid="split-confirm">
            {t('waybill.splitModal.confirmSplit')}
          </Button>,
        ];

  return (
    <Modal open width={1100} title={t('waybill.splitModal.title', { code: w ? String(w.code) : '' })} onCancel={onClose} footer={footer} destroyOnHidden>
      <Spin spinning={q.isLoading}>
        <div data-testid="split-modal">
        <Steps size="small" current={step} style={{ marginBottom: 16 }} items={[{ title: t('waybill.splitModal.splitNum') }, { title: t('waybill.splitModal.confirmTitle') }]} />
        {step === 0 ? entry : confirm}
        </div>
      </Spin>
    </Modal>
  );
}
