/** Pieces shared by the system screens: whole-table loads, trees from parent-linked rows, the parent picker, copy. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TreeSelect } from 'antd';
import type { TFunction } from 'i18next';
import type { ResourceDef } from '@tms/domain';
import { resourceCalls } from '../../platform/resource-calls.ts';
import type { Row } from '../../platform/resource/columns.ts';

export interface TreeNode {
  key: number;
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeNode[];
}

/** Every row of a resource list, page after page of the server's largest page (the menu table holds more than one). */
export function useAllRows(def: ResourceDef, enabled = true) {
  return useQuery({
    queryKey: ['allRows', def.path],
    queryFn: () => resourceCalls(def).all(),
    enabled,
    staleTime: 0,
  });
}

/** Tree nodes from parent-linked rows; `disabledFrom` disables a node and its descendants. */
export function buildTree(rows: Row[], parentField: string, label: (r: Row) => string, disabledFrom?: number | null): TreeNode[] {
  const sorted = [...rows].sort((a, b) => Number(a.orderNum ?? 0) - Number(b.orderNum ?? 0) || a.id - b.id);
  const nodes = new Map<number, TreeNode>(sorted.map((r) => [r.id, { key: r.id, value: r.id, title: label(r) }]));
  const roots: TreeNode[] = [];
  for (const r of sorted) {
    const n = nodes.get(r.id)!;
    const p = nodes.get(Number(r[parentField]));
    if (p && p !== n) (p.children ??= []).push(n);
    else roots.push(n);
  }
  if (disabledFrom) {
    const mark = (n: TreeNode) => {
      n.disabled = true;
      n.children?.forEach(mark);
    };
    const start = nodes.get(disabledFrom);
    if (start) mark(start);
  }
  return roots;
}

/** Ids of a node's descendants and ancestors in a parent-linked row set. */
export function relatives(rows: Row[], parentField: string) {
  const children = new Map<number, number[]>();
  const parent = new Map<number, number>();
  for (const r of rows) {
    const p = Number(r[parentField] ?? 0);
    parent.set(r.id, p);
    children.set(p, [...(children.get(p) ?? []), r.id]);
  }
  const descendants = (id: number): number[] => (children.get(id) ?? []).flatMap((c) => [c, ...descendants(c)]);
  const ancestors = (id: number): number[] => {
    const out: number[] = [];
    let p = parent.get(id);
    while (p && !out.includes(p)) {
      out.push(p);
      p = parent.get(p);
    }
    return out;
  };
  return { descendants, ancestors };
}

/** The translated name of a menu record (buttons by their action). */
export function menuLabel(t: TFunction, r: Row): string {
  const key = String(r.menuKey ?? '');
  const name = String(r.menuName ?? '');
  if (r.menuType === 'F' && key.includes(':')) {
    const action = key.slice(key.lastIndexOf(':') + 1);
    return String(t(`system.actions.${action}`, { defaultValue: name }));
  }
  return key ? String(t(`menu.${key}`, { defaultValue: name, nsSeparator: false })) : name;
}

/** Form widget: the parent of a tree node, with a root entry; the node itself and its descendants cannot be picked. */
export function ParentTreeSelect({
  def,
  parentField = 'parentId',
  label,
  selfId,
  value,
  onChange,
  filter,
  id,
}: {
  /** set by the form item: its label's `for` names this field */
  id?: string;
  def: ResourceDef;
  parentField?: string;
  label: (r: Row) => string;
  selfId?: number | null;
  value?: number | null;
  onChange?: (v: number) => void;
  filter?: (r: Row) => boolean;
}) {
  const { t } = useTranslation();
  const { data = [], isLoading } = useAllRows(def);
  const treeData = useMemo(
    () => [{ key: 0, value: 0, title: String(t('system.rootNode')), children: buildTree(filter ? data.filter(filter) : data, parentField, label, selfId) }],
    [data, parentField, label, selfId, filter, t],
  );
  return (
    <TreeSelect
      id={id}
      data-testid="parent-tree-select"
      loading={isLoading}
      value={value ?? 0}
      onChange={(v: number) => onChange?.(v)}
      treeData={treeData}
      treeDefaultExpandedKeys={[0]}
      showSearch
      treeNodeFilterProp="title"
      style={{ width: '100%' }}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
