/**
 * Language of parts (WCAG 3.1.2) on the screens drawn outside the resource engine: on a screen in another language than
 * Chinese, an element whose own texts are data in Chinese (a client's, station's or item's name, an address: the seeded
 * demo data and whatever users enter in Chinese) gets `lang="zh-CN"` as it appears, so a screen reader speaks it with a
 * Chinese voice instead of spelling it out in English. The resource engine's cells and detail values and DataText's
 * data say so as they are rendered (platform/DataText.tsx); the custom screens (orders, waybills, reports, workflow,
 * dashboards …, a hundred cell renderers and cards) are covered here, in one place, as the measure rows are made inert
 * (inert-measure-rows.ts): one MutationObserver on the document, only while the interface is not in Chinese. The driver
 * app marks its data with it too (apps/driver/src/main.tsx).
 *
 * An element is marked when one of its own text nodes holds Chinese and none of them holds a word in Latin letters
 * (`ownTextsLang`): "Assign roles - 管理员" as two text nodes of one element is left alone (the English sweep reports it:
 * its data belongs in a DataText). A mark it set is taken back when the text changes (data-tms-lang says it is its own);
 * a `lang` the component sets is never touched.
 */

/** An interface in Chinese (or none said): data in Chinese is in the page's own language there. */
const chineseUi = (ui: string | undefined) => !ui || ui.toLowerCase().startsWith('zh');

/** A Han character (Chinese; Japanese kanji too, but no data of the product is in Japanese). */
const HAN = /\p{Script=Han}/u;

/**
 * The language of data text shown in an interface of language `ui`: 'zh-CN' when it holds Chinese and `ui` is not
 * Chinese. Free of React and i18next: the driver app uses it too (apps/driver/src/ui.tsx Data).
 */
export function dataLang(text: unknown, ui: string | undefined): 'zh-CN' | undefined {
  if (typeof text !== 'string' && typeof text !== 'number') return undefined;
  if (chineseUi(ui)) return undefined;
  return HAN.test(String(text)) ? 'zh-CN' : undefined;
}
const LATIN_WORD = /[A-Za-z]{2,}/;

/** The `lang` an element whose own text nodes are `texts` takes in an interface of language `ui` (undefined: none). */
export function ownTextsLang(texts: string[], ui: string | undefined): 'zh-CN' | undefined {
  if (chineseUi(ui)) return undefined; // a Chinese interface: data in Chinese is in the page's language
  let han = false;
  for (const t of texts) {
    if (HAN.test(t)) han = true;
    else if (LATIN_WORD.test(t)) return undefined; // the screen's own words beside the data
  }
  return han ? 'zh-CN' : undefined;
}

const MARK = 'data-tms-lang';
const SKIP = new Set(['SCRIPT', 'STYLE', 'TEXTAREA', 'TITLE']);

function own(el: Element): string[] {
  const out: string[] = [];
  for (const n of el.childNodes) if (n.nodeType === Node.TEXT_NODE && n.textContent) out.push(n.textContent);
  return out;
}

function update(el: Element, ui: string): void {
  if (SKIP.has(el.tagName)) return;
  const lang = ownTextsLang(own(el), ui);
  const mine = el.hasAttribute(MARK);
  if (lang && !el.hasAttribute('lang')) {
    el.setAttribute('lang', lang);
    el.setAttribute(MARK, '');
  } else if (!lang && mine) {
    el.removeAttribute('lang');
    el.removeAttribute(MARK);
  }
}

/** The elements holding a Chinese text node under `root` (root included when it is a text). */
function holders(root: Node, into: Set<Element>): void {
  if (root.nodeType === Node.TEXT_NODE) {
    if (root.parentElement) into.add(root.parentElement);
    return;
  }
  if (!(root instanceof Element) || SKIP.has(root.tagName)) return;
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.parentElement && HAN.test(n.textContent ?? '')) into.add(n.parentElement);
}

/** Marks data in Chinese while `language()` is not Chinese; the observer follows the language as it changes. */
export function markDataLanguage(language: () => string, onChange: (cb: () => void) => void, doc: Document = document): void {
  let observer: MutationObserver | null = null;
  const apply = () => {
    const ui = language();
    observer?.disconnect();
    observer = null;
    if (chineseUi(ui)) {
      // back to Chinese: the marks go
      for (const el of doc.querySelectorAll(`[${MARK}]`)) {
        el.removeAttribute('lang');
        el.removeAttribute(MARK);
      }
      return;
    }
    const all = new Set<Element>();
    holders(doc.body, all);
    for (const el of all) update(el, ui);
    observer = new MutationObserver((records) => {
      const els = new Set<Element>();
      for (const r of records) {
        if (r.type === 'characterData') {
          if (r.target.parentElement) els.add(r.target.parentElement);
          continue;
        }
        // a text taken out or put in: the element's own texts are others now
        if (r.target instanceof Element && [...r.removedNodes, ...r.addedNodes].some((n) => n.nodeType === Node.TEXT_NODE)) els.add(r.target);
        for (const n of r.addedNodes) holders(n, els);
      }
      for (const el of els) update(el, ui);
    });
    observer.observe(doc.body, { childList: true, subtree: true, characterData: true });
  };
  apply();
  onChange(apply);
}
