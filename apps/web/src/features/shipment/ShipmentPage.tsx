/**
 * The dispatch order list (spec §2 shipment screens, §5 selection rules): the generic list of the `shipment`
 * resource with its search form, and the actions of the state machine on the ticked rows — scheduling,
 * cancel scheduling, take effect, withdraw, ship, finish, driver and in-transit reassignment, administrator
 * return and printing — each shown only with its permission. The server decides and answers with the
 * spec's messages; the selection rules are checked here first so the user gets them at once.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { App, Button } from 'antd';
import {
  CalendarOutlined, CarOutlined, DownOutlined, CheckCircleOutlined, FlagOutlined, NodeIndexOutlined, PrinterOutlined, RollbackOutlined, StopOutlined, SwapOutlined, UndoOutlined, UserSwitchOutlined,
} from '@ant-design/icons';
import { MenuButton } from '../../platform/MenuButton.tsx';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { action, shipmentDef } from './api.ts';
import AssignModal, { type AssignMode } from './AssignModal.tsx';
import { PrintModal, ReturnModal, TimeModal } from './ActionModals.tsx';
import ShipmentDetail from './ShipmentDetail.tsx';
import TrajectoryDrawer from './TrajectoryDrawer.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';

type Dialog =
  | { kind: AssignMode; row: Row }
  | { kind: 'ship' | 'finish' | 'return' | 'print'; rows: Row[] }
  | null;

/** A toolbar action: its permission, which states it needs (checked before asking the server) and the message otherwise. */
interface Tool {
  key: string;
  perm: string;
  icon: ReactNode;
  label: string;
  single?: boolean;
  /** in the "more" menu rather than a button of its own */
  more?: boolean;
  states?: string[];
  refusal?: string;
  run: (rows: Row[], api: TableApi) => void;
}

export default function ShipmentPage() {
  const { t, can } = useResourceContext();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [track, setTrack] = useState<Row | null>(null);
  // the table's api, kept from its last toolbar render (dialogs and the detail reload the list when done)
  const api = useRef<TableApi | null>(null);

  /** A bulk action after a confirmation (take effect, withdraw and cancel scheduling ask, spec §4). */
  const confirmed = (name: 'cancelSchedule' | 'effect' | 'withdraw', text: string) => (rows: Row[], tableApi: TableApi) =>
    modal.confirm({
      title: t('shipment.confirm.title'),
      content: t(text, { count: rows.length }),
      okText: t('resource.ok'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        try {
          const r = await action(name, { ids: rows.map((x) => x.id) });
          message.success(r.msg);
          tableApi.reload();
        } catch {
          // the error notification carries the server's message (spec §8)
        }
      },
    });

  const tools: Tool[] = [
    { key: 'schedule', perm: 'schedule', icon: <CalendarOutlined />, label: 'schedule', single: true, states: ['OPEN'], refusal: 'messages.shipment.selectOpen', run: ([row]) => setDialog({ kind: 'schedule', row: row! }) },
    { key: 'cancelSchedule', more: true, perm: 'cancelSchedule', icon: <StopOutlined />, label: 'cancelSchedule', states: ['CONFIRMED'], refusal: 'messages.shipment.selectConfirmed', run: confirmed('cancelSchedule', 'shipment.confirm.cancelSchedule') },
    { key: 'effect', perm: 'effect', icon: <CheckCircleOutlined />, label: 'effect', states: ['CONFIRMED'], refusal: 'messages.shipment.selectConfirmed', run: confirmed('effect', 'shipment.confirm.effect') },
    { key: 'withdraw', more: true, perm: 'withdraw', icon: <UndoOutlined />, label: 'withdraw', run: confirmed('withdraw', 'shipment.confirm.withdraw') },
    { key: 'ship', perm: 'ship', icon: <CarOutlined />, label: 'ship', run: (rows) => setDialog({ kind: 'ship', rows }) },
    { key: 'finish', perm: 'finish', icon: <FlagOutlined />, label: 'finish', run: (rows) => setDialog({ kind: 'finish', rows }) },
    { key: 'reassign', more: true, perm: 'reassign', icon: <UserSwitchOutlined />, label: 'reassign', single: true, run: ([row]) => setDialog({ kind: 'reassign', row: row! }) },
    { key: 'reassignTransit', more: true, perm: 'reassignTransit', icon: <SwapOutlined />, label: 'reassignTransit', single: true, run: ([row]) => setDialog({ kind: 'transit', row: row! }) },
    { key: 'return', more: true, perm: 'return', icon: <RollbackOutlined />, label: 'return', run: (rows) => setDialog({ kind: 'return', rows }) },
    { key: 'print', perm: 'print', icon: <PrinterOutlined />, label: 'print', run: (rows) => setDialog({ kind: 'print', rows }) },
  ];

  const click = (tool: Tool, tableApi: TableApi) => {
    const rows = tableApi.selected;
    if (!rows.length) return void message.warning(t('messages.shipment.selectFirst'));
    if (tool.single && rows.length > 1) return void message.warning(t('shipment.selectOne'));
    if (tool.states && rows.some((r) => !tool.states!.includes(String(r.status)))) return void message.warning(t(tool.refusal!));
    tool.run(rows, tableApi);
  };

  /** every tool opens a dialog: its own, or the confirmation of a bulk action (aria-haspopup, audited with a ticked row) */
  const CONFIRMS = new Set(['cancelSchedule', 'effect', 'withdraw']);
  const toolbarExtra = (tableApi: TableApi) => {
    api.current = tableApi;
    const allowed = tools.filter((x) => can(`shipment:shipment:${x.perm}`));
    const buttons: ReactNode[] = allowed
      .filter((x) => !x.more)
      .map((x) => (
        <Button key={x.key} icon={x.icon} onClick={() => click(x, tableApi)} data-testid={`shipment-${x.key}`} aria-haspopup="dialog" data-dialog={CONFIRMS.has(x.key) ? 'confirm' : undefined}>
          {t(`shipment.actions.${x.label}`)}
        </Button>
      ));
    const more = allowed.filter((x) => x.more);
    if (more.length)
      buttons.push(
        <MenuButton
          key="more"
          items={more.map((x) => ({
            key: x.key,
            icon: x.icon,
            label: (
              <span data-testid={`shipment-${x.key}`} data-dialog-item={CONFIRMS.has(x.key) ? 'confirm' : ''}>
                {t(`shipment.actions.${x.label}`)}
              </span>
            ),
          }))}
          onPick={(key) => click(more.find((x) => x.key === key)!, tableApi)}
          data-testid="shipment-more"
        >
          {t('shipment.actions.more')} <DownOutlined />
        </MenuButton>,
      );
    return buttons;
  };

  const rowActions = useCallback(
    (row: Row) =>
      can('shipment:trajectory:query')
        ? [
            <LinkButton dialog key="trajectory" onClick={() => setTrack(row)} data-testid="shipment-trajectory-link">
              <NodeIndexOutlined /> {t('shipment.actions.trajectory')}
            </LinkButton>,
          ]
        : [],
    [can, t],
  );

  const done = () => {
    api.current?.reload();
    setDialog(null);
  };
  const close = () => setDialog(null);

  return (
    <>
      <ResourceTable resource={shipmentDef} syncUrl selectable onView={(row) => setDetail(row.id)} rowActions={rowActions} toolbarExtra={toolbarExtra} />
      {dialog && (dialog.kind === 'schedule' || dialog.kind === 'reassign' || dialog.kind === 'transit') && <AssignModal mode={dialog.kind} row={dialog.row} onClose={close} onDone={done} />}
      {dialog && (dialog.kind === 'ship' || dialog.kind === 'finish') && <TimeModal kind={dialog.kind} rows={dialog.rows} onClose={close} onDone={done} />}
      {dialog?.kind === 'return' && <ReturnModal rows={dialog.rows} onClose={close} onDone={done} />}
      {dialog?.kind === 'print' && <PrintModal rows={dialog.rows} onClose={close} onDone={done} />}
      {detail !== null && <ShipmentDetail id={detail} onClose={() => setDetail(null)} onChanged={() => api.current?.reload()} />}
      {track && <TrajectoryDrawer row={track} onClose={() => setTrack(null)} />}
    </>
  );
}
