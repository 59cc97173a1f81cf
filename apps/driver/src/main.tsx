import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// antd-mobile's theme variables and base styles (the components are imported one by one: the package's index would
// pull every component into the first load)
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { App } from './App.tsx';
import './app.css';

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
