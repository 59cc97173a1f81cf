/** Date display of spec §2 / §4: ISO instants shown in the browser's time zone with the user's date style. */
import dayjs from 'dayjs';

export const DEFAULT_DATE_STYLE = 'YYYY-MM-DD HH:mm:ss';

/**
 * Formats an ISO date-time (or date) string, a Date or an epoch millisecond number.
 * Empty values give ''. Invalid input is returned unchanged (as a string).
 */
export function formatDateTime(iso: string | number | Date | null | undefined, dateStyle?: string | null): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const d = dayjs(iso);
  if (!d.isValid()) return String(iso);
  return d.format(dateStyle || DEFAULT_DATE_STYLE);
}

/** Date-only variant: the date part of the user's style (everything before the first 'H'/'h'), default 'YYYY-MM-DD'. */
export function formatDate(iso: string | number | Date | null | undefined, dateStyle?: string | null): string {
  const style = (dateStyle || DEFAULT_DATE_STYLE).split(/\s*[Hh]/)[0]?.trim() || 'YYYY-MM-DD';
  return formatDateTime(iso, style);
}
