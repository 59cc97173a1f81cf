/** Form widget of a 'ref' field: a read-only box showing the referenced record's label, and a button opening its SelectModal. */
import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { CloseCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { resourceByName } from '@tms/domain';
import { resourceCalls } from '../resource-calls.ts';
import type { Row } from './columns.ts';
import { useResourceContext } from './context.ts';
import SelectModal from './SelectModal.tsx';

export interface RefInputProps {
  /** name of the referenced resource */
  refName: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  disabled?: boolean;
  /** fixed filters of the selection list (e.g. only the vehicles of one carrier) */
  filters?: Record<string, string | number>;
}

export default function RefInput({ refName, value, onChange, disabled, filters }: RefInputProps) {
  const { t } = useResourceContext();
  const def = resourceByName.get(refName);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Row | null>(null);
  const hasValue = value !== undefined && value !== null;
  const known = picked && picked.id === value ? picked : null;
  const { data } = useQuery({
    queryKey: ['ref', refName, value],
    queryFn: (): Promise<Row> => resourceCalls(def!).get(value!, { silent: true }),
    enabled: !!def && hasValue && !known,
    staleTime: 60_000,
  });
  const row = known ?? data ?? null;
  const label = hasValue ? (row && def ? String(row[def.labelField] ?? value) : String(value)) : '';
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={label}
          placeholder={t('resource.refPlaceholder')}
          disabled={disabled}
          onClick={() => !disabled && def && setOpen(true)}
          suffix={
            hasValue && !disabled ? (
              <CloseCircleOutlined aria-label={t('resource.clear')} style={{ color: 'rgba(0,0,0,.25)' }} onClick={(e) => (e.stopPropagation(), onChange?.(null))} />
            ) : null
          }
        />
        {/* opens the pick list of the referenced resource (a dialog: a screen reader says so; the accessibility sweep opens it) */}
        <Button icon={<SearchOutlined />} disabled={disabled || !def} onClick={() => setOpen(true)} aria-haspopup="dialog" data-dialog="select" data-dialog-key={refName}>
          {t('resource.select')}
        </Button>
      </Space.Compact>
      {def && (
        <SelectModal
          resource={def}
          open={open}
          filters={filters}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            const r = rows[0];
            setOpen(false);
            if (r) {
              setPicked(r);
              onChange?.(r.id);
            }
          }}
        />
      )}
    </>
  );
}
