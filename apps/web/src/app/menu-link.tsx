/**
 * A side / top menu entry as a link: an outside link (or an entry whose target is '_blank') opens in a
 * new window without access to this one (rel noopener noreferrer); any other entry is a router link.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MenuDataItem } from '@ant-design/pro-components';
import { opensInNewWindow } from './menu.ts';

export function menuItemRender(item: MenuDataItem, dom: ReactNode): ReactNode {
  const path = item.path ?? '/';
  if (opensInNewWindow(path, item.target)) {
    return (
      <a href={path} target="_blank" rel="noopener noreferrer">
        {dom}
      </a>
    );
  }
  return <Link to={path}>{dom}</Link>;
}
