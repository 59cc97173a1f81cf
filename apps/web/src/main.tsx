// antd 5 on React 19 needs its compatibility patch before anything of antd runs
import '@ant-design/v5-patch-for-react-19';
import i18n from './platform/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from './platform/http.ts';
import { keepTokenForThisPage } from './platform/session.ts';
import { inertMeasureRows } from './platform/inert-measure-rows.ts';
import { returnFocusFromRemovedDialogs } from './platform/focus-return.ts';
import { markDataLanguage } from './platform/data-lang.ts';
import { App } from './app/App.tsx';
import './app/global.css';
import './platform/tag-contrast.css';

// spec §8: on a 401 with a token, the client clears it and reloads after 1.5 s (the login page follows)
setUnauthorizedHandler(() => window.location.reload());

keepTokenForThisPage();
inertMeasureRows();
returnFocusFromRemovedDialogs();
markDataLanguage(() => i18n.language, (cb) => void i18n.on('languageChanged', cb));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
