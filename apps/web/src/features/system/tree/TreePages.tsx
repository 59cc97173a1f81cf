/** Menus and departments: tree tables (all expanded), the parent picked from a tree, "add child" per row. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName, type ResourceDef } from '@tms/domain';
import { useCan } from '../../../platform/queries.ts';
import ResourceTable from '../../../platform/resource/ResourceTable.tsx';
import type { FormExtension } from '../../../platform/resource/ResourceForm.tsx';
import type { Row } from '../../../platform/resource/columns.ts';
import { menuLabel, ParentTreeSelect } from '../common.tsx';
import { LinkButton } from '../../../platform/LinkButton.tsx';

function TreeResourcePage({ def, label, filter, childDefaults }: { def: ResourceDef; label: (r: Row) => string; filter?: (r: Row) => boolean; childDefaults?: (parent: Row) => Record<string, unknown> }) {
  const { t } = useTranslation();
  const can = useCan();
  const form = useMemo<FormExtension>(
    () => ({
      widgets: {
        parentId: ({ record }) => <ParentTreeSelect def={def} label={label} selfId={record?.id} filter={filter} />,
      },
    }),
    [def, label, filter],
  );
  return (
    <ResourceTable
      resource={def}
      syncUrl
      tree
      form={form}
      rowActions={(row, api) =>
        can(`${def.permission}:add`) && (!childDefaults || row.menuType !== 'F')
          ? [
              <LinkButton dialog="create" key="addChild" onClick={() => api.openForm(null, { parentId: row.id, ...childDefaults?.(row) })}>
                {t('system.addChild')}
              </LinkButton>,
            ]
          : []
      }
    />
  );
}

export function MenuPage() {
  const { t } = useTranslation();
  const label = useMemo(() => (r: Row) => menuLabel(t, r), [t]);
  // buttons cannot hold children
  const filter = useMemo(() => (r: Row) => r.menuType !== 'F', []);
  const childDefaults = useMemo(() => (p: Row) => ({ menuType: p.menuType === 'M' ? 'C' : 'F' }), []);
  return <TreeResourcePage def={resourceByName.get('menu')!} label={label} filter={filter} childDefaults={childDefaults} />;
}

export function DeptPage() {
  const label = useMemo(() => (r: Row) => String(r.deptName ?? r.id), []);
  return <TreeResourcePage def={resourceByName.get('dept')!} label={label} />;
}
