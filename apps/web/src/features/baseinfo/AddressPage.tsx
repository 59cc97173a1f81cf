/**
 * Addresses: the generic list; the add / edit form picks province → city → area with the district
 * cascader (it fills the province, city and area fields, which stay editable) and longitude and
 * latitude on the map.
 */
import { useTranslation } from 'react-i18next';
import { Form, type FormInstance } from 'antd';
import { resourceByName } from '@tms/domain';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';
import type { FormExtension } from '../../platform/resource/ResourceForm.tsx';
import { pointPickerExtension } from './point-form.tsx';
import { withAddressSearch } from '../../platform/geocoder/AddressSearch.tsx';
import { DistrictNameCascader } from '../system/district/DistrictCascader.tsx';

const address = resourceByName.get('address')!;

/** The district path [province, city, area] of the form: the leading names that are set. */
export function districtPath(province: unknown, city: unknown, area: unknown): string[] {
  const out: string[] = [];
  for (const v of [province, city, area]) {
    if (typeof v !== 'string' || !v.trim()) break;
    out.push(v);
  }
  return out;
}

/** The province field's widget: the cascader shows the form's province / city / area and sets all three. */
function DistrictFields({ form, id, value, onChange }: { form: FormInstance; id?: string; value?: string | null; onChange?: (v: string | null) => void }) {
  const { t } = useTranslation();
  const city = Form.useWatch('city', form) as unknown;
  const area = Form.useWatch('area', form) as unknown;
  return (
    <DistrictNameCascader
      id={id}
      testId="address-district"
      value={districtPath(value, city, area)}
      placeholder={t('baseinfo.address.districtPlaceholder')}
      onChange={(names) => {
        onChange?.(names[0] ?? null);
        form.setFieldsValue({ city: names[1] ?? null, area: names[2] ?? null });
      }}
    />
  );
}

// the address search (when a geocoder is configured) fills the coordinates and the address parts it knows
const addressForm: FormExtension = {
  ...withAddressSearch(pointPickerExtension, {
    parts: { address1: 'label', province: 'province', city: 'city', area: 'area', street: 'street', houseNumber: 'houseNumber', postcode: 'postcode' },
  }),
  widgets: { province: ({ form }) => <DistrictFields form={form} /> },
};

export default function AddressPage() {
  return <ResourceTable resource={address} syncUrl form={addressForm} />;
}
