/**
 * The province → city → area cascaders over the districts (GET /system/districts/children?parentId=):
 * each level is loaded when it is opened. `DistrictCascader` picks district ids (the districts screen);
 * `DistrictNameCascader` picks district names (address forms, which store province, city and area
 * by name) and loads the levels of a saved path, so an edited record opens on its own province, city and area.
 */
import { useEffect, useRef, useState } from 'react';
import { Cascader } from 'antd';
import { SystemApi } from '@tms/domain';
import { callData, type DataOf } from '../../../platform/api.ts';

export type DistrictNode = DataOf<typeof SystemApi.endpoints.districtChildren>[number];

const children = (parentId: number) => callData(SystemApi.endpoints.districtChildren, { query: { parentId } });

export interface CascaderOption {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: CascaderOption[];
}

const toOption = (d: DistrictNode): CascaderOption => ({ value: d.id, label: d.name, isLeaf: !d.hasChildren });

/** Picks a district path by ids (changeOnSelect: a province or a city alone is a valid pick). */
export function DistrictCascader({ id, value, onChange, placeholder }: { id?: string; value?: number[]; onChange?: (v: number[]) => void; placeholder?: string }) {
  const [options, setOptions] = useState<CascaderOption[] | null>(null);
  useEffect(() => {
    void children(0).then((r) => setOptions(r.map(toOption)));
  }, []);
  return (
    <Cascader<CascaderOption>
      id={id}
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
        const r = await children(target.value);
        target.children = r.map(toOption);
        if (!r.length) target.isLeaf = true;
        setOptions((o) => [...(o ?? [])]);
      }}
    />
  );
}

interface NameOption {
  value: string;
  label: string;
  id: number;
  isLeaf: boolean;
  children?: NameOption[];
}

const toNameOption = (d: DistrictNode): NameOption => ({ value: d.name, label: d.name, id: d.id, isLeaf: !d.hasChildren });

/** Loads a level once: the saved path's loading and the user opening the same level share one request. */
const inFlight = new WeakMap<NameOption, Promise<void>>();
function loadChildren(o: NameOption): Promise<void> {
  if (o.children) return Promise.resolve();
  let p = inFlight.get(o);
  if (!p) {
    p = children(o.id)
      .then((r) => {
        o.children = r.map(toNameOption);
        if (!r.length) o.isLeaf = true;
      })
      .finally(() => inFlight.delete(o));
    inFlight.set(o, p);
  }
  return p;
}

/**
 * Picks a district path by names ([province, city, area]). A saved path whose names are districts opens
 * with its levels loaded; one that is not (typed or filled by the geocoder) still shows as it is.
 */
export function DistrictNameCascader({
  id,
  value,
  onChange,
  placeholder,
  testId = 'district-name-cascader',
}: {
  /** the form item's field id, so its label names the cascader */
  id?: string;
  value?: string[];
  onChange?: (names: string[]) => void;
  placeholder?: string;
  testId?: string;
}) {
  const tree = useRef<NameOption[] | null>(null);
  // a new array at each load: the cascader notices loaded levels (and ends their spinners) by the options' identity
  const [options, setOptions] = useState<NameOption[]>([]);
  const redraw = () => setOptions([...(tree.current ?? [])]);
  const pathKey = (value ?? []).join('\u0000');
  useEffect(() => {
    let live = true;
    void (async () => {
      tree.current ??= (await children(0)).map(toNameOption);
      // the levels the saved path passes through, each loaded once
      let level = tree.current;
      for (const name of value ?? []) {
        const hit = level.find((o) => o.value === name);
        if (!hit || hit.isLeaf) break;
        if (!hit.children) await loadChildren(hit);
        level = hit.children ?? [];
      }
      if (live) redraw();
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the path's names are the dependency
  }, [pathKey]);
  return (
    <Cascader<NameOption>
      id={id}
      data-testid={testId}
      style={{ width: '100%' }}
      options={options}
      value={value?.length ? value : undefined}
      placeholder={placeholder}
      changeOnSelect
      allowClear
      showSearch={false}
      onChange={(v) => onChange?.(((v ?? []) as (string | number)[]).map(String))}
      loadData={async (path) => {
        try {
          await loadChildren(path[path.length - 1]!);
        } finally {
          // new options either way: a loaded level ends its spinner; a failed one (its error already shown) can be opened again
          redraw();
        }
      }}
    />
  );
}
