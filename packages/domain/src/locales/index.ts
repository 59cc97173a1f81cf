import enUS from './en-US.ts';
import zhCN from './zh-CN.ts';
import enGB from './en-GB.ts';
import zhTW from './zh-TW.ts';
import type { Lang } from '../lang.ts';

export const sharedLocales: Record<Lang, typeof enUS> = { 'zh-CN': zhCN, 'en-US': enUS, 'en-GB': enGB, 'zh-TW': zhTW };
