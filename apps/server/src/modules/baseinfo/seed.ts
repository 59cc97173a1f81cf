/** Demo master data, seeded once: clients, carriers, vehicles, drivers, items, zones, stations, routes, templates, alert rules. */
import type { Queryable } from '../../platform/db.ts';
import { hashPassword } from '../../platform/auth.ts';
import { DEFAULT_TILE_ATTRIBUTION } from './map-routes.ts';
import { STATEMENT_TEMPLATE } from '../finance/settlement-pdf.ts';

type Once = (q: Queryable, key: string, fn: () => Promise<void>) => Promise<void>;
type Values = Record<string, unknown>;

async function ins(q: Queryable, table: string, v: Values): Promise<number> {
  const cols = Object.keys(v);
  const r = await q.query<{ id: number }>(
    `insert into ${table} (${cols.join(',')}, create_by) values (${cols.map((_, i) => `$${i + 1}`).join(',')}, 'system') returning id`,
    cols.map((c) => v[c]),
  );
  return r.rows[0]!.id;
}

// mustache placeholders: {{field}}, and {{#lines}}…{{/lines}} repeats its block per line (see PRINT_SAMPLES)
const LINES = `
  <table style="width:100%;border-collapse:collapse;margin-top:12px" border="1" cellpadding="6">
    <tr><th>行号</th><th>物料编码</th><th>物料名称</th><th>数量</th><th>重量(kg)</th></tr>
    {{#lines}}<tr><td>{{index}}</td><td>{{itemCode}}</td><td>{{itemName}}</td><td>{{quantity}}</td><td>{{weight}}</td></tr>{{/lines}}
  </table>`;
/** The waybill's public tracking link and its QR code (issue 17, portal/print-links.ts): the consignee scans it. */
const TRACKING = `
  <div style="margin-top:12px;display:flex;align-items:center;gap:12px">
    <img src="{{trackingQr}}" alt="运单跟踪二维码" width="120" height="120">
    <p style="word-break:break-all">扫码或打开链接查看运输状态：<br>{{trackingUrl}}</p>
  </div>`;
const TEMPLATE = (title: string, rows: [string, string][], withLines: boolean, tracking = false) =>
  `<div style="font-family:sans-serif;padding:16px">
  <h2 style="text-align:center">${title}</h2>
  <table style="width:100%;border-collapse:collapse" border="1" cellpadding="6">
${rows.map(([label, ph]) => `    <tr><th style="width:30%;text-align:left">${label}</th><td>{{${ph}}}</td></tr>`).join('\n')}
  </table>${withLines ? LINES : ''}${tracking ? TRACKING : ''}
  <p style="text-align:right">打印时间：{{printTime}}</p>
</div>`;
const WAYBILL_ROWS: [string, string][] = [['运单号', 'code'], ['货主', 'clientName'], ['发货站点', 'sourceStation'], ['收货站点', 'destStation'], ['件数', 'quantity'], ['重量(kg)', 'weight']];
const OLD_WAYBILL_ROWS: [string, string][] = [['运单号', 'code'], ['发货站点', 'sourceStation'], ['收货站点', 'destStation'], ['件数', 'quantity'], ['重量(kg)', 'weight']];

export async function seedBaseinfo(q: Queryable, once: Once): Promise<void> {
  await once(q, 'baseinfo-demo', async () => {
    const eff = { effective: true };
    const zones: Record<string, number> = {};
    for (const [code, name] of [['SH', '上海'], ['SZ', '苏州'], ['HZ', '杭州'], ['NJ', '南京']]) zones[code] = await ins(q, 'base_zone', { code, name, ...eff });

    const clients: number[] = [];
    for (const [code, short, name, industry, contact, mobile, address] of [
      ['C001', 'XF', '鲜丰食品有限公司', '食品', '陈静', '13816881001', '上海市嘉定区安亭镇墨玉路 88 号'],
      ['C002', 'SH', '苏禾日化有限公司', '日化', '刘洋', '13962101002', '苏州市工业园区星湖街 218 号'],
      ['C003', 'HW', '杭味餐饮管理有限公司', '餐饮', '周敏', '13705711003', '杭州市萧山区市心北路 99 号'],
    ])
      clients.push(await ins(q, 'base_client', { code, short_code: short, name, industry_category: industry, contact, mobile, address, ...eff }));

    const carriers: number[] = [];
    for (const [code, name, own, contact, mobile] of [
      ['CR001', '顺达物流', false, '孙涛', '13901000001'],
      ['CR002', '远航运输', false, '吴刚', '13901000002'],
      ['CR003', '自营车队', true, '郑凯', '13901000003'],
    ] as const)
      carriers.push(await ins(q, 'base_carrier', { code, name, is_own: own, contact, mobile, ...eff }));
    for (const [i, c] of carriers.entries())
      await ins(q, 'base_carrier_licence', { carrier_id: c, licence_type: 'ROAD_TRANSPORT', licence_number: `沪交运管许可字31000${i + 1}`, valid_from: '2024-01-01', valid_to: '2027-12-31' });
    await ins(q, 'base_licence', { code: 'ROAD', name: '道路运输经营许可证', licence_type: 'ROAD_TRANSPORT' });
    await ins(q, 'base_licence', { code: 'BIZ', name: '营业执照', licence_type: 'BUSINESS' });

    const types: number[] = [];
    for (const [carrier, code, name, layer, load, volume] of [
      [0, 'VT-42', '4.2 米厢式货车', 'NORMAL', 2000, 16],
      [1, 'VT-96C', '9.6 米冷藏车', 'COLD', 12000, 55],
      [2, 'VT-76', '7.6 米厢式货车', 'NORMAL', 8000, 40],
    ] as const)
      types.push(await ins(q, 'base_transport_means_type', { carrier_id: carriers[carrier], code, name, temperature_layer: layer, rated_load: load, rated_volume: volume, ...eff }));

    const pw = await hashPassword('driver123');
    const drivers: number[] = [];
    for (const [carrier, code, name, mobile, login] of [
      [0, 'D001', '张伟', '13800138000', 'zhangwei'],
      [1, 'D002', '李强', '13900139000', 'liqiang'],
      [2, 'D003', '王芳', '13700137000', 'wangfang'],
      [0, 'D004', '赵磊', '13600136000', 'zhaolei'],
    ] as const)
      drivers.push(await ins(q, 'base_driver', { carrier_id: carriers[carrier], code, name, mobile, licence_type: 'A2', login_name: login, password_hash: pw, ...eff }));
    for (const [carrier, driver, type, code, plate, own] of [
      [0, 0, 0, 'V001', '沪A12345', false],
      [1, 1, 1, 'V002', '沪B67890', false],
      [2, 2, 2, 'V003', '苏E54321', true],
      [0, 3, 0, 'V004', '浙A88888', false],
    ] as const)
      await ins(q, 'base_transport_means', { carrier_id: carriers[carrier], driver_id: drivers[driver], type_id: types[type], code, plate_number: plate, platform_source: 'MANUAL', lock_flag: false, own_flag: own, brand: '东风', ...eff });

    const items: [number, string, string, string, number, number][] = [
      [0, 'I-XF-001', '冷鲜猪肉 5kg 装', 'COLD', 5.2, 0.012],
      [0, 'I-XF-002', '速冻水饺 1kg', 'FROZEN', 1.05, 0.003],
      [1, 'I-SH-001', '洗衣液 2L', 'NORMAL', 2.2, 0.0025],
      [1, 'I-SH-002', '洗发水 750ml', 'NORMAL', 0.85, 0.001],
      [2, 'I-HW-001', '调味酱料 10kg', 'NORMAL', 10.3, 0.015],
      [2, 'I-HW-002', '冷冻牛排 2kg', 'FROZEN', 2.1, 0.004],
    ];
    for (const [c, code, name, layer, weight, volume] of items)
      await ins(q, 'base_item', { client_id: clients[c], code, name, temperature_layer: layer, weight, volume, operation_unit: '箱', unit_levels: 2, box_factor: 12, pallet_factor: 480, ...eff });

    const locations: Record<string, number> = {};
    for (const [code, name, type, address, zone] of [
      ['L-SH-JD', '上海嘉定仓', 'WAREHOUSE', '上海市嘉定区安亭镇墨玉路 88 号', 'SH'],
      ['L-SH-PD', '上海浦东仓', 'WAREHOUSE', '上海市浦东新区航头镇航都路 18 号', 'SH'],
      ['L-SZ-GY', '苏州园区中转场', 'HUB', '苏州市工业园区星湖街 218 号', 'SZ'],
      ['L-HZ-XS', '杭州萧山仓', 'WAREHOUSE', '杭州市萧山区市心北路 99 号', 'HZ'],
    ])
      locations[code] = await ins(q, 'base_location', { code, name, type, address, zone_id: zones[zone], ...eff });

    const stations: number[] = [];
    for (const [code, name, client, loc, type, lng, lat, fence, inCity] of [
      ['S-SH-01', '上海嘉定配送站', 0, 'L-SH-JD', 'PICKUP', 121.1669, 31.2958, 1.5, true],
      ['S-SH-02', '上海浦东门店', 0, 'L-SH-PD', 'DELIVERY', 121.5447, 31.2304, 0.8, true],
      ['S-SZ-01', '苏州工业园区站', 1, 'L-SZ-GY', 'BOTH', 120.7202, 31.3194, 1.2, true],
      ['S-SZ-02', '昆山花桥站', 1, null, 'DELIVERY', 121.0944, 31.3113, 1.0, false],
      ['S-HZ-01', '杭州萧山站', 2, 'L-HZ-XS', 'DELIVERY', 120.2646, 30.1847, 1.0, true],
      ['S-HZ-02', '杭州余杭门店', 2, null, 'DELIVERY', 120.2999, 30.4187, 0.5, false],
    ] as const)
      stations.push(
        await ins(q, 'base_station', {
          code, name, client_id: clients[client], location_id: loc ? locations[loc] : null, type, longitude: lng, latitude: lat,
          fence_distance: fence, in_city: inCity, contact_name: '站点值班', address_code: `A-${code}`, ...eff,
        }),
      );
    await ins(q, 'base_station_limit', { station_id: stations[1], transport_means_type_id: types[1], type: 'FORBID', remark: '门店道路限高' });
    await ins(q, 'base_station_limit', { station_id: stations[0], transport_means_type_id: types[0], type: 'ALLOW' });
    for (const wd of [1, 2, 3, 4, 5]) {
      await ins(q, 'base_time_window', { station_id: stations[1], weekday: wd, start_time: '08:00', end_time: '11:30' });
      await ins(q, 'base_time_window', { station_id: stations[1], weekday: wd, start_time: '14:00', end_time: '17:00' });
    }
    await ins(q, 'base_time_window', { station_id: stations[4], weekday: 6, start_time: '09:00', end_time: '12:00' });
    await ins(q, 'base_extra_window', { code: 'EW-SH-02', name: '春节前加开收货', station_id: stations[1], weekday: 6, start_time: '09:00', end_time: '15:00', start_day: '2026-02-01', end_day: '2026-02-15' });

    const routes: number[] = [];
    for (const [code, name, from, to, mileage, cost, limit] of [
      ['R-SH-SZ', '上海—苏州干线', 'SH', 'SZ', 105, 1200, 3],
      ['R-SH-HZ', '上海—杭州干线', 'SH', 'HZ', 180, 1900, 4],
    ] as const)
      routes.push(await ins(q, 'base_route', { code, name, origin_zone_id: zones[from], dest_zone_id: zones[to], transport_type: 'ROAD', shipment_type: 'TRUNK', mileage, cost, time_limit: limit, ...eff }));
    await ins(q, 'base_carrier_route', { carrier_id: carriers[0], route_id: routes[0], mileage: 108, sequence: 1, time_limit: 3, ...eff });
    await ins(q, 'base_carrier_route', { carrier_id: carriers[1], route_id: routes[1], mileage: 176, sequence: 1, time_limit: 4, ...eff });
    await ins(q, 'base_carrier_route', { carrier_id: carriers[2], route_id: routes[0], mileage: 110, sequence: 2, time_limit: 3.5, ...eff });

    for (const [code, name, mobile, email] of [
      ['CT001', '陈静', '13816881001', 'chenjing@example.com'],
      ['CT002', '刘洋', '13962101002', 'liuyang@example.com'],
      ['CT003', '周敏', '13705711003', 'zhoumin@example.com'],
    ])
      await ins(q, 'base_contact', { code, name, mobile, email, phone: '021-55556666' });
    for (const [code, province, city, area, a1, post, lng, lat] of [
      ['AD001', '上海市', '上海市', '嘉定区', '安亭镇墨玉路 88 号', '201805', 121.1669, 31.2958],
      ['AD002', '上海市', '上海市', '浦东新区', '航头镇航都路 18 号', '201316', 121.5447, 31.2304],
      ['AD003', '江苏省', '苏州市', '工业园区', '星湖街 218 号', '215123', 120.7202, 31.3194],
      ['AD004', '浙江省', '杭州市', '萧山区', '市心北路 99 号', '311200', 120.2646, 30.1847],
    ] as const)
      await ins(q, 'base_address', { code, country: '中国', province, city, area, address1: a1, postcode: post, longitude: lng, latitude: lat });

    for (const [code, name] of [['NORMAL', '普通订单'], ['RETURN', '退货订单'], ['TRANSFER', '调拨订单']]) await ins(q, 'base_order_type', { code, name });
    for (const [code, name] of [['WMS', '仓储管理系统'], ['ERP', '企业资源计划系统']]) await ins(q, 'base_external_system', { code, name });
    for (const [code, name] of [['FTL', '整车运输'], ['LTL', '零担运输'], ['MILK_RUN', '循环取货']]) await ins(q, 'base_trans_model', { code, name });
    for (const [code, name] of [['TR-EAST', '华东干线'], ['TR-CITY-SH', '上海市内配送']]) await ins(q, 'base_trans_route', { code, name });

    for (const [code, name, type, rows] of [
      ['TPL-DISPATCH', '派车单模板', 'DISPATCH', [['调度单号', 'code'], ['承运商', 'carrierName'], ['车牌号', 'plateNumber'], ['司机', 'driverName'], ['预计发车', 'etd']]],
      ['TPL-WAYBILL', '运单模板', 'WAYBILL', WAYBILL_ROWS],
      ['TPL-ORDER', '订单模板', 'ORDER', [['订单号', 'code'], ['货主', 'clientName'], ['订单日期', 'orderDate'], ['总件数', 'quantity'], ['备注', 'remark']]],
    ] as [string, string, string, [string, string][]][])
      await ins(q, 'base_print_template', { code, name, type, is_default: true, content: TEMPLATE(name.replace('模板', ''), rows, type !== 'DISPATCH', type === 'WAYBILL') });

    for (const [code, name, type, minutes] of [
      ['AR-LATE-DEP', '晚点发车', 'LATE_DEPARTURE', 30],
      ['AR-LATE-ARR', '晚点到达', 'LATE_ARRIVAL', 30],
      ['AR-FENCE', '驶出电子围栏', 'FENCE_EXIT', 5],
      ['AR-STOP', '长时间停留', 'LONG_STOP', 30],
      ['AR-NOPOS', '无定位', 'NO_POSITION', 15],
    ] as const)
      await ins(q, 'base_alert_rule', { code, name, type, tolerance_minutes: minutes, ...eff });
  });

  // the waybill template of a database seeded before waybills were printed gets the client and the tracking QR code,
  // unless someone has edited it since
  await once(q, 'waybill-template-tracking', async () => {
    await q.query(`update base_print_template set content = $1 where code = 'TPL-WAYBILL' and content = $2`, [
      TEMPLATE('运单', WAYBILL_ROWS, true, true),
      TEMPLATE('运单', OLD_WAYBILL_ROWS, true),
    ]);
  });

  // statements print from a template of their own (issue 15), its labels in the printing user's language
  await once(q, 'statement-print-template', async () => {
    await q.query(
      `insert into base_print_template (code, name, type, is_default, content, create_by) values ('TPL-STATEMENT', '对账单模板', 'STATEMENT', true, $1, 'system') on conflict (code) do nothing`,
      [STATEMENT_TEMPLATE],
    );
  });

  // the tile source's attribution, next to sys.map.tileUrl (seeded with the system config)
  await once(q, 'config-map-attribution', async () => {
    await q.query(
      `insert into sys_config(config_name, config_key, config_value, config_type, remark, create_by) values ($1,$2,$3,true,$4,'system') on conflict (config_key) do nothing`,
      ['地图瓦片版权说明', 'sys.map.tileAttribution', DEFAULT_TILE_ATTRIBUTION, '显示在地图右下角的瓦片来源说明（纯文本）'],
    );
  });
}
