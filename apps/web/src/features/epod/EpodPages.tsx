/**
 * The receipt list (menu epod/index) and the abnormal-check list (menu epod/check): the generic
 * lists of the `epod` / `epodCheck` resources with the receipt actions on the ticked rows, a
 * sign-for link on receipts waiting for a report, and the receipt detail drawer. Buttons show only
 * with their permission; the server decides and its refusal shows in the dialog.
 */
import { useCallback, useState } from 'react';
import { App, Button } from 'antd';
import { AuditOutlined, CheckSquareOutlined, EditOutlined, RollbackOutlined, StopOutlined, ToolOutlined } from '@ant-design/icons';
import { EpodApi, resourceByName, type ResourceDef } from '@tms/domain';
import { queryClient } from '../../platform/queries.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { epodKey, fetchEpod, refusal, type EpodDetail as Detail, type EpodGet } from './api.ts';
import EpodDetail, { type DetailAction } from './EpodDetail.tsx';
import SignForModal from './SignForModal.tsx';
import ActionModal, { type ActionKind } from './ActionModal.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';

const ICONS: Record<DetailAction, React.ReactNode> = {
  signFor: <EditOutlined />,
  audit: <AuditOutlined />,
  reject: <StopOutlined />,
  recall: <RollbackOutlined />,
  handle: <ToolOutlined />,
};

type Dialog = { kind: 'signFor'; epod: Detail } | { kind: ActionKind; rows: Row[] } | null;

function EpodListPage({ def, get, actions }: { def: ResourceDef; get: EpodGet; actions: DetailAction[] }) {
  const { t, can } = useResourceContext();
  const { message } = App.useApp();
  const [detail, setDetail] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [api, setApi] = useState<TableApi | null>(null);
  const allowed = actions.filter((a) => can(`epod:epod:${a}`));

  const open = async (action: DetailAction, rows: Row[]) => {
    if (!rows.length) return void message.warning(t('resource.selectRows'));
    if (action !== 'audit' && rows.length !== 1) return void message.warning(t('epod.selectOne'));
    if (action === 'signFor') {
      const epod = await queryClient.fetchQuery({ queryKey: epodKey(rows[0]!.id), queryFn: () => fetchEpod(get, rows[0]!.id), staleTime: 0 });
      setDialog({ kind: 'signFor', epod });
    } else setDialog({ kind: action, rows });
  };

  const toolbarExtra = (tableApi: TableApi) =>
    allowed.map((a) => (
      <Button
        key={a}
        type={a === 'audit' ? 'primary' : 'default'}
        icon={ICONS[a]}
        disabled={!tableApi.selected.length}
        data-testid={`epod-${a}`}
        aria-haspopup="dialog"
        onClick={() => {
          setApi(tableApi);
          void open(a, tableApi.selected);
        }}
      >
        {t(`epod.${a}`)}
      </Button>
    ));

  const rowActions = useCallback(
    (row: Row, tableApi: TableApi) => {
      const links = [];
      if (can('epod:epod:signFor') && actions.includes('signFor') && !refusal('report', row))
        links.push(
          <LinkButton dialog key="signFor" data-testid="epod-sign-link" onClick={() => (setApi(tableApi), void open('signFor', [row]))}>
            <EditOutlined /> {t('epod.signFor')}
          </LinkButton>,
        );
      if (can('epod:epod:handle') && actions.includes('handle') && !refusal('handle', row))
        links.push(
          <LinkButton dialog key="handle" data-testid="epod-handle-link" onClick={() => (setApi(tableApi), void open('handle', [row]))}>
            <CheckSquareOutlined /> {t('epod.handle')}
          </LinkButton>,
        );
      return links;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [can, t],
  );

  const done = () => {
    setDialog(null);
    api?.reload();
    if (detail !== null) void queryClient.invalidateQueries({ queryKey: epodKey(detail) });
  };

  return (
    <>
      <ResourceTable resource={def} syncUrl selectable={allowed.length > 0} onView={(row) => setDetail(row.id)} rowActions={rowActions} toolbarExtra={toolbarExtra} />
      {detail !== null && (
        <EpodDetail
          id={detail}
          get={get}
          onClose={() => setDetail(null)}
          onAction={(a, d) => (a === 'signFor' ? setDialog({ kind: 'signFor', epod: d }) : setDialog({ kind: a, rows: [d] }))}
        />
      )}
      {dialog?.kind === 'signFor' && <SignForModal epod={dialog.epod} onClose={() => setDialog(null)} onDone={done} />}
      {dialog && dialog.kind !== 'signFor' && <ActionModal kind={dialog.kind} rows={dialog.rows} onClose={() => setDialog(null)} onDone={done} />}
    </>
  );
}

export function EpodPage() {
  return <EpodListPage def={resourceByName.get('epod')!} get={EpodApi.endpoints.get} actions={['signFor', 'audit', 'reject', 'recall', 'handle']} />;
}

export function EpodCheckPage() {
  return <EpodListPage def={resourceByName.get('epodCheck')!} get={EpodApi.endpoints.checkGet} actions={['handle', 'audit']} />;
}
