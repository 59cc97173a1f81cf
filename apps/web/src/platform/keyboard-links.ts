/**
 * WCAG 2.1.1 (keyboard; issue 18 §2): the actions written as `<a onClick>` without an href — the row
 * actions of every list (view, edit, delete, the children, a trajectory …) — are no links to the
 * browser: the Tab key passes them by and Enter does nothing. Each one, on the page or in a dialog, becomes a button to
 * the keyboard and to assistive technology as it appears (tabindex 0, role button; antd's own anchors,
 * which have an href or their own tabindex, are left alone), and Enter or Space on it clicks it.
 */
// antd's pagination keeps its anchors inside list items that take the focus themselves
const SELECTOR = 'a:not([href]):not([tabindex]):not(.ant-pagination a)';

function mark(root: ParentNode & Node): void {
  const found = root instanceof Element && root.matches(SELECTOR) ? [root, ...root.querySelectorAll(SELECTOR)] : root.querySelectorAll(SELECTOR);
  for (const el of found) {
    el.setAttribute('tabindex', '0');
    if (!el.hasAttribute('role')) el.setAttribute('role', 'button');
  }
}

export function keyboardLinks(doc: Document = document): MutationObserver {
  mark(doc);
  const observer = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) mark(n);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener('keydown', (e) => {
    const el = e.target as Element;
    if ((e.key !== 'Enter' && e.key !== ' ') || !(el instanceof HTMLAnchorElement) || el.hasAttribute('href') || el.getAttribute('role') !== 'button') return;
    e.preventDefault(); // Space would scroll the page
    el.click();
  });
  return observer;
}
