/**
 * A translated text with a record's data in it — a dialog's title "Assign roles - {{name}}", "Diagram - {{name}}
 * v{{version}}" — whose data is marked `translate="no"`: a user's, station's or process's name is in whatever language
 * it was entered, not the screen's own text, so a browser's translator leaves it as it is and the English sweep's
 * check that no label is in Chinese (e2e/support/a11y.ts) passes it by, while it still finds a text left untranslated.
 *
 * `data`: the values that are data (marked); `values`: other values of the text (translated ones), put in as they are.
 *
 * Language of parts (WCAG 3.1.2): data in Chinese (the seeded demo data, names entered in Chinese) shown on a screen in
 * another language carries `lang="zh-CN"`, so a screen reader speaks it with a Chinese voice instead of spelling it out
 * in the page's language: `dataLang` decides, `DataValue` / `dataNode` wrap a value in a span that says so (the
 * generic resource engine's list cells and detail values, the data of DataText).
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { dataLang } from './data-lang.ts';

export { dataLang };

/**
 * A data value as a node: a text in Chinese on a non-Chinese screen in a span saying so (`lang`, and `translate="no"`:
 * data, not the screen's text), anything else as it is. A plain function (no hook), for a table's cell renderers.
 */
export function dataNode(value: ReactNode, ui: string | undefined): ReactNode {
  return dataLang(value, ui) ? inChinese(value) : value;
}

/** `node` (data, drawn however: a badge, a text with its unit) in a span that says it is in Chinese. */
export const inChinese = (node: ReactNode): ReactNode => createElement('span', { lang: 'zh-CN', translate: 'no' }, node);

/** `dataNode` in the current interface language. */
export function DataValue({ children }: { children: ReactNode }): ReactNode {
  const { i18n } = useTranslation();
  return dataNode(children, i18n.language);
}

/** Marks where a data value goes in the translated text (private-use characters no translation holds). */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARK = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/** The translated text split at its data values: text, then the index of a value, text, … */
export function splitAtData(translate: (marks: Record<string, string>) => string, names: string[]): (string | number)[] {
  const text = translate(Object.fromEntries(names.map((n, i) => [n, `${OPEN}${i}${CLOSE}`])));
  return text.split(MARK).map((part, i) => (i % 2 ? Number(part) : part));
}

export function DataText({ k, data, values }: { k: string; data: Record<string, unknown>; values?: Record<string, string | number> }): ReactNode {
  const { t, i18n } = useTranslation();
  const names = Object.keys(data);
  const parts = splitAtData((marks) => String(t(k, { ...values, ...marks })), names);
  return parts.map((p, i) =>
    typeof p === 'number' ? (
      <span key={i} translate="no" lang={dataLang(String(data[names[p]!] ?? ''), i18n.language)}>
        {String(data[names[p]!] ?? '')}
      </span>
    ) : (
      <Fragment key={i}>{p}</Fragment>
    ),
  );
}

/** A translated label followed by data (" - " between): "Progress - <the request's title>". */
export function LabelWithData({ label, data }: { label: string; data: string }): ReactNode {
  const { i18n } = useTranslation();
  return (
    <>
      {label} - <span translate="no" lang={dataLang(data, i18n.language)}>{data}</span>
    </>
  );
}
