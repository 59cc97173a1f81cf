import Button from 'antd-mobile/es/components/button';
import Empty from 'antd-mobile/es/components/empty';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { useT } from '../i18n.ts';
import { Bar } from '../ui.tsx';
import { remove, sync, syncing, type OutboxItem } from '../outbox.ts';

export function OutboxPage({ outbox, online }: { outbox: OutboxItem[]; online: boolean }) {
  const { t } = useT();
  return (
    <>
      <Bar right={<Tag color={online ? 'success' : 'warning'}>{online ? t('outbox.online') : t('outbox.offline')}</Tag>}>
        {t('outbox.title')}
      </Bar>
      {outbox.length === 0 ? (
        <Empty description={t('outbox.empty')} />
      ) : (
        <List>
          {outbox.map((i) => (
            <List.Item
              key={i.key}
              data-testid="outbox-item"
              data-state={i.state}
              description={
                <>
                  <div>{new Date(i.createdAt).toLocaleString()}</div>
                  {(i.type === 'epod' || i.type === 'vehicleCheck') && i.state === 'waiting' && (i.pictures?.length ?? 0) > 0 && <div>{t('outbox.progress', { done: i.sent ?? 0, total: i.pictures!.length })}</div>}
                  {i.message && <div className="err">{i.message}</div>}
                </>
              }
              extra={
                i.state === 'refused' ? (
                  <Button size="mini" onClick={() => void remove(i.key)}>
                    {t('outbox.remove')}
                  </Button>
                ) : undefined
              }
            >
              <Tag color={i.state === 'refused' ? 'danger' : 'primary'} style={{ marginRight: 6 }}>
                {i.state === 'refused' ? t('outbox.refused') : t('outbox.waiting')}
              </Tag>
              {t(`outbox.types.${i.type}`, { n: i.points?.length ?? 0 })} {i.label}
            </List.Item>
          ))}
        </List>
      )}
      <div className="card">
        <Button block color="primary" disabled={!online} loading={syncing} onClick={() => void sync()}>
          {t('outbox.syncNow')}
        </Button>
      </div>
    </>
  );
}
