/**
 * Excel import of a resource: choose an .xlsx (or download the template), see a preview of every row
 * with its errors under the offending cells, and commit only when no row has an error.
 */
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Steps, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { allFields, type ResourceDef } from '@tms/domain';
import { HttpError } from '../http.ts';
import { resourceCalls, type ResourceImportPreview } from '../resource-calls.ts';
import { displayValue, resourceTitle, type Row } from './columns.ts';
import { useResourceContext } from './context.ts';

/** The preview (or result) of an import: the import endpoint's answer. */
export type ImportPreview = ResourceImportPreview;
type PreviewRow = ImportPreview['rows'][number];

export interface ImportModalProps {
  resource: ResourceDef;
  open: boolean;
  onClose: () => void;
  /** after a successful commit (the list reloads) */
  onImported: () => void;
}

export default function ImportModal({ resource: def, open, onClose, onImported }: ImportModalProps) {
  const ctx = useResourceContext();
  const { t } = ctx;
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = new Map(allFields(def).map((f) => [f.name, f]));
  const title = resourceTitle(t, def);

  const send = async (commit: boolean): Promise<ImportPreview | null> => {
    if (!file) return null;
    const fd = new FormData();
    fd.append('file', file, file.name);
    setBusy(true);
    try {
      return await resourceCalls(def).import(fd, commit, { silent: true, timeoutMs: 120_000 });
    } catch (e) {
      if (e instanceof HttpError) {
        // a refused commit answers with the preview (rows with their errors)
        const data = e.body?.data as ImportPreview | undefined;
        if (data?.rows) setPreview(data);
        message.error(e.message);
      } else message.error(t('messages.systemError'));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setFile(null);
    setPreview(null);
  };

  const columns: ColumnsType<PreviewRow> = [
    { title: t('resource.rowNum'), dataIndex: 'rowNum', key: 'rowNum', width: 70, fixed: 'left' },
    ...(preview?.headers ?? []).map((h) => ({
      title: h.label,
      key: h.name,
      render: (_: unknown, row: PreviewRow) => {
        const f = fields.get(h.name);
        const v = row.raw[h.name];
        const text = f ? displayValue(f, v, ctx, row.raw as Row) : v === null || v === undefined ? '' : String(v);
        const err = row.errors[h.name];
        if (!err) return <div style={{ maxWidth: 280, wordBreak: 'break-all' }}>{text}</div>;
        return (
          <Space direction="vertical" size={0} style={{ maxWidth: 280, wordBreak: 'break-all' }}>
            <Typography.Text type="danger">{text || '—'}</Typography.Text>
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {err}
            </Typography.Text>
          </Space>
        );
      },
    })),
  ];
  // errors on columns the file does not have (e.g. a required column missing)
  const headerNames = new Set((preview?.headers ?? []).map((h) => h.name));
  if (preview?.rows.some((r) => Object.keys(r.errors).some((k) => !headerNames.has(k))))
    columns.push({
      title: t('resource.rowErrors'),
      key: '__errors',
      render: (_: unknown, row: PreviewRow) => (
        <Typography.Text type="danger">
          {Object.entries(row.errors)
            .filter(([k]) => !headerNames.has(k))
            .map(([k, m]) => `${k}: ${m}`)
            .join('; ')}
        </Typography.Text>
      ),
    });

  const canCommit = !!preview && preview.errors === 0 && preview.total > 0;

  const footer = preview
    ? [
        <Button key="again" onClick={reset}>
          {t('resource.importAgain')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('resource.cancel')}
        </Button>,
        canCommit ? (
          <Button
            key="commit"
            type="primary"
            loading={busy}
            onClick={async () => {
              const r = await send(true);
              if (r) {
                message.success(t('resource.importSuccess', { count: r.total }));
                onImported();
                onClose();
              }
            }}
          >
            {t('resource.importCommit')}
          </Button>
        ) : null,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('resource.cancel')}
        </Button>,
        <Button
          key="preview"
          type="primary"
          disabled={!file}
          loading={busy}
          onClick={async () => {
            const r = await send(false);
            if (r) setPreview(r);
          }}
        >
          {t('resource.uploadPreview')}
        </Button>,
      ];

  return (
    <Modal
      title={t('resource.importTitle', { name: title })}
      open={open}
      onCancel={onClose}
      afterClose={reset}
      width={preview ? 1000 : 560}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
    >
      <Steps
        size="small"
        current={preview ? 1 : 0}
        style={{ marginBottom: 16 }}
        items={[{ title: t('resource.importStepChoose') }, { title: t('resource.importStepPreview') }]}
      />
      {!preview ? (
        <>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              if (!f.name.toLowerCase().endsWith('.xlsx')) {
                message.error(t('resource.onlyXlsx'));
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('resource.chooseFile')}</p>
            <p className="ant-upload-hint">{t('resource.chooseFileHint')}</p>
          </Upload.Dragger>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            style={{ paddingLeft: 0, marginTop: 8 }}
            onClick={() => void resourceCalls(def).importTemplate(`${title}-template.xlsx`)}
          >
            {t('resource.downloadTemplate')}
          </Button>
        </>
      ) : (
        <>
          <Alert
            showIcon
            style={{ marginBottom: 12 }}
            type={preview.total === 0 ? 'warning' : preview.errors ? 'error' : 'success'}
            message={preview.total === 0 ? t('resource.importNoRows') : t('resource.importSummary', { total: preview.total, errors: preview.errors })}
            description={preview.errors ? t('resource.importFixErrors') : undefined}
          />
          <Table<PreviewRow>
            rowKey="rowNum"
            size="small"
            columns={columns}
            dataSource={preview.rows}
            scroll={{ x: 'max-content', y: 400 }}
            pagination={preview.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            rowClassName={(r) => (Object.keys(r.errors).length ? 'tms-import-row-error' : '')}
            onRow={(r) => (Object.keys(r.errors).length ? { style: { background: 'rgba(255,77,79,0.06)' } } : {})}
          />
        </>
      )}
    </Modal>
  );
}
