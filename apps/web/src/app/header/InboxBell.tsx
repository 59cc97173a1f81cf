/** The in-app notifications of the signed-in user (issue 17): unread count, the newest ones, mark all read. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { NotifyApi } from '@tms/domain';
import { call } from '../../platform/api.ts';
import { useUserInfo } from '../../platform/queries.ts';
import { formatDateTime } from '../../platform/format.ts';

export function InboxBell() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUserInfo();
  const [open, setOpen] = useState(false);
  const { data, refetch } = useQuery({
    queryKey: ['inbox', i18n.language],
    queryFn: () => call(NotifyApi.inbox, {}, { silent: true }),
    refetchInterval: 60_000,
  });
  const rows = data?.rows ?? [];
  const unread = data?.unread ?? 0;
  const markAll = async () => {
    await call(NotifyApi.inboxRead, { body: {} });
    void refetch();
  };
  const list = (
    <div style={{ width: 360, maxHeight: 420, overflow: 'auto' }} data-testid="inbox-list">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inbox.none')} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(n) => (
            <List.Item key={n.id}>
              <List.Item.Meta
                title={<Typography.Text strong={!n.read}>{n.title}</Typography.Text>}
                description={
                  <span style={{ fontSize: 12 }}>
                    {n.body}
                    <br />
                    {formatDateTime(n.createTime, user?.sysUserProfile?.dateStyle)}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={
        <span style={{ display: 'flex', justifyContent: 'space-between' }}>
          {t('inbox.title')}
          {unread > 0 && (
            <Button size="small" type="link" onClick={markAll} data-testid="inbox-read-all">
              {t('inbox.markAll')}
            </Button>
          )}
        </span>
      }
      content={list}
    >
      <Button type="text" aria-label={t('inbox.title')} data-testid="inbox-bell">
        <Badge count={unread} size="small" overflowCount={99}>
          <NotificationOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
