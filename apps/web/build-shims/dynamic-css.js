// rc-util's dynamicCSS with a fast path for `updateCSS` (see vite.config.ts). antd's css-in-js calls updateCSS
// from the insertion effect of EVERY component instance, and each call lists the <style> children of <head>,
// searches them by attribute and reads the matching node's innerHTML to compare it with the CSS: for a list
// of 50 rows that is hundreds of scans and serialisations of large style sheets per page. When the same key
// was written with the same CSS into <head> and that node is still there, the answer is that node.
import { updateCSS as baseUpdateCSS, removeCSS as baseRemoveCSS } from 'rc-util/es/Dom/dynamicCSS.js?tms-original';

export * from 'rc-util/es/Dom/dynamicCSS.js?tms-original';

const written = new Map();

function cacheKey(key, option) {
  // only the default container (<head>) without a CSP nonce takes the fast path
  if (!option || option.attachTo || (option.csp && option.csp.nonce)) return null;
  return `${option.mark || ''}\u0000${option.prepend || ''}\u0000${option.priority || ''}\u0000${key}`;
}

export function updateCSS(css, key, option = {}) {
  const k = cacheKey(key, option);
  if (k !== null) {
    const hit = written.get(k);
    if (hit && hit.css === css && hit.node.isConnected && hit.node.parentNode === document.head) return hit.node;
  }
  const node = baseUpdateCSS(css, key, option);
  if (k !== null && node) written.set(k, { css, node });
  return node;
}

export function removeCSS(key, option = {}) {
  const k = cacheKey(key, option);
  if (k !== null) written.delete(k);
  return baseRemoveCSS(key, option);
}
