/** /account/center: the signed-in user's profile, roles and dispatch centers. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar, Card, Col, Descriptions, Divider, Row, Space, Tag, Typography } from 'antd';
import { ApartmentOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@tms/domain';
import { useDispatchCenters, useUserInfo } from '../../platform/queries.ts';

export type ProfileUser = UserInfo & { email?: string | null; mobile?: string | null };

export default function AccountCenter() {
  const { t } = useTranslation();
  const { data } = useUserInfo();
  const user = data as ProfileUser | undefined;
  const { data: centers } = useDispatchCenters();
  if (!user) return null;
  return (
    <Row gutter={16} data-testid="account-center">
      <Col xs={24} lg={8}>
        <Card variant="borderless">
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Avatar size={96} alt="" src={user.avatar || '/avatar2.jpg'} icon={<UserOutlined />} />
            <Typography.Title level={4} style={{ marginTop: 12, marginBottom: 0 }}>
              {user.nickName || user.userName}
            </Typography.Title>
            <Typography.Text type="secondary">{user.userName}</Typography.Text>
          </div>
          <Space direction="vertical">
            <span>
              <MailOutlined /> {user.email || '-'}
            </span>
            <span>
              <MobileOutlined /> {user.mobile || '-'}
            </span>
          </Space>
          <Divider dashed />
          <Typography.Text strong>{t('account.roles')}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            {user.roles.length ? user.roles.map((r) => <Tag key={r}>{r}</Tag>) : '-'}
          </div>
          <Divider dashed />
          <Link to="/account/settings/base">{t('account.editProfile')}</Link>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card variant="borderless" title={t('account.details')}>
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label={t('account.userName')}>{user.userName}</Descriptions.Item>
            <Descriptions.Item label={t('account.nickName')}>{user.nickName}</Descriptions.Item>
            <Descriptions.Item label={t('account.email')}>{user.email || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('account.mobile')}>{user.mobile || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('account.dateStyle')}>{user.sysUserProfile?.dateStyle}</Descriptions.Item>
            <Descriptions.Item label={t('account.permissionCount')}>{user.buttons.length}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card
          variant="borderless"
          style={{ marginTop: 16 }}
          title={
            <Space>
              <ApartmentOutlined />
              {t('account.dispatchCenters')}
            </Space>
          }
        >
          <Space wrap>
            {(centers ?? []).map((c) => (
              <Tag key={c.id} color={c.current ? 'processing' : undefined} style={{ padding: '4px 10px' }}>
                {c.name}
                {c.isDefault === '1' ? ` · ${t('header.defaultCenter')}` : ''}
                {c.current ? ` · ${t('account.current')}` : ''}
              </Tag>
            ))}
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
