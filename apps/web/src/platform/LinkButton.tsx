/**
 * An action drawn as a link — a table row's view, edit, delete, a page's own dialog, a trajectory … — that is a
 * real `<button>` (WCAG 2.1.1, issue 18 §2): it takes the keyboard focus, Enter and Space press it, and assistive
 * technology names it a button, which a link without an address (`<a onClick>`, what these were) is not.
 * A plain button in the theme's link colours (CSS variables app/App.tsx sets on the document), not antd's Button and
 * without a hook: the menu screen draws some 2,400 of them (599 rows), and antd's Button, or even a theme hook in each,
 * made that screen's every render seconds slower.
 *
 * `dialog`: the action opens a dialog or drawer (`aria-haspopup="dialog"`): a screen reader says so before it is
 * pressed, and the accessibility audit (e2e/support/a11y.ts) opens every such action of a list's first row;
 * `'confirm'`, a confirmation (antd's one confirm dialog, the same on every screen: audited once); `'create'`, the
 * list's own add dialog, prefilled (a tree's "add below": audited from the toolbar's add button).
 */
import type { ButtonHTMLAttributes } from 'react';
import './link-button.css';

export interface LinkButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  dialog?: boolean | 'confirm' | 'create';
  /** drawn in the error colour (delete, terminate) */
  danger?: boolean;
  'data-testid'?: string;
}

export function LinkButton({ dialog, danger, className, ...rest }: LinkButtonProps) {
  return (
    <button
      {...rest}
      type="button"
      className={['tms-link-button', danger && 'tms-link-button-danger', className].filter(Boolean).join(' ')}
      aria-haspopup={dialog ? 'dialog' : undefined}
      data-dialog={typeof dialog === 'string' ? dialog : undefined}
    />
  );
}
