// verifyLedger: recomputes everything the books promise from the journal alone, on one consistent snapshot.
// Every entry sums to zero per asset; entry numbers have no gaps; every stored balance equals the sum of its
// journal lines; so every asset sums to zero; no account but external, perp-clearing and insurance is negative; transit accounts hold exactly
// the transfers still waiting for their credit.
import { type AccountKey, mayBeNegative, userAccount, type UserId, type Wallet } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import { transitAccount } from './ledger.ts';
import { dec } from './views.ts';

export interface LedgerReport {
  ok: boolean;
  entries: number;
  /** Per asset: Σ of the journal and Σ of the stored balances (both must be "0"). */
  assets: Array<{ asset: string; journal: string; balances: string }>;
  problems: string[];
}

const MAX_LISTED = 20;

export async function verifyLedger(store: Store): Promise<LedgerReport> {
  return store.snapshot(async (repos) => {
    const problems: string[] = [];
    for (const u of await repos.ledger.unbalancedEntries(MAX_LISTED)) problems.push(`entry ${u.desk}#${u.seq} sums to ${dec(u.sum)} ${u.asset}`);
    let entries = 0;
    for (const s of await repos.ledger.entryStats()) {
      entries += s.count;
      if (s.first !== 1 || s.last !== s.count) problems.push(`desk ${s.desk}: ${s.count} entries numbered ${s.first}..${s.last} (gaps)`);
    }

    const key = (account: string, asset: string) => `${account}|${asset}`;
    const journal = new Map<string, bigint>();
    for (const t of await repos.ledger.journalTotals()) if (t.amount !== 0n) journal.set(key(t.account, t.asset), t.amount);
    const stored = new Map<string, bigint>();
    const put = (account: string, asset: string, amount: bigint) => {
      if (amount !== 0n) stored.set(key(account, asset), amount);
      if (amount < 0n && !mayBeNegative(account as AccountKey)) problems.push(`${account} ${asset} is negative: ${dec(amount)}`);
    };
    for (const b of await repos.ledger.allUserBalances()) {
      put(userAccount(b.user as UserId, b.wallet as Wallet, 'available'), b.asset, b.available);
      put(userAccount(b.user as UserId, b.wallet as Wallet, 'frozen'), b.asset, b.frozen);
    }
    for (const s of await repos.ledger.systemBalances()) put(s.account, s.asset, s.amount);

    const sums = new Map<string, { journal: bigint; balances: bigint }>();
    const sum = (k: string) => {
      const asset = k.slice(k.indexOf('|') + 1);
      let s = sums.get(asset);
      if (s === undefined) sums.set(asset, (s = { journal: 0n, balances: 0n }));
      return s;
    };
    for (const [k, amount] of journal) sum(k).journal += amount;
    for (const [k, amount] of stored) sum(k).balances += amount;
    let listed = 0;
    for (const k of new Set([...journal.keys(), ...stored.keys()])) {
      const j = journal.get(k) ?? 0n;
      const b = stored.get(k) ?? 0n;
      if (j !== b && listed++ < MAX_LISTED) problems.push(`${k.replace('|', ' ')}: journal says ${dec(j)}, balance is ${dec(b)}`);
    }
    for (const [asset, s] of sums) {
      if (s.journal !== 0n) problems.push(`${asset}: the journal sums to ${dec(s.journal)}`);
      if (s.balances !== 0n) problems.push(`${asset}: the balances sum to ${dec(s.balances)}`);
    }

    const transit = new Map<string, bigint>();
    for (const t of await repos.transfers.inTransit()) transit.set(key(transitAccount(t.from as Wallet), t.asset), t.amount);
    for (const k of new Set([...transit.keys(), ...[...stored.keys()].filter((s) => s.startsWith('transit:'))])) {
      const want = transit.get(k) ?? 0n;
      const have = stored.get(k) ?? 0n;
      if (want !== have) problems.push(`${k.replace('|', ' ')} holds ${dec(have)} but pending transfers add up to ${dec(want)}`);
    }

    const assets = [...sums].sort(([a], [b]) => (a < b ? -1 : 1)).map(([asset, s]) => ({ asset, journal: dec(s.journal), balances: dec(s.balances) }));
    return { ok: problems.length === 0, entries, assets, problems };
  });
}
