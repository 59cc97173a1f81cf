/** Detail drawer of a record: every detail field, formatted (dictionary labels, dates in the user's style, yes / no, units). */
import { Drawer } from 'antd';
import { ProDescriptions, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import { allFields, inDetail, type ResourceDef } from '@tms/domain';
import { displayValue, fieldLabel, resourceTitle, type Row } from './columns.ts';
import { useResourceContext } from './context.ts';
import { dataLang } from '../DataText.tsx';

export interface ResourceDetailProps {
  resource: ResourceDef;
  /** the record shown; null closes the drawer */
  record: Row | null;
  onClose: () => void;
}

export default function ResourceDetail({ resource: def, record, onClose }: ResourceDetailProps) {
  const ctx = useResourceContext();
  const all = allFields(def).filter((f) => inDetail(f) && f.name !== 'version');
  // long texts last, over the full width
  const isLong = (k: string) => k === 'text' || k === 'json';
  const fields = [...all.filter((f) => !isLong(f.kind)), ...all.filter((f) => isLong(f.kind))];
  const columns: ProDescriptionsItemProps<Row>[] = fields.map((f) => ({
    title: fieldLabel(ctx.t, def, f.name),
    dataIndex: f.name,
    key: f.name,
    span: isLong(f.kind) ? 2 : 1,
    render: (_dom, row) => {
      const text = displayValue(f, row[f.name], ctx, row);
      return text === '' ? '-' : <span lang={dataLang(text, ctx.lang)} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</span>;
    },
  }));
  return (
    <Drawer
      title={ctx.t('resource.detailTitle', { name: resourceTitle(ctx.t, def) })}
      open={record !== null}
      onClose={onClose}
      width={640}
      rootClassName="tms-resource-detail"
      destroyOnHidden
    >
      {record && (
        // the drawer scrolls when a record is long (a log's parameters), and nothing in it takes the focus: the content
        // does, so the keyboard scrolls it (WCAG 2.1.1)
        <div tabIndex={0} role="region" aria-label={ctx.t('resource.detailTitle', { name: resourceTitle(ctx.t, def) })}>
          <ProDescriptions<Row> column={2} bordered size="small" dataSource={record} columns={columns} />
        </div>
      )}
    </Drawer>
  );
}
