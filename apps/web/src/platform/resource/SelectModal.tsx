/** Picks one or several records of a resource from its searchable, paged table (used by 'ref' fields and custom screens). */
import { useState } from 'react';
import { Modal } from 'antd';
import type { ResourceDef } from '@tms/domain';
import { resourceTitle, type Row } from './columns.ts';
import { useResourceContext } from './context.ts';
import ResourceTable from './ResourceTable.tsx';

export interface SelectModalProps {
  resource: ResourceDef;
  open: boolean;
  multiple?: boolean;
  /** fixed list filters (e.g. only the records of one client) */
  filters?: Record<string, string | number>;
  onOk: (rows: Row[]) => void;
  onCancel: () => void;
}

export default function SelectModal({ resource, open, multiple = false, filters, onOk, onCancel }: SelectModalProps) {
  const { t } = useResourceContext();
  const [rows, setRows] = useState<Row[]>([]);
  return (
    <Modal
      title={t('resource.selectTitle', { name: resourceTitle(t, resource) })}
      open={open}
      width={960}
      destroyOnHidden
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ disabled: rows.length === 0 }}
      onOk={() => onOk(rows)}
      onCancel={onCancel}
      afterClose={() => setRows([])}
    >
      <ResourceTable
        resource={resource}
        mode="select"
        multiple={multiple}
        fixed={filters}
        onSelectionChange={setRows}
        onPick={(row) => onOk([row])}
      />
    </Modal>
  );
}
