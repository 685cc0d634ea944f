// In-memory double-entry ledger: balances change only by posting sets that sum to zero per asset, and no account
// but the external one may go below zero. A desk persists the postings it applies; this is the state it keeps.
import { Code, type ResultCode } from '../codes.ts';
import type { Amount, Asset } from '../money/nominal.ts';
import { type AccountKey, mayBeNegative } from './accounts.ts';

export interface Posting {
  readonly account: AccountKey;
  readonly asset: Asset;
  /** Signed change in minor units. */
  readonly amount: Amount;
}

export class LedgerError extends Error {
  readonly code: ResultCode;
  constructor(code: ResultCode, message: string) {
    super(message);
    this.name = 'LedgerError';
    this.code = code;
  }
}

export class Ledger {
  // asset → account → balance; nested so a lookup needs no string concatenation.
  private readonly books = new Map<Asset, Map<AccountKey, bigint>>();

  balance(account: AccountKey, asset: Asset): Amount {
    return (this.books.get(asset)?.get(account) ?? 0n) as Amount;
  }

  /** Why these postings may not be applied, or OK. Nothing changes. */
  check(postings: readonly Posting[]): ResultCode {
    const n = postings.length;
    for (let i = 0; i < n; i++) {
      const p = postings[i]!;
      // Sum per asset once, at the asset's first posting; sets are a handful of lines, so O(n²) is cheapest.
      let first = true;
      for (let j = 0; j < i; j++) if (postings[j]!.asset === p.asset) first = false;
      if (first) {
        let sum = 0n;
        for (let j = i; j < n; j++) if (postings[j]!.asset === p.asset) sum += postings[j]!.amount;
        if (sum !== 0n) return Code.LEDGER_UNBALANCED;
      }
      if (p.amount < 0n && !mayBeNegative(p.account)) {
        let after = this.balance(p.account, p.asset) as bigint;
        for (let j = 0; j < n; j++) {
          const q = postings[j]!;
          if (q.account === p.account && q.asset === p.asset) after += q.amount;
        }
        if (after < 0n) return Code.LEDGER_NEGATIVE;
      }
    }
    return Code.OK;
  }

  /** Applies postings if they are valid and returns OK, otherwise returns the reason and changes nothing. */
  tryPost(postings: readonly Posting[]): ResultCode {
    const code = this.check(postings);
    if (code !== Code.OK) return code;
    for (const p of postings) {
      let book = this.books.get(p.asset);
      if (book === undefined) {
        book = new Map();
        this.books.set(p.asset, book);
      }
      const next = (book.get(p.account) ?? 0n) + p.amount;
      if (next === 0n) book.delete(p.account);
      else book.set(p.account, next);
    }
    return Code.OK;
  }

  /** Applies postings that must be valid; a violation here is a bug in the caller, so it throws. */
  post(postings: readonly Posting[]): void {
    const code = this.tryPost(postings);
    if (code !== Code.OK) {
      const lines = postings.map((p) => `${p.account} ${p.asset} ${p.amount}`).join('; ');
      throw new LedgerError(code, `ledger rejected postings (${code}): ${lines}`);
    }
  }

  assets(): Asset[] {
    return [...this.books.keys()].sort();
  }

  /** Non-zero balances, sorted by asset then account, for snapshots and tests. */
  entries(): Array<{ account: AccountKey; asset: Asset; amount: Amount }> {
    const out: Array<{ account: AccountKey; asset: Asset; amount: Amount }> = [];
    for (const asset of this.assets()) {
      const book = this.books.get(asset)!;
      for (const account of [...book.keys()].sort()) out.push({ account, asset, amount: book.get(account)! as Amount });
    }
    return out;
  }

  /** Rebuilds a ledger from stored balances (which must themselves balance). */
  static fromEntries(entries: Iterable<{ account: AccountKey; asset: Asset; amount: Amount }>): Ledger {
    const ledger = new Ledger();
    for (const e of entries) {
      let book = ledger.books.get(e.asset);
      if (book === undefined) ledger.books.set(e.asset, (book = new Map()));
      if (e.amount !== 0n) book.set(e.account, (book.get(e.account) ?? 0n) + e.amount);
    }
    ledger.checkInvariants();
    return ledger;
  }

  /** Throws unless every asset sums to zero over all accounts and no account is negative where it may not be. */
  checkInvariants(): void {
    for (const [asset, book] of this.books) {
      let sum = 0n;
      for (const [account, balance] of book) {
        if (balance < 0n && !mayBeNegative(account)) throw new LedgerError(Code.LEDGER_NEGATIVE, `${account} ${asset} is ${balance}`);
        sum += balance;
      }
      if (sum !== 0n) throw new LedgerError(Code.LEDGER_UNBALANCED, `${asset} sums to ${sum}`);
    }
  }
}
