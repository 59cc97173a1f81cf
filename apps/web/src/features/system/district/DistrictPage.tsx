/** Districts: browse province → city → area with a lazy cascader; the list shows the children of the chosen node. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Space, Typography } from 'antd';
import { resourceByName } from '@tms/domain';
import ResourceTable from '../../../platform/resource/ResourceTable.tsx';
import { DistrictCascader } from './DistrictCascader.tsx';

const def = resourceByName.get('district')!;

export default function DistrictPage() {
  const { t } = useTranslation();
  const [path, setPath] = useState<number[]>([]);
  const parent = path[path.length - 1] ?? 0;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          {/* the cascader's label (its name for assistive technology, WCAG 4.1.2) */}
          <label htmlFor="district-browse">{t('system.district.browse')}</label>
          <DistrictCascader id="district-browse" value={path} onChange={setPath} placeholder={t('system.district.allProvinces')} />
          <Typography.Text type="secondary">{t('system.district.hint')}</Typography.Text>
        </Space>
      </Card>
      <ResourceTable key={parent} resource={def} fixed={{ parentId: parent }} />
    </Space>
  );
}
