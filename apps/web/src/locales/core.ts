/** The texts the login route needs before anything else loads: the shell's, in zh-CN and en-US (see platform/i18n.ts). */
import zhCN from './zh-CN.ts';
import enUS from './en-US.ts';

export const coreLocales = { 'zh-CN': zhCN, 'en-US': enUS };
