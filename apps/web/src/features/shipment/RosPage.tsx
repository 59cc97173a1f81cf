/**
 * Waybills ready to dispatch (menu "RoS"): reviewed waybills on no dispatch order, with "create dispatch
 * order" from the ticked ones and "add to dispatch order" (an open or confirmed one, picked from the list;
 * a carrier mismatch asks first, spec §5).
 */
import { App, Button } from 'antd';
import { PlusOutlined, LinkOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { HttpError } from '../../platform/http.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import SelectModal from '../../platform/resource/SelectModal.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { action, rosDef, shipmentDef } from './api.ts';

export default function RosPage() {
  const { t, can } = useResourceContext();
  const { message, modal } = App.useApp();
  const [binding, setBinding] = useState<{ rows: Row[]; api: TableApi } | null>(null);

  const create = (api: TableApi) => {
    if (!api.selected.length) return void message.warning(t('resource.selectRows'));
    modal.confirm({
      title: t('shipment.confirm.title'),
      content: t('shipment.confirm.create', { count: api.selected.length }),
      okText: t('resource.ok'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        try {
          const r = await action('create', { waybillIds: api.selected.map((x) => x.id) });
          message.success(`${r.msg} ${r.data?.shipmentCode ?? ''}`);
          api.reload();
        } catch {
          // notification shows the server's message
        }
      },
    });
  };

  const bind = async (shipmentId: number, rows: Row[], api: TableApi, confirmCarrierMismatch = false): Promise<void> => {
    try {
      const r = await action('bind', { id: shipmentId, waybillIds: rows.map((x) => x.id), confirmCarrierMismatch }, { silent: true });
      message.success(r.msg);
      api.reload();
    } catch (e) {
      const body = e instanceof HttpError ? e.body : null;
      if ((body?.data as { confirm?: string } | undefined)?.confirm === 'carrierMismatch')
        modal.confirm({ title: t('shipment.confirm.title'), content: body!.msg, okText: t('resource.ok'), cancelText: t('resource.cancel'), onOk: () => bind(shipmentId, rows, api, true) });
      else message.error(body?.msg ?? String(e));
    }
  };

  const toolbarExtra = (api: TableApi) => [
    can('shipment:shipment:create') && (
      <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => create(api)} data-testid="ros-create" aria-haspopup="dialog" data-dialog="confirm">
        {t('shipment.actions.create')}
      </Button>
    ),
    can('shipment:shipment:bind') && (
      <Button key="bind" icon={<LinkOutlined />} onClick={() => (api.selected.length ? setBinding({ rows: api.selected, api }) : void message.warning(t('resource.selectRows')))} data-testid="ros-bind" aria-haspopup="dialog">
        {t('shipment.actions.bindTo')}
      </Button>
    ),
  ];

  return (
    <>
      <ResourceTable resource={rosDef} syncUrl selectable toolbarExtra={toolbarExtra} />
      <SelectModal
        resource={shipmentDef}
        open={binding !== null}
        filters={{ status: 'OPEN,CONFIRMED' }}
        onCancel={() => setBinding(null)}
        onOk={(rows) => {
          const b = binding!;
          setBinding(null);
          if (rows[0]) void bind(rows[0].id, b.rows, b.api);
        }}
      />
    </>
  );
}
