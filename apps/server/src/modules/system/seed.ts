/** First-run seed: admin account, dispatch centers, roles, the menu tree, dictionaries, config, demo data. */
import type { Db, Queryable } from '../../platform/db.ts';
import { hashPassword } from '../../platform/auth.ts';
import { MENU_TREE, type SeedMenu } from './menus.ts';

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

const DICTS: [string, string, [string, string, string][]][] = [
  ['sys_oss_type', '存储类型', [['LOCAL', '本地目录', 'Local folder'], ['S3', 'S3 兼容存储', 'S3-compatible']]],
  ['sys_data_scope', '数据范围', [['1', '全部数据', 'All data'], ['2', '自定义部门', 'Custom departments'], ['3', '本部门', 'Own department'], ['4', '本部门及以下', 'Department and below'], ['5', '仅本人', 'Self only']]],
  ['sys_menu_target', '打开方式', [['_self', '当前窗口', 'Current window'], ['_blank', '新窗口', 'New window']]],
  ['sys_printer_type', '打印机类型', [['LASER', '激光打印机', 'Laser'], ['LABEL', '标签打印机', 'Label'], ['NEEDLE', '针式打印机', 'Dot matrix']]],
  ['sys_ref_type', '编号类型', [['ORDER', '订单', 'Order'], ['WAYBILL', '运单', 'Waybill'], ['SHIPMENT', '调度单', 'Shipment'], ['EPOD', '回单', 'Receipt']]],
  ['sys_timestamp_pattern', '时间戳格式', [['YYYYMMDD', 'YYYYMMDD', 'YYYYMMDD'], ['YYMMDD', 'YYMMDD', 'YYMMDD'], ['YYYYMM', 'YYYYMM', 'YYYYMM'], ['YYMM', 'YYMM', 'YYMM']]],
  // [type, name, [value, zh label, en label]]
  ['sys_normal_disable', '系统开关', [['0', '正常', 'Normal'], ['1', '停用', 'Disabled']]],
  ['sys_yes_no', '系统是否', [['Y', '是', 'Yes'], ['N', '否', 'No']]],
  ['sys_show_hide', '菜单状态', [['0', '显示', 'Shown'], ['1', '隐藏', 'Hidden']]],
  ['sys_menu_type', '菜单类型', [['M', '目录', 'Catalogue'], ['C', '菜单', 'Menu'], ['F', '按钮', 'Button']]],
  ['sys_oper_type', '操作类型', [['INSERT', '新增', 'Add'], ['UPDATE', '修改', 'Edit'], ['DELETE', '删除', 'Delete'], ['STATUS', '状态', 'Status'], ['IMPORT', '导入', 'Import'], ['EFFECT', '生效', 'Take effect'], ['UNEFFECT', '失效', 'Lose effect']]],
  ['sys_common_status', '系统状态', [['0', '成功', 'Success'], ['1', '失败', 'Failure']]],
  ['order_status', '订单状态', [['OPEN', '打开', 'Open'], ['EFFECTIVE', '生效', 'Effective']]],
  ['waybill_status', '运单状态', [['OPEN', '打开', 'Open'], ['REVIEWED', '已审核', 'Reviewed']]],
  ['shipment_status', '调度单状态', [['OPEN', '打开', 'Open'], ['CONFIRMED', '已确认', 'Confirmed'], ['EFFECTIVE', '生效', 'Effective'], ['SHIPPED', '已发运', 'Shipped'], ['COMPLETED', '已完成', 'Completed']]],
  ['epod_status', '回单状态', [['PENDING', '待回单', 'Pending'], ['REPORTED', '已回单', 'Reported'], ['AUDITED', '已审核', 'Audited'], ['REJECTED', '已驳回', 'Rejected'], ['RECALLED', '已撤回', 'Recalled']]],
  ['alert_status', '告警状态', [['NEW', '未处理', 'New'], ['HANDLED', '已处理', 'Handled']]],
  ['shipment_alert_reason', '告警原因', [['TRAFFIC', '交通拥堵', 'Traffic jam'], ['WEATHER', '天气原因', 'Weather'], ['VEHICLE', '车辆故障', 'Vehicle breakdown'], ['LOADING', '装卸延误', 'Loading delay'], ['OTHER', '其他', 'Other']]],
  ['temperature_layer', '温层', [['NORMAL', '常温', 'Ambient'], ['COLD', '冷藏', 'Chilled'], ['FROZEN', '冷冻', 'Frozen']]],
  ['transport_type', '运输方式', [['ROAD', '公路', 'Road'], ['RAIL', '铁路', 'Rail'], ['AIR', '航空', 'Air'], ['SEA', '水运', 'Sea']]],
  ['load_mode', '装载方式', [['FTL', '整车', 'Full truckload'], ['LTL', '零担', 'Less than truckload']]],
];

export async function seed(db: Db, log: (m: string) => void = () => undefined): Promise<void> {
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
    const insertMenu = async (m: SeedMenu, parentKey: string | null, order: number): Promise<void> => {
      await once(q, `menu:${m.key}`, async () => {
        const parent = parentKey ? (await q.query<{ id: number }>(`select id from sys_menu where menu_key = $1 order by id limit 1`, [parentKey])).rows[0]?.id : 0;
        if (parent === undefined) return;
        await q.query(
          `insert into sys_menu(parent_id, menu_name, menu_key, icon, path, component, menu_type, perms, order_num, target, visible, create_by)
           values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,'system')`,
          [parent, m.name, m.key, m.icon ?? null, m.path, m.component ?? null, m.type, m.perms ?? null, order, m.target ?? '_self', m.hidden ? '1' : '0'],
        );
      });
      let i = 0;
      for (const c of m.children ?? []) await insertMenu(c, m.key, ++i);
    };
    let order = 0;
    for (const m of MENU_TREE) await insertMenu(m, null, ++order);

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

    for (const [type, name, items] of DICTS) {
      await once(q, `dict:${type}`, async () => {
        await q.query(`insert into sys_dict_type(dict_name, dict_type, create_by) values ($1,$2,'system') on conflict (dict_type) do nothing`, [name, type]);
        let i = 0;
        for (const [value, zh] of items) {
          await q.query(`insert into sys_dict_data(dict_type, dict_label, dict_value, dict_sort, create_by) values ($1,$2,$3,$4,'system') on conflict do nothing`, [type, zh, value, ++i]);
        }
      });
    }

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
  });
  log('seed checked');
}
