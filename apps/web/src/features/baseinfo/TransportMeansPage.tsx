/** Vehicles: the generic list, plus a row link to the vehicle's history (its own track with playback, issue 19). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resourceByName } from '@tms/domain';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';

const transportMeans = resourceByName.get('transportMeans')!;

export default function TransportMeansPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rowActions = useCallback(
    (row: Row) => [
      <LinkButton key="history" data-testid="vehicle-history-link" onClick={() => navigate(`/shipment/vehicleHistory?vehicle=${Number(row.id)}`)}>
        {t('shipment.trajectory.vehicleHistory')}
      </LinkButton>,
    ],
    [t, navigate],
  );
  return <ResourceTable resource={transportMeans} syncUrl rowActions={rowActions} />;
}
