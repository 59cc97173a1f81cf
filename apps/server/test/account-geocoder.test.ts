/** Address search through the configured geocoder (off by default; Nominatim and GeoJSON answers). */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGeocoderAnswer } from '../src/modules/geo/routes.ts';
import { ADMIN, createUser, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let geocoder: Server;
let base = '';
let status = 200;
const asked: string[] = [];

const NOMINATIM = [
  {
    display_name: '上海市浦东新区世纪大道 100 号',
    lat: '31.2397',
    lon: '121.4998',
    address: { house_number: '100', road: '世纪大道', city_district: '浦东新区', city: '上海市', state: '上海市', postcode: '200120' },
  },
  { display_name: 'no point' },
];

beforeAll(async () => {
  geocoder = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(NOMINATIM));
  });
  await new Promise<void>((r) => geocoder.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(geocoder.address() as { port: number }).port}`;
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => geocoder?.close(r));
});

describe('address search', () => {
  it('is off until configured; then answers hits with their points and address parts', async () => {
    const u = await createUser(s.db);
    const token = await s.login(u.userName, u.password);
    expect((await s.api('GET', '/api/geo/config', { token })).json.data).toEqual({ enabled: false });
    expect((await s.api('GET', '/api/geo/search', { token, query: { q: '世纪大道' } })).json.data).toEqual([]);
    expect((await s.api('GET', '/api/geo/search', { query: { q: '世纪大道' } })).status).toBe(401);

    await s.db.query(`update sys_config set config_value = $1 where config_key = 'sys.map.geocoderUrl'`, [`${base}/search?format=jsonv2&q={q}`]);
    expect((await s.api('GET', '/api/geo/config', { token })).json.data).toEqual({ enabled: true });
    const r = await s.api('GET', '/api/geo/search', { token, query: { q: '世纪大道 100' } });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual([
      { label: '上海市浦东新区世纪大道 100 号', lng: 121.4998, lat: 31.2397, province: '上海市', city: '上海市', area: '浦东新区', street: '世纪大道', houseNumber: '100', postcode: '200120' },
    ]);
    expect(asked.at(-1)).toBe(`/search?format=jsonv2&q=${encodeURIComponent('世纪大道 100')}`);
    expect((await s.api('GET', '/api/geo/search', { token, query: { q: 'x' } })).status).toBe(400);
    status = 500;
    expect((await s.api('GET', '/api/geo/search', { token, query: { q: '世纪大道' } })).status).toBe(502);
    status = 200;
    await s.login(ADMIN.user, ADMIN.password);
  });

  it('reads GeoJSON feature collections (Photon, Pelias)', () => {
    const hits = readGeocoderAnswer({
      type: 'FeatureCollection',
      features: [{ geometry: { type: 'Point', coordinates: [116.39, 39.9] }, properties: { name: '天安门', city: '北京市', state: '北京市', postcode: '100000' } }],
    });
    expect(hits).toEqual([{ label: '天安门, 北京市, 北京市', lng: 116.39, lat: 39.9, province: '北京市', city: '北京市', area: null, street: null, houseNumber: null, postcode: '100000' }]);
  });
});
