/** The delivery log: every webhook / e-mail send with its last attempt; its attempts open from the row; webhooks and e-mails can be sent again. */
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { NotifyApi, resourceByName } from '@tms/domain';
import { call } from '../../platform/api.ts';
import { useCan } from '../../platform/queries.ts';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';

const def = resourceByName.get('notifyDelivery')!;

export default function DeliveryPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  return (
    <ResourceTable
      resource={def}
      syncUrl
      rowActions={(row, api) =>
        can('notify:delivery:replay') && (row.channel === 'WEBHOOK' || row.channel === 'EMAIL')
          ? [
              <LinkButton
                dialog="confirm"
                key="replay"
                data-testid="delivery-replay"
                onClick={() =>
                  modal.confirm({
                    title: t('resource.confirmTitle'),
                    content: t('notify.replayConfirm'),
                    okText: t('resource.ok'),
                    cancelText: t('resource.cancel'),
                    onOk: async () => {
                      const r = await call(NotifyApi.deliveryReplay, { body: { ids: [row.id] } });
                      message.success(r.msg);
                      api.reload();
                    },
                  })
                }
              >
                {t('notify.replay')}
              </LinkButton>,
            ]
          : []
      }
    />
  );
}
