import { describe, expect, it } from 'vitest';
import { addClockSample, initialServerClock, serverNow } from '../../../streams/reducers/server-clock.ts';

describe('server-time offset', () => {
  it('takes the midpoint of the round trip', () => {
    // Sent at 1000, back at 1100: the server stamped 5050 at about client time 1050.
    const clock = addClockSample(initialServerClock, { sentAt: 1_000, receivedAt: 1_100, serverTime: 5_050 });
    expect(clock.offset).toBe(4_000);
    expect(serverNow(clock, 2_000)).toBe(6_000);
  });

  it('prefers the lowest round trip and moves toward it smoothly', () => {
    let clock = addClockSample(initialServerClock, { sentAt: 0, receivedAt: 400, serverTime: 1_300 }); // rtt 400, offset 1100
    expect(clock.offset).toBe(1_100);
    clock = addClockSample(clock, { sentAt: 1_000, receivedAt: 1_020, serverTime: 2_010 }); // rtt 20, offset 1000
    expect(clock.offset).toBe(1_050);
    // A slow sample afterwards doesn't pull the estimate: the fast one is still the best in the window.
    clock = addClockSample(clock, { sentAt: 2_000, receivedAt: 3_000, serverTime: 4_000 }); // rtt 1000, offset 1500
    expect(clock.offset).toBe(1_025);
  });

  it('ignores a sample whose clock went backwards and snaps on a large change', () => {
    const first = addClockSample(initialServerClock, { sentAt: 0, receivedAt: 10, serverTime: 5 });
    expect(addClockSample(first, { sentAt: 100, receivedAt: 90, serverTime: 0 })).toBe(first);
    const jumped = addClockSample(first, { sentAt: 100, receivedAt: 102, serverTime: 60_101 });
    expect(jumped.offset).toBe(60_000);
  });
});
