/** /account/settings/:tab with the tabs base, security, custom, binding and notification. */
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Form, Input, List, Radio, Select, Space, Switch, Tabs, Typography } from 'antd';
import { DingdingOutlined, WechatOutlined, MailOutlined } from '@ant-design/icons';
import { LIMITS, rules, SessionApi } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { HttpError } from '../../platform/http.ts';
import { fetchUserInfo, queryClient, useUserInfo } from '../../platform/queries.ts';
import { DEFAULT_DATE_STYLE, formatDateTime } from '../../platform/format.ts';
import { COLOR_LIST, resetSettings, updateSettings, useLayoutSettings, type PageStyle } from '../../app/settings.ts';
import type { ProfileUser } from './AccountCenter.tsx';
import AvatarUpload from '../system/profile/AvatarUpload.tsx';

export const SETTINGS_TABS = ['base', 'security', 'custom', 'binding', 'notification'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

const DATE_STYLES = [DEFAULT_DATE_STYLE, 'YYYY/MM/DD HH:mm:ss', 'DD/MM/YYYY HH:mm:ss', 'MM/DD/YYYY HH:mm:ss', 'DD.MM.YYYY HH:mm:ss', 'YYYY-MM-DD HH:mm'];

/** Puts the server's field errors under the matching fields. */
function applyFieldErrors(form: ReturnType<typeof Form.useForm>[0], e: unknown): boolean {
  if (!(e instanceof HttpError)) return false;
  const entries = Object.entries(e.fieldErrors);
  if (!entries.length) return false;
  form.setFields(entries.map(([name, msg]) => ({ name, errors: [msg] })));
  return true;
}

function BaseTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data } = useUserInfo();
  const user = data as ProfileUser | undefined;
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  if (!user) return null;
  return (
    <>
      <AvatarUpload />
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 440 }}
        initialValues={{ nickName: user.nickName, email: user.email ?? '', mobile: user.mobile ?? '', dateStyle: user.sysUserProfile?.dateStyle || DEFAULT_DATE_STYLE }}
        onFinish={async (v: { nickName: string; email: string; mobile: string; dateStyle: string }) => {
          setSaving(true);
          try {
            await callData(SessionApi.endpoints.updateProfile, { body: v }, { silent: true });
            await queryClient.fetchQuery({ queryKey: ['userInfo'], queryFn: fetchUserInfo, staleTime: 0 });
            void message.success(t('account.saved'));
          } catch (e) {
            applyFieldErrors(form, e);
            void message.error(e instanceof Error ? e.message : t('messages.systemError'));
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item name="nickName" label={t('account.nickName')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 30, message: t('validation.maxLength', { max: 30 }) }]}>
          <Input data-testid="profile-nickName" />
        </Form.Item>
        <Form.Item name="email" label={t('account.email')} rules={[{ pattern: rules.email.pattern, message: t(rules.email.message) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="mobile" label={t('account.mobile')} rules={[{ pattern: rules.mobile.pattern, message: t(rules.mobile.message) }]}>
          <Input maxLength={LIMITS.mobile} />
        </Form.Item>
        <Form.Item name="dateStyle" label={t('account.dateStyle')}>
          <Select options={DATE_STYLES.map((s) => ({ value: s, label: `${s}  (${formatDateTime(new Date(), s)})` }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('account.save')}
        </Button>
      </Form>
    </>
  );
}

function SecurityTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const pwdRules = [
    { required: true, message: t('validation.required') },
    { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('validation.passwordLength') },
  ];
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 440 }}
      onFinish={async (v: { oldPassword: string; newPassword: string }) => {
        setSaving(true);
        try {
          await callData(SessionApi.endpoints.updatePassword, { body: { oldPassword: v.oldPassword, newPassword: v.newPassword } }, { silent: true });
          form.resetFields();
          void message.success(t('account.passwordChanged'));
        } catch (e) {
          if (!applyFieldErrors(form, e)) void message.error(e instanceof Error ? e.message : t('messages.systemError'));
        } finally {
          setSaving(false);
        }
      }}
    >
      <Typography.Paragraph type="secondary">{t('account.passwordHint')}</Typography.Paragraph>
      <Form.Item name="oldPassword" label={t('account.oldPassword')} rules={[{ required: true, message: t('validation.required') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('account.newPassword')} rules={pwdRules}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('validation.required') },
          ({ getFieldValue }) => ({
            validator: (_, value) => (!value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(t('account.passwordMismatch')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('account.changePassword')}
      </Button>
    </Form>
  );
}

function CustomTab() {
  const { t } = useTranslation();
  const s = useLayoutSettings();
  return (
    <Space direction="vertical" size={20}>
      <div>
        <Typography.Text strong>{t('settings.pageStyle')}</Typography.Text>
        <div style={{ marginTop: 8 }}>
          <Radio.Group
            optionType="button"
            value={s.pageStyle}
            onChange={(e) => updateSettings({ pageStyle: e.target.value as PageStyle })}
            options={(['light', 'dark', 'realDark'] as const).map((v) => ({ value: v, label: t(`settings.${v}`) }))}
          />
        </div>
      </div>
      <div>
        <Typography.Text strong>{t('settings.primaryColor')}</Typography.Text>
        <Space style={{ marginTop: 8, display: 'flex' }}>
          {COLOR_LIST.map((c) => (
            <button
              key={c.key}
              type="button"
              title={t(`settings.colors.${c.key}`)}
              aria-label={t(`settings.colors.${c.key}`)}
              onClick={() => updateSettings({ colorPrimary: c.color })}
              style={{
                width: 24,
                height: 24,
                borderRadius: 4,
                background: c.color,
                cursor: 'pointer',
                border: s.colorPrimary.toLowerCase() === c.color.toLowerCase() ? '3px solid rgba(0,0,0,.45)' : '1px solid transparent',
              }}
            />
          ))}
        </Space>
      </div>
      <div>
        <Typography.Text strong>{t('settings.layout')}</Typography.Text>
        <div style={{ marginTop: 8 }}>
          <Radio.Group
            optionType="button"
            value={s.layout}
            onChange={(e) => updateSettings({ layout: e.target.value as 'side' | 'top' })}
            options={[
              { value: 'side', label: t('settings.side') },
              { value: 'top', label: t('settings.top') },
            ]}
          />
        </div>
      </div>
      <Space>
        <Switch checked={s.colorWeak} onChange={(v) => updateSettings({ colorWeak: v })} />
        {t('settings.colorWeak')}
      </Space>
      <Button onClick={resetSettings}>{t('settings.reset')}</Button>
    </Space>
  );
}

function BindingTab() {
  const { t } = useTranslation();
  const items = [
    { key: 'dingtalk', icon: <DingdingOutlined style={{ fontSize: 28, color: '#2eabff' }} /> },
    { key: 'wechat', icon: <WechatOutlined style={{ fontSize: 28, color: '#52c41a' }} /> },
    { key: 'mail', icon: <MailOutlined style={{ fontSize: 28, color: '#1890ff' }} /> },
  ];
  return (
    <List
      itemLayout="horizontal"
      dataSource={items}
      renderItem={(it) => (
        <List.Item
          actions={[
            <Button key="bind" type="link" disabled>
              {t('account.binding.bind')}
            </Button>,
          ]}
        >
          <List.Item.Meta avatar={it.icon} title={t(`account.binding.${it.key}`)} description={t('account.binding.notBound')} />
        </List.Item>
      )}
    />
  );
}

const NOTIFY_KEY = 'tms.notifications';
const NOTIFY_ITEMS = ['alerts', 'system', 'tasks'] as const;
function NotificationTab() {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useState<Record<string, boolean>>(() => {
    try {
      return { alerts: true, system: true, tasks: true, ...(JSON.parse(localStorage.getItem(NOTIFY_KEY) ?? '{}') as Record<string, boolean>) };
    } catch {
      return { alerts: true, system: true, tasks: true };
    }
  });
  const set = (k: string, v: boolean) => {
    const next = { ...prefs, [k]: v };
    setPrefs(next);
    localStorage.setItem(NOTIFY_KEY, JSON.stringify(next));
  };
  return (
    <List
      dataSource={[...NOTIFY_ITEMS]}
      renderItem={(k) => (
        <List.Item actions={[<Switch key="s" checked={prefs[k] !== false} onChange={(v) => set(k, v)} />]}>
          <List.Item.Meta title={t(`account.notification.${k}`)} description={t(`account.notification.${k}Desc`)} />
        </List.Item>
      )}
    />
  );
}

export default function AccountSettings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab } = useParams();
  if (!SETTINGS_TABS.includes(tab as SettingsTab)) return <Navigate to="/account/settings/security" replace />;
  const body: Record<SettingsTab, React.ReactNode> = {
    base: <BaseTab />,
    security: <SecurityTab />,
    custom: <CustomTab />,
    binding: <BindingTab />,
    notification: <NotificationTab />,
  };
  return (
    <Card variant="borderless" data-testid="account-settings">
      <Tabs
        tabPosition="left"
        activeKey={tab}
        onChange={(k) => navigate(`/account/settings/${k}`)}
        items={SETTINGS_TABS.map((k) => ({
          key: k,
          label: t(`account.tabs.${k}`),
          children: (
            <div style={{ paddingLeft: 8 }}>
              <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
                {t(`account.tabs.${k}`)}
              </Typography.Title>
              {k === tab ? body[k] : null}
            </div>
          ),
        }))}
      />
    </Card>
  );
}
