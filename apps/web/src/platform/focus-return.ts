/**
 * WCAG 2.4.3 (focus order; issue 18 §2): a dialog that goes away gives the keyboard focus back to what
 * opened it. antd's Modal does so when it closes through its `open` prop (focusTriggerAfterClose), but
 * most dialogs here are mounted only while open (`{dialog && <AssignModal … />}` with `<Modal open>`):
 * unmounted, they drop the focus on the page's body and a keyboard user starts over from the top;
 * and an opener disabled meanwhile (a list's delete button once the reload clears the ticks) cannot take it.
 * This watches the focus once for the whole app: the element focused before the focus entered a modal
 * or drawer is its opener. When the focus leaves a dialog because the dialog was removed or hidden and
 * nothing holds the focus, it goes back to that opener — a disabled one: to the next control around it;
 * one that went too (a dialog opened from another dialog): to the opener of the dialog that held it.
 * The same for a button disabled while it has the focus: the focus goes to the next control around it.
 */
const DIALOG = '.ant-modal-wrap, .ant-drawer';
const FOCUSABLE = 'button:not(:disabled), a[href], input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The nearest control that takes the focus around a disabled one: in its parent, else further up (three levels). */
function neighbour(el: Element): HTMLElement | null {
  let around = el.parentElement;
  for (let level = 0; around && level < 3; level++, around = around.parentElement) {
    const found = [...around.querySelectorAll<HTMLElement>(FOCUSABLE)].find((x) => x !== el && x.offsetParent !== null);
    if (found) return found;
  }
  return null;
}

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
    if (e.relatedTarget || !(e.target instanceof HTMLElement)) return; // the focus moves somewhere: nothing to give back
    const target = e.target;
    const lost = () => !doc.activeElement || doc.activeElement === doc.body;
    setTimeout(() => {
      if (target.isConnected && target.matches(':disabled') && lost()) neighbour(target)?.focus({ preventScroll: true });
    });
    let dialog = target.closest?.(DIALOG) ?? null;
    if (!dialog) return;
    const from = dialog;
    setTimeout(() => {
      if (from.isConnected && from.getClientRects().length) return; // the dialog still shows (a click outside, another window)
      if (!lost()) return; // something took the focus meanwhile (antd's own return to the opener)
      for (let hops = 0; dialog && hops < 5; hops++) {
        const opener = openers.get(dialog);
        if (opener?.isConnected) return void (opener.matches(':disabled') ? neighbour(opener) : opener)?.focus({ preventScroll: true });
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
