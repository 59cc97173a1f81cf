/**
 * Pieces of the driver app's screens drawn here rather than taken from antd-mobile, where antd-mobile's would fail a
 * screen reader or the keyboard (axe, issue 18): the top bar, the quantity counter, the language choices.
 */
import { useState, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import { AddOutline, LeftOutline, MinusOutline } from 'antd-mobile-icons';
// NavBar's own look, for the bar drawn with its classes
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { useT, LANGS } from './i18n.ts';
import { dataLang } from '../../web/src/platform/data-lang.ts';

/**
 * A screen's top bar, drawn as antd-mobile's NavBar (its classes): NavBar marks its left side `role="button"` with no
 * name whether or not it goes back, and puts the back action on a `div` the keyboard cannot reach (axe
 * aria-command-name). Here the back arrow, when there is one, is a button named "Back".
 */
export function Bar({ onBack, right, children }: { onBack?: () => void; right?: ReactNode; children?: ReactNode }) {
  const { t } = useT();
  return (
    <div className="adm-nav-bar bar">
      <div className="adm-nav-bar-left">
        {onBack && (
          <button type="button" className="adm-nav-bar-back bar-back" onClick={onBack} aria-label={t('common.back')}>
            <span className="adm-nav-bar-back-arrow">
              <LeftOutline />
            </span>
          </button>
        )}
      </div>
      <div className="adm-nav-bar-title">{children}</div>
      <div className="adm-nav-bar-right">{right}</div>
    </div>
  );
}

/**
 * A whole quantity between `min` and `max` with − and + buttons. antd-mobile's Stepper names neither its input nor its
 * buttons' purpose for the line and puts its spinbutton's `aria-value*` on a `div` too (axe: label, aria-allowed-attr,
 * critical); this one is a number input named by `label` (the line's item and what is counted).
 */
export function Counter({ label, min, max, value, onChange, testId }: { label: string; min: number; max: number; value: number; onChange: (v: number) => void; testId?: string }) {
  const { t } = useT();
  // what the driver is typing: it may be empty or out of range for a moment ("12" → "" → "10"); the count follows it
  // whenever it is a whole number in range, and the field shows the count again when it loses the focus
  const [draft, setDraft] = useState<string | null>(null);
  const set = (v: number) => onChange(Math.min(max, Math.max(min, Math.round(v))));
  const fits = (text: string) => text.trim() !== '' && Number.isInteger(Number(text)) && Number(text) >= min && Number(text) <= max;
  const type = (text: string) => {
    setDraft(text);
    if (fits(text)) onChange(Number(text));
  };
  return (
    <div className="counter" data-testid={testId}>
      <Button fill="none" size="small" color="primary" disabled={value <= min} onClick={() => (setDraft(null), set(value - 1))} aria-label={t('common.less', { what: label })}>
        <MinusOutline />
      </Button>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={draft ?? value}
        aria-label={label}
        aria-invalid={draft !== null && !fits(draft) ? true : undefined}
        onChange={(e) => type(e.target.value)}
        onBlur={() => setDraft(null)}
      />
      <Button fill="none" size="small" color="primary" disabled={value >= max} onClick={() => (setDraft(null), set(value + 1))} aria-label={t('common.more', { what: label })}>
        <AddOutline />
      </Button>
    </div>
  );
}

/**
 * Data shown inside a sentence of the app's own words (a plate after "Vehicle:", a contact's name, the goods of a
 * waybill): in a language other than Chinese, marked `lang="zh-CN"` when it holds Chinese, so a screen reader speaks it
 * in Chinese (WCAG 3.1.2). Data that stands alone in its element is marked by main.tsx's observer.
 */
export function Data({ children }: { children: string | null | undefined }) {
  const { lang } = useT();
  return <span lang={dataLang(children, lang)}>{children}</span>;
}

/** The languages to choose from, each name in its own language and marked so (a screen reader speaks 繁體中文 in Chinese). */
export const LANG_OPTIONS = LANGS.map((l) => ({ value: l.value, label: <span lang={l.value}>{l.label}</span> }));
