// What one group commit of a desk carries: journal entries, asset records and transfer rows (plus a spot desk's
// orders and trades, in SpotBatch), the events to publish after it, and the user balances it touched.
import { parseAccount, type Wallet } from '../kernel/index.ts';
import type { BalanceDelta, JournalEntry, JournalLine, SystemDelta } from '../store/ledger.ts';
import type { NewAssetRecord } from '../store/records.ts';
import type { Transfer } from '../store/transfers.ts';
import type { DeskEvent } from './events.ts';
import type { Batch } from './sequencer.ts';

export interface UserChange {
  readonly user: number;
  readonly wallet: Wallet;
  readonly asset: string;
  available: bigint;
  frozen: bigint;
}

/** Net change per user, wallet and asset of some lines, in first-seen order; system accounts are left out. */
export function userChanges(lines: readonly JournalLine[]): UserChange[] {
  const out = new Map<string, UserChange>();
  for (const l of lines) {
    const ref = parseAccount(l.account);
    if (ref?.kind !== 'user') continue;
    const key = `${ref.user}:${ref.wallet}:${l.asset}`;
    let c = out.get(key);
    if (c === undefined) out.set(key, (c = { user: ref.user, wallet: ref.wallet, asset: l.asset, available: 0n, frozen: 0n }));
    if (ref.part === 'available') c.available += l.amount;
    else c.frozen += l.amount;
  }
  return [...out.values()];
}

export class DeskBatch implements Batch {
  size = 0;
  readonly entries: JournalEntry[] = [];
  readonly records: NewAssetRecord[] = [];
  readonly transfersOut: Transfer[] = [];
  readonly transfersIn: string[] = [];
  readonly events: Array<{ readonly topic: string; readonly event: DeskEvent }> = [];
  /** User balances changed in this batch, by `user:wallet:asset`. */
  readonly touched = new Map<string, { readonly user: number; readonly wallet: Wallet; readonly asset: string }>();
  /** Balance events, filled in when the batch is sealed (memory then equals the state after this batch). */
  balanceEvents: Array<{ readonly topic: string; readonly event: DeskEvent }> = [];

  addEntry(entry: JournalEntry): void {
    this.entries.push(entry);
    for (const c of userChanges(entry.lines)) this.touched.set(`${c.user}:${c.wallet}:${c.asset}`, c);
  }

  /** Nothing to write: the batch held only refusals and reads. */
  isEmpty(): boolean {
    return this.entries.length === 0 && this.records.length === 0 && this.transfersOut.length === 0 && this.transfersIn.length === 0;
  }

  emit(topic: string, event: DeskEvent): void {
    this.events.push({ topic, event });
  }

  /** The batch's lines folded into one delta per balance row: the fewest statements for the commit. */
  deltas(): { balances: BalanceDelta[]; system: SystemDelta[] } {
    const users = new Map<string, UserChange>();
    const system = new Map<string, { account: string; asset: string; amount: bigint }>();
    for (const e of this.entries) {
      for (const c of userChanges(e.lines)) {
        const key = `${c.user}:${c.wallet}:${c.asset}`;
        const sum = users.get(key);
        if (sum === undefined) users.set(key, { ...c });
        else {
          sum.available += c.available;
          sum.frozen += c.frozen;
        }
      }
      for (const l of e.lines) {
        if (parseAccount(l.account)?.kind === 'user') continue;
        const key = `${l.account}|${l.asset}`;
        const s = system.get(key);
        if (s === undefined) system.set(key, { account: l.account, asset: l.asset, amount: l.amount });
        else s.amount += l.amount;
      }
    }
    const nonZero = (c: UserChange) => c.available !== 0n || c.frozen !== 0n;
    // Sorted, so every desk locks shared rows (system accounts) in one order: two commits can't deadlock.
    const byKey = <T>(key: (x: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
    return {
      balances: [...users.values()].filter(nonZero).sort(byKey((c) => `${c.user}:${c.wallet}:${c.asset}`)),
      system: [...system.values()].filter((s) => s.amount !== 0n).sort(byKey((s) => `${s.account}|${s.asset}`)),
    };
  }
}
