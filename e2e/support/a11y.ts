/**
 * Issue 18 §2, screens everyone can use: every menu screen the admin sees, opened one after the other
 * in ONE page (client-side navigation, as a click in the menu does: no reload, axe-core injected once),
 * audited by axe-core (WCAG 2.1 A/AA and axe's best practices); for a screen with a create button, the
 * dialog / drawer it opens too (and the focus back on the button once it closes); for a screen whose list has rows,
 * the dialogs and drawers of its rows' actions too (view, edit, the page's own; each on the first row showing it) and
 * of the toolbar's on a ticked row (an action disabled or refused for that row's state: on the next row that takes it).
 * In English, the menu titles, column headers, form labels and buttons of every screen hold no Chinese, and every
 * text in Chinese (data) says so (`lang`, language of parts).
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProductServer } from './server.ts';
import { go, SHOTS } from './browser.ts';
import { snap } from './snap.ts';
import { signedInPage, useProductBrowser } from './admin-session.ts';
import { Shell } from '../pages/shell.ts';
import { adminCall, openDispatchOrder, reviewedWaybillOf } from './dispatch.ts';
import { clientWithWaybill, thisPeriod } from './finance.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface Screen {
  path: string;
  menuKey: string;
  menuName: string;
}

interface MenuRec {
  path: string;
  menuKey: string;
  menuName: string;
  menuType: string;
  visible?: string;
  isFrame?: string | number;
  target?: string | null;
  children?: MenuRec[];
}

const norm = (p: string) => (p.startsWith('/') ? p : `/${p}`);

/** Every screen (menu type 'C') of the admin's menu tree, as the shell gets it: the paths a click in the menu opens. */
export async function menuScreens(server: ProductServer): Promise<Screen[]> {
  const r = await server.api<{ data: MenuRec[] }>('GET', '/api/system/menu/user', undefined, await server.adminToken());
  const out: Screen[] = [];
  const walk = (list: MenuRec[], base: string) => {
    for (const m of list) {
      if (m.menuType === 'F') continue;
      const path = /^https?:/.test(m.path) ? m.path : norm(m.path);
      if (m.menuType === 'C' && !/^https?:/.test(path) && m.target !== '_blank') out.push({ path, menuKey: m.menuKey, menuName: m.menuName });
      if (m.children) walk(m.children, path);
    }
  };
  walk(r.json.data, '');
  return out;
}

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: number;
  target: string;
  html: string;
}


/** The screen at `path` has rendered: its tab shows, the lazy view and its first loads are done (no spinner, no skeleton). */
export async function settled(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (p) => {
      if (location.pathname !== p) return false;
      // the screen shown is the new one (react-router renders a navigation as a transition: the previous
      // screen stays in the page while the new one's code loads)
      const root = document.querySelector(`.tms-page[data-path="${CSS.escape(p)}"]`);
      if (!root || !root.firstElementChild) return false;
      return !document.querySelector('.tms-page .ant-spin-spinning, .tms-page .ant-skeleton-active, .tms-page .ant-btn-loading, .tms-page .ant-pro-table-list-toolbar-setting-item .anticon-spin');
    },
    path,
    { timeout: 15_000, polling: 50 },
  ).catch(() => undefined); // a screen that keeps a spinner (a map loading tiles) is audited as it is
}

/** Loads axe-core into the page (once: the page is never reloaded). */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  // evaluated, not added as a <script>: the product's Content-Security-Policy allows no inline script
  await page.evaluate(readFileSync(AXE, 'utf8'));
}

/**
 * Rules left out of a sweep (set per language by a11ySuite).
 */
let skippedRules: string[] = [];
export const skipRules = (rules: string[]) => void (skippedRules = rules);

/**
 * The rules whose outcome depends on the language of the texts: the accessible names and labels (a missing or empty
 * translation leaves a control unnamed), the page title, the language attributes, and a region that scrolls because
 * its texts are longer. The English sweep runs these alone:
 * the structure, roles, ARIA attributes, focus order and colours of a screen are the same in both languages, and the
 * Chinese sweep checks them with every rule on the same screens and dialogs. Colour contrast is three quarters of axe's
 * time and the structural rules most of the rest (docs/accessibility.md).
 */
export const LANGUAGE_RULES = [
  'area-alt', 'aria-command-name', 'aria-dialog-name', 'aria-input-field-name', 'aria-meter-name', 'aria-progressbar-name', 'aria-text',
  'aria-toggle-field-name', 'aria-tooltip-name', 'aria-treeitem-name', 'button-name', 'document-title', 'empty-heading', 'empty-table-header',
  'frame-title', 'html-has-lang', 'html-lang-valid', 'html-xml-lang-mismatch', 'image-alt', 'input-button-name', 'input-image-alt', 'label',
  'label-title-only', 'link-name', 'object-alt', 'role-img-alt', 'select-name', 'summary-name', 'svg-img-alt', 'valid-lang',
  // and one that depends on the length of the texts: English headers made the receipt's lines table wider than its drawer,
  // a region that scrolled sideways with nothing in it to take the focus (the Chinese ones fit)
  'scrollable-region-focusable',
];
let onlyRules: string[] | null = null;
export const runOnlyRules = (rules: string[] | null) => void (onlyRules = rules);

type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[]; html: string }[] }[] };

/**
 * The serious and critical axe findings of the screen (the whole document, but `exclude`), or of the open `dialog`
 * alone: its root (the mask and the dialog), not the roots of the dialogs closed before it, nor the screen behind it
 * (audited when it was shown).
 */
export async function audit(page: Page, where: string, opts: { exclude?: string[]; dialog?: ReturnType<Page['locator']>; alsoSkip?: string[] } = {}): Promise<Finding[]> {
  const args = { exclude: opts.exclude, perf: !!process.env.A11Y_PERF, skipped: [...skippedRules, ...(opts.alsoSkip ?? [])], only: onlyRules };
  type Args = typeof args;
  // run on the dialog, or on <html>: the whole document
  const run = async (el: Element, { exclude, perf, skipped, only }: Args) => {
    const axe = (window as unknown as { axe: { getRules(): { ruleId: string }[]; run(ctx: unknown, opts: unknown): Promise<AxeResult> } }).axe;
    const rules = Object.fromEntries(skipped.map((id) => [id, { enabled: false }]));
    // the rules of the list that this axe version has (an unknown id would make axe refuse the run)
    const known = new Set(axe.getRules().map((x) => x.ruleId));
    const runOnly = only ? { type: 'rule', values: only.filter((id) => known.has(id) && !skipped.includes(id)) } : undefined;
    const options = { resultTypes: ['violations'], performanceTimer: perf, ...(runOnly ? { runOnly } : { rules }) };
    const ctx = el !== document.documentElement ? { include: [el.closest('.ant-modal-root') ?? el] } : exclude ? { include: [document], exclude } : document;
    const r = await axe.run(ctx, options);
    return r.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      target: v.nodes.slice(0, 4).map((n) => String(n.target?.[0] ?? '')).join(' | '),
      html: v.nodes.slice(0, 4).map((n) => `${n.html.slice(0, 140)} ${JSON.stringify((n as unknown as { any: { data?: unknown }[] }).any?.[0]?.data ?? '')}`).join(' | '),
    }));
  };
  const raw = await (opts.dialog ?? page.locator('html')).evaluate(run, args);
  return raw.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ where, ...v }));
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Chinese in what the screen's chrome names in English: menu titles, tab titles, column headers, form labels, buttons, placeholders. */
export async function chineseTexts(page: Page, where: string, scope: 'page' | 'dialog' = 'page'): Promise<string[]> {
  const texts = await page.evaluate((scope) => {
    const inDialog = (x: string) => x.startsWith('.ant-modal') || x.startsWith('.ant-drawer');
    const sel = [
      '.ant-pro-sider-menu .ant-menu-title-content',
      '[data-testid^="tab-/"]',
      '.tms-header-title',
      '.tms-page .ant-table-thead th',
      '.tms-page .ant-form-item-label label',
      '.ant-modal .ant-form-item-label label',
      '.ant-drawer .ant-form-item-label label',
      '.ant-modal-title',
      '.ant-drawer-title',
      '.tms-page button',
      '.ant-modal button',
      '.ant-drawer button',
      '.tms-page .ant-card-head-title',
      '.tms-page .ant-tabs-tab',
      // the dialogs and drawers a screen opens (a row's detail, its assign dialog, a child list): their tables, detail
      // labels, tabs, cards and empty states
      ...['.ant-modal', '.ant-drawer'].flatMap((d) => [
        `${d} .ant-table-thead th`,
        `${d} .ant-descriptions-item-label`,
        `${d} .ant-tabs-tab`,
        `${d} .ant-card-head-title`,
        `${d} .ant-empty-description`,
        `${d} .ant-transfer-list-header-title`,
      ]),
    ]
      // a dialog's own texts: the screen behind it was checked when it was shown
      .filter((x) => scope === 'page' || inDialog(x))
      .join(',');
    const roots = scope === 'page' ? ['.tms-page', '.ant-modal', '.ant-drawer'] : ['.ant-modal', '.ant-drawer'];
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (!el.offsetParent && el.getClientRects().length === 0) continue;
      if (el.closest('[translate="no"]')) continue; // data (a record's name), not the screen's own text
      // and the data inside it (a card titled with a record's name)
      let tx = el.innerText || '';
      for (const d of el.querySelectorAll<HTMLElement>('[translate="no"]')) tx = tx.replace(d.innerText, '');
      tx = tx.trim();
      if (tx) out.push(tx);
    }
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(roots.map((d) => `${d} input[placeholder], ${d} textarea[placeholder]`).join(',')))
      if (!el.closest('[translate="no"]')) out.push(el.placeholder);
    // a select's placeholder is a text of its own, not the input's attribute
    for (const el of document.querySelectorAll<HTMLElement>(roots.map((d) => `${d} .ant-select-selection-placeholder`).join(',')))
      if (el.getClientRects().length && !el.closest('[translate="no"]')) out.push(el.innerText.trim());
    return out;
  }, scope);
  return [...new Set(texts.filter((t) => CJK.test(t)))].map((t) => `${where}: ${t.slice(0, 60)}`);
}

/**
 * Language of parts (WCAG 3.1.2), in English: every visible text holding Chinese inside `roots` (the screen, or the open
 * dialogs and drawers) has an ancestor-or-self whose `lang` is Chinese ("zh…"), as data in Chinese says so
 * (platform/DataText.tsx); a text that is the screen's own (chrome) in Chinese is an untranslated text, a failure
 * either way. An input's or a textarea's value is left out: what a user types is in the language of the page.
 */
export async function untaggedChinese(page: Page, where: string, roots: string): Promise<string[]> {
  const texts = await page.evaluate(
    ({ roots, cjk }) => {
      const re = new RegExp(cjk);
      const out = new Set<string>();
      for (const root of document.querySelectorAll(roots)) {
        const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (re.test(n.textContent ?? '') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          const el = n.parentElement;
          // a textarea's text is its value, as an input's (the control's own language is the page's)
          if (!el || el.tagName === 'TEXTAREA' || el.closest('[lang^="zh" i]')) continue;
          if (!el.getClientRects().length || el.closest('[aria-hidden="true"], [hidden], .ant-table-measure-row')) continue; // not shown, nor read
          out.add((n.textContent ?? '').trim().slice(0, 40));
        }
      }
      return [...out];
    },
    { roots, cjk: CJK.source },
  );
  return texts.map((t) => `${where}: ${t}`);
}

/** Every text of the open dialogs in Chinese but the data marked translate="no" (A11Y_DEBUG: what the English check leaves to a reader). */
const dialogChinese = (page: Page) =>
  page.evaluate((cjk) => {
    const re = new RegExp(cjk);
    const out = new Set<string>();
    for (const root of document.querySelectorAll('.ant-modal-wrap, .ant-drawer-open')) {
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const tx = (n.textContent ?? '').trim();
        if (re.test(tx) && !n.parentElement?.closest('[translate="no"]')) out.add(tx.slice(0, 40));
      }
    }
    return [...out].slice(0, 30);
  }, CJK.source);

/** A dialog or drawer shown: the roots the sweep opens and audits (a closed drawer loses `ant-drawer-open`). */
const DIALOG_ROOTS = '.ant-modal-wrap, .ant-drawer-open';
/** How deep the sweep follows a dialog opened from a dialog (a form's reference field's pick list, a detail drawer's action); none opens deeper than 2 today (the sweeps of 2026-11-27 at 3 found the same 23). */
const MAX_DEPTH = 3;

/**
 * Opens a dialog / drawer from `opener` (a create button, a row's action, a button of an open dialog), audits it, then
 * the dialogs its own buttons open (auditNested), closes it with Escape and checks the focus went back to the opener.
 * `must`: the opener says it opens a dialog (aria-haspopup), so none is a failure (but a message, with `orMessage`: a
 * dialog's button that needs something else filled first, an order line's item that needs the client). `depth`: 0 for a dialog of the
 * screen, 1 for one opened from it; the dialog opened is marked `data-a11y-open="<depth>"` until it is closed.
 */
export async function auditDialog(
  page: Page,
  where: string,
  opener: ReturnType<Page['locator']>,
  out: Sweep,
  english: boolean,
  opts: { must?: boolean; open?: () => Promise<void>; depth?: number; orMessage?: boolean } = {},
): Promise<Finding[]> {
  const depth = opts.depth ?? 0;
  const found: Finding[] = [];
  const t0 = Date.now();
  let tl = t0;
  // where a dialog's time goes (the report's `phases`, summed over the sweep; A11Y_DEBUG: each dialog's)
  const lap = (what: string) => {
    const now = Date.now();
    addPhase(out, what, now - tl);
    tl = now;
    if (process.env.A11Y_DEBUG) console.log(`${where} ${what} at ${now - t0} ms`);
  };
  // from the keyboard, as a keyboard user opens it (focus on the button, Enter): the button holds the focus
  // the dialog must give back, and no pointer hit-test waits on a page that is busy rendering (599 menu rows)
  // (up to 30 s: the menu screen renders its 599 rows expanded in one task after its loads are done, 5–15 s on the
  // loaded machine, main as well; nothing takes the focus meanwhile)
  // the dialog, or the message an action that needs another state answers with instead (not 15 s of waiting for a
  // dialog that will not come)
  // the dialogs already open (those this one is opened from) keep their marks; a mark left on a closed one goes
  const before = await page.evaluate(
    ({ depth, roots }) => {
      for (const e of document.querySelectorAll('[data-a11y-open]')) if (Number(e.getAttribute('data-a11y-open')) >= depth || !e.matches(roots)) e.removeAttribute('data-a11y-open');
      return { n: document.querySelectorAll('.ant-message-notice').length, path: location.pathname, depth, roots };
    },
    { depth, roots: DIALOG_ROOTS },
  );
  if (opts.open) await opts.open();
  else {
    await opener.focus({ timeout: 30_000 });
    await page.keyboard.press('Enter');
  }
  const dialog = page.locator(`[data-a11y-open="${depth}"]`);
  const answer = await page
    .waitForFunction(
      ({ n, path, depth, roots }) => {
        // the dialog shown that is not one of those it was opened from (the last one, when one opens another at once)
        const shown = [...document.querySelectorAll(roots)].filter((e) => e.getClientRects().length > 0 && !e.hasAttribute('data-a11y-open'));
        if (shown.length) {
          shown[shown.length - 1]!.setAttribute('data-a11y-open', String(depth));
          return 'dialog';
        }
        // a message instead, or another screen (a create button that opens a page of its own)
        return document.querySelectorAll('.ant-message-notice').length > n ? 'message' : location.pathname !== path ? 'screen' : false;
      },
      before,
      { timeout: 15_000, polling: 50 },
    )
    .then((h) => h.jsonValue(), () => false);
  const opened = answer === 'dialog';
  if (!opened) {
    lap('no dialog');
    if (process.env.A11Y_DEBUG) await page.screenshot({ path: join(SHOTS, `a11y-nodialog${where.replace(/[^\w]+/g, '-')}.png`) });
    if (opts.must && !(opts.orMessage && answer === 'message')) out.focusLost.push(`${where}: opened no dialog though it says it does (aria-haspopup)`);
    // what the product said instead (an action that needs another state of the ticked row answers with a message)
    else
      out.passedBy.push(
        `${where}: ${answer === 'screen' ? `opened ${await page.evaluate(() => location.pathname)}` : answer === 'message' ? (await page.locator('.ant-message-notice').last().innerText({ timeout: 1_000 }).catch(() => '')).trim() : 'nothing within 15 s'}`,
      );
    return found; // the button opened a screen, not a dialog
  }
  out.dialogs++;
  if (depth) out.nested++;
  lap('open');
  await dialog.evaluate((d) => new Promise<void>((done) => {
    const t0 = Date.now();
    // its content loaded: no spinner, no skeleton (a drawer's `loading`)
    const check = () => (!d.querySelector('.ant-spin-spinning, .ant-skeleton') || Date.now() - t0 > 5_000 ? done() : setTimeout(check, 50));
    check();
  }));
  lap('ready');
  const { kind, generic, pairs } = await dialog.evaluate(colourPairs);
  out.generic = generic;
  const { contrast, note, measured } = contrastFor(out, where, pairs);
  out.audited.push(`${where} [${kind}${note}]`);
  // the dialog's root alone: the screen behind it was audited already
  found.push(...(await audit(page, where, { dialog, alsoSkip: contrast ? [] : ['color-contrast'] })));
  measured();
  lap('audited');
  if (english) out.chinese.push(...(await chineseTexts(page, where, 'dialog')));
  if (english) out.untagged.push(...(await untaggedChinese(page, where, `[data-a11y-open="${depth}"]`)));
  if (english && process.env.A11Y_DEBUG) console.log(`${where} Chinese in the dialog, data included:`, await dialogChinese(page));
  lap('english');
  if (depth < MAX_DEPTH) found.push(...(await auditNested(page, where, dialog, out, english, depth + 1)));
  lap('nested');
  // Escape closes a dialog that holds the focus (antd listens on the dialog): a keyboard user presses it once the focus
  // has moved in, which antd does after the dialog opens (on a loaded machine, after the audit above had started);
  // pressed while the focus was still on the opener, it went to the page and left the dialog open
  await page
    .waitForFunction((sel) => !!document.activeElement?.closest(sel), `[data-a11y-open="${depth}"]`, { timeout: 5_000, polling: 50 })
    .catch(() => undefined);
  lap('focus in');
  await page.keyboard.press('Escape');
  // closed: hidden (a modal's wrap), no longer open (a drawer), or gone (destroyed on close); its mark goes with it
  await page
    .waitForFunction(
      ({ sel, roots }) => {
        const d = document.querySelector(sel);
        if (d && d.matches(roots) && d.getClientRects().length > 0) return false;
        d?.removeAttribute('data-a11y-open');
        return true;
      },
      { sel: `[data-a11y-open="${depth}"]`, roots: DIALOG_ROOTS },
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
  lap('closed');
  // WCAG 2.4.3: the focus goes back to the button that opened the dialog (antd gives it back once the
  // dialog has finished closing, a moment after it is hidden: waited for, not read at once)
  const handle = await opener.elementHandle();
  const back = await page
    .waitForFunction((b) => !!b && (b === document.activeElement || b.contains(document.activeElement)), handle, { timeout: 3_000, polling: 50 })
    .then(() => true, () => false);
  if (!back) out.focusLost.push(`${where} (focus on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing')})`);
  lap('focus back');
  return found;
}

type GenericDialog = 'form' | 'detail' | null;

const addPhase = (out: Sweep, what: string, ms: number) => void (out.phases[what] = (out.phases[what] ?? 0) + ms);

/**
 * Colour contrast when the screen or dialog shows a colour pair (colourPairs) that none before it in the sweep showed;
 * every pair is measured once a sweep. `measured` records the pairs once the audit ran; `note` says, for the report,
 * where the pairs of a screen or dialog the rule did not run on were measured. In English, where the rule does not run,
 * nothing is measured and nothing noted.
 */
function contrastFor(out: Sweep, where: string, pairs: string[]): { contrast: boolean; note: string; measured: () => void } {
  const rule = !skippedRules.includes('color-contrast') && (!onlyRules || onlyRules.includes('color-contrast'));
  const fresh = pairs.filter((x) => !out.contrastPairs.has(x));
  const contrast = rule && fresh.length > 0;
  const seenAt = [...new Set(pairs.map((x) => out.contrastPairs.get(x)))].slice(0, 3).join('; ');
  return {
    contrast,
    note: rule && !contrast ? `; colour contrast: its ${pairs.length} colour pairs measured before (${seenAt})` : '',
    measured: () => {
      if (contrast) for (const x of fresh) out.contrastPairs.set(x, where);
    },
  };
}

/**
 * What a dialog is (modal or drawer; the generic form or detail drawer of platform/resource) and its colour pairs (or a
 * screen's: `root` the body): for every visible text in it (an element's own text, an input's value), what axe's colour-contrast rule computes its ratio
 * and its threshold from — the text's colour, the opacity of its ancestors, its shadow, size and weight, and the
 * backgrounds behind it up to the first opaque one (colours and images), as drawn: the boxes stacked under the middle of
 * the text (its ancestors, and a positioned box behind it that is not one). A dialog whose pairs were all measured on
 * dialogs before gives the rule nothing new to measure: the same colour on the same backgrounds at the same size has the
 * same ratio. Run in the page.
 */
function colourPairs(root: Element): { kind: 'drawer' | 'modal'; generic: GenericDialog; pairs: string[] } {
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (el: Element) => {
    let cs = styles.get(el);
    if (!cs) styles.set(el, (cs = getComputedStyle(el)));
    return cs;
  };
  // a box's ::before / ::after with a background of its own (a tag's or a badge's drawn shape): drawn over the box's
  // background, under its text; part of the pair, as a different background (axe leaves such a text to a reader)
  const pseudoBgs = new Map<Element, string>();
  const pseudoBg = (el: Element) => {
    let bg = pseudoBgs.get(el);
    if (bg === undefined) {
      bg = '';
      for (const p of ['::before', '::after']) {
        const ps = getComputedStyle(el, p);
        if (ps.content === 'none' || ps.content === 'normal' || ps.display === 'none') continue;
        if (ps.backgroundColor !== 'rgba(0, 0, 0, 0)' || ps.backgroundImage !== 'none') bg += `${p} ${ps.backgroundColor} ${ps.backgroundImage.slice(0, 60)} ${ps.opacity} `;
      }
      pseudoBgs.set(el, bg);
    }
    return bg;
  };
  const opaque = (c: string) => !/rgba\(.*,\s*0?\.\d+\)$|rgba\(.*,\s*0\)$|transparent/.test(c);
  const pairs = new Set<string>();
  const add = (el: Element) => {
    if (!el.getClientRects().length) return;
    const cs = style(el);
    let opacity = 1;
    for (let a: Element | null = el; a; a = a.parentElement) opacity *= Number(style(a).opacity);
    const bgs: string[] = [];
    // the boxes behind the text as drawn, as axe finds them: the stack at the middle of its first box, from the text's
    // element down (a positioned box behind it that is not its ancestor included); its ancestors where the text is not
    // on top there (covered, out of the viewport)
    const r = el.getClientRects()[0]!;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const stack = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementsFromPoint(x, y) : [];
    const at = stack.indexOf(el);
    const behind: Element[] = [];
    if (at >= 0) behind.push(...stack.slice(at));
    else for (let p: Element | null = el; p; p = p.parentElement) behind.push(p);
    let opaqueFound = false;
    for (const a of behind) {
      const s = style(a);
      const pseudo = pseudoBg(a);
      if (pseudo) bgs.push(pseudo);
      const img = s.backgroundImage !== 'none';
      if (img || s.backgroundColor !== 'rgba(0, 0, 0, 0)') bgs.push(`${s.backgroundColor}${img ? ` ${s.backgroundImage.slice(0, 60)}` : ''}`);
      if (!img && opaque(s.backgroundColor)) {
        opaqueFound = true;
        break;
      }
    }
    if (!opaqueFound) bgs.push('(what is behind the dialog)');
    pairs.add([cs.color, opacity.toFixed(3), cs.textShadow, cs.fontSize, cs.fontWeight, bgs.join(' > ')].join(' | '));
  };
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.parentElement && (n.textContent ?? '').trim()) add(n.parentElement);
  for (const el of root.querySelectorAll('input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), textarea, select')) add(el);
  const kind = root.matches('.ant-drawer') ? 'drawer' : 'modal';
  const generic: GenericDialog = root.matches('.tms-resource-form') ? 'form' : root.matches('.tms-resource-detail') ? 'detail' : null;
  return { kind, generic, pairs: [...pairs] };
}

/**
 * The dialogs the open `dialog`'s own buttons open (aria-haspopup="dialog": a reference field's pick list in a form, a
 * detail drawer's actions, a line's dispute), each audited, then closed, as the dialog was; the dialog stays open
 * behind it. Once a sweep each (by kind and name: the statement's "Void" on one statement; a confirmation once; a pick
 * list of a reference field once per resource it picks from: `data-dialog-key`). A button disabled in the dialog's
 * state is reported (`disabled`).
 */
async function auditNested(page: Page, where: string, dialog: ReturnType<Page['locator']>, out: Sweep, english: boolean, depth: number): Promise<Finding[]> {
  const openers = dialog.locator(OPENS_DIALOG);
  const listed = await openers.evaluateAll((els) =>
    els.map((e) => ({
      name: (e.textContent ?? '').trim() || (e.getAttribute('aria-label') ?? ''),
      kind: e.getAttribute('data-dialog'),
      key: e.getAttribute('data-dialog-key'),
      off: (e as HTMLButtonElement).disabled,
      shown: e.getClientRects().length > 0,
    })),
  );
  const found: Finding[] = [];
  for (const [i, o] of listed.entries()) {
    const key = `${o.kind ?? ''} ${o.key ?? o.name}`;
    if (!o.shown || out.nestedSeen.has(key) || (o.kind === 'confirm' && out.confirmAudited)) continue;
    out.nestedSeen.add(key);
    const at = `${where} › ${o.name}${o.key ? ` (${o.key})` : ''}`;
    if (o.off) {
      out.disabled.push(`${at}: disabled in the dialog`);
      continue;
    }
    try {
      found.push(...(await auditDialog(page, at, openers.nth(i), out, english, { must: true, orMessage: true, depth })));
      if (o.kind === 'confirm') out.confirmAudited = true;
    } catch (e) {
      out.focusLost.push(`${at}: could not be audited (${failure(e)})`);
      await page.keyboard.press('Escape');
    }
  }
  return found;
}

/** The rows of the screen's lists; a row action that opens a dialog or drawer says so (platform/LinkButton.tsx `dialog`). */
const ROWS = '.tms-page .ant-table-tbody > tr.ant-table-row';
const OPENS_DIALOG = '[aria-haspopup="dialog"]';

/**
 * The dialogs and drawers of a list's row actions (view, edit, the page's own: assign, handle, a reason to give …), each
 * on the first row of the page that shows it (a row shows the actions of its state), opened from the keyboard, audited and closed as a create dialog is. A confirmation (`data-dialog=
 * "confirm"`: antd's one confirm dialog, the same on every screen but for its text) is audited once a sweep; a tree's
 * "add below" (`"create"`) is the add dialog the toolbar opened.
 * Every rule runs on every dialog; colour contrast on the colour pairs no dialog before showed (colourPairs).
 */
async function auditRowDialogs(page: Page, s: Screen, out: Sweep, english: boolean, createdForm: boolean, seen = new Set<string>(), later = false): Promise<Finding[]> {
  const rows = page.locator(ROWS).filter({ has: page.locator(OPENS_DIALOG) });
  // a list shows its rows or says it has none (a screen without a list goes on at once)
  await page
    .waitForFunction(() => !document.querySelector('.tms-page .ant-table') || !!document.querySelector('.tms-page .ant-table-row, .tms-page .ant-table-placeholder'), undefined, { timeout: 5_000, polling: 50 })
    .catch(() => undefined);
  if (!(await rows.count())) return [];
  if (!later) out.rows++;
  const t0 = Date.now();
  // every action of the page's rows, by row: a row shows the actions of its state (sign for a pending receipt, handle an
  // abnormal one), so each action is audited on the first row of the page that has it
  const byRow = await rows.evaluateAll((els, sel) =>
    els.map((r) => [...r.querySelectorAll(sel)].map((e) => ({ name: (e.textContent ?? '').trim() || (e.getAttribute('aria-label') ?? ''), kind: e.getAttribute('data-dialog') }))), OPENS_DIALOG);
  const found: Finding[] = [];
  const before = out.dialogs;
  for (const [r, actions] of byRow.entries())
    for (const [i, a] of actions.entries()) {
      const key = `${a.kind ?? ''} ${a.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (a.kind === 'confirm' && out.confirmAudited) continue;
      if (a.kind === 'create' && createdForm) continue; // the add dialog, audited from the toolbar a moment ago
      const where = `${s.path}${later ? ' (a later page)' : ''} (row${r ? ` ${r + 1}` : ''}: ${a.name})`;
      try {
        found.push(...(await auditDialog(page, where, rows.nth(r).locator(OPENS_DIALOG).nth(i), out, english, { must: true })));
        if (a.kind === 'confirm') out.confirmAudited = true;
        if (r) out.laterRowDialogs++;
        if (later) out.laterPageDialogs++;
      } catch (e) {
        out.focusLost.push(`${where}: could not be audited (${failure(e)})`);
        // a dialog left open would stand in front of the next one
        await page.keyboard.press('Escape');
      }
    }
  out.rowDialogs += out.dialogs - before;
  out.rowMs += Date.now() - t0;
  return found;
}

/**
 * The row actions that only rows past the list's first page show (a state the newest rows lack): the next pages in turn
 * (up to LATER_PAGES, the first included), reached from the pagination's "next" as a keyboard user moves on, each action
 * no row before had opened on the first row that has it. Once per list with a next page, after the toolbar's dialogs.
 */
async function auditLaterRows(page: Page, s: Screen, out: Sweep, english: boolean, seen: Set<string>): Promise<Finding[]> {
  const next = page.locator('.tms-page .ant-pagination-next:not(.ant-pagination-disabled)').first();
  if (!(await next.count())) return [];
  const t0 = Date.now();
  out.laterPages++;
  const found: Finding[] = [];
  for (let k = 2; k <= LATER_PAGES && (await next.count()); k++) {
    const first = await page.locator(ROWS).first().getAttribute('data-row-key');
    await next.locator('button, a').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(({ sel, first }) => document.querySelector(sel)?.getAttribute('data-row-key') !== first, { sel: ROWS, first }, { timeout: 15_000, polling: 50 });
    await settled(page, s.path);
    // the page's rows too (the tags of other states)
    const where = `${s.path} (page ${k})`;
    found.push(...(await auditShown(page, where, out, false)));
    if (english) await englishOf(page, where, out);
    found.push(...(await auditRowDialogs(page, s, out, english, true, seen, true)));
  }
  addPhase(out, 'rows: later pages', Date.now() - t0);
  return found;
}
/** How many pages of a list the sweep reads for the actions of its rows (the first included). */
const LATER_PAGES = 3;

/** The list's toolbar: the actions on ticked rows, as buttons or in a "more" menu (its items are `[data-dialog-item]`). */
const TOOLBAR = '.tms-page .ant-pro-table-list-toolbar';

/**
 * The dialogs of the toolbar's actions on ticked rows (assign, lock, print, review with a reason …): the first row is
 * ticked, then each toolbar button that says it opens a dialog (`aria-haspopup="dialog"`), and each item of a toolbar
 * menu that says so (`data-dialog-item`, opened from its menu button `[data-dialog-menu]`), is opened, audited and
 * closed as a row's dialog is; the focus goes back to the button, or to the menu's button. The row is unticked after.
 * A confirmation is audited once a sweep, as for the rows.
 */
async function auditToolbarDialogs(page: Page, s: Screen, out: Sweep, english: boolean): Promise<Finding[]> {
  const buttons = page.locator(`${TOOLBAR} button[aria-haspopup="dialog"]`);
  const menus = page.locator(`${TOOLBAR} [data-dialog-menu]`);
  if (!(await buttons.count()) && !(await menus.count())) return [];
  const ticks = page.locator(`${ROWS} .ant-table-selection-column input[type="checkbox"]`);
  const tick = ticks.first();
  const tt = Date.now();
  const ticked = (await tick.count()) > 0 && (await tick.check({ timeout: 5_000 }).then(() => true, () => false));
  addPhase(out, 'toolbar: tick', Date.now() - tt);
  // the toolbar of a ticked row (its batch buttons, "N selected"): the dialogs check their own texts only
  if (english && ticked) out.chinese.push(...(await chineseTexts(page, `${s.path} (a row ticked)`)));
  const found: Finding[] = [];
  const before = out.dialogs;
  const t0 = Date.now();
  const one = async (where: string, opener: ReturnType<Page['locator']>, kind: string | null, open?: () => Promise<void>) => {
    if (kind === 'confirm' && out.confirmAudited) return;
    try {
      found.push(...(await auditDialog(page, where, opener, out, english, { open })));
      if (kind === 'confirm') out.confirmAudited = true;
    } catch (e) {
      out.focusLost.push(`${where}: could not be audited (${failure(e)})`);
      await page.keyboard.press('Escape');
    }
  };
  // the next rows of the page (up to 10) ticked in turn, one at a time, while `more()` says so, `each(k)` once row k is;
  // `restore` ticks the first row again, for the next actions
  const otherRows = async (phase: string, more: () => boolean | Promise<boolean>, each?: (k: number) => Promise<void>) => {
    const move = async (from: number, to: number) => {
      await ticks.nth(from).uncheck({ timeout: 5_000 });
      await ticks.nth(to).check({ timeout: 5_000 });
    };
    const n = ticked ? Math.min(await ticks.count(), 10) : 0;
    const tr = Date.now();
    let at = 0;
    for (let k = 1; k < n && (await more()); k++) {
      await move(at, k);
      at = k;
      await each?.(k);
    }
    const restore = async () => {
      if (at) await move(at, 0);
      addPhase(out, phase, Date.now() - tr);
    };
    return { at, n, restore };
  };
  const names = await buttons.evaluateAll((els) => els.map((e) => ({ name: (e.textContent ?? '').trim(), kind: e.getAttribute('data-dialog'), off: (e as HTMLButtonElement).disabled })));
  for (const [i, b] of names.entries()) {
    const where = `${s.path} (toolbar${ticked ? ', a row ticked' : ''}: ${b.name})`;
    if (b.off) {
      // disabled for the first row's state (recall an open receipt, close a closed alert): audited on the first next row
      // that enables it
      const { at, n, restore } = await otherRows('toolbar: disabled, other rows', async () => !(await buttons.nth(i).isEnabled()));
      if (at && (await buttons.nth(i).isEnabled())) await one(`${s.path} (toolbar, row ${at + 1} ticked: ${b.name})`, buttons.nth(i), b.kind);
      else out.disabled.push(`${where}: disabled${ticked ? ` on rows 1–${Math.max(n, 1)} of the page` : ' (no row to tick)'}`);
      await restore();
      continue;
    }
    const passed = out.passedBy.length;
    await one(where, buttons.nth(i), b.kind);
    // an action that needs another state than the first row's (review a reviewed order, schedule a closed dispatch order)
    // answers with a message: opened again on the next rows until one opens its dialog
    if (!ticked || out.passedBy.length === passed) continue;
    const said = out.passedBy[passed]!;
    const { restore } = await otherRows('toolbar: other rows', () => out.passedBy.length > passed, async (k) => {
      out.passedBy.length = passed;
      await one(`${s.path} (toolbar, row ${k + 1} ticked: ${b.name})`, buttons.nth(i), b.kind);
      if (out.passedBy.length > passed) out.passedBy[passed] = `${said} (rows 1–${k + 1} of the page tried)`;
    });
    await restore();
  }
  for (let m = 0; m < (await menus.count()); m++) {
    const trigger = menus.nth(m);
    const popup = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
    const items = () => popup.locator('.ant-dropdown-menu-item:not(.ant-dropdown-menu-item-disabled)').filter({ has: page.locator('[data-dialog-item]') });
    const openMenu = async () => {
      await trigger.focus({ timeout: 30_000 });
      await page.keyboard.press('Enter');
      await popup.waitFor({ timeout: 5_000 });
    };
    const tm = Date.now();
    await openMenu();
    const listed = await items().evaluateAll((els) => els.map((e) => ({ name: (e.textContent ?? '').trim(), kind: e.querySelector('[data-dialog-item]')?.getAttribute('data-dialog-item') ?? null })));
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    addPhase(out, 'toolbar: list a menu', Date.now() - tm);
    for (const [i, it] of listed.entries())
      await one(`${s.path} (toolbar menu${ticked ? ', a row ticked' : ''}: ${it.name})`, trigger, it.kind === 'confirm' ? 'confirm' : null, async () => {
        await openMenu();
        // antd's menu takes no focus when it opens: its item is clicked
        await items().nth(i).click();
      });
  }
  const tu = Date.now();
  if (ticked) await tick.uncheck({ timeout: 5_000 }).catch(() => undefined);
  addPhase(out, 'toolbar: untick', Date.now() - tu);
  out.toolbarDialogs += out.dialogs - before;
  out.rowMs += Date.now() - t0;
  return found;
}

/** What failed (the first line) and why (the call log's last lines, e.g. which element took the click). */
function failure(e: unknown): string {
  const lines = (e as Error).message.split('\n');
  return [lines[0], ...lines.slice(-3)].join(' / ');
}

/** The create button of a generic resource screen (and of the screens that follow its toolbar), if any. */
const createButton = (page: Page) => page.locator('.tms-page .ant-pro-table-list-toolbar .ant-btn-primary').filter({ hasText: /^(新\s*增|Add|New)$/ }).first();

export interface Sweep {
  screens: number;
  withFindings: string[];
  findings: Finding[];
  chinese: string[];
  /** in English, texts in Chinese without a Chinese `lang` around them (language of parts) */
  untagged: string[];
  /** the time the dialogs took, by phase (open, ready, audited, english, nested: the dialogs opened from it, their phases
   * counted in theirs too; focus in, closed, focus back), in ms */
  phases: Record<string, number>;
  dialogs: number;
  /** screens whose first row's dialogs were audited, and those dialogs (counted in `dialogs` too) */
  rows: number;
  rowDialogs: number;
  /** of those, the dialogs of actions the first row did not have (another state's), audited on a later row of the page */
  laterRowDialogs: number;
  /** the dialogs of the toolbars' actions on a ticked row (counted in `dialogs` too) */
  toolbarDialogs: number;
  /** the generic dialog (platform/resource: the add / edit form, the detail drawer) the last audit found, if it was one */
  generic: GenericDialog;
  /** the colour pairs measured by the colour-contrast rule (colourPairs), and on which screen or dialog each was first */
  contrastPairs: Map<string, string>;
  /** the time spent on them */
  rowMs: number;
  confirmAudited: boolean;
  focusLost: string[];
  /** the toolbar's actions that opened no dialog on the first row (it needs another state), with the message shown instead */
  passedBy: string[];
  /** the toolbar's dialog buttons disabled on every row of the page tried, and a dialog's disabled in it (their dialogs not audited) */
  disabled: string[];
  /** the dialogs opened from a dialog (counted in `dialogs` too), and which (kind and name) were, once a sweep each */
  nested: number;
  nestedSeen: Set<string>;
  /** lists moved past their first page (they had a next page), and the dialogs of actions only their later rows had */
  laterPages: number;
  laterPageDialogs: number;
  /** each dialog audited: where it was opened from, and whether a modal or a drawer */
  audited: string[];
  /** the screens colour contrast did not run on, their colour pairs measured before (and where) */
  screensContrastBefore: string[];
  ms: number;
}

/**
 * Opens every screen in `screens` in `page` (already on a signed-in screen of the shell, in its
 * language) and audits it; the shell around the screens (menu, header, tab bar) is audited once, on
 * the first screen. `english`: also collects Chinese texts.
 */
export const newSweep = (): Sweep => ({ ms: 0, screens: 0, withFindings: [], findings: [], chinese: [], untagged: [], phases: {}, dialogs: 0, rows: 0, rowDialogs: 0, laterRowDialogs: 0, toolbarDialogs: 0, rowMs: 0, generic: null, contrastPairs: new Map(), confirmAudited: false, focusLost: [], passedBy: [], disabled: [], nested: 0, nestedSeen: new Set(), laterPages: 0, laterPageDialogs: 0, audited: [], screensContrastBefore: [] });

/**
 * The screen as it shows now, audited: every rule, colour contrast on the colour pairs no screen or dialog before showed
 * (the whole body's: the shell's are the same on every screen, measured on the `first`, left out after).
 */
async function auditShown(page: Page, where: string, out: Sweep, first: boolean): Promise<Finding[]> {
  const { pairs } = await page.locator('body').evaluate(colourPairs);
  const { contrast, note, measured } = contrastFor(out, where, pairs);
  if (note) out.screensContrastBefore.push(`${where}${note}`);
  const found = await audit(page, where, { exclude: first ? undefined : ['.ant-pro-sider', '.tms-top', '.ant-layout-header'], alsoSkip: contrast ? [] : ['color-contrast'] });
  measured();
  return found;
}

/** In English: no Chinese in the screen's own words, Chinese data marked as such. */
async function englishOf(page: Page, where: string, out: Sweep): Promise<void> {
  out.chinese.push(...(await chineseTexts(page, where)));
  out.untagged.push(...(await untaggedChinese(page, where, '.tms-page')));
}

/** `out`: the state of a sweep run in parts (what was audited once per sweep stays audited); a new one by default. */
export async function sweep(page: Page, screens: Screen[], opts: { english: boolean; rows: boolean; onScreen?: (s: Screen) => Promise<void>; out?: Sweep }): Promise<Sweep> {
  const t0 = Date.now();
  const out = opts.out ?? newSweep();
  await injectAxe(page);
  let first = out.screens === 0;
  for (const s of screens) {
    const ts = Date.now();
    await go(page, s.path);
    await settled(page, s.path);
    const tSettled = Date.now() - ts;
    out.screens++;
    const found = await auditShown(page, s.path, out, first);
    const tAudited = Date.now() - ts;
    first = false;
    if (opts.english) await englishOf(page, s.path, out);
    addPhase(out, 'screen settled', tSettled);
    addPhase(out, 'screen audited', tAudited - tSettled);
    addPhase(out, 'screen english', Date.now() - ts - tAudited);
    const add = createButton(page);
    // the generic add form, audited here (the first row's edit twin too, see auditRowDialogs)
    let created: GenericDialog = null;
    if (await add.isVisible().catch(() => false)) {
      try {
        out.generic = null;
        found.push(...(await auditDialog(page, `${s.path} (create)`, add, out, opts.english)));
        created = out.generic;
      } catch (e) {
        if (process.env.A11Y_DEBUG) {
          console.log((e as Error).message);
          await page.screenshot({ path: join(SHOTS, `a11y-failed-create${s.path.replace(/\//g, '-')}.png`) });
        }
        out.focusLost.push(`${s.path}: the create dialog could not be audited (${failure(e)})`);
      }
    }
    if (opts.rows) {
      const seen = new Set<string>();
      found.push(...(await auditRowDialogs(page, s, out, opts.english, created === 'form', seen)));
      found.push(...(await auditToolbarDialogs(page, s, out, opts.english)));
      found.push(...(await auditLaterRows(page, s, out, opts.english, seen)));
    }
    if (process.env.A11Y_DEBUG) console.log(`${s.path} settled ${tSettled} ms, audited ${tAudited} ms, total ${Date.now() - ts} ms`, found.map((f) => `${f.where} ${f.rule} ${f.nodes} ${f.target} ${f.html}`).join('\n'));
    if (found.length) out.withFindings.push(s.path);
    out.findings.push(...found);
    await opts.onScreen?.(s);
  }
  out.ms += Date.now() - t0;
  return out;
}

/** Findings summed by rule: rule → [screens, nodes]. */
export function byRule(findings: Finding[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const f of findings) {
    const r = (out[`${f.rule} (${f.impact})`] ??= [0, 0]);
    r[0]++;
    r[1] += f.nodes;
  }
  return out;
}

/**
 * The parts a sweep runs in: each its own test, with the e2e project's time-out (no minutes-long single test). With
 * the rows' and toolbars' dialogs (the default; not with A11Y_ROWS=0) a screen takes about three times as long: twice as
 * many parts.
 */
const partsOf = (rows: boolean) => Number(process.env.A11Y_PARTS ?? (rows ? 16 : 8));

/**
 * The tests of one language (one file per language, so the two run side by side): the product, one signed-in page,
 * every menu screen audited in PARTS tests of consecutive screens (the page and its axe stay from one part to the
 * next); in each, 0 serious / critical findings, the focus back where a dialog was opened from, and in English no
 * Chinese in the chrome of any screen. A last test checks every screen was audited and writes the report.
 */
export function a11ySuite(lang: 'zh-CN' | 'en-US'): void {
  const s = useProductBrowser();
  const english = lang === 'en-US';
  const st = { screens: [] as Screen[], all: 0, out: newSweep(), page: null as Page | null, close: async () => {} };
  // the dialogs of the first rows and of the toolbars on a ticked row, in both languages (A11Y_ROWS=0: the screens and their
  // create dialogs alone, zh: the rows in zh-CN alone, while a screen is being fixed), see docs/accessibility.md
  const rows = process.env.A11Y_ROWS === 'zh' ? !english : process.env.A11Y_ROWS !== '0';
  const PARTS = partsOf(rows);
  // a look at a few screens as the theme now draws them (the product must still look like itself)
  const SHOT = new Set(['/order/list', '/baseinfo/carrier', '/shipment/alert']);

  beforeAll(async () => {
    const all = await menuScreens(s.server);
    st.all = all.length;
    // A11Y_ONLY (a regular expression on the path) narrows the sweep while a screen is being fixed
    const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
    st.screens = only ? all.filter((x) => only.test(x.path)) : all;
    // what the toolbars' actions on another state than the seed's records need, so that their dialogs are audited too:
    // a reviewed waybill on no dispatch order (to dispatch; add to a dispatch order on /shipment/ros) and an open
    // dispatch order (schedule)
    // and a statement of a client of the sweep's own, sent (its drawer's dialogs: void, print, a line's dispute), and a
    // client user (the user list's "clients" dialog: a row action of client users alone, none in the seed)
    const sentStatementOfItsOwn = async () => (await clientWithWaybill(s.server, `A11Y${english ? 'E' : 'Z'}`, String(Date.now() % 100000))).sent('500.00', '加急费', thisPeriod());
    const clientUser = () => adminCall(s.server, 'POST', '/api/system/user/save', { userName: `a11y_${english ? 'e' : 'z'}_${Date.now().toString(36)}`, nickName: '无障碍客户', password: 'client123', userKind: 'CLIENT' });
    if (rows) await Promise.all([reviewedWaybillOf(s.server), openDispatchOrder(s.server), sentStatementOfItsOwn(), clientUser()]);
    const { ctx, page } = await signedInPage(s.browser, s.server);
    st.page = page;
    st.close = () => ctx.close();
    await ctx.addCookies([{ name: 'lang', value: lang, url: s.server.url }]);
    page.setDefaultTimeout(60_000);
    if (process.env.A11Y_PERF) page.on('console', (m) => /rule|Measure|axe/i.test(m.text()) && console.log(m.text()));
    await page.goto(s.server.url + '/welcome');
    await new Shell(page).waitReady();
    // A11Y_ALL_RULES=1: every rule in English too (colour contrast included), to check that English texts (longer, wrapped
    // otherwise) draw nothing the Chinese sweep did not see
    const languageOnly = english && !process.env.A11Y_ALL_RULES;
    skipRules(languageOnly ? ['color-contrast'] : []);
    runOnlyRules(languageOnly ? LANGUAGE_RULES : null);
  });
  afterAll(async () => {
    await st.close();
  });

  for (let part = 0; part < PARTS; part++) {
    it(`${lang}: menu screens, part ${part + 1} of ${PARTS}: their dialogs, 0 serious / critical axe findings, the focus back after each${english ? ', no Chinese' : ''}`, async () => {
      const page = st.page!;
      const n = st.screens.length;
      const slice = st.screens.slice(Math.floor((part * n) / PARTS), Math.floor(((part + 1) * n) / PARTS));
      const out = st.out;
      const before = { findings: out.findings.length, focusLost: out.focusLost.length, chinese: out.chinese.length, untagged: out.untagged.length, screens: out.screens };
      const onScreen = async (x: Screen) => {
        if (SHOT.has(x.path)) await snap(page, `a11y-${lang}${x.path.replace(/\//g, '-')}`);
      };
      try {
        await sweep(page, slice, { english, rows, onScreen, out });
        expect(out.screens - before.screens).toBe(slice.length);
        expect(out.findings.slice(before.findings).map((f) => `${f.where} ${f.rule} (${f.impact}, ${f.nodes}) ${f.target} ${f.html}`)).toEqual([]);
        expect(out.focusLost.slice(before.focusLost)).toEqual([]);
        expect(out.chinese.slice(before.chinese)).toEqual([]);
        expect(out.untagged.slice(before.untagged)).toEqual([]);
      } catch (e) {
        await page.screenshot({ path: join(SHOTS, `FAILED-a11y-${lang}-part${part + 1}.png`) }).catch(() => undefined);
        // a dialog left open would stand in front of the next part's screens
        await page.keyboard.press('Escape').catch(() => undefined);
        throw e;
      }
    });
  }

  it(`${lang}: every menu screen was audited (the report)`, () => {
    const r = st.out;
    const report = { lang, screens: r.screens, dialogs: r.dialogs, nested: r.nested, laterPages: r.laterPages, laterPageDialogs: r.laterPageDialogs, rows: r.rows, rowDialogs: r.rowDialogs, laterRowDialogs: r.laterRowDialogs, toolbarDialogs: r.toolbarDialogs, rowMs: r.rowMs, ms: r.ms, phases: r.phases, withFindings: r.withFindings.length, byRule: byRule(r.findings), findings: r.findings, chinese: r.chinese, untagged: r.untagged, focusLost: r.focusLost, passedBy: r.passedBy, disabled: r.disabled, audited: r.audited, screensContrastBefore: r.screensContrastBefore };
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, `a11y-${lang}.json`), JSON.stringify(report, null, 1));
    const drawers = r.audited.filter((a) => a.includes(' [drawer')).length;
    console.log(`a11y ${lang}: ${r.screens} screens, ${r.dialogs} dialogs (${drawers} of them drawers; ${r.rowDialogs} of the rows of ${r.rows} lists (${r.laterRowDialogs} of actions the first row had not), ${r.toolbarDialogs} of toolbars on a ticked row, ${r.nested} opened from a dialog, ${r.laterPageDialogs} of actions only rows past the first page of ${r.laterPages} lists had, ${r.disabled.length} toolbar buttons disabled on every row tried, ${r.rowMs} ms), ${r.withFindings.length} with serious/critical findings, ${r.ms} ms`, JSON.stringify(report.byRule));
    if (!process.env.A11Y_ONLY) expect(st.all).toBeGreaterThan(60);
    expect(r.screens).toBe(st.screens.length);
  });
}
