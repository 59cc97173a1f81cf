/** The language switcher (zh-CN, en-US): the UI, antd and dayjs switch in place, without reload. */
import { useTranslation } from 'react-i18next';
import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { normalizeLang, type Lang } from '@tms/domain';
import { changeLanguage } from '../../platform/i18n.ts';
import { queryClient } from '../../platform/queries.ts';

// each language names itself (no flag emoji: not every machine has a font for them)
export const SWITCHER_LANGS: { lang: Lang; label: string; short: string }[] = [
  { lang: 'zh-CN', label: '简体中文', short: '中' },
  { lang: 'en-US', label: 'English', short: 'EN' },
];

export function LangSwitch() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  return (
    <Dropdown
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: SWITCHER_LANGS.map((l) => ({ key: l.lang, label: `${l.short} · ${l.label}` })),
        onClick: async ({ key }) => {
          await changeLanguage(key as Lang);
          // server texts (messages, dictionary labels) come back in the new language; the session itself stays
          void queryClient.invalidateQueries({ predicate: (q) => !['boot', 'userInfo', 'menus'].includes(String(q.queryKey[0])) });
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('header.language')} data-testid="lang-switch" />
    </Dropdown>
  );
}
