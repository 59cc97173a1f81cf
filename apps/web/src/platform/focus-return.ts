/**
 * WCAG 2.4.3 (focus order; issue 18 §2): a dialog that goes away gives the keyboard focus back to what
 * opened it. antd's Modal does so when it closes through its `open` prop (focusTriggerAfterClose), but
 * most dialogs here are mounted only while open (`{dialog && <AssignModal … />}` with `<Modal open>`):
 * unmounted, they drop the focus on the page's body and a keyboard user starts over from the top.
 * This watches the focus once for the whole app: the element focused before the focus entered a modal
 * or drawer is its opener; when the focus leaves a dialog because the dialog was removed and nothing
 * holds the focus, it goes back to that opener (or, when the opener went too — a dialog opened from
 * another dialog — to the opener of the dialog that held it).
 */
const DIALOG = '.ant-modal-wrap, .ant-drawer';

export function returnFocusFromRemovedDialogs(doc: Document = document): () => void {
  const openers = new WeakMap<Element, HTMLElement>();
  let last: HTMLElement | null = null;
  const onIn = (e: FocusEvent) => {
    const el = e.target as HTMLElement;
    const dialog = el.closest?.(DIALOG);
    // the focus enters a dialog: from the page, that is its opener; from another dialog, only the first time
    if (dialog && last?.isConnected && !dialog.contains(last) && (!openers.has(dialog) || !last.closest(DIALOG))) openers.set(dialog, last);
    last = el;
  };
  const onOut = (e: FocusEvent) => {
    if (e.relatedTarget) return; // the focus moves somewhere: nothing to give back
    let dialog = (e.target as HTMLElement).closest?.(DIALOG) ?? null;
    if (!dialog) return;
    const from = dialog;
    setTimeout(() => {
      if (from.isConnected) return; // the dialog is still there (a click outside, another window): not a removal
      if (doc.activeElement && doc.activeElement !== doc.body) return; // something took the focus meanwhile
      for (let hops = 0; dialog && hops < 5; hops++) {
        const opener = openers.get(dialog);
        if (opener?.isConnected) return void opener.focus({ preventScroll: true });
        dialog = opener?.closest(DIALOG) ?? null;
      }
    });
  };
  doc.addEventListener('focusin', onIn, true);
  doc.addEventListener('focusout', onOut, true);
  return () => {
    doc.removeEventListener('focusin', onIn, true);
    doc.removeEventListener('focusout', onOut, true);
  };
}
