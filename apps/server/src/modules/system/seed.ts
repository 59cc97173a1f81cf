/** First-run seed: admin account, dispatch centers, roles, the menu tree, dictionaries, config, demo data. */
import type { Db, Queryable } from '../../platform/db.ts';
import { hashPassword } from '../../platform/auth.ts';
import { MENU_TREE, type SeedMenu } from './menus.ts';
import { SEED_DICTS as DICTS } from '@tms/domain';
import { seedBaseinfo } from '../baseinfo/seed.ts';
import { seedOrders } from '../order/seed.ts';
import { seedWorkflow } from '../workflow/seed.ts';
import { seedAccount } from '../account/index.ts';
import { seedEpodDemo } from '../epod/demo.ts';
import { seedShipmentDemo } from '../shipment/demo.ts';
import { seedDemoOperation } from '../demo/operation.ts';
import { demoWanted } from '../../platform/config.ts';

async function once(q: Queryable, key: string, fn: () => Promise<void>): Promise<void> {
  const r = await q.query(`insert into sys_seed(key) values ($1) on conflict do nothing returning key`, [key]);
  if (r.rows.length) await fn();
}

type Place = [string, string, string];
const DISTRICTS: [string, string, string, [string, string, string, Place[]][]][] = [
  ['上海市', 'shanghai', 'SH', [['上海市', 'shanghai', 'SH', [['浦东新区', 'pudongxinqu', 'PDXQ'], ['嘉定区', 'jiadingqu', 'JDQ'], ['闵行区', 'minhangqu', 'MHQ'], ['青浦区', 'qingpuqu', 'QPQ']]]]],
  ['北京市', 'beijing', 'BJ', [['北京市', 'beijing', 'BJ', [['朝阳区', 'chaoyangqu', 'CYQ'], ['海淀区', 'haidianqu', 'HDQ'], ['大兴区', 'daxingqu', 'DXQ']]]]],
  ['广东省', 'guangdong', 'GD', [['广州市', 'guangzhou', 'GZ', [['天河区', 'tianhequ', 'THQ'], ['白云区', 'baiyunqu', 'BYQ']]], ['深圳市', 'shenzhen', 'SZ', [['南山区', 'nanshanqu', 'NSQ'], ['宝安区', 'baoanqu', 'BAQ']]]]],
  ['江苏省', 'jiangsu', 'JS', [['苏州市', 'suzhou', 'SZ', [['工业园区', 'gongyeyuanqu', 'GYYQ'], ['昆山市', 'kunshanshi', 'KSS']]], ['南京市', 'nanjing', 'NJ', [['江宁区', 'jiangningqu', 'JNQ']]]]],
  ['浙江省', 'zhejiang', 'ZJ', [['杭州市', 'hangzhou', 'HZ', [['萧山区', 'xiaoshanqu', 'XSQ'], ['余杭区', 'yuhangqu', 'YHQ']]], ['宁波市', 'ningbo', 'NB', [['北仑区', 'beilunqu', 'BLQ']]]]],
];



/**
 * The menu tree, each entry once by its key (`menu:<key>` in sys_seed), set-based: one statement claims the keys,
 * one inserts the entries not seen before (~600 on a first start; one by one they took 1,800 round trips). An entry
 * whose parent is gone (an administrator deleted it) is not inserted, nor are its new descendants; its key stays
 * claimed. The ids follow the tree's order (parents first), as when they were inserted one by one.
 */
async function seedMenus(q: Queryable): Promise<void> {
  const rows: { m: SeedMenu; parentKey: string | null; order: number }[] = [];
  const walk = (m: SeedMenu, parentKey: string | null, order: number): void => {
    rows.push({ m, parentKey, order });
    (m.children ?? []).forEach((c, i) => walk(c, m.key, i + 1));
  };
  MENU_TREE.forEach((m, i) => walk(m, null, i + 1));
  const claimed = await q.query<{ key: string }>(`insert into sys_seed(key) select unnest($1::text[]) on conflict do nothing returning key`, [rows.map((r) => `menu:${r.m.key}`)]);
  const fresh = new Set(claimed.rows.map((r) => r.key.slice('menu:'.length)));
  const adding = rows.filter((r) => fresh.has(r.m.key));
  if (!adding.length) return;
  // a parent that exists already (the lowest id with its key), else one of this batch
  const existing = await q.query<{ menu_key: string; id: number }>(`select menu_key, min(id) as id from sys_menu where menu_key = any($1::text[]) group by menu_key`, [[...new Set(adding.map((r) => r.parentKey).filter((k) => k !== null))]]);
  const idOf = new Map(existing.rows.map((r) => [r.menu_key, Number(r.id)]));
  const ids = (await q.query<{ id: number }>(`select nextval(pg_get_serial_sequence('sys_menu', 'id')) as id from generate_series(1, $1::int)`, [adding.length])).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const values: Record<string, unknown>[] = [];
  for (const { m, parentKey, order } of adding) {
    const parent = parentKey === null ? 0 : idOf.get(parentKey);
    if (parent === undefined) continue;
    const id = ids[values.length]!;
    if (!idOf.has(m.key)) idOf.set(m.key, id);
    values.push({ id, parent_id: parent, menu_name: m.name, menu_key: m.key, icon: m.icon ?? null, path: m.path, component: m.component ?? null, menu_type: m.type, perms: m.perms ?? null, order_num: order, target: m.target ?? '_self', visible: m.hidden ? '1' : '0' });
  }
  await q.query(
    `insert into sys_menu(id, parent_id, menu_name, menu_key, icon, path, component, menu_type, perms, order_num, target, visible, create_by)
     select id, parent_id, menu_name, menu_key, icon, path, component, menu_type, perms, order_num, target, visible, 'system'
       from jsonb_to_recordset($1::jsonb) as x(id bigint, parent_id bigint, menu_name text, menu_key text, icon text, path text, component text, menu_type text, perms text, order_num int, target text, visible text)
      order by id`,
    [JSON.stringify(values)],
  );
}

export interface SeedOptions {
  /**
   * the demo operation (modules/demo/operation.ts: 60 days of orders, dispatch orders, trajectories, receipts,
   * alerts and charges) on a first start; TMS_DEMO=off skips it (the test runs set that, see vitest.config.ts)
   */
  demo?: boolean;
  /** the local storage root the demo's receipt pictures are copied into */
  uploads?: string | null;
}

export async function seed(db: Db, log: (m: string) => void = () => undefined, opts: SeedOptions = {}): Promise<void> {
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(7234002)');

    await once(q, 'dispatch-centers', async () => {
      for (const [code, short, name] of [
        ['SH01', 'SH', '上海调度中心'],
        ['BJ01', 'BJ', '北京调度中心'],
        ['GZ01', 'GZ', '广州调度中心'],
      ])
        await q.query(`insert into sys_dispatch_center(code, short_code, name, create_by) values ($1,$2,$3,'system') on conflict (code) do nothing`, [code, short, name]);
    });

    await once(q, 'dept-root', async () => {
      await q.query(`insert into sys_dept(parent_id, ancestors, dept_name, order_num, create_by) values (0, '0', '总公司', 0, 'system')`);
    });

    // each menu entry once, by key: new screens and buttons appear on upgrade, deleted ones stay deleted
    await seedMenus(q);

    await once(q, 'roles', async () => {
      await q.query(`insert into sys_role(role_key, role_name, role_sort, data_scope, remark, create_by) values
        ('admin', '超级管理员', 1, '1', '拥有全部权限', 'system'),
        ('dispatcher', '调度员', 2, '1', '订单、运单、调度与回单操作', 'system'),
        ('viewer', '只读用户', 3, '1', '只能查询', 'system') on conflict (role_key) do nothing`);
      // dispatcher: operational menus and their buttons; viewer: every menu, query buttons only
      await q.query(`insert into sys_role_menu(role_id, menu_id)
        select r.id, m.id from sys_role r, sys_menu m
         where r.role_key = 'dispatcher' and (m.menu_key in ('order','waybill','shipment','epod','reports','dashboard')
            or m.parent_id in (select id from sys_menu where menu_key in ('order','waybill','shipment','epod','reports','dashboard')))
        on conflict do nothing`);
      await q.query(`insert into sys_role_menu(role_id, menu_id)
        select r.id, m.id from sys_role r, sys_menu m
         where r.role_key = 'viewer' and (m.menu_type in ('M','C') or m.perms like '%:query')
        on conflict do nothing`);
    });

    // report exports became buttons of their own: the dispatcher keeps exporting (a query-only role does not)
    await once(q, 'report-export-dispatcher', async () => {
      await q.query(`insert into sys_role_menu(role_id, menu_id)
        select r.id, m.id from sys_role r, sys_menu m where r.role_key = 'dispatcher' and m.menu_type = 'F' and m.perms like 'reports:%:export'
        on conflict do nothing`);
    });
    // waybill printing (issue 17: the paper carries the tracking QR code): whoever may send waybills to dispatch may print them
    await once(q, 'waybill-print-roles', async () => {
      await q.query(`insert into sys_role_menu(role_id, menu_id)
        select rm.role_id, p.id from sys_role_menu rm join sys_menu m on m.id = rm.menu_id, sys_menu p
         where m.perms = 'waybill:waybill:toRos' and p.perms = 'waybill:waybill:print'
        on conflict do nothing`);
    });
    // the fleet monitor (issue 19) and the refused driver-app writes (issue 16) came after the roles: a dispatcher of an
    // existing database gets them too (the refusals with their export button)
    await once(q, 'fleet-monitor-dispatcher', async () => {
      await q.query(`insert into sys_role_menu(role_id, menu_id)
        select r.id, m.id from sys_role r, sys_menu m where r.role_key = 'dispatcher' and m.menu_key = 'fleetMonitor'
        on conflict do nothing`);
    });
    await once(q, 'driver-refusal-dispatcher', async () => {
      await q.query(`insert into sys_role_menu(role_id, menu_id)
        select r.id, m.id from sys_role r, sys_menu m where r.role_key = 'dispatcher' and m.menu_key like 'driverRefusal%'
        on conflict do nothing`);
    });
    // the margin report shows what we earn and pay (issue 14): money, not dispatch work — a finance role's, not the dispatcher's
    await once(q, 'margin-not-dispatcher', async () => {
      await q.query(`delete from sys_role_menu rm using sys_role r, sys_menu m
        where rm.role_id = r.id and rm.menu_id = m.id and r.role_key = 'dispatcher'
          and (m.menu_key = 'reportMargin' or m.parent_id in (select id from sys_menu where menu_key = 'reportMargin'))`);
    });

    await once(q, 'users', async () => {
      const dept = (await q.query<{ id: number }>(`select id from sys_dept order by id limit 1`)).rows[0]?.id ?? null;
      for (const [name, nick, pw, role] of [
        ['admin', '管理员', 'admin123', 'admin'],
        ['dispatcher', '调度员', 'dispatcher123', 'dispatcher'],
      ] as const) {
        const r = await q.query<{ id: number }>(
          `insert into sys_user(user_name, nick_name, password_hash, dept_id, create_by) values ($1,$2,$3,$4,'system') on conflict (user_name) do nothing returning id`,
          [name, nick, await hashPassword(pw), dept],
        );
        const id = r.rows[0]?.id;
        if (!id) continue;
        await q.query(`insert into sys_user_role(user_id, role_id) select $1, id from sys_role where role_key = $2`, [id, role]);
        await q.query(
          `insert into sys_user_dispatch_center(user_id, dispatch_center_id, is_default)
           select $1, id, code = 'SH01' from sys_dispatch_center ${name === 'admin' ? '' : "where code in ('SH01','BJ01')"}`,
          [id],
        );
      }
    });

    // each dictionary type and each of its values is seeded once, so a value added by a later release
    // reaches existing databases too; once seeded, a value an administrator removes stays removed
    // one round trip claims every seed key not yet taken, instead of one query per type and value at each start
    const types = DICTS.map(([type, name]) => ({ key: `dict:${type}`, type, name }));
    const values = DICTS.flatMap(([type, , items]) => items.map(([value, zh], i) => ({ key: `dict:${type}:${value}`, type, value, zh, sort: i + 1 })));
    const claimed = await q.query<{ key: string }>(`insert into sys_seed(key) select unnest($1::text[]) on conflict do nothing returning key`, [
      [...types, ...values].map((x) => x.key),
    ]);
    const fresh = new Set(claimed.rows.map((r) => r.key));
    // and one statement each inserts the new types and the new values, in the list's order
    await q.query(
      `insert into sys_dict_type(dict_name, dict_type, create_by)
       select name, type, 'system' from rows from (jsonb_to_recordset($1::jsonb) as (name text, type text)) with ordinality as x(name, type, n) order by n
       on conflict (dict_type) do nothing`,
      [JSON.stringify(types.filter((x) => fresh.has(x.key)))],
    );
    await q.query(
      `insert into sys_dict_data(dict_type, dict_label, dict_value, dict_sort, create_by)
       select type, zh, value, sort, 'system' from rows from (jsonb_to_recordset($1::jsonb) as (type text, zh text, value text, sort int)) with ordinality as x(type, zh, value, sort, n) order by n
       on conflict do nothing`,
      [JSON.stringify(values.filter((x) => fresh.has(x.key)))],
    );

    await once(q, 'number-rules', async () => {
      for (const [type, prefix] of [
        ['ORDER', 'OR'],
        ['WAYBILL', 'WB'],
        ['SHIPMENT', 'SP'],
        ['EPOD', 'EP'],
      ])
        await q.query(`insert into sys_number_rule(ref_type, prefix, timestamp_enabled, timestamp_pattern, serial_length, create_by) values ($1,$2,true,'YYYYMMDD',6,'system')`, [type, prefix]);
    });

    await once(q, 'districts', async () => {
      const add = async (parent: number, depth: number, name: string, pinyin: string, short: string): Promise<number> =>
        (await q.query<{ id: number }>(`insert into sys_district(parent_id, depth, name, pinyin, pinyin_short, ext_name, create_by) values ($1,$2,$3,$4,$5,$3,'system') returning id`, [parent, depth, name, pinyin, short])).rows[0]!.id;
      for (const [prov, py, sh, cities] of DISTRICTS) {
        const p = await add(0, 1, prov, py, sh);
        for (const [city, cpy, csh, areas] of cities) {
          const c = await add(p, 2, city, cpy, csh);
          for (const [area, apy, ash] of areas) await add(c, 3, area, apy, ash);
        }
      }
    });

    await once(q, 'oss-local', async () => {
      await q.query(`insert into sys_oss_config(config_key, storage_type, is_default, remark, create_by) values ('local', 'LOCAL', true, '数据目录下的 uploads 文件夹', 'system')`);
    });

    await once(q, 'printers', async () => {
      await q.query(`insert into sys_printer(code, name, type, is_default, create_by) values ('PRN-SH-01', '上海调度室激光打印机', 'LASER', true, 'system'), ('PRN-SH-02', '上海仓库标签打印机', 'LABEL', false, 'system')`);
    });

    await once(q, 'config', async () => {
      for (const [name, key, value, remark] of [
        ['登录滑块验证码', 'sys.account.captchaEnabled', 'true', '是否开启登录滑块验证码（true 开启，false 关闭）'],
        ['用户初始密码', 'sys.user.initPassword', '123456', '新建用户和重置密码时的初始密码'],
        ['地图瓦片地址', 'sys.map.tileUrl', 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'Leaflet 地图瓦片来源'],
        ['开放自助注册', 'sys.account.registerUser', 'false', '是否允许自助注册账号'],
      ])
        await q.query(`insert into sys_config(config_name, config_key, config_value, config_type, remark, create_by) values ($1,$2,$3,true,$4,'system') on conflict (config_key) do nothing`, [name, key, value, remark]);
    });

    await once(q, 'demo-alerts', async () => {
      const sh = (await q.query<{ id: number }>(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0]?.id;
      if (!sh) return;
      await q.query(
        `insert into shipment_alert(dispatch_center_id, alert_content, start_place, end_place, carrier_name, vehicle_id_main_number_plates, driver_name, driver_mobile, start_time, end_time, field2, field3, create_by)
         values ($1, '车辆晚点发车', '上海嘉定仓', '苏州工业园区站', '顺达物流', '沪A12345', '张伟', '13800138000', now() - interval '2 hour', now() - interval '1 hour', '60分钟', '计划发车时间已过 60 分钟仍未发车', 'system'),
                ($1, '车辆长时间停留', '上海浦东仓', '杭州萧山站', '远航运输', '沪B67890', '李强', '13900139000', now() - interval '50 minute', now() - interval '20 minute', '30分钟', '车辆在非站点位置停留超过 30 分钟', 'system')`,
        [sh],
      );
    });

    await once(q, 'app-info', async () => {
      await q.query(`insert into app_info(type, version_name, download_url, create_by) values
        ('android', '1.0.0', 'https://example.com/tms-driver/tms-driver-1.0.0.apk', 'system'),
        ('ios', '1.0.0', 'https://example.com/tms-driver/ios', 'system')`);
    });

    await seedBaseinfo(q, once);
    await seedOrders(q, once);
    await seedWorkflow(q, once);
    await seedAccount(q, once);
    await once(q, 'epod-demo', () => seedEpodDemo(q));
    await once(q, 'shipment-demo-positions', () => seedShipmentDemo(q));
    // claimed only when wanted (TMS_DEMO=off leaves it for a later start); never poured over a database somebody used:
    // one where anyone signed in or changed anything, or that already holds an operation, is left as it is
    if (opts.demo ?? demoWanted()) {
      const started = performance.now();
      await once(q, 'demo-operation-v1', async () => {
        const used = await q.query(
          `select 1 where exists (select 1 from sys_login_log) or exists (select 1 from sys_oper_log) or (select count(*) from tms_order) > 50 or (select count(*) from tms_shipment) > 10`,
        );
        if (used.rows.length) return log('demo operation skipped: the database is in use');
        await seedDemoOperation(q, { uploads: opts.uploads });
        // the statistics of every table the demo filled, at once (autovacuum gives them within a minute or so, and a
        // server where it is off, as on the CI machine, never): a table never analysed looks like a few rows to the
        // planner. The demo's 3,000 orders made the order list's page rows (joined to their ids on (id, center)) read
        // through any index of the center (session 16, branch key22); its 2,900 audited receipts, never analysed, made
        // the rating of a review look up each waybill's receipt through the center's index of receipts by status, the
        // center's 2,900 receipts scanned per waybill: a review of 10,000 orders 15.0 s instead of 4.2 s (bench/orders.ts,
        // session 17). 0.6 s on PostgreSQL.
        await q.query('analyze');
        log(`demo operation seeded in ${Math.round(performance.now() - started)} ms`);
      });
    }
  });
  log('seed checked');
}
