import { describe, expect, it } from 'vitest';
import { nextApplyAt, nextRecomputeAt, recomputeInForceAt, volumeWindow } from '../../../../server/kernel/fees/calendar.ts';

const at = (iso: string): number => Date.parse(iso);

describe('fee level calendar (GMT+8)', () => {
  it('recomputes at the next 00:00 GMT+8, which is 16:00 UTC', () => {
    expect(nextRecomputeAt(at('2025-03-10T10:00:00Z'))).toBe(at('2025-03-10T16:00:00Z'));
    expect(nextRecomputeAt(at('2025-03-10T16:00:00Z'))).toBe(at('2025-03-11T16:00:00Z'));
    expect(nextRecomputeAt(at('2025-03-10T15:59:59.999Z'))).toBe(at('2025-03-10T16:00:00Z'));
  });

  it('applies at the next 04:00 GMT+8, which is 20:00 UTC', () => {
    expect(nextApplyAt(at('2025-03-10T16:00:00Z'))).toBe(at('2025-03-10T20:00:00Z'));
    expect(nextApplyAt(at('2025-03-10T20:00:00Z'))).toBe(at('2025-03-11T20:00:00Z'));
    expect(nextApplyAt(at('2024-12-31T21:00:00Z'))).toBe(at('2025-01-01T20:00:00Z'));
  });

  it('uses the 30 days before the recompute, and the levels in force lag until 04:00', () => {
    const r = at('2025-03-10T16:00:00Z');
    expect(volumeWindow(r)).toEqual({ start: at('2025-02-08T16:00:00Z'), end: r });
    expect(recomputeInForceAt(at('2025-03-10T19:59:59Z'))).toBe(at('2025-03-09T16:00:00Z'));
    expect(recomputeInForceAt(at('2025-03-10T20:00:00Z'))).toBe(r);
  });
});
