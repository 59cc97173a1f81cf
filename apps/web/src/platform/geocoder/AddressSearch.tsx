/**
 * Address autocomplete (spec §9 maps plugins: autocomplete) through the geocoder configured on the server
 * (config `sys.map.geocoderUrl`; GET /geo/search). Nothing shows while no geocoder is configured.
 * `withAddressSearch` adds it to a resource form: a picked hit fills the form's coordinates (and, when
 * asked, its address parts), next to the map point picker of the same form.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete, Col, Form, Spin, type FormInstance } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MiscApi, type GeoHit } from '@tms/domain';
import { callData } from '../api.ts';
import type { FormExtension } from '../resource/ResourceForm.tsx';

const DEBOUNCE_MS = 400;

export function useGeocoderEnabled(): boolean {
  const q = useQuery({ queryKey: ['geoConfig'], queryFn: () => callData(MiscApi.endpoints.geoConfig, {}, { silent: true }), staleTime: 10 * 60_000 });
  return q.data?.enabled === true;
}

function useDebounced(v: string): string {
  const [d, setD] = useState(v);
  useEffect(() => {
    const timer = setTimeout(() => setD(v), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [v]);
  return d;
}

export function AddressSearch({ onPick }: { onPick: (hit: GeoHit) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const search = useQuery({
    queryKey: ['geoSearch', q],
    queryFn: () => callData(MiscApi.endpoints.geoSearch, { query: { q } }, { silent: true }),
    enabled: q.length >= 2,
    staleTime: 5 * 60_000,
  });
  const hits = q.length >= 2 ? (search.data ?? []) : [];
  const empty = search.isFetching ? <Spin size="small" /> : search.isError ? t('geocoder.failed') : q.length >= 2 ? t('geocoder.none') : null;
  return (
    <AutoComplete
      value={text}
      onChange={setText}
      options={hits.map((h, i) => ({ value: String(i), label: h.label }))}
      onSelect={(i: string) => {
        const hit = hits[Number(i)];
        if (!hit) return;
        setText(hit.label);
        onPick(hit);
      }}
      notFoundContent={empty}
      placeholder={t('geocoder.placeholder')}
      allowClear
      style={{ width: '100%' }}
      data-testid="address-search"
    />
  );
}

/** Form values a hit fills in: always the coordinates, plus the parts named in `parts` (form field → hit part). */
export type HitParts = Partial<Record<string, keyof GeoHit>>;

function FormAddressSearch({ form, parts, lngField, latField }: { form: FormInstance; parts: HitParts; lngField: string; latField: string }) {
  const { t } = useTranslation();
  const enabled = useGeocoderEnabled();
  if (!enabled) return null;
  return (
    <Col span={24}>
      <Form.Item
        label={
          <span>
            <EnvironmentOutlined /> {t('geocoder.label')}
          </span>
        }
      >
        <AddressSearch
          onPick={(hit) => {
            const values: Record<string, unknown> = { [lngField]: hit.lng, [latField]: hit.lat };
            for (const [field, part] of Object.entries(parts)) {
              const v = part ? hit[part] : null;
              // parts the geocoder did not return leave the field as it is; text fields keep their limits
              if (v !== null && v !== undefined && v !== '') values[field] = typeof v === 'string' ? v.slice(0, 100) : v;
            }
            form.setFieldsValue(values);
            void form.validateFields(Object.keys(values)).catch(() => undefined);
          }}
        />
      </Form.Item>
    </Col>
  );
}

/** `ext` with the address search before its own extra content. */
export function withAddressSearch(ext: FormExtension, opts: { parts?: HitParts; lngField?: string; latField?: string } = {}): FormExtension {
  return {
    ...ext,
    extra: (ctx) => (
      <>
        <FormAddressSearch key="address-search" form={ctx.form} parts={opts.parts ?? {}} lngField={opts.lngField ?? 'longitude'} latField={opts.latField ?? 'latitude'} />
        {ext.extra?.(ctx)}
      </>
    ),
  };
}
