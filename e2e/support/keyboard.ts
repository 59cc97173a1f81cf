/**
 * The keyboard alone (issue 18 §2): move the focus with Tab / Shift+Tab until a described element has
 * it, proving it lies in the tab order, and check that the focus shows and where it went back to.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * 'yes' when the focus is on the target (or inside it: a select's input inside its box); else how the
 * focused element reads, for a failure: tag, role, the nearest test id and its name.
 */
function focusOn(target: Locator): Promise<string> {
  return target.evaluateAll((els) => {
    const el = document.activeElement as HTMLElement | null;
    if (els.some((e) => e === el || e.contains(el))) return 'yes';
    if (!el || el === document.body) return 'body';
    const id = el.closest('[data-testid]')?.getAttribute('data-testid');
    const name = (el.getAttribute('aria-label') ?? el.innerText ?? (el as HTMLInputElement).placeholder ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''}${id ? `@${id}` : ''} "${name}"`;
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until the target has the focus, at most `max` times; fails with
 * the elements the focus passed through. The target must be in the tab order to be reached.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, back = false }: { max?: number; back?: boolean } = {}): Promise<void> {
  const visited: string[] = [];
  for (let i = 0; ; i++) {
    const at = await focusOn(target);
    if (at === 'yes') {
      if (process.env.KBD_DEBUG) console.log(`${String(target)}: ${i} presses`);
      return;
    }
    if (i) visited.push(at);
    if (i === max) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; the focus went through:\n  ${visited.join('\n  ')}`);
}

/** Waits until the target has the focus (after a dialog closed, the focus back on its opener). */
export async function expectFocusOn(target: Locator): Promise<void> {
  await expect.poll(() => focusOn(target), { timeout: 5_000 }).toBe('yes');
}

/**
 * The focused element shows it: an outline on it or on its next sibling (antd draws a checkbox or radio
 * next to its input), or, for a text field, antd's ring (a box shadow) on the field or its box. A box
 * shadow elsewhere does not count: antd's buttons and dialogs carry one whether focused or not.
 */
export async function expectFocusRing(page: Page): Promise<void> {
  // antd marks a focused select or picker as it handles the focus event: a moment after the focus moved
  const ring = () => page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing has the focus';
    const outline = (e: Element | null) => !!e && getComputedStyle(e).outlineStyle !== 'none' && parseFloat(getComputedStyle(e).outlineWidth) > 0;
    const shadow = (e: Element | null) => !!e && !['none', ''].includes(getComputedStyle(e).boxShadow);
    const field = el.matches('input, textarea');
    const box = field ? el.closest('.ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-select-selector') : null;
    const shows = outline(el) || outline(el.nextElementSibling) || (field && (shadow(el) || shadow(box)));
    return shows ? 'visible' : `no ring on ${el.outerHTML.slice(0, 160)}`;
  });
  await expect.poll(ring, { timeout: 2_000 }).toBe('visible');
}
