/**
 * The order list (spec §2 "Order list"): the generic list of the `order` definition with every filter
 * of the spec, the total weight and pieces of the filtered set above the table, add / edit with the
 * item lines, and review / retract / lock / unlock / delete / assign carrier route / print / print
 * verification / import on the ticked rows. Buttons show with their permission; the server decides
 * and a refusal shows its message (spec §8).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Col, Space, Typography } from 'antd';
import { AuditOutlined, CheckSquareOutlined, DownOutlined, LockOutlined, PrinterOutlined, RollbackOutlined, UnlockOutlined, UploadOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { ProForm } from '@ant-design/pro-components';
import { OrderApi, orderResource } from '@tms/domain';
import { call } from '../../platform/api.ts';
import { MenuButton } from '../../platform/MenuButton.tsx';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import { resourceTitle } from '../../platform/resource/columns.ts';
import type { FormExtension } from '../../platform/resource/ResourceForm.tsx';
import { useResourceContext } from '../../platform/resource/context.ts';
import OrderDetail, { fetchOrder } from './OrderDetail.tsx';
import LinesInput, { toBodyLines, toFormLines, type FormLine } from './LinesInput.tsx';
import { AssignModal, LockModal, PrintModal, type OrderDialog } from './OrderDialogs.tsx';
import OrderImportModal from './OrderImportModal.tsx';

interface Summary {
  total: number;
  totalWeight: number;
  totalQuantity: number;
  totalVolume: number;
}

type Bulk = 'review' | 'retract' | 'unlock' | 'printVerify';
const CONFIRM: Record<Bulk, string> = { review: 'order.confirmReview', retract: 'order.confirmRetract', unlock: 'order.confirmUnlock', printVerify: 'order.confirmVerify' };

export default function OrderPage() {
  const { t, can } = useResourceContext();
  const { message, modal } = App.useApp();
  const [detail, setDetail] = useState<number | null>(null);
  const [dialog, setDialog] = useState<(OrderDialog & { api: TableApi }) | null>(null);
  const [importing, setImporting] = useState<TableApi | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);

  /** An action without input on the ticked orders, after a confirmation. */
  const bulk = (api: TableApi, action: Bulk) => {
    if (!api.selected.length) return void message.warning(t('resource.selectRows'));
    modal.confirm({
      title: t('resource.confirmTitle'),
      content: t(CONFIRM[action], { count: api.selected.length }),
      okText: t('resource.ok'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        try {
          const r = await call(OrderApi.actions[action], { body: { ids: api.selected.map((x) => Number(x.id)) } });
          message.success(r.msg);
          api.reload();
        } catch {
          // the error notification carries the server's message (spec §8)
        }
      },
    });
  };

  const open = (api: TableApi, kind: 'lock' | 'assign' | 'print') => {
    if (!api.selected.length) return void message.warning(t('resource.selectRows'));
    setDialog({ kind, rows: api.selected, api });
  };

  /** Review and retract as buttons; the other actions in a "more" menu (the toolbar stays one line). */
  const toolbarExtra = (api: TableApi) => {
    const none = !api.selected.length;
    type Act = [perm: string, key: string, icon: ReactNode, onClick: () => void, needsRows: boolean];
    const main: Act[] = [
      ['order:order:review', 'review', <AuditOutlined />, () => bulk(api, 'review'), true],
      ['order:order:retract', 'retract', <RollbackOutlined />, () => bulk(api, 'retract'), true],
    ];
    const more: Act[] = [
      ['order:order:lock', 'lock', <LockOutlined />, () => open(api, 'lock'), true],
      ['order:order:unlock', 'unlock', <UnlockOutlined />, () => bulk(api, 'unlock'), true],
      ['order:order:assign', 'assign', <NodeIndexOutlined />, () => open(api, 'assign'), true],
      ['order:order:print', 'print', <PrinterOutlined />, () => open(api, 'print'), true],
      ['order:order:verify', 'printVerify', <CheckSquareOutlined />, () => bulk(api, 'printVerify'), true],
      ['order:order:import', 'import', <UploadOutlined />, () => setImporting(api), false],
    ];
    const allowed = (list: Act[]) => list.filter(([perm]) => can(perm));
    // review and retract stay enabled without ticked rows (they say so when pressed): a disabled button is out of
    // the tab order, and the one that opened the confirmation would drop the keyboard focus as the reload clears the ticks
    // each asks first (a confirmation: aria-haspopup, the accessibility audit opens it with a ticked row)
    const out: ReactNode[] = allowed(main).map(([, key, icon, onClick]) => (
      <Button key={key} icon={icon} onClick={onClick} data-testid={`order-${key}`} aria-haspopup="dialog" data-dialog="confirm">
        {t(`order.${key}`)}
      </Button>
    ));
    const items = allowed(more).map(([, key, icon, onClick, needsRows]) => ({
      key,
      icon,
      disabled: needsRows && none,
      onClick,
      // every item opens a dialog: its own (lock, assign, print, import) or the confirmation of a bulk action
      label: (
        <span data-testid={`order-${key}`} data-dialog-item={key === 'unlock' || key === 'printVerify' ? 'confirm' : ''}>
          {t(`order.${key}`)}
        </span>
      ),
    }));
    if (items.length)
      out.push(
        <MenuButton key="more" items={items} data-testid="order-more">
          {t('order.more')} <DownOutlined />
        </MenuButton>,
      );
    return out;
  };

  const formExt = useMemo<FormExtension>(
    () => ({
      width: 1100,
      load: async (record) => ({ lines: record ? toFormLines((await fetchOrder(record.id)).lines) : [] }),
      extra: ({ form }) => (
        <Col span={24}>
          <ProForm.Item
            name="lines"
            label={t('order.sections.lines')}
            required
            rules={[{ validator: async (_r: unknown, v: FormLine[] | undefined) => (v?.length ? undefined : Promise.reject(new Error(t('messages.order.linesRequired')))) }]}
          >
            <LinesInput form={form} />
          </ProForm.Item>
        </Col>
      ),
      beforeSubmit: (body, values) => ({ ...body, lines: toBodyLines(values.lines as FormLine[] | undefined) }),
    }),
    [t],
  );

  const title = (
    <Space direction="vertical" size={0} style={{ minWidth: 320 }}>
      <span>{resourceTitle(t, orderResource)}</span>
      {summary && (
        <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }} data-testid="order-totals">
          {t('order.totals', { count: summary.total, weight: summary.totalWeight, quantity: summary.totalQuantity, volume: summary.totalVolume })}
        </Typography.Text>
      )}
    </Space>
  );

  const done = () => {
    dialog?.api.reload();
    setDialog(null);
  };

  return (
    <>
      <ResourceTable
        resource={orderResource}
        syncUrl
        selectable
        headerTitle={title}
        onView={(row) => setDetail(row.id)}
        onLoaded={(r) => setSummary({ total: r.total, ...(r.summary as Omit<Summary, 'total'>) })}
        toolbarExtra={toolbarExtra}
        form={formExt}
      />
      {detail !== null && <OrderDetail id={detail} onClose={() => setDetail(null)} />}
      {dialog?.kind === 'lock' && <LockModal rows={dialog.rows} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'assign' && <AssignModal rows={dialog.rows} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'print' && <PrintModal rows={dialog.rows} onClose={() => setDialog(null)} onDone={done} />}
      {importing && <OrderImportModal onClose={() => setImporting(null)} onImported={() => importing.reload()} />}
    </>
  );
}
