/**
 * An action drawn as a link — a table row's view, edit, delete, a page's own dialog, a trajectory … — that is a
 * real `<button>` (WCAG 2.1.1, issue 18 §2): it takes the keyboard focus, Enter and Space press it, and assistive
 * technology names it a button, which a link without an address (`<a onClick>`, what these were) is not.
 *
 * `dialog`: the action opens a dialog or drawer (`aria-haspopup="dialog"`): a screen reader says so before it is
 * pressed, and the accessibility audit (e2e/support/a11y.ts) opens every such action of a list's first row;
 * `'confirm'`, a confirmation (antd's one confirm dialog, the same on every screen: audited once); `'create'`, the
 * list's own add dialog, prefilled (a tree's "add below": audited from the toolbar's add button).
 */
import { Button, type ButtonProps } from 'antd';
import './link-button.css';

export interface LinkButtonProps extends Omit<ButtonProps, 'type' | 'size' | 'htmlType'> {
  dialog?: boolean | 'confirm' | 'create';
}

export function LinkButton({ dialog, className, ...rest }: LinkButtonProps) {
  return (
    <Button
      {...rest}
      type="link"
      size="small"
      className={className ? `tms-link-button ${className}` : 'tms-link-button'}
      aria-haspopup={dialog ? 'dialog' : undefined}
      data-dialog={typeof dialog === 'string' ? dialog : undefined}
    />
  );
}
