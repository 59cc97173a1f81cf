/**
 * The web's own texts per language: the shell's, the resource engine's and the feature screens'.
 * zh-CN and en-US are written by hand; en-GB is derived from en-US; zh-TW is generated from zh-CN
 * by scripts/gen-zh-tw.mjs (OpenCC) — run it after changing a zh-CN text.
 */
import type { Lang } from '@tms/domain';
import shellZhCN from './zh-CN.ts';
import shellEnUS from './en-US.ts';
import zhTW from './zh-TW.ts';
import { toBritish } from './en-GB.ts';
import resource from '../platform/resource/locales.ts';
import system from '../features/system/locales.ts';
import baseinfo from '../features/baseinfo/locales.ts';
import generator from '../features/generator/locales.ts';
import reports from '../features/reports/locales.ts';
import demo from '../features/demo/locales.ts';
import workflow from '../features/workflow/locales.ts';
import map from '../platform/map/locales.ts';
import waybill from '../features/waybill/locales.ts';
import order from '../features/order/locales.ts';
import epod from '../features/epod/locales.ts';
import shipment from '../features/shipment/locales.ts';
import logistics from '../features/logistics/locales.ts';
import geocoder from '../platform/geocoder/locales.ts';
import userInfo from '../features/user/info/locales.ts';
import settlement from '../features/settlement/locales.ts';
import finance from '../features/finance/locales.ts';
import portal from '../features/portal/locales.ts';
import notify from '../features/notify/locales.ts';

export const zhCN = { ...shellZhCN, ...resource['zh-CN'], ...system['zh-CN'], ...baseinfo['zh-CN'], ...generator['zh-CN'], ...reports['zh-CN'], ...demo['zh-CN'], ...workflow['zh-CN'], ...map['zh-CN'], ...waybill['zh-CN'], ...order['zh-CN'], ...epod['zh-CN'], ...shipment['zh-CN'], ...logistics['zh-CN'], ...geocoder['zh-CN'], ...userInfo['zh-CN'], ...settlement['zh-CN'], ...finance['zh-CN'], ...portal['zh-CN'], ...notify['zh-CN'] };
export const enUS = { ...shellEnUS, ...resource['en-US'], ...system['en-US'], ...baseinfo['en-US'], ...generator['en-US'], ...reports['en-US'], ...demo['en-US'], ...workflow['en-US'], ...map['en-US'], ...waybill['en-US'], ...order['en-US'], ...epod['en-US'], ...shipment['en-US'], ...logistics['en-US'], ...geocoder['en-US'], ...userInfo['en-US'], ...settlement['en-US'], ...finance['en-US'], ...portal['en-US'], ...notify['en-US'] };

export const webLocales: Record<Lang, object> = { 'zh-CN': zhCN, 'en-US': enUS, 'en-GB': toBritish(enUS), 'zh-TW': zhTW };
