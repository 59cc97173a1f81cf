/** One hit of the address search (GET /api/geo/search): a point and the address parts the geocoder knew. */
export interface GeoHit {
  label: string;
  lng: number;
  lat: number;
  province: string | null;
  city: string | null;
  area: string | null;
  street: string | null;
  houseNumber: string | null;
  postcode: string | null;
}
