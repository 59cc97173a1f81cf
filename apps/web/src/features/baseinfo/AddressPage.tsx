/** Addresses: the generic list; the add / edit form picks longitude and latitude on the map. */
import { resourceByName } from '@tms/domain';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';
import { pointPickerExtension } from './point-form.tsx';
import { withAddressSearch } from '../../platform/geocoder/AddressSearch.tsx';

const address = resourceByName.get('address')!;
// the address search (when a geocoder is configured) fills the coordinates and the address parts it knows
const addressForm = withAddressSearch(pointPickerExtension, {
  parts: { address1: 'label', province: 'province', city: 'city', area: 'area', street: 'street', houseNumber: 'houseNumber', postcode: 'postcode' },
});

export default function AddressPage() {
  return <ResourceTable resource={address} syncUrl form={addressForm} />;
}
