import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../../src/pages/auth/countdown.ts';
import { retryAfterSeconds } from '../../../src/api/parse.ts';

describe('send-code countdown', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 100)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });

  it('reads the wait a verify.code.resend.wait reply asks for', () => {
    expect(retryAfterSeconds({ retryAfter: 42 })).toBe(42);
    expect(retryAfterSeconds({ retryAfter: 4.2 })).toBe(5);
    expect(retryAfterSeconds({ retryAfter: 0 })).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds({ retryAfter: '10' })).toBeNull();
  });
});
