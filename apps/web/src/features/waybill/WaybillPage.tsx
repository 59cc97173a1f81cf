/**
 * The waybill list (spec §2 waybill screens): the generic list of the `waybill` resource with its search
 * form, plus review / withdraw / to-dispatch / print on the ticked rows, a split link on open waybills and the
 * waybill detail drawer. Buttons show only with their permission; the server decides (spec §8 messages).
 */
import { useCallback, useState } from 'react';
import { App, Button } from 'antd';
import { AuditOutlined, PrinterOutlined, RollbackOutlined, ScissorOutlined, SendOutlined } from '@ant-design/icons';
import { WaybillApi } from '@tms/domain';
import { call } from '../../platform/api.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import { type Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import WaybillDetail, { waybillDef } from './WaybillDetail.tsx';
import SplitModal from './SplitModal.tsx';
import ToRosModal from './ToRosModal.tsx';
import { PrintModal, WAYBILL_PRINT } from '../order/OrderDialogs.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';

type Dialog = { kind: 'split'; id: number; api: TableApi } | { kind: 'toRos' | 'print'; rows: Row[]; api: TableApi } | null;

export default function WaybillPage() {
  const { t, can } = useResourceContext();
  const { message, modal } = App.useApp();
  const [detail, setDetail] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  /** Review or withdraw the ticked waybills, after a confirmation; a refusal shows the server's message. */
  const bulk = (api: TableApi, action: 'review' | 'retract') => {
    if (!api.selected.length) return void message.warning(t('resource.selectRows'));
    modal.confirm({
      title: t('resource.confirmTitle'),
      content: t(action === 'review' ? 'waybill.confirmReview' : 'waybill.confirmRetract', { count: api.selected.length }),
      okText: t('resource.ok'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        try {
          const r = await call(WaybillApi[action], { body: { ids: api.selected.map((r) => r.id) } });
          message.success(r.msg);
          api.reload();
        } catch {
          // the error notification carries the server's message (spec §8)
        }
      },
    });
  };

  const toolbarExtra = (api: TableApi) => {
    const out = [];
    const none = !api.selected.length;
    if (can('waybill:waybill:review'))
      out.push(
        <Button key="review" icon={<AuditOutlined />} disabled={none} onClick={() => bulk(api, 'review')} data-testid="waybill-review" aria-haspopup="dialog" data-dialog="confirm">
          {t('waybill.review')}
        </Button>,
      );
    if (can('waybill:waybill:retract'))
      out.push(
        <Button key="retract" icon={<RollbackOutlined />} disabled={none} onClick={() => bulk(api, 'retract')} data-testid="waybill-retract" aria-haspopup="dialog" data-dialog="confirm">
          {t('waybill.retract')}
        </Button>,
      );
    if (can('waybill:waybill:toRos'))
      out.push(
        <Button key="toRos" type="primary" icon={<SendOutlined />} disabled={none} onClick={() => openToRos(api)} data-testid="waybill-to-ros" aria-haspopup="dialog">
          {t('waybill.toRos')}
        </Button>,
      );
    // the paper that travels with the goods: the default template carries the public tracking link and its QR code
    if (can('waybill:waybill:print'))
      out.push(
        <Button key="print" icon={<PrinterOutlined />} disabled={none} onClick={() => setDialog({ kind: 'print', rows: api.selected, api })} data-testid="waybill-print" aria-haspopup="dialog">
          {t('waybill.print')}
        </Button>,
      );
    return out;
  };

  const openToRos = (api: TableApi) => {
    if (api.selected.some((r) => r.status !== 'REVIEWED' || r.shipmentId)) return void message.warning(t('waybill.toRosModal.onlyReviewed'));
    setDialog({ kind: 'toRos', rows: api.selected, api });
  };

  const rowActions = useCallback(
    (row: Row, api: TableApi) =>
      row.status === 'OPEN' && can('waybill:waybill:split')
        ? [
            <LinkButton dialog key="split" onClick={() => setDialog({ kind: 'split', id: row.id, api })} data-testid="waybill-split-link">
              <ScissorOutlined /> {t('waybill.split')}
            </LinkButton>,
          ]
        : [],
    [can, t],
  );

  const done = () => {
    dialog?.api.reload();
    setDialog(null);
  };

  return (
    <>
      <ResourceTable resource={waybillDef} syncUrl selectable onView={(row) => setDetail(row.id)} rowActions={rowActions} toolbarExtra={toolbarExtra} />
      {detail !== null && <WaybillDetail id={detail} onClose={() => setDetail(null)} onOpen={setDetail} />}
      {dialog?.kind === 'split' && <SplitModal id={dialog.id} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'toRos' && <ToRosModal rows={dialog.rows} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'print' && (
        <PrintModal routes={WAYBILL_PRINT} title={t('waybill.printTitle', { count: dialog.rows.length })} testId="waybill-print-modal" rows={dialog.rows} onClose={() => setDialog(null)} onDone={done} />
      )}
    </>
  );
}
