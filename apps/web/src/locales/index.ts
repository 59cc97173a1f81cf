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

export const zhCN = { ...shellZhCN, ...resource['zh-CN'], ...system['zh-CN'], ...baseinfo['zh-CN'] };
export const enUS = { ...shellEnUS, ...resource['en-US'], ...system['en-US'], ...baseinfo['en-US'] };

export const webLocales: Record<Lang, object> = { 'zh-CN': zhCN, 'en-US': enUS, 'en-GB': toBritish(enUS), 'zh-TW': zhTW };
