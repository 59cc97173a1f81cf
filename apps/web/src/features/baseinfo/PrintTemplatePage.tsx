/**
 * Print templates: the generic list; the form edits the HTML with a side-by-side live preview on the
 * sample record of the chosen type, and each row can be previewed.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Modal } from 'antd';
import { resourceByName } from '@tms/domain';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';
import type { FormExtension } from '../../platform/resource/ResourceForm.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import TemplateEditor, { TemplatePreview } from './TemplateEditor.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';
import { DataText } from '../../platform/DataText.tsx';

const printTemplate = resourceByName.get('printTemplate')!;

function ContentWidget(props: { form: Parameters<typeof Form.useWatch>[1]; id?: string; value?: string; onChange?: (v: string) => void }) {
  const type = Form.useWatch('type', props.form) as unknown;
  return <TemplateEditor id={props.id} value={props.value} onChange={props.onChange} type={type} />;
}

export default function PrintTemplatePage() {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Row | null>(null);
  const form = useMemo<FormExtension>(() => ({ width: 1200, widgets: { content: ({ form: f }) => <ContentWidget form={f} /> } }), []);
  const rowActions = useCallback(
    (row: Row) => [
      <LinkButton dialog key="preview" data-testid="template-preview-link" onClick={() => setPreview(row)}>
        {t('baseinfo.printTemplate.preview')}
      </LinkButton>,
    ],
    [t],
  );
  return (
    <>
      <ResourceTable resource={printTemplate} syncUrl rowActions={rowActions} form={form} />
      {preview && (
        <Modal open width={860} footer={null} onCancel={() => setPreview(null)} title={<DataText k="baseinfo.printTemplate.previewTitle" data={{ name: String(preview.name) }} />}>
          <TemplatePreview content={String(preview.content ?? '')} type={preview.type} />
        </Modal>
      )}
    </>
  );
}
