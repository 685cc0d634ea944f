// What one group commit of a desk carries: journal entries, asset records and transfer rows (plus a spot desk's
// orders and trades, in SpotBatch), the events to publish after it, and the user balances it touched.
import { parseAccount as parseKey, type AccountKey, type Wallet } from '../kernel/index.ts';
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

type AccountRef = ReturnType<typeof parseKey>;
/** Parsed account keys: a batch parses the same few keys for every line (a pure memo, bounded). */
const parsedKeys = new Map<string, AccountRef>();

function parseAccount(key: AccountKey | string): AccountRef {
  let ref = parsedKeys.get(key);
  if (ref === undefined && !parsedKeys.has(key)) {
    if (parsedKeys.size >= 100_000) parsedKeys.clear();
    ref = parseKey(key);
    parsedKeys.set(key, ref);
  }
  return ref;
}

/** `user:wallet:asset` of a user account's line, built once per account and asset (a pure memo, bounded). */
const balanceKeys = new Map<string, Map<string, string>>();

function balanceKey(account: string, asset: string, ref: { readonly user: number; readonly wallet: Wallet }): string {
  let byAsset = balanceKeys.get(account);
  if (byAsset === undefined) {
    if (balanceKeys.size >= 100_000) balanceKeys.clear();
    balanceKeys.set(account, (byAsset = new Map()));
  }
  let key = byAsset.get(asset);
  if (key === undefined) byAsset.set(asset, (key = `${ref.user}:${ref.wallet}:${asset}`));
  return key;
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

/** Whether anyone listens on a topic now (the bus's answer); events for no one are not built. */
export type Wants = (topic: string) => boolean;
const everyone: Wants = () => true;

export class DeskBatch implements Batch {
  size = 0;
  logSeq: number | null = null;
  /**
   * The time stamped on the latest command applied in it (DeskCore): what its commit writes as the time balances
   * changed, so a desk that applies the same log again writes the same rows (0: nothing applied yet).
   */
  time = 0;
  /**
   * Asked before building a per-user or internal event: a user with no session subscribed to their topics (a bot on
   * REST, say) costs no event objects. Market-data topics are always built (the market-data bridge listens).
   */
  readonly wants: Wants;
  readonly entries: JournalEntry[] = [];
  readonly records: NewAssetRecord[] = [];
  readonly transfersOut: Transfer[] = [];
  /**
   * Debits this desk relays to their destination desks once this batch is durable (its own new ones, and old ones sent
   * again: a repeated client id, a recovery): core.ts `relayTo`.
   */
  readonly relays: Transfer[] = [];
  /** Transfers credited in this batch, each with the time of the command that credited it. */
  readonly transfersIn: Array<{ readonly id: string; readonly time: number }> = [];
  readonly events: Array<{ readonly topic: string; readonly event: DeskEvent }> = [];
  /** User balances changed in this batch, by `user:wallet:asset`. */
  readonly touched = new Map<string, { readonly user: number; readonly wallet: Wallet; readonly asset: string }>();
  /** Operator settings set in this batch, by key (system_config, written with it): a bot minimum, the fee levels. */
  readonly settings = new Map<string, { readonly key: string; readonly value: string; readonly time: number }>();
  /** Balance events, filled in when the batch is sealed (memory then equals the state after this batch). */
  balanceEvents: Array<{ readonly topic: string; readonly event: DeskEvent }> = [];

  constructor(wants: Wants = everyone) {
    this.wants = wants;
  }

  addEntry(entry: JournalEntry): void {
    this.entries.push(entry);
    for (const l of entry.lines) {
      const ref = parseAccount(l.account);
      if (ref?.kind !== 'user') continue;
      const key = balanceKey(l.account, l.asset, ref);
      if (!this.touched.has(key)) this.touched.set(key, { user: ref.user, wallet: ref.wallet, asset: l.asset });
    }
  }

  /** Nothing to write: the batch held only refusals and reads. */
  isEmpty(): boolean {
    return this.entries.length === 0 && this.records.length === 0 && this.transfersOut.length === 0 && this.transfersIn.length === 0 && this.settings.size === 0;
  }

  emit(topic: string, event: DeskEvent): void {
    this.events.push({ topic, event });
  }

  /** The batch's lines folded into one delta per balance row: the fewest statements for the commit. */
  deltas(): { balances: BalanceDelta[]; system: SystemDelta[] } {
    const users = new Map<string, UserChange>();
    const system = new Map<string, { account: string; asset: string; amount: bigint }>();
    for (const e of this.entries) {
      for (const l of e.lines) {
        const ref = parseAccount(l.account);
        if (ref?.kind === 'user') {
          const key = balanceKey(l.account, l.asset, ref);
          let c = users.get(key);
          if (c === undefined) users.set(key, (c = { user: ref.user, wallet: ref.wallet, asset: l.asset, available: 0n, frozen: 0n }));
          if (ref.part === 'available') c.available += l.amount;
          else c.frozen += l.amount;
          continue;
        }
        const key = `${l.account}|${l.asset}`;
        const s = system.get(key);
        if (s === undefined) system.set(key, { account: l.account, asset: l.asset, amount: l.amount });
        else s.amount += l.amount;
      }
    }
    // Sorted, so every desk locks shared rows (system accounts) in one order: two commits can't deadlock.
    const sorted = <T>(entries: Iterable<[string, T]>, keep: (x: T) => boolean): T[] =>
      [...entries].filter(([, x]) => keep(x)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, x]) => x);
    return {
      balances: sorted(users, (c) => c.available !== 0n || c.frozen !== 0n),
      system: sorted(system, (x) => x.amount !== 0n),
    };
  }
}
