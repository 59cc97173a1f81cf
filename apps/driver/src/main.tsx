import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// antd-mobile's theme variables and base styles (the components are imported one by one: the package's index would
// pull every component into the first load)
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { App } from './App.tsx';
import './app.css';
import { markDataLanguage } from '../../web/src/platform/data-lang.ts';

// antd-mobile's imperative pieces (Toast, Dialog) render through React 19's createRoot
unstableSetRender((node, container) => {
  const c = container as (Element | DocumentFragment) & { _reactRoot?: ReturnType<typeof createRoot> };
  c._reactRoot ??= createRoot(container);
  c._reactRoot.render(node);
  return async () => {
    await new Promise((ok) => setTimeout(ok, 0));
    c._reactRoot?.unmount();
    delete c._reactRoot;
  };
});

// language of parts (WCAG 3.1.2): in English, data in Chinese (stations, addresses, goods, plates) marked lang="zh-CN",
// as the web app does; the app's language is <html lang> (i18n.ts saveLang), followed as it changes
markDataLanguage(
  () => document.documentElement.lang,
  (cb) => new MutationObserver(cb).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] }),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
