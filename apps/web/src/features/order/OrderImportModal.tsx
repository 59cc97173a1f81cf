/**
 * Order import with a preview (spec §2 "import preview"): choose an .xlsx (or download the template),
 * see the orders the rows form — each with its lines and totals — and every row's errors, and import
 * all of them only when no row has an error.
 */
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Tabs, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { OrderApi, PortalApi, type OrderImportGroup, type OrderImportPreview } from '@tms/domain';
import { HttpError, saveResponse, type RequestOptions } from '../../platform/http.ts';
import { call, callData } from '../../platform/api.ts';
import { useTranslation } from 'react-i18next';

type Preview = OrderImportPreview;
type PreviewRow = Preview['rows'][number];
type PreviewOrder = OrderImportGroup;

/** Where the modal sends the sheet: the back office's order import, or the client portal's (its own clients only). */
export interface OrderImportApi {
  /** a preview of the sheet, or its commit (with the preview's token, when it gave one) */
  send: (sheet: FormData, commit: boolean, token: string | undefined) => Promise<Preview>;
  /** the .xlsx template */
  template: () => Promise<Response>;
}
// the error is shown by the modal; a large sheet takes time
const SEND: RequestOptions = { silent: true, timeoutMs: 120_000 };
const BACK_OFFICE: OrderImportApi = {
  send: (body, commit, token) => (commit ? callData(OrderApi.endpoints.importCommit, { query: { token }, body }, SEND) : callData(OrderApi.endpoints.import, { body }, SEND)),
  template: () => call(OrderApi.endpoints.importTemplate),
};
export const PORTAL_IMPORT: OrderImportApi = {
  send: (body, commit, token) => callData(PortalApi.endpoints.import, { query: commit ? { commit: 'true', token } : {}, body }, SEND),
  template: () => call(PortalApi.endpoints.importTemplate),
};

export default function OrderImportModal({ onClose, onImported, api = BACK_OFFICE }: { onClose: () => void; onImported: () => void; api?: OrderImportApi }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (f: File, commit: boolean) => {
    const fd = new FormData();
    fd.append('file', f, f.name);
    setBusy(true);
    try {
      // the commit names the preview it confirms: the server then takes the orders it built instead of reading the file again
      const p = await api.send(fd, commit, commit ? preview?.token : undefined);
      setPreview(p);
      if (p.committed) {
        message.success(t('order.importModal.imported', { count: p.ids?.length ?? p.orders.length }));
        onImported();
      }
    } catch (e) {
      const data = e instanceof HttpError ? (e.body?.data as Preview | undefined) : undefined;
      if (data?.rows) setPreview(data);
      message.error(e instanceof Error ? e.message : t('messages.systemError'));
    } finally {
      setBusy(false);
    }
  };

  const label = new Map((preview?.headers ?? []).map((h) => [h.name, h.label]));
  const errorText = (r: PreviewRow) =>
    Object.entries(r.errors)
      .map(([k, m]) => `${label.get(k) ?? k}: ${m}`)
      .join('; ');
  const rowsByNum = new Map((preview?.rows ?? []).map((r) => [r.rowNum, r]));
  const canCommit = !!preview && !preview.committed && preview.errors === 0 && preview.orders.length > 0;

  return (
    <Modal
      open
      width={1100}
      title={t('order.importModal.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="template" icon={<DownloadOutlined />} onClick={() => void api.template().then((res) => saveResponse(res, `${t('order.importModal.title')}.xlsx`))}>
          {t('order.importModal.template')}
        </Button>,
        preview && (
          <Button key="again" onClick={() => (setPreview(null), setFile(null))}>
            {t('order.importModal.again')}
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          {t('resource.cancel')}
        </Button>,
        <Button key="commit" type="primary" disabled={!canCommit} loading={busy} onClick={() => file && void send(file, true)} data-testid="order-import-commit">
          {t('order.importModal.commit')}
        </Button>,
      ]}
    >
      {!preview ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('order.importModal.hint')}</Typography.Text>
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(f) => {
              setFile(f);
              void send(f, false);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('order.importModal.choose')}</p>
          </Upload.Dragger>
        </Space>
      ) : (
        <div data-testid="order-import-preview">
          <Alert
            type={preview.errors ? 'error' : 'success'}
            showIcon
            style={{ marginBottom: 12 }}
            message={t('order.importModal.summary', { rows: preview.total, orders: preview.orders.length, errors: preview.errors })}
            description={preview.errors ? t('order.importModal.fixFirst') : undefined}
          />
          <Tabs
            items={[
              {
                key: 'orders',
                label: t('order.importModal.orders'),
                children: (
                  <Table<PreviewOrder>
                    size="small"
                    rowKey="key"
                    pagination={{ pageSize: 10 }}
                    dataSource={preview.orders}
                    expandable={{
                      expandedRowRender: (o) => (
                        <Table<PreviewRow>
                          size="small"
                          rowKey="rowNum"
                          pagination={false}
                          dataSource={o.rowNums.map((n) => rowsByNum.get(n)).filter((r): r is PreviewRow => !!r)}
                          columns={[
                            { title: t('order.importModal.rowNum'), dataIndex: 'rowNum', width: 70 },
                            ...['itemCode', 'quantity', 'weight', 'volume', 'cases', 'pallets', 'unit'].filter((k) => label.has(k)).map((k) => ({ title: label.get(k) ?? k, key: k, render: (_: unknown, r: PreviewRow) => String(r.raw[k] ?? '') })),
                            { title: t('order.importModal.errors'), key: 'errors', render: (_: unknown, r: PreviewRow) => <Typography.Text type="danger">{errorText(r)}</Typography.Text> },
                          ]}
                        />
                      ),
                    }}
                    columns={[
                      { title: label.get('customerOrderNo'), dataIndex: 'key' },
                      { title: t('resources.order.fields.clientId'), key: 'client', render: (_v, o) => o.clientName ?? o.clientCode },
                      { title: t('resources.order.fields.sourceStationId'), dataIndex: 'sourceStation' },
                      { title: t('resources.order.fields.destStationId'), dataIndex: 'destStation' },
                      { title: t('order.importModal.lineCount'), dataIndex: 'lines', align: 'right' },
                      { title: label.get('quantity'), dataIndex: 'totalQuantity', align: 'right' },
                      { title: label.get('weight'), dataIndex: 'totalWeight', align: 'right' },
                      {
                        title: t('order.importModal.errors'),
                        dataIndex: 'errors',
                        render: (n: number) => (n ? <Typography.Text type="danger">{n}</Typography.Text> : '-'),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'rows',
                label: `${t('order.importModal.errors')} (${preview.errors})`,
                children: (
                  <Table<PreviewRow>
                    size="small"
                    rowKey="rowNum"
                    pagination={{ pageSize: 10 }}
                    dataSource={preview.rows.filter((r) => Object.keys(r.errors).length)}
                    columns={[
                      { title: t('order.importModal.rowNum'), dataIndex: 'rowNum', width: 70 },
                      { title: label.get('customerOrderNo'), key: 'key', render: (_v, r) => String(r.raw.customerOrderNo ?? '') },
                      { title: t('order.importModal.errors'), key: 'errors', render: (_v, r) => <Typography.Text type="danger">{errorText(r)}</Typography.Text> },
                    ]}
                  />
                ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
