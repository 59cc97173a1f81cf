/**
 * The generic list of a resource: ProTable whose columns and search form come from the definition,
 * a toolbar and row actions gated by the user's buttons, and the form, detail, import and child
 * modals. In 'select' mode it is the body of the SelectModal (no actions, a row selection).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Space, Switch } from 'antd';
import { ArrowsAltOutlined, CheckCircleOutlined, CopyOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined, ShrinkOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { LIMITS, allFields, permissionOf, resourceByName, type ResourceDef } from '@tms/domain';
import { resourceCalls, type ResourceListAnswer } from '../resource-calls.ts';
import {
  buildColumns,
  decodeListState,
  DEFAULT_PAGE_SIZE,
  displayValue,
  encodeListState,
  filterParamNames,
  listParams,
  PAGE_SIZES,
  resourceTitle,
  searchValuesToParams,
  sortFromTable,
  type ListState,
  type Row,
} from './columns.ts';
import { useResourceContext } from './context.ts';
import ResourceForm, { type FormExtension } from './ResourceForm.tsx';
import ResourceDetail from './ResourceDetail.tsx';
import ImportModal from './ImportModal.tsx';
import ChildModal from './ChildModal.tsx';
import { LinkButton } from '../LinkButton.tsx';
import { dataLang } from '../DataText.tsx';

export interface ResourceTableProps {
  resource: ResourceDef;
  /** keep page, filters and sort in the URL query string (the menu page) */
  syncUrl?: boolean;
  /** fixed filters, also prefilled (and hidden) in the add form: a child list's foreign key */
  fixed?: Record<string, string | number>;
  mode?: 'manage' | 'select';
  multiple?: boolean;
  onSelectionChange?: (rows: Row[]) => void;
  /** select mode: a double click picks the row at once (single selection) */
  onPick?: (row: Row) => void;
  headerTitle?: ReactNode;
  /** extra links of each row, after the built-in ones (manage mode) */
  rowActions?: (row: Row, api: TableApi) => ReactNode[];
  /** extra toolbar buttons, after the built-in ones (manage mode) */
  toolbarExtra?: (api: TableApi) => ReactNode[];
  /**
   * resources with def.tree: load every row and show them nested by the parent field; a small tree starts all expanded,
   * a large one (the menu: ~600 entries, 2,400 row buttons, seconds to draw) with its first level open; the toolbar
   * expands or collapses all
   */
  tree?: boolean;
  /** extensions of the add / edit form (custom widgets, extra fields, body additions) */
  form?: FormExtension;
  /** manage mode: rows can be ticked for the toolbarExtra actions even without delete / effect rights */
  selectable?: boolean;
  /** manage mode: the row's view link opens this instead of the generic detail drawer */
  onView?: (row: Row) => void;
  /** each list answer as it arrives (extra members such as a summary of the filtered set) */
  onLoaded?: (answer: { rows: Row[]; total: number } & Record<string, unknown>) => void;
}

/** What extensions may do with the table. */
export interface TableApi {
  reload: () => void;
  /** opens the add form (record null, optional initial values) or the edit form of a record */
  openForm: (record: Row | null, initial?: Record<string, unknown>) => void;
  /** the rows currently loaded (the whole tree in tree mode) */
  rows: () => Row[];
  /** the ticked rows */
  selected: Row[];
}

/** Rows nested by their parent field (a row whose parent is not loaded becomes a root). */
export function nestRows(rows: Row[], parentField: string): Row[] {
  const byId = new Map<number, Row & { children?: Row[] }>(rows.map((r) => [r.id, { ...r }]));
  const roots: Row[] = [];
  for (const r of byId.values()) {
    const p = byId.get(Number(r[parentField]));
    if (p && p !== r) (p.children ??= []).push(r);
    else roots.push(r);
  }
  return roots;
}

/** A tree of more rows starts with its roots open only (drawing every row of the menu took 5–15 s on a loaded machine). */
const TREE_OPEN_ALL_MAX = 200;

/** Largest page the tree mode asks for (the server's limit). */
const TREE_PAGE_SIZE = LIMITS.pageSizeMax;

const STATE_KEYS = ['pageNum', 'pageSize', 'orderByColumn', 'isAsc'];

/** Our part of the query string in canonical form (so order or foreign keys do not look like a change). */
type ListAnswer = ResourceListAnswer;

/** A page of a resource's list, typed by its endpoint (extra members of the answer stay for the caller). */
const listPage = (def: ResourceDef, params: Record<string, unknown>): Promise<ListAnswer> => resourceCalls(def).list(params);

/** First-page requests started while a list page renders, by URL and parameters; taken once by its table. */
const firstPages = new Map<string, { rows: Promise<ListAnswer>; at: number }>();
/** An answer nobody took (a render React threw away) is not reused after this long. */
const FIRST_PAGE_TTL_MS = 5000;

function askFirstPage(def: ResourceDef, params: Record<string, unknown>): string {
  const key = `${def.path}/list ${paramsKey(params)}`;
  const now = Date.now();
  for (const [k, v] of firstPages) if (now - v.at > FIRST_PAGE_TTL_MS) firstPages.delete(k);
  if (!firstPages.has(key)) {
    const rows = listPage(def, params);
    rows.catch(() => undefined); // a failure is reported by the http client and met again in `request`
    firstPages.set(key, { rows, at: now });
  }
  return key;
}

/** The answer asked for by `askFirstPage` when `request` wants exactly that list; taken once (a reload asks again). */
function takeFirstPage(key: string | null, url: string, params: Record<string, unknown>): Promise<ListAnswer> | null {
  if (!key || key !== `${url} ${paramsKey(params)}`) return null;
  const hit = firstPages.get(key);
  firstPages.delete(key);
  return hit && Date.now() - hit.at <= FIRST_PAGE_TTL_MS ? hit.rows : null;
}

/** The same list request, whatever the key order or empty values. */
function paramsKey(p: Record<string, unknown>): string {
  return JSON.stringify(
    Object.entries(p)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}

function canonical(def: ResourceDef, sp: URLSearchParams): string {
  return encodeListState(decodeListState(def, sp)).toString();
}

export default function ResourceTable({
  resource: def,
  syncUrl = false,
  fixed,
  mode = 'manage',
  multiple = false,
  onSelectionChange,
  onPick,
  headerTitle,
  rowActions,
  toolbarExtra,
  tree = false,
  form: formExt,
  selectable: selectableProp = false,
  onView,
  onLoaded,
}: ResourceTableProps) {
  const ctx = useResourceContext();
  const { t, can } = ctx;
  const { message, modal } = App.useApp();
  const actionRef = useRef<ActionType>(undefined);
  const [sp, setSp] = useSearchParams();
  const urlState = syncUrl ? canonical(def, sp) : '';
  const written = useRef(urlState);
  const [epoch, setEpoch] = useState(0);
  const lastState = useRef<ListState | null>(null);
  const [selected, setSelected] = useState<Row[]>([]);
  // the add / edit form keeps its state in FormHost: opening it re-renders the form, not this table
  const openFormRef = useRef<(target: FormTarget) => void>(() => undefined);
  const setForm = (target: FormTarget) => openFormRef.current(target);
  const treeMode = tree && !!def.tree;
  const loaded = useRef<Row[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  /** the tree's rows that have children (what "expand all" opens) */
  const parentKeys = useRef<Key[]>([]);
  // the detail drawer and the child list too (Host): opening the menu screen's detail took seconds
  const openDetailRef = useRef<(row: Row | null) => void>(() => undefined);
  const setDetail = (row: Row | null) => openDetailRef.current(row);
  const openChildRef = useRef<(child: ChildTarget | null) => void>(() => undefined);
  const setChild = (child: ChildTarget | null) => openChildRef.current(child);
  const [importOpen, setImportOpen] = useState(false);
  const fixedMemo = useMemo(() => fixed ?? {}, [JSON.stringify(fixed ?? {})]); // eslint-disable-line react-hooks/exhaustive-deps

  // the URL changed from outside (back / forward, a menu click): start over from it
  useEffect(() => {
    if (syncUrl && urlState !== written.current) {
      written.current = urlState;
      setEpoch((e) => e + 1);
    }
  }, [syncUrl, urlState]);

  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initState = useMemo(() => decodeListState(def, syncUrl ? sp : new URLSearchParams()), [def, syncUrl, epoch]);

  // The first page is asked for while the page renders, not after ProTable's search form has
  // initialised (its `request` runs only then, a few hundred ms later); `request` takes this answer
  // when it asks for exactly the same list. One per epoch (a new URL state remounts the table).
  // Kept outside the component: React may render a page several times before it commits (a
  // navigation is a transition; a lazy part suspends), and each attempt must not ask again.
  const early = useRef<{ epoch: number; key: string } | null>(null);
  if (!treeMode && early.current?.epoch !== epoch) early.current = { epoch, key: askFirstPage(def, listParams(initState, fixedMemo)) };

  const manage = mode === 'manage';
  const perm = (a: Parameters<typeof permissionOf>[1]) => can(permissionOf(def, a));
  const f = def.features ?? {};
  const canDelete = manage && f.remove !== false && perm('delete');
  const canEffect = manage && !!f.effect && (perm('enable') || perm('disable'));
  const label = (row: Row) => String(row[def.labelField] ?? row.id);
  const reload = () => {
    setSelected([]);
    onSelectionChange?.([]);
    void actionRef.current?.reload();
  };
  const api: TableApi = {
    reload,
    openForm: (record, initial) => setForm({ record, initial }),
    rows: () => loaded.current,
    selected,
  };

  const copy = async (text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      message.success(t('resource.copySuccess'));
    } catch {
      message.error(t('resource.copyFailed'));
    }
  };

  const changeStatus = (row: Row, on: boolean) => {
    modal.confirm({
      title: t('resource.confirmTitle'),
      content: t(on ? 'resource.confirmEnable' : 'resource.confirmDisable', { label: label(row) }),
      okText: t('resource.ok'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        await resourceCalls(def).status(row.id, on);
        message.success(t('resource.statusSuccess'));
        reload();
      },
    });
  };

  const remove = (rows: Row[]) => {
    if (!rows.length) return void message.warning(t('resource.selectRows'));
    modal.confirm({
      title: t('resource.confirmTitle'),
      content: rows.length === 1 ? t('resource.confirmDeleteOne', { label: label(rows[0]!) }) : t('resource.confirmDelete', { count: rows.length }),
      okText: t('resource.ok'),
      okButtonProps: { danger: true },
      cancelText: t('resource.cancel'),
      onOk: async () => {
        await resourceCalls(def).remove(rows.map((r) => r.id));
        message.success(t('resource.deleteSuccess'));
        reload();
      },
    });
  };

  const effect = (rows: Row[], on: boolean) => {
    if (!rows.length) return void message.warning(t('resource.selectRows'));
    modal.confirm({
      title: t('resource.confirmTitle'),
      content: t(on ? 'resource.confirmEffect' : 'resource.confirmUneffect', { count: rows.length }),
      okText: t('resource.ok'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        await resourceCalls(def).effect(rows.map((r) => r.id), on);
        message.success(t(on ? 'resource.effectSuccess' : 'resource.uneffectSuccess'));
        reload();
      },
    });
  };

  const columns = useMemo(() => {
    const cols = buildColumns(def, { t, dicts: ctx.dicts, dateStyle: ctx.dateStyle, state: initState, hidden: Object.keys(fixedMemo), lang: ctx.lang });
    const fields = new Map(allFields(def).map((x) => [x.name, x]));
    for (const col of cols) {
      const fd = fields.get(String(col.dataIndex));
      if (!fd || col.hideInTable) continue;
      if (fd.copyable) {
        col.render = (_dom, row) => {
          const text = displayValue(fd, row[fd.name], ctx);
          if (!text) return '-';
          return (
            <Space size={4}>
              {/* plain CSS ellipsis: Typography's measuring ellipsis forces a layout per cell */}
              <span title={text} lang={dataLang(text, ctx.lang)} style={{ display: 'inline-block', maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
                {text}
              </span>
              <Button type="link" size="small" icon={<CopyOutlined />} aria-label={t('resource.copy')} title={t('resource.copy')} onClick={() => void copy(text)} />
            </Space>
          );
        };
      }
      if (manage && fd.name === 'status' && f.status) {
        col.render = (dom, row) => {
          const on = row.status === '0';
          // switching on needs :enable, switching off needs :disable
          const allowed = on ? perm('disable') : perm('enable');
          if (!allowed) return dom;
          // the switch reads as the state (dictionary labels), the confirm names the action
          return (
            <Switch
              size="small"
              checked={on}
              checkedChildren={displayValue(fd, '0', ctx) || t('resource.enable')}
              unCheckedChildren={displayValue(fd, '1', ctx) || t('resource.disable')}
              onChange={(v) => changeStatus(row, v)}
            />
          );
        };
      }
    }
    if (treeMode && def.tree) {
      // the tree reads from its label column; the parent column says what the nesting shows already
      const i = cols.findIndex((c) => c.dataIndex === def.labelField);
      if (i > 0) cols.unshift(...cols.splice(i, 1));
      for (const c of cols) if (c.dataIndex === def.tree.parentField) c.hideInTable = true;
    }
    if (manage) {
      const option: ProColumns<Row> = {
        title: t('resource.actions'),
        valueType: 'option',
        key: '__option',
        fixed: 'right',
        onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
        render: (_dom, row) => {
          const links: ReactNode[] = [
            <LinkButton key="view" dialog data-testid="row-view" onClick={() => (onView ? onView(row) : setDetail(row))}>
              {t('resource.view')}
            </LinkButton>,
          ];
          if (f.update !== false && perm('edit'))
            links.push(
              <LinkButton key="edit" dialog data-testid="row-edit" onClick={() => setForm({ record: row })}>
                {t('resource.edit')}
              </LinkButton>,
            );
          // built-in rows (system config) cannot be removed: the server refuses, so no link
          const builtin = def.builtinField ? [true, 'Y', '1'].includes(row[def.builtinField] as string | boolean) : false;
          if (canDelete && !builtin)
            links.push(
              <LinkButton key="delete" dialog="confirm" danger data-testid="row-delete" onClick={() => remove([row])}>
                {t('resource.delete')}
              </LinkButton>,
            );
          for (const c of def.children ?? []) {
            const cd = resourceByName.get(c.resource);
            if (!cd || !can(permissionOf(cd, 'query'))) continue;
            const value = row[c.parentKey];
            if (value === null || value === undefined) continue;
            links.push(
              <LinkButton key={`child-${c.resource}`} dialog onClick={() => setChild({ def: cd, foreignKey: c.foreignKey, value: value as string | number, parent: row })}>
                {resourceTitle(t, cd)}
              </LinkButton>,
            );
          }
          if (rowActions) links.push(...rowActions(row, api));
          return links;
        },
      };
      cols.push(option);
    }
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, t, ctx.dicts, ctx.dateStyle, initState, fixedMemo, manage, can, rowActions, treeMode, onView]);

  const toolbar = () => {
    if (!manage) return [];
    const out: ReactNode[] = [];
    if (f.create !== false && perm('add'))
      out.push(
        <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setForm({ record: null })}>
          {t('resource.add')}
        </Button>,
      );
    if (canDelete)
      out.push(
        <Button key="delete" danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected)} aria-haspopup="dialog" data-dialog="confirm">
          {t('resource.delete')}
        </Button>,
      );
    if (f.effect && perm('enable'))
      out.push(
        <Button key="effect" icon={<CheckCircleOutlined />} disabled={!selected.length} onClick={() => effect(selected, true)} aria-haspopup="dialog" data-dialog="confirm">
          {t('resource.effect')}
        </Button>,
      );
    if (f.effect && perm('disable'))
      out.push(
        <Button key="uneffect" icon={<StopOutlined />} disabled={!selected.length} onClick={() => effect(selected, false)} aria-haspopup="dialog" data-dialog="confirm">
          {t('resource.uneffect')}
        </Button>,
      );
    if (f.import && perm('import'))
      out.push(
        <Button key="import" icon={<UploadOutlined />} onClick={() => setImportOpen(true)} aria-haspopup="dialog">
          {t('resource.import')}
        </Button>,
      );
    if (f.export !== false && perm('export'))
      out.push(
        <Button
          key="export"
          icon={<DownloadOutlined />}
          onClick={async () => {
            const s = lastState.current ?? initState;
            const p = listParams(s, fixedMemo);
            delete p.pageNum;
            delete p.pageSize;
            const hide = message.loading(t('resource.exporting'), 0);
            try {
              await resourceCalls(def).export(p, `${resourceTitle(t, def)}.xlsx`);
            } finally {
              hide();
            }
          }}
        >
          {t('resource.export')}
        </Button>,
      );
    if (treeMode) {
      const all = expanded.length > 0 && expanded.length >= parentKeys.current.length;
      out.push(
        <Button key="expand" icon={all ? <ShrinkOutlined /> : <ArrowsAltOutlined />} onClick={() => setExpanded(all ? [] : parentKeys.current)} data-testid="tree-expand-all">
          {t(all ? 'resource.collapseAll' : 'resource.expandAll')}
        </Button>,
      );
    }
    if (toolbarExtra) out.push(...toolbarExtra(api));
    return out;
  };

  const selectable = manage ? selectableProp || canDelete || canEffect : true;

  return (
    <>
      <ProTable<Row>
        key={`${def.name}-${epoch}`}
        rowKey="id"
        actionRef={actionRef}
        headerTitle={headerTitle ?? (manage ? resourceTitle(t, def) : undefined)}
        columns={columns}
        cardBordered={manage}
        scroll={{ x: 'max-content' }}
        size={manage ? 'middle' : 'small'}
        search={{ labelWidth: 'auto', defaultCollapsed: true, searchText: undefined }}
        options={manage ? { density: true, reload: true, setting: true, fullScreen: false } : false}
        expandable={treeMode ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) } : undefined}
        pagination={treeMode ? false : {
          defaultCurrent: initState.pageNum,
          defaultPageSize: initState.pageSize ?? DEFAULT_PAGE_SIZE,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('resource.total', { total }),
        }}
        rowSelection={
          selectable
            ? {
                type: manage || multiple ? 'checkbox' : 'radio',
                selectedRowKeys: selected.map((r) => r.id),
                preserveSelectedRowKeys: true,
                // each row's checkbox named by the record it selects (WCAG 2.1 AA: no field without a label)
                // (antd passes it on to the input; its type does not list aria attributes)
                getCheckboxProps: (row: Row) => ({ 'aria-label': t('a11y.selectRow', { label: label(row) }) }) as unknown as { disabled?: boolean },
                onChange: (_keys, rows) => {
                  const clean = rows.filter(Boolean);
                  setSelected(clean);
                  onSelectionChange?.(clean);
                },
              }
            : false
        }
        tableAlertRender={manage ? undefined : false}
        onRow={
          !manage && !multiple && onPick
            ? (row) => ({ onDoubleClick: () => onPick(row) })
            : undefined
        }
        toolBarRender={toolbar}
        request={async (params, sort) => {
          const { current, pageSize, ...values } = params as Record<string, unknown> & { current?: number; pageSize?: number };
          const state: ListState = {
            pageNum: current ?? 1,
            pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
            filters: searchValuesToParams(def, values),
            sort: sortFromTable(sort as Record<string, 'ascend' | 'descend' | null>),
          };
          lastState.current = state;
          if (syncUrl) {
            const ours = encodeListState(state);
            const s = ours.toString();
            if (s !== written.current) {
              written.current = s;
              // keep query parameters that are not ours
              const names = filterParamNames(def);
              const next = new URLSearchParams();
              for (const [k, v] of sp) if (!STATE_KEYS.includes(k) && !names.has(k)) next.append(k, v);
              for (const [k, v] of ours) next.append(k, v);
              setSp(next, { replace: true });
            }
          }
          if (treeMode && def.tree) {
            // the whole tree, page after page of the server's largest page (the menu table holds more than one)
            const r = await listPage(def, listParams({ ...state, pageNum: 1, pageSize: TREE_PAGE_SIZE }, fixedMemo));
            for (let pageNum = 2; r.rows.length < r.total && (pageNum - 1) * TREE_PAGE_SIZE < r.total; pageNum++) {
              r.rows = [...r.rows, ...(await listPage(def, listParams({ ...state, pageNum, pageSize: TREE_PAGE_SIZE }, fixedMemo))).rows];
            }
            loaded.current = r.rows;
            const nested = nestRows(r.rows, def.tree.parentField);
            const parents = new Set(r.rows.map((x) => Number(x[def.tree!.parentField])));
            parentKeys.current = r.rows.filter((x) => parents.has(x.id)).map((x) => x.id);
            // a small tree all open; a large one with its roots open (their children shown, not the whole depth)
            const ids = new Set(r.rows.map((x) => x.id));
            const roots = r.rows.filter((x) => parents.has(x.id) && !ids.has(Number(x[def.tree!.parentField]))).map((x) => x.id);
            setExpanded(r.rows.length > TREE_OPEN_ALL_MAX ? roots : parentKeys.current);
            return { data: nested, total: r.total, success: true };
          }
          const p = listParams(state, fixedMemo);
          const r = await (takeFirstPage(early.current?.key ?? null, `${def.path}/list`, p) ?? listPage(def, p));
          loaded.current = r.rows;
          onLoaded?.(r);
          return { data: r.rows, total: r.total, success: true };
        }}
      />
      {manage && (
        <>
          <FormHost opener={openFormRef} resource={def} extension={formExt} fixed={fixedMemo} onSaved={reload} />
          <Host opener={openDetailRef} render={(detail: Row | null, close) => <ResourceDetail resource={def} record={detail} onClose={close} />} />
          {f.import && <ImportModal resource={def} open={importOpen} onClose={() => setImportOpen(false)} onImported={reload} />}
          <Host
            opener={openChildRef}
            render={(child: ChildTarget | null, close) =>
              child && <ChildModal resource={child.def} parentResource={def} parent={child.parent} foreignKey={child.foreignKey} value={child.value} onClose={close} />
            }
          />
        </>
      )}
    </>
  );
}

/** The child list a row opens (the dictionary's data of a dictionary type …). */
interface ChildTarget {
  def: ResourceDef;
  foreignKey: string;
  value: string | number;
  parent: Row;
}

/**
 * A dialog of the list with its own state, as FormHost: opening or closing it renders the dialog alone, not the table
 * (the menu screen's detail drawer took 2–6 s to open behind 599 rows). `opener` is how the table opens (a value) or
 * closes (null) it.
 */
function Host<T>({ opener, render }: { opener: RefObject<(value: T | null) => void>; render: (value: T | null, close: () => void) => ReactNode }) {
  const [value, setValue] = useState<T | null>(null);
  useLayoutEffect(() => {
    opener.current = setValue;
  }, [opener]);
  return render(value, () => setValue(null));
}

/** What the add / edit form opens on: a record to edit, or null to add (with optional initial values). */
interface FormTarget {
  record: Row | null;
  initial?: Record<string, unknown>;
}

/**
 * The add / edit form of a list, with its own state: opening and closing it renders the form alone, not
 * the table beside it (the menu screen's 599 rows took seconds to render again on each "Add").
 * `opener` is how the table opens it.
 */
function FormHost({ opener, resource, extension, fixed, onSaved }: { opener: RefObject<(target: FormTarget) => void>; resource: ResourceDef; extension?: FormExtension; fixed: Record<string, unknown>; onSaved: () => void }) {
  const [form, setForm] = useState<FormTarget & { open: boolean }>({ open: false, record: null });
  useLayoutEffect(() => {
    opener.current = (target) => setForm({ open: true, ...target });
  }, [opener]);
  return (
    <ResourceForm
      resource={resource}
      open={form.open}
      record={form.record}
      initial={form.initial}
      extension={extension}
      fixed={fixed}
      onClose={() => setForm({ open: false, record: form.record })}
      onSaved={(saved) => {
        extension?.onSaved?.(saved, form.record === null);
        setForm({ open: false, record: form.record });
        onSaved();
      }}
    />
  );
}
