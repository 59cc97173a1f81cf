/** Online users: the live sessions, searchable by login name, with force logout. */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { SystemApi } from '@tms/domain';
import { call, callData, type AnswerOf } from '../../platform/api.ts';
import { useCan, useUserInfo } from '../../platform/queries.ts';
import { formatDateTime } from '../../platform/format.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';

type OnlineRow = AnswerOf<typeof SystemApi.endpoints.onlineList>['rows'][number];

export default function OnlinePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  const { data: me } = useUserInfo();
  const dateStyle = me?.sysUserProfile?.dateStyle;
  const ref = useRef<ActionType>(undefined);
  const f = (k: string) => t(`system.online.${k}`);
  const columns: ProColumns<OnlineRow>[] = [
    { title: f('sessionId'), dataIndex: 'id', search: false, width: 90 },
    { title: f('userName'), dataIndex: 'userName' },
    { title: f('nickName'), dataIndex: 'nickName', search: false },
    { title: f('dispatchCenter'), dataIndex: 'dispatchCenterName', search: false },
    { title: f('ipaddr'), dataIndex: 'ipaddr', search: false },
    { title: f('userAgent'), dataIndex: 'userAgent', search: false, ellipsis: true, width: 280 },
    { title: f('loginTime'), dataIndex: 'loginTime', search: false, onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_d, r) => formatDateTime(r.loginTime, dateStyle) },
    { title: f('expiresAt'), dataIndex: 'expiresAt', search: false, onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_d, r) => formatDateTime(r.expiresAt, dateStyle) },
    {
      title: t('resource.actions'),
      valueType: 'option',
      key: 'option',
      render: (_d, r) =>
        can('monitor:online:forceLogout')
          ? [
              <LinkButton
                dialog="confirm"
                danger
                key="logout"
                onClick={() =>
                  modal.confirm({
                    title: t('resource.confirmTitle'),
                    content: t('system.online.forceConfirm', { name: r.userName }),
                    okText: t('resource.ok'),
                    okButtonProps: { danger: true },
                    cancelText: t('resource.cancel'),
                    onOk: async () => {
                      await callData(SystemApi.endpoints.forceLogout, { body: { id: r.id } });
                      message.success(t('system.online.forced'));
                      void ref.current?.reload();
                    },
                  })
                }
              >
                {f('forceLogout')}
              </LinkButton>,
            ]
          : [],
    },
  ];
  return (
    <ProTable<OnlineRow>
      rowKey="id"
      actionRef={ref}
      headerTitle={t('system.online.title')}
      columns={columns}
      cardBordered
      search={{ labelWidth: 'auto' }}
      options={{ density: true, reload: true, setting: true, fullScreen: false }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (total) => t('resource.total', { total }) }}
      request={async (params) => {
        const { current, pageSize, userName } = params as { current?: number; pageSize?: number; userName?: string };
        const r = await call(SystemApi.endpoints.onlineList, { query: { pageNum: current ?? 1, pageSize: pageSize ?? 20, userName } });
        return { data: r.rows, total: r.total, success: true };
      }}
    />
  );
}
