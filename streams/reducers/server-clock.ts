// Server-time offset from ping/pong round trips (NTP's idea in miniature): the server stamped its time somewhere in
// the round trip, best guessed at the midpoint, so offset = serverTime − (sentAt + rtt / 2). The error is at most
// half the round trip, so the fastest recent sample is trusted most, and the estimate moves toward it smoothly so
// countdowns don't jump on one noisy sample.

export interface ClockSample {
  /** Client time the ping left, ms. */
  readonly sentAt: number;
  /** Client time the pong arrived, ms. */
  readonly receivedAt: number;
  /** Server time in the pong, ms. */
  readonly serverTime: number;
}

export interface ServerClock {
  /** Newest last, at most `window` of them. */
  readonly samples: readonly { readonly rtt: number; readonly offset: number }[];
  /** Milliseconds to add to the client clock to read server time; 0 until the first sample. */
  readonly offset: number;
  readonly synced: boolean;
}

export interface ClockTuning {
  /** Samples remembered when choosing the fastest. */
  window: number;
  /** Share of the distance to the fastest sample's offset covered per sample, (0, 1]. */
  smoothing: number;
  /** A bigger disagreement than this is a changed clock, not noise: jump to it. */
  snapMs: number;
}

export const DEFAULT_CLOCK_TUNING: ClockTuning = { window: 8, smoothing: 0.5, snapMs: 5_000 };

export const initialServerClock: ServerClock = { samples: [], offset: 0, synced: false };

export function addClockSample(clock: ServerClock, sample: ClockSample, tuning: ClockTuning = DEFAULT_CLOCK_TUNING): ServerClock {
  const rtt = sample.receivedAt - sample.sentAt;
  if (!(rtt >= 0)) return clock; // the client clock stepped backwards mid-flight: the sample means nothing
  const offset = sample.serverTime - (sample.sentAt + rtt / 2);
  const samples = [...clock.samples, { rtt, offset }].slice(-tuning.window);
  let best = samples[0] ?? { rtt, offset };
  for (const s of samples) if (s.rtt < best.rtt) best = s;
  const target = best.offset;
  const next =
    !clock.synced || Math.abs(target - clock.offset) > tuning.snapMs
      ? target
      : clock.offset + tuning.smoothing * (target - clock.offset);
  return { samples, offset: next, synced: true };
}

/** Server time now, by the client clock plus the offset. */
export const serverNow = (clock: ServerClock, clientNow: number): number => Math.round(clientNow + clock.offset);
