/** Zones: the generic list, plus the map editor of each zone's polygon or circle (loaded on first use). */
import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '@tms/domain';
import { useCan } from '../../platform/queries.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';

const zone = resourceByName.get('zone')!;
const ZoneShapeModal = lazy(() => import('./ZoneShapeModal.tsx'));

export default function ZonePage() {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState<number | null>(null);
  const table = useRef<TableApi | null>(null);
  const rowActions = useCallback(
    (row: Row, api: TableApi) => {
      table.current = api;
      return can('baseinfo:zone:edit')
        ? [
            <LinkButton dialog key="shape" data-testid="zone-shape-link" onClick={() => setOpen(Number(row.id))}>
              {t('baseinfo.zone.editShape')}
            </LinkButton>,
          ]
        : [];
    },
    [t, can],
  );
  return (
    <>
      <ResourceTable resource={zone} syncUrl rowActions={rowActions} />
      {open !== null && (
        <Suspense fallback={null}>
          <ZoneShapeModal id={open} onClose={() => setOpen(null)} onSaved={() => table.current?.reload()} />
        </Suspense>
      )}
    </>
  );
}
