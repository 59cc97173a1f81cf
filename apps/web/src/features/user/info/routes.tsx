/** Routes of the user layout's footer pages (children of `/user` in app/router.tsx); each page is a lazy chunk. */
import type { RouteObject } from 'react-router';
import { LazyView, lazyView } from '../../../app/views-ui.tsx';
import type { InfoPageName } from './InfoPage.tsx';

const InfoPage = lazyView(() => import('./InfoPage.tsx'));

export const INFO_PAGES: InfoPageName[] = ['help', 'privacy', 'terms'];

export const userInfoRoutes: RouteObject[] = INFO_PAGES.map((page) => ({ path: page, element: <LazyView component={InfoPage} props={{ page }} /> }));
