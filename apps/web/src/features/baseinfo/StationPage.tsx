/**
 * Stations: the generic list plus the station detail (spec §2 "Station detail"): a drawer with tabs for
 * the profile, site restrictions (station limits), delivery time windows, extra receiving windows and
 * the bound location, and the e-fence on the map. The add / edit form picks the station's point on the map. Each child tab is the generic list of its resource, fixed to the station.
 */
import { Suspense, lazy, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Drawer, Empty, Space, Spin, Tabs } from 'antd';
import { ProDescriptions, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { allFields, BaseinfoApi, inDetail, resourceByName, type ResourceDef } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { useCan } from '../../platform/queries.ts';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';
import { displayValue, fieldLabel, type Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { pointPickerExtension } from './point-form.tsx';
import { withAddressSearch } from '../../platform/geocoder/AddressSearch.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';
import { DataText } from '../../platform/DataText.tsx';

const StationFence = lazy(() => import('./StationFence.tsx'));

const station = resourceByName.get('station')!;
// the address search (when a geocoder is configured) fills the station's coordinates
const stationForm = withAddressSearch(pointPickerExtension);
const location = resourceByName.get('location')!;
const stationLimit = resourceByName.get('stationLimit')!;
const timeWindow = resourceByName.get('timeWindow')!;
const extraWindow = resourceByName.get('extraWindow')!;

/** Every detail field of a record, formatted like the generic detail drawer. */
function Profile({ def, record }: { def: ResourceDef; record: Row }) {
  const ctx = useResourceContext();
  const fields = allFields(def).filter((f) => inDetail(f) && f.name !== 'version' && f.kind !== 'json');
  const columns: ProDescriptionsItemProps<Row>[] = fields.map((f) => ({
    title: fieldLabel(ctx.t, def, f.name),
    dataIndex: f.name,
    key: f.name,
    span: f.kind === 'text' ? 2 : 1,
    render: (_dom, row) => displayValue(f, row[f.name], ctx, row) || '-',
  }));
  return <ProDescriptions<Row> column={2} bordered size="small" dataSource={record} columns={columns} />;
}

function StationDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const q = useQuery({ queryKey: ['stationDetail', id], queryFn: () => callData(BaseinfoApi.endpoints.stationDetail, { params: { id } }), staleTime: 0 });
  const d = q.data;
  const count = (n: number | undefined) => <Badge count={n ?? 0} showZero size="small" color="#8c8c8c" style={{ marginInlineStart: 4 }} />;
  const child = (def: ResourceDef) =>
    can(`${def.permission}:query`) ? <ResourceTable resource={def} fixed={{ stationId: id }} /> : <Empty description={t('messages.forbidden')} />;
  return (
    <Drawer
      open
      width={1000}
      destroyOnHidden
      onClose={onClose}
      title={<DataText k="baseinfo.station.detailTitle" data={{ name: d ? String(d.station.name) : '' }} />}
      data-testid="station-detail"
    >
      <Spin spinning={q.isLoading}>
        {d && (
          <Tabs
            // the counts follow changes made in the child tabs
            onChange={() => void q.refetch()}
            items={[
              { key: 'profile', label: t('baseinfo.station.tabs.profile'), children: <Profile def={station} record={d.station} /> },
              { key: 'limits', label: <Space size={0}>{t('baseinfo.station.tabs.limits')}{count(d.limits.length)}</Space>, children: child(stationLimit) },
              { key: 'timeWindows', label: <Space size={0}>{t('baseinfo.station.tabs.timeWindows')}{count(d.timeWindows.length)}</Space>, children: child(timeWindow) },
              { key: 'extraWindows', label: <Space size={0}>{t('baseinfo.station.tabs.extraWindows')}{count(d.extraWindows.length)}</Space>, children: child(extraWindow) },
              {
                key: 'fence',
                label: t('baseinfo.station.tabs.fence'),
                children: (
                  <Suspense fallback={<Spin />}>
                    {/* keyed by version: a saved fence starts again from the stored one */}
                    <StationFence key={String(d.station.version)} station={d.station} onSaved={() => void q.refetch()} />
                  </Suspense>
                ),
              },
              {
                key: 'location',
                label: t('baseinfo.station.tabs.location'),
                children: d.location ? <Profile def={location} record={d.location} /> : <Empty description={t('baseinfo.station.noLocation')} />,
              },
            ]}
          />
        )}
      </Spin>
    </Drawer>
  );
}

export default function StationPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const rowActions = useCallback(
    (row: Row) => [
      <LinkButton dialog key="detail" data-testid="station-detail-link" onClick={() => setOpen(Number(row.id))}>
        {t('baseinfo.station.detail')}
      </LinkButton>,
    ],
    [t],
  );
  return (
    <>
      <ResourceTable resource={station} syncUrl rowActions={rowActions} form={stationForm} />
      {open !== null && <StationDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
