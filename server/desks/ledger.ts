// A desk's ledger: the kernel Ledger over the accounts the desk owns, plus the journal numbering. Accounts the
// desk does not own (another wallet's transit account, external, other desks' system accounts) are represented in
// its memory by the kernel's EXTERNAL account, the one allowed below zero, so every posting set still balances
// locally while the journal keeps the real accounts. A rebuild does the same: owned balances from the store, and
// EXTERNAL as minus their sum.
import { EXTERNAL, Ledger, type AccountKey, type Amount, type Asset, type Posting, type ResultCode, type Wallet, Code } from '../kernel/index.ts';
import type { JournalEntry } from '../store/ledger.ts';
import type { DeskBatch } from './batch.ts';

/** Where a wallet's outgoing transfers wait between the debit and the destination's credit. */
export const transitAccount = (wallet: Wallet): AccountKey => `transit:${wallet}` as AccountKey;

export interface OwnedBalance {
  readonly account: AccountKey;
  readonly asset: Asset;
  readonly amount: bigint;
}

export class DeskLedger {
  readonly desk: string;
  readonly ledger: Ledger;
  private readonly owns: (key: AccountKey) => boolean;
  private seq: number;

  constructor(desk: string, owns: (key: AccountKey) => boolean, owned: readonly OwnedBalance[], lastSeq: number) {
    this.desk = desk;
    this.owns = owns;
    this.seq = lastSeq;
    const plug = new Map<Asset, bigint>();
    for (const b of owned) {
      if (!owns(b.account)) throw new Error(`${desk} desk: ${b.account} is not one of its accounts`);
      plug.set(b.asset, (plug.get(b.asset) ?? 0n) - b.amount);
    }
    const entries = [...owned.map((b) => ({ ...b, amount: b.amount as Amount }))];
    for (const [asset, amount] of plug) entries.push({ account: EXTERNAL, asset, amount: amount as Amount });
    // fromEntries checks that no owned balance is negative: a store that says otherwise must not be traded on.
    this.ledger = Ledger.fromEntries(entries);
  }

  get lastSeq(): number {
    return this.seq;
  }

  balance(account: AccountKey, asset: Asset): bigint {
    return this.ledger.balance(account, asset);
  }

  /** Journals postings the kernel has already applied to `ledger` (all of them on owned accounts). */
  journal(batch: DeskBatch, reason: string, ref: string, time: number, postings: readonly Posting[]): JournalEntry | null {
    if (postings.length === 0) return null;
    const entry: JournalEntry = { seq: ++this.seq, reason, ref, time, lines: postings };
    batch.addEntry(entry);
    return entry;
  }

  /** Applies postings the desk built itself, then journals them; a refusal changes nothing. */
  tryPost(batch: DeskBatch, reason: string, ref: string, time: number, postings: readonly Posting[]): { code: ResultCode; entry: JournalEntry | null } {
    const local = postings.map((p) => (this.owns(p.account) ? p : { ...p, account: EXTERNAL }));
    const code = this.ledger.tryPost(local);
    if (code !== Code.OK) return { code, entry: null };
    return { code, entry: this.journal(batch, reason, ref, time, postings) };
  }
}
