import { describe, expect, it } from 'vitest';
import { EPOD_ACTION_FROM, EPOD_STATUSES, epodRefusal, shownPictures, epodReport } from './epod.ts';

describe('epod state machine', () => {
  it('audit and reject need REPORTED; a rejected or recalled receipt is refused by name', () => {
    const at = (status: string, isAbnormal = false, handled = false) => ({ status, isAbnormal, handled });
    expect(epodRefusal('audit', at('REPORTED'))).toBeNull();
    expect(epodRefusal('audit', at('REJECTED'))).toBe('messages.epod.auditRejectedRecalled');
    expect(epodRefusal('audit', at('RECALLED'))).toBe('messages.epod.auditRejectedRecalled');
    expect(epodRefusal('audit', at('PENDING'))).toBe('messages.epod.auditOnlyReported');
    expect(epodRefusal('audit', at('REPORTED', true))).toBe('messages.epod.handleBeforeAudit');
    expect(epodRefusal('audit', at('REPORTED', true, true))).toBeNull();
    expect(epodRefusal('handle', at('REPORTED'))).toBe('messages.epod.handleOnlyAbnormal');
    expect(epodRefusal('handle', at('AUDITED', true, true))).toBe('messages.epod.handleOnlyReported');
    expect(epodRefusal('report', at('AUDITED'))).toBe('messages.epod.alreadyAudited');
  });

  it('every action is allowed exactly from its start states', () => {
    for (const [action, from] of Object.entries(EPOD_ACTION_FROM)) {
      for (const status of EPOD_STATUSES) {
        const refused = epodRefusal(action as keyof typeof EPOD_ACTION_FROM, { status, isAbnormal: true, handled: true });
        expect(refused === null, `${action} from ${status}`).toBe(from.includes(status));
      }
    }
  });

  it('shows five pictures and counts the rest', () => {
    expect(shownPictures([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(shownPictures([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
  });

  it('a report needs times and non-negative whole figures per line', () => {
    const ok = { arrivalTime: '2026-01-01T08:00:00Z', signTime: '2026-01-01T09:00:00Z', lines: [{ lineId: 1, signedQuantity: 3 }] };
    expect(epodReport.parse(ok).lines[0]).toMatchObject({ shortage: 0, damage: 0 });
    const bad = epodReport.safeParse({ ...ok, lines: [{ lineId: 1, signedQuantity: 1.5, shortage: -1 }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines.0.signedQuantity', 'validation.integer'],
      ['lines.0.shortage', 'validation.min'],
    ]);
  });
});
