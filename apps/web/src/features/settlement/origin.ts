/** Where a statement line came from, in words: a re-rating of a charge stated before, a manual adjustment, an accepted dispute (issue 15). */
import type { z } from 'zod';
import type { SettlementApi } from '@tms/domain';

type Line = z.output<typeof SettlementApi.StatementLine>;
type T = (key: string, params?: Record<string, unknown>) => string;

export function lineOrigin(t: T, l: Line): string | null {
  if (l.origin === 'RERATE') return t('settlement.origin.RERATE', { code: l.originStatementCode ?? '', before: l.beforeAmount ?? '', after: l.afterAmount ?? '' });
  if (l.origin === 'MANUAL') return t('settlement.origin.MANUAL', { id: l.adjustmentId ?? '', reason: l.remark ?? '' });
  if (l.adjustsLineId) return t('settlement.origin.DISPUTE', { id: l.adjustsLineId, reason: l.remark ?? '' });
  return null;
}
