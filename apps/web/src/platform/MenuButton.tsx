/**
 * A toolbar's "more" button: a menu opened by a click or Enter (a menu opened by hovering is out of a keyboard
 * user's reach), whose items open dialogs. Before an item acts, the focus goes back to this button: the dialog the
 * item opens then gives the focus back to the button when it closes (WCAG 2.4.3). Without it, the focus was on the
 * item, which is gone once the menu closes, and fell to the page's body (the accessibility audit's toolbar check).
 */
import { useRef, type ReactNode } from 'react';
import { Button, Dropdown, type ButtonProps, type MenuProps } from 'antd';

type Items = NonNullable<MenuProps['items']>;

export function MenuButton({ items, onPick, children, ...button }: { items: Items; onPick?: (key: string) => void; children: ReactNode } & Omit<ButtonProps, 'onClick'>) {
  const ref = useRef<HTMLButtonElement>(null);
  const refocus = () => ref.current?.focus();
  const wrapped = items.map((it) =>
    it && 'onClick' in it && typeof it.onClick === 'function'
      ? {
          ...it,
          onClick: (e: Parameters<NonNullable<typeof it.onClick>>[0]) => {
            refocus();
            (it.onClick as (x: typeof e) => void)(e);
          },
        }
      : it,
  ) as Items;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: wrapped,
        onClick: ({ key }) => {
          refocus();
          onPick?.(key);
        },
      }}
    >
      <Button ref={ref} aria-haspopup="menu" data-dialog-menu {...button}>
        {children}
      </Button>
    </Dropdown>
  );
}
