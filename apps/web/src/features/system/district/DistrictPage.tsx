/** Districts: browse province → city → area with a lazy cascader; the list shows the children of the chosen node. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Cascader, Space, Typography } from 'antd';
import { resourceByName } from '@tms/domain';
import { get } from '../../../platform/http.ts';
import ResourceTable from '../../../platform/resource/ResourceTable.tsx';

const def = resourceByName.get('district')!;

interface DistrictNode {
  id: number;
  name: string;
  depth: number;
  hasChildren: boolean;
}

export interface CascaderOption {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: CascaderOption[];
}

const toOption = (d: DistrictNode): CascaderOption => ({ value: d.id, label: d.name, isLeaf: !d.hasChildren });

/** The province → city → area cascader, loading each level on demand (usable by address forms). */
export function DistrictCascader({ value, onChange, placeholder }: { value?: number[]; onChange?: (v: number[]) => void; placeholder?: string }) {
  const [options, setOptions] = useState<CascaderOption[] | null>(null);
  useEffect(() => {
    void get<DistrictNode[]>('/system/districts/children', { parentId: 0 }).then((r) => setOptions(r.map(toOption)));
  }, []);
  return (
    <Cascader<CascaderOption>
      data-testid="district-cascader"
      style={{ width: 360 }}
      options={options ?? []}
      value={value}
      placeholder={placeholder}
      changeOnSelect
      allowClear
      onChange={(v) => onChange?.(((v ?? []) as (string | number)[]).map(Number))}
      loadData={async (path) => {
        const target = path[path.length - 1]!;
        const r = await get<DistrictNode[]>('/system/districts/children', { parentId: target.value });
        target.children = r.map(toOption);
        if (!r.length) target.isLeaf = true;
        setOptions((o) => [...(o ?? [])]);
      }}
    />
  );
}

export default function DistrictPage() {
  const { t } = useTranslation();
  const [path, setPath] = useState<number[]>([]);
  const parent = path[path.length - 1] ?? 0;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Typography.Text>{t('system.district.browse')}</Typography.Text>
          <DistrictCascader value={path} onChange={setPath} placeholder={t('system.district.allProvinces')} />
          <Typography.Text type="secondary">{t('system.district.hint')}</Typography.Text>
        </Space>
      </Card>
      <ResourceTable key={parent} resource={def} fixed={{ parentId: parent }} />
    </Space>
  );
}
