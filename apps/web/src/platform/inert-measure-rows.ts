/**
 * antd's tables (rc-table) render a hidden "measure row" (aria-hidden, zero height) that holds a copy of
 * every column title to measure column widths — including the selection column's "select all" checkbox,
 * a focusable input inside aria-hidden content (axe: aria-hidden-focus, serious; issue 18 §2). The
 * row cannot be reached through antd's props (antd sets rc-table's measureRowRender itself), so every
 * measure row is made `inert` as it appears: nothing in it takes the focus or reaches assistive
 * technology, and it still measures (inert changes neither layout nor rendering).
 */
const SELECTOR = 'tr.ant-table-measure-row:not([inert])';

function mark(root: ParentNode & Node): void {
  if (root instanceof Element && root.matches(SELECTOR)) root.setAttribute('inert', '');
  for (const el of root.querySelectorAll(SELECTOR)) el.setAttribute('inert', '');
}

export function inertMeasureRows(doc: Document = document): MutationObserver {
  mark(doc);
  const observer = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) mark(n);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return observer;
}
