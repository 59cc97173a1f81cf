/**
 * The process designer: bpmn-js Modeler (palette, context pad, label editing) with a small properties
 * panel (process id / name / executable, element name, FEEL conditions of gateway flows), open / download
 * of .bpmn files, save and save-and-deploy. Loaded lazily with bpmn-js and its stylesheets.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Card, Form, Input, Space, Switch, Tag, Tooltip, Typography, Upload } from 'antd';
import { CloudUploadOutlined, CompressOutlined, DownloadOutlined, FolderOpenOutlined, SaveOutlined } from '@ant-design/icons';
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './diagram.css';

/** The part of a diagram element the panel reads (diagram-js shape / connection with its BPMN object). */
interface BpmnObject {
  $type: string;
  id: string;
  name?: string;
  isExecutable?: boolean;
  conditionExpression?: { body?: string };
  sourceRef?: { $type: string; default?: { id: string } };
}
interface DiagramElement {
  id: string;
  businessObject: BpmnObject;
}
interface Modeling {
  updateProperties(element: DiagramElement, props: Record<string, unknown>): void;
}

export interface BpmnDesignerProps {
  xml: string;
  /** the file name (without .bpmn) of a download */
  fileName: string;
  onSave: (xml: string) => Promise<void>;
  onSaveAndDeploy?: (xml: string) => Promise<void>;
  onDirtyChange?: (dirty: boolean) => void;
  height?: string;
}

function PropertiesPanel({ modeler, element, rev }: { modeler: Modeler; element: DiagramElement | null; rev: number }) {
  const { t } = useTranslation();
  const root = modeler.get<{ getRootElement(): DiagramElement }>('canvas').getRootElement();
  const el = element ?? root;
  const bo = el.businessObject;
  const modeling = modeler.get<Modeling>('modeling');
  const update = (props: Record<string, unknown>) => modeling.updateProperties(el, props);
  const isProcess = bo.$type === 'bpmn:Process';
  const gatewayFlow = bo.$type === 'bpmn:SequenceFlow' && /Exclusive|Inclusive/.test(bo.sourceRef?.$type ?? '');
  const isDefault = gatewayFlow && bo.sourceRef?.default?.id === bo.id;
  const k = `${el.id}-${rev}`;
  return (
    <Card size="small" title={t('workflow.designer.properties')} style={{ width: 300, flex: 'none' }} data-testid="bpmn-properties">
      <Form layout="vertical" size="small">
        <Form.Item label={t('workflow.designer.type')}>
          <Tag>{isProcess ? t('workflow.designer.process') : t(`workflow.designer.types.${bo.$type.replace('bpmn:', '')}`, { defaultValue: bo.$type.replace('bpmn:', '') })}</Tag>
        </Form.Item>
        <Form.Item label={t('workflow.designer.id')}>
          <Typography.Text code copyable>
            {bo.id}
          </Typography.Text>
        </Form.Item>
        <Form.Item label={t('workflow.designer.name')} htmlFor="bpmn-prop-name">
          <Input key={k} id="bpmn-prop-name" defaultValue={bo.name ?? ''} data-testid="bpmn-prop-name" onBlur={(e) => e.target.value !== (bo.name ?? '') && update({ name: e.target.value || undefined })} onPressEnter={(e) => (e.target as HTMLInputElement).blur()} />
        </Form.Item>
        {isProcess && (
          <Form.Item label={t('workflow.designer.executable')} htmlFor="bpmn-prop-executable">
            <Switch id="bpmn-prop-executable" checked={bo.isExecutable === true} onChange={(v) => update({ isExecutable: v })} />
          </Form.Item>
        )}
        {gatewayFlow && !isDefault && (
          <Form.Item label={t('workflow.designer.condition')} extra={t('workflow.designer.conditionHint')} htmlFor="bpmn-prop-condition">
            <Input
              key={k}
              id="bpmn-prop-condition"
              placeholder="${approved}"
              defaultValue={bo.conditionExpression?.body ?? ''}
              data-testid="bpmn-prop-condition"
              onBlur={(e) => {
                const body = e.target.value.trim();
                if (body === (bo.conditionExpression?.body ?? '')) return;
                const moddle = modeler.get<{ create(type: string, attrs: Record<string, unknown>): unknown }>('moddle');
                update({ conditionExpression: body ? moddle.create('bpmn:FormalExpression', { body }) : undefined });
              }}
              onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
            />
          </Form.Item>
        )}
        {(bo.$type === 'bpmn:UserTask' || bo.$type === 'bpmn:ManualTask') && <Alert type="info" showIcon message={t('workflow.designer.userTaskHint')} />}
      </Form>
    </Card>
  );
}

export default function BpmnDesigner({ xml, fileName, onSave, onSaveAndDeploy, onDirtyChange, height = 'calc(100vh - 180px)' }: BpmnDesignerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ref = useRef<HTMLDivElement>(null);
  const [modeler, setModeler] = useState<Modeler | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [rev, setRev] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);

  const markDirty = (v: boolean) => {
    setDirty(v);
    onDirtyChange?.(v);
  };

  useEffect(() => {
    const m = new Modeler({ container: ref.current! });
    let alive = true;
    m.on('selection.changed', (e: { newSelection: DiagramElement[] }) => setSelected(e.newSelection.length === 1 ? e.newSelection[0]! : null));
    m.on('commandStack.changed', () => {
      setRev((r) => r + 1);
      markDirty(true);
    });
    m.importXML(xml)
      .then(() => {
        if (!alive) return;
        m.get<{ zoom(l: string): void }>('canvas').zoom('fit-viewport');
        setModeler(m);
      })
      .catch((e: Error) => message.error(t('workflow.designer.importFailed', { message: e.message })));
    return () => {
      alive = false;
      m.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one modeler per opened model
  }, []);

  const current = async () => (await modeler!.saveXML({ format: true })).xml ?? '';

  const run = async (fn: (x: string) => Promise<void>) => {
    setBusy(true);
    try {
      await fn(await current());
      markDirty(false);
    } finally {
      setBusy(false);
    }
  };

  const open = async (file: File) => {
    try {
      await modeler!.importXML(await file.text());
      modeler!.get<{ zoom(l: string): void }>('canvas').zoom('fit-viewport');
      setSelected(null);
      setRev((r) => r + 1);
      markDirty(true);
    } catch (e) {
      message.error(t('workflow.designer.importFailed', { message: (e as Error).message }));
    }
    return false;
  };

  const downloadXml = async () => {
    const blob = new Blob([await current()], { type: 'application/xml' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${fileName}.bpmn`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Space wrap>
        <Button type="primary" icon={<SaveOutlined />} loading={busy} disabled={!modeler} onClick={() => void run(onSave)} data-testid="bpmn-save">
          {t('workflow.designer.save')}
        </Button>
        {onSaveAndDeploy && (
          <Button icon={<CloudUploadOutlined />} loading={busy} disabled={!modeler} onClick={() => void run(onSaveAndDeploy)} data-testid="bpmn-save-deploy">
            {t('workflow.designer.saveAndDeploy')}
          </Button>
        )}
        <Upload accept=".bpmn,.xml" showUploadList={false} beforeUpload={(f) => open(f)} disabled={!modeler}>
          <Button icon={<FolderOpenOutlined />} data-testid="bpmn-open">
            {t('workflow.designer.open')}
          </Button>
        </Upload>
        <Button icon={<DownloadOutlined />} disabled={!modeler} onClick={() => void downloadXml()}>
          {t('workflow.designer.download')}
        </Button>
        <Tooltip title={t('workflow.designer.fit')}>
          <Button icon={<CompressOutlined />} disabled={!modeler} onClick={() => modeler?.get<{ zoom(l: string): void }>('canvas').zoom('fit-viewport')} />
        </Tooltip>
        {dirty && <Tag color="orange">{t('workflow.designer.unsaved')}</Tag>}
      </Space>
      <div style={{ display: 'flex', gap: 8, height }}>
        <div ref={ref} className="wf-designer-canvas" data-testid="bpmn-designer" style={{ flex: 1, height: '100%' }} />
        {modeler && <PropertiesPanel modeler={modeler} element={selected} rev={rev} />}
      </div>
    </div>
  );
}
