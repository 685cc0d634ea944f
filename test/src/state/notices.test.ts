import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_DURATION_MS } from '../../../src/contract.ts';
import { store } from '../../../src/state/store.ts';
import { noticesAtom, pushNotice } from '../../../src/state/notices.ts';

describe('notices', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes each notice after NOTICE_DURATION_MS', () => {
    pushNotice('error', 'first');
    vi.advanceTimersByTime(500);
    pushNotice('success', 'second');
    expect(store.get(noticesAtom).map((n) => n.text)).toEqual(['first', 'second']);
    vi.advanceTimersByTime(NOTICE_DURATION_MS - 500);
    expect(store.get(noticesAtom).map((n) => n.text)).toEqual(['second']);
    vi.advanceTimersByTime(500);
    expect(store.get(noticesAtom)).toEqual([]);
  });
});
