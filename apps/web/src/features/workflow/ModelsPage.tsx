/**
 * Process models: the generic list (add, edit, delete) plus design in the browser (bpmn-js Modeler),
 * deploy as a new definition version, .bpmn export and import.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Drawer, Spin, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { actModel } from '@tms/domain';
import { useCan } from '../../platform/queries.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { deployModel, exportModel, importModel, modelXml, saveModelXml } from './api.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';
import { DataText } from '../../platform/DataText.tsx';

const BpmnDesigner = lazy(() => import('./diagram/BpmnDesigner.tsx'));

function DesignerDrawer({ model, onClose, onChanged }: { model: Row; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const id = Number(model.id);
  const q = useQuery({ queryKey: ['actModelXml', id], queryFn: () => modelXml(id), staleTime: 0, gcTime: 0 });
  const version = useRef<number | null>(null);
  const dirty = useRef(false);
  if (q.data && version.current === null) version.current = q.data.version;

  const save = async (xml: string) => {
    const row = await saveModelXml(id, version.current!, xml);
    version.current = Number(row.version);
    message.success(t('messages.workflow.modelSaved'));
    onChanged();
  };
  const saveAndDeploy = async (xml: string) => {
    await save(xml);
    const r = await deployModel(id);
    message.success(r.msg);
    onChanged();
  };
  const close = () => {
    if (!dirty.current) return onClose();
    modal.confirm({ title: t('resource.confirmTitle'), content: t('workflow.designer.discardConfirm'), okText: t('resource.ok'), cancelText: t('resource.cancel'), onOk: onClose });
  };
  return (
    <Drawer open width="100%" onClose={close} destroyOnHidden title={<DataText k="workflow.models.designerTitle" data={{ name: String(model.name) }} />} styles={{ body: { paddingTop: 12 } }}>
      {q.data ? (
        <Suspense fallback={<Spin tip={t('workflow.designer.loading')}><div style={{ height: 200 }} /></Spin>}>
          <BpmnDesigner
            xml={q.data.xml}
            fileName={String(model.modelKey)}
            onSave={save}
            onSaveAndDeploy={can('act:models:deploy') ? saveAndDeploy : undefined}
            onDirtyChange={(d) => {
              dirty.current = d;
            }}
          />
        </Suspense>
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}

export default function ModelsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const [design, setDesign] = useState<{ row: Row; api: TableApi } | null>(null);

  const deploy = useCallback(
    (row: Row, api: TableApi) =>
      modal.confirm({
        title: t('resource.confirmTitle'),
        content: t('workflow.models.deployConfirm', { name: String(row.name) }),
        okText: t('resource.ok'),
        cancelText: t('resource.cancel'),
        onOk: async () => {
          const r = await deployModel(Number(row.id));
          message.success(r.msg);
          api.reload();
        },
      }),
    [t, modal, message],
  );

  const rowActions = useCallback(
    (row: Row, api: TableApi) => {
      const out = [];
      if (can('act:models:edit'))
        out.push(
          <LinkButton dialog key="design" data-testid="model-design" onClick={() => setDesign({ row, api })}>
            {t('workflow.models.design')}
          </LinkButton>,
        );
      if (can('act:models:deploy'))
        out.push(
          <LinkButton dialog="confirm" key="deploy" data-testid="model-deploy" onClick={() => deploy(row, api)}>
            {t('workflow.models.deploy')}
          </LinkButton>,
        );
      if (can('act:models:export'))
        out.push(
          <LinkButton key="export" onClick={() => void exportModel(Number(row.id), String(row.modelKey))}>
            {t('workflow.models.export')}
          </LinkButton>,
        );
      return out;
    },
    [t, can, deploy],
  );

  const toolbarExtra = (api: TableApi) =>
    can('act:models:import')
      ? [
          <Upload
            key="import"
            accept=".bpmn,.xml"
            showUploadList={false}
            beforeUpload={(file) => {
              void importModel(file).then(() => {
                message.success(t('messages.workflow.imported'));
                api.reload();
              });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('workflow.models.import')}</Button>
          </Upload>,
        ]
      : [];

  return (
    <>
      <ResourceTable resource={actModel} syncUrl rowActions={rowActions} toolbarExtra={toolbarExtra} />
      {design && <DesignerDrawer model={design.row} onClose={() => setDesign(null)} onChanged={design.api.reload} />}
    </>
  );
}
