// Whole seconds left until a moment, never negative; the send-code button shows this.
export function secondsLeft(untilMs: number, nowMs: number): number {
  return untilMs > nowMs ? Math.ceil((untilMs - nowMs) / 1000) : 0;
}
