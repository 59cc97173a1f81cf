/**
 * The layout settings drawer (spec §2) with the three-way page style picker. A lazy chunk: BasicLayout
 * shows it from the shell's idle moment on (app/idle.ts), so the first paint does not load the drawer,
 * the color list, switches and radios.
 */
import { useTranslation } from 'react-i18next';
import { SettingDrawer, type ProSettings } from '@ant-design/pro-components';
import { Radio, Space, Typography } from 'antd';
import { COLOR_LIST, updateSettings, type LayoutSettings, type PageStyle } from './settings.ts';

function PageStylePicker({ value }: { value: PageStyle }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={4} className="tms-page-style">
      <Typography.Text strong>{t('settings.pageStyle')}</Typography.Text>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="small"
        value={value}
        onChange={(e) => updateSettings({ pageStyle: e.target.value as PageStyle })}
        options={[
          { value: 'light', label: t('settings.light') },
          { value: 'dark', label: t('settings.dark') },
          { value: 'realDark', label: t('settings.realDark') },
        ]}
      />
    </Space>
  );
}

export default function LayoutSettingDrawer({ settings, pageStyle }: { settings: ProSettings; pageStyle: PageStyle }) {
  return (
    <SettingDrawer
      enableDarkTheme
      disableUrlParams
      hideHintAlert
      hideCopyButton
      colorList={COLOR_LIST}
      settings={settings}
      drawerProps={{ title: <PageStylePicker value={pageStyle} />, rootClassName: 'tms-setting-drawer' }}
      onSettingChange={(s) => {
        const patch: Partial<LayoutSettings> = {};
        if (s.colorPrimary) patch.colorPrimary = s.colorPrimary;
        if (s.layout === 'side' || s.layout === 'top') patch.layout = s.layout;
        if (s.contentWidth) patch.contentWidth = s.contentWidth;
        if (s.fixedHeader !== undefined) patch.fixedHeader = s.fixedHeader;
        if (s.fixSiderbar !== undefined) patch.fixSiderbar = s.fixSiderbar;
        if (s.colorWeak !== undefined) patch.colorWeak = s.colorWeak;
        if (s.siderMenuType) patch.siderMenuType = s.siderMenuType;
        if (s.splitMenus !== undefined) patch.splitMenus = s.splitMenus;
        updateSettings(patch);
      }}
    />
  );
}
