/** How a report cell reads: counts and quantities in the language's grouping, rates in percent, money exactly. */
import type { ReportColumn } from '@tms/domain';

/** An exact decimal amount ('-1234.50') with the language's grouping, without going through a float. */
export function formatMoney(v: string, lang: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v);
  if (!m) return v;
  const sep = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return `${m[1]}${BigInt(m[2]!).toLocaleString(lang)}${sep}${(m[3] ?? '').padEnd(2, '0')}`;
}

export function formatCell(col: ReportColumn, v: unknown, lang: string): string {
  if (v === null || v === undefined) return '-';
  if (col.kind === 'money') return formatMoney(String(v), lang);
  if (col.kind === 'rate') return `${Number(v).toFixed(1)}%`;
  if (col.kind === 'number') return Number(v).toLocaleString(lang, { maximumFractionDigits: 3 });
  if (col.kind === 'count') return Number(v).toLocaleString(lang);
  return String(v);
}
