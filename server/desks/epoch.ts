// A desk lifetime's epoch (the spot desk's book events and depth snapshots carry it, events.ts): a version 7 UUID,
// whose first 48 bits are the time the desk opened, in ms. It is unique like any UUID, and it tells every reader the
// same start time, so market data on any number of gateways numbers a lifetime's book events after every earlier
// lifetime's the same way (market/bridge.ts), without asking anyone.
import { randomUUID } from 'node:crypto';

const V7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A new epoch for a desk opening at `now` (Unix ms). */
export function newEpoch(now: number): string {
  const ms = Math.floor(now);
  if (!Number.isSafeInteger(ms) || ms < 0 || ms >= 2 ** 48) throw new RangeError(`bad epoch time: ${now}`);
  // A random (v4) UUID with its time bits set and its version made 7; the variant bits stay RFC 9562's.
  const hex = ms.toString(16).padStart(12, '0');
  const random = randomUUID();
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7${random.slice(15)}`;
}

/** When the desk of `epoch` opened (Unix ms); null for an epoch that is not a version 7 UUID. */
export function epochTime(epoch: string): number | null {
  const m = V7.exec(epoch);
  return m === null ? null : parseInt(m[1]! + m[2]!, 16);
}
