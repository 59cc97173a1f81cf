/** A parent row's child records (dict type → dict data): the child's list filtered by the foreign key, which its form prefills and hides. */
import { Modal } from 'antd';
import type { ResourceDef } from '@tms/domain';
import { resourceTitle, type Row } from './columns.ts';
import { useResourceContext } from './context.ts';
import ResourceTable from './ResourceTable.tsx';
import { DataText } from '../DataText.tsx';

export interface ChildModalProps {
  resource: ResourceDef;
  parentResource: ResourceDef;
  parent: Row;
  foreignKey: string;
  value: string | number;
  onClose: () => void;
}

export default function ChildModal({ resource, parentResource, parent, foreignKey, value, onClose }: ChildModalProps) {
  const { t } = useResourceContext();
  const parentLabel = String(parent[parentResource.labelField] ?? value);
  return (
    <Modal
      open
      title={<DataText k="resource.childOf" values={{ child: resourceTitle(t, resource) }} data={{ parent: `${parentLabel} (${value})` }} />}
      width={1100}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      styles={{ body: { paddingTop: 8 } }}
    >
      <ResourceTable resource={resource} fixed={{ [foreignKey]: value }} headerTitle={null} />
    </Modal>
  );
}
