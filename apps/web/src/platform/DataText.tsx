/**
 * A translated text with a record's data in it — a dialog's title "Assign roles - {{name}}", "Diagram - {{name}}
 * v{{version}}" — whose data is marked `translate="no"`: a user's, station's or process's name is in whatever language
 * it was entered, not the screen's own text, so a browser's translator leaves it as it is and the English sweep's
 * check that no label is in Chinese (e2e/support/a11y.ts) passes it by, while it still finds a text left untranslated.
 *
 * `data`: the values that are data (marked); `values`: other values of the text (translated ones), put in as they are.
 */
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  const names = Object.keys(data);
  const parts = splitAtData((marks) => String(t(k, { ...values, ...marks })), names);
  return parts.map((p, i) =>
    typeof p === 'number' ? (
      <span key={i} translate="no">
        {String(data[names[p]!] ?? '')}
      </span>
    ) : (
      <Fragment key={i}>{p}</Fragment>
    ),
  );
}

/** A translated label followed by data (" - " between): "Progress - <the request's title>". */
export function LabelWithData({ label, data }: { label: string; data: string }): ReactNode {
  return (
    <>
      {label} - <span translate="no">{data}</span>
    </>
  );
}
