/**
 * The language menu of the user layout. Loaded when the pointer first reaches the switch, so the
 * login page does not carry antd's Dropdown / Menu; it opens at once if the pointer is still there.
 */
import { useState, type ReactNode } from 'react';
import { Dropdown } from 'antd';
import type { Lang } from '@tms/domain';

export interface LangDropdownProps {
  lang: Lang;
  langs: { lang: Lang; label: string }[];
  onPick: (lang: Lang) => void;
  initiallyOpen: boolean;
  children: ReactNode;
}

export default function LangDropdown({ lang, langs, onPick, initiallyOpen, children }: LangDropdownProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: langs.map((l) => ({ key: l.lang, label: l.label })),
        onClick: ({ key }) => {
          setOpen(false);
          onPick(key as Lang);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
