/**
 * Code generator (issue 7): choose a table of the database, configure each column (label, list /
 * search / form presence, widget, dictionary, reference), preview the generated definition,
 * migration and translations, and download them as a zip.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MiscApi, type FieldKind, type GenColumn, type GenConfig, type SearchMode, type Widget } from '@tms/domain';
import { call, callData, type DataOf } from '../../platform/api.ts';
import { HttpError, saveResponse } from '../../platform/http.ts';
import { useCan } from '../../platform/queries.ts';

type TableRow = DataOf<typeof MiscApi.endpoints.genTables>[number];

const KINDS: FieldKind[] = ['string', 'text', 'int', 'decimal', 'boolean', 'date', 'datetime', 'dict', 'ref', 'password', 'secret', 'json'];
const WIDGETS: Widget[] = ['input', 'textarea', 'number', 'switch', 'date', 'datetime', 'select', 'ref', 'password', 'json'];
const SEARCH: SearchMode[] = ['eq', 'like', 'range', 'in'];
const opts = (xs: readonly string[]) => xs.map((x) => ({ value: x, label: x }));

function TablePicker({ onPick }: { onPick: (table: string) => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const tables = useQuery({ queryKey: ['gen', 'tables', filter], queryFn: () => callData(MiscApi.endpoints.genTables, { query: { tableName: filter || undefined } }) });
  return (
    <Card title={t('gen.tables')} extra={<Input.Search data-testid="gen-table-filter" allowClear placeholder={t('gen.tableName')} onSearch={setFilter} style={{ width: 240 }} />}>
      <Table<TableRow>
        rowKey="table"
        size="small"
        loading={tables.isLoading}
        dataSource={tables.data ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        columns={[
          { title: t('gen.tableName'), dataIndex: 'table' },
          { title: t('gen.comment'), dataIndex: 'comment' },
          { title: t('gen.columns'), dataIndex: 'columns', width: 90 },
          { title: t('gen.resource'), dataIndex: 'resource', render: (r: string | null) => (r ? <Tag color="blue">{r}</Tag> : '-') },
          {
            title: t('gen.action'),
            width: 120,
            render: (_, row) => (
              <Button type="link" data-testid={`gen-pick-${row.table}`} onClick={() => onPick(row.table)}>
                {t('gen.configure')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

function ColumnsEditor({ cfg, onChange }: { cfg: GenConfig; onChange: (c: GenConfig) => void }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<GenColumn>) => onChange({ ...cfg, columns: cfg.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <Table<GenColumn>
      rowKey="column"
      size="small"
      pagination={false}
      scroll={{ x: 1300 }}
      dataSource={cfg.columns}
      columns={[
        { title: t('gen.column'), dataIndex: 'column', fixed: 'left', width: 150 },
        { title: t('gen.field'), dataIndex: 'name', width: 140 },
        { title: t('gen.label'), width: 140, render: (_, c, i) => <Input size="small" value={c.label} onChange={(e) => set(i, { label: e.target.value })} data-testid={`gen-label-${c.column}`} /> },
        { title: t('gen.labelEn'), width: 140, render: (_, c, i) => <Input size="small" value={c.labelEn} onChange={(e) => set(i, { labelEn: e.target.value })} /> },
        { title: t('gen.kind'), width: 110, render: (_, c, i) => <Select size="small" value={c.kind} options={opts(KINDS)} onChange={(kind) => set(i, { kind })} style={{ width: 100 }} /> },
        { title: t('gen.widget'), width: 110, render: (_, c, i) => <Select size="small" value={c.widget} options={opts(WIDGETS)} onChange={(widget) => set(i, { widget })} style={{ width: 100 }} /> },
        { title: t('gen.required'), width: 70, render: (_, c, i) => <Checkbox checked={c.required} onChange={(e) => set(i, { required: e.target.checked })} /> },
        { title: t('gen.list'), width: 60, render: (_, c, i) => <Checkbox checked={c.list} onChange={(e) => set(i, { list: e.target.checked })} data-testid={`gen-list-${c.column}`} /> },
        { title: t('gen.form'), width: 60, render: (_, c, i) => <Checkbox checked={c.form} onChange={(e) => set(i, { form: e.target.checked })} /> },
        {
          title: t('gen.search'),
          width: 110,
          render: (_, c, i) => <Select size="small" allowClear value={c.search} options={opts(SEARCH)} onChange={(search?: SearchMode) => set(i, { search })} style={{ width: 100 }} />,
        },
        { title: t('gen.dict'), width: 150, render: (_, c, i) => <Input size="small" disabled={c.kind !== 'dict'} value={c.dict} onChange={(e) => set(i, { dict: e.target.value || undefined })} /> },
        { title: t('gen.ref'), width: 130, render: (_, c, i) => <Input size="small" disabled={c.kind !== 'ref'} value={c.ref} onChange={(e) => set(i, { ref: e.target.value || undefined })} /> },
      ]}
    />
  );
}

function Configurator({ table, onBack }: { table: string; onBack: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const loaded = useQuery({ queryKey: ['gen', 'config', table], queryFn: () => callData(MiscApi.endpoints.genConfig, { params: { table } }) });
  const [edited, setEdited] = useState<GenConfig | null>(null);
  const [files, setFiles] = useState<Record<string, string> | null>(null);
  const cfg = edited ?? loaded.data?.config ?? null;
  const change = (c: GenConfig) => {
    setEdited(c);
    setFiles(null);
  };
  const fail = (e: unknown) => void message.error(e instanceof HttpError ? e.message : t('http.systemError'));
  const preview = async () => {
    try {
      setFiles(await callData(MiscApi.endpoints.genPreview, { body: { config: cfg! } }));
    } catch (e) {
      fail(e);
    }
  };
  const downloadZip = () => call(MiscApi.endpoints.genDownload, { body: { config: cfg! } }).then((res) => saveResponse(res, `${cfg!.name}.zip`)).catch(fail);
  const tabs = useMemo(
    () =>
      Object.entries(files ?? {}).map(([path, content]) => ({
        key: path,
        label: path.split('/').pop(),
        children: (
          <pre data-testid="gen-preview" style={{ maxHeight: 480, overflow: 'auto', background: 'rgba(0,0,0,0.04)', padding: 12, fontSize: 12 }}>
            <Typography.Text type="secondary">{path}</Typography.Text>
            {'\n\n'}
            {content}
          </pre>
        ),
      })),
    [files],
  );
  if (!cfg) return <Card loading={loaded.isLoading}>{loaded.isError ? <Empty /> : null}</Card>;
  const head = (key: 'name' | 'label' | 'labelEn' | 'module' | 'labelField', w = 160) => (
    <Space direction="vertical" size={2}>
      <Typography.Text type="secondary">{t(`gen.${key}`)}</Typography.Text>
      <Input value={cfg[key]} style={{ width: w }} onChange={(e) => change({ ...cfg, [key]: e.target.value })} data-testid={`gen-${key}`} />
    </Space>
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={`${t('gen.configTitle')}: ${table}`}
        extra={
          <Space>
            <Button onClick={onBack}>{t('gen.back')}</Button>
            {can('tool:gen:code') && (
              <>
                <Button onClick={preview} data-testid="gen-preview-btn">
                  {t('gen.preview')}
                </Button>
                <Button type="primary" onClick={downloadZip} data-testid="gen-download-btn">
                  {t('gen.download')}
                </Button>
              </>
            )}
          </Space>
        }
      >
        <Space wrap size="large" align="end">
          {head('name')}
          {head('label')}
          {head('labelEn')}
          {head('module', 120)}
          {head('labelField', 120)}
          {(['status', 'effect', 'export', 'import'] as const).map((f) => (
            <Checkbox key={f} checked={cfg.features[f]} onChange={(e) => change({ ...cfg, features: { ...cfg.features, [f]: e.target.checked } })}>
              {t(`gen.feature.${f}`)}
            </Checkbox>
          ))}
        </Space>
      </Card>
      <Card title={t('gen.columnsTitle')}>
        <ColumnsEditor cfg={cfg} onChange={change} />
      </Card>
      {files && (
        <Card title={t('gen.previewTitle')}>
          <Tabs items={tabs} />
        </Card>
      )}
    </Space>
  );
}

export default function GenPage() {
  const [table, setTable] = useState<string | null>(null);
  return <div data-testid="gen-page">{table ? <Configurator key={table} table={table} onBack={() => setTable(null)} /> : <TablePicker onPick={setTable} />}</div>;
}
