/** The dispatch-center selector: switching calls the server and reloads the page (spec §4). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, Space, Tag, Tooltip } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { SessionApi } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { useDispatchCenters } from '../../platform/queries.ts';

export function DispatchCenterSelect() {
  const { t } = useTranslation();
  const { data, isLoading } = useDispatchCenters();
  const [switching, setSwitching] = useState(false);
  const current = data?.find((d) => d.current)?.id;
  if (!isLoading && !data?.length) return null;
  return (
    <Tooltip title={t('header.dispatchCenter')} placement="bottom">
      <Select
        data-testid="dispatch-center-select"
        aria-label={t('header.dispatchCenter')}
        size="small"
        variant="borderless"
        style={{ minWidth: 150 }}
        loading={isLoading || switching}
        disabled={switching}
        value={current}
        popupMatchSelectWidth={false}
        prefix={<ApartmentOutlined />}
        options={(data ?? []).map((d) => ({
          value: d.id,
          label: (
            <Space size={4}>
              <span>{d.name}</span>
              {d.isDefault === '1' && (
                <Tag color="blue" bordered={false} style={{ marginInlineEnd: 0 }}>
                  {t('header.defaultCenter')}
                </Tag>
              )}
            </Space>
          ),
        }))}
        onChange={async (id: number) => {
          if (id === current) return;
          setSwitching(true);
          try {
            await callData(SessionApi.endpoints.switchDispatchCenter, { query: { dispatchCenterId: id } });
            window.location.reload();
          } catch {
            setSwitching(false);
          }
        }}
      />
    </Tooltip>
  );
}
