// resize-observer-polyfill returns the browser's own ResizeObserver wherever there is one (every browser
// the app supports), so the bundle takes it directly instead of carrying the polyfill (see vite.config.ts).
export default globalThis.ResizeObserver;
