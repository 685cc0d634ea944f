// Reads the contract routes need that the store's perp repository does not offer: the insurance fund's movements
// (the journal lines of system:insurance, written by the contract desk).
import { sql } from 'kysely';
import { INSURANCE } from '../../../kernel/index.ts';
import { moneySum, toAmount } from '../../../store/money.ts';
import type { Store } from '../../../store/index.ts';

export const PERP_DESK = 'contract';

export interface FundMovement {
  /** The journal entry's sequence number in the contract desk's journal. */
  readonly seq: number;
  readonly reason: string;
  readonly ref: string;
  readonly time: number;
  /** Net change of the fund by the entry (+ in). */
  readonly amount: bigint;
  /** The fund after the entry. */
  readonly balance: bigint;
}

/**
 * A page of the insurance fund's movements in `asset`, newest first: one per journal entry that touched the fund,
 * with the fund's balance after it (the sum of its lines up to that entry). The journal has no index by account,
 * so this reads the contract desk's lines; the route caches pages briefly.
 */
export async function fundMovements(store: Store, asset: string, offset: number, limit: number): Promise<{ total: number; list: FundMovement[] }> {
  const lines = () =>
    store.db
      .selectFrom('ledger_lines')
      .where('desk', '=', PERP_DESK)
      .where('account', '=', INSURANCE)
      .where('asset', '=', asset);
  const counted = await lines().select(sql<number>`count(distinct seq)`.as('n')).executeTakeFirstOrThrow();
  const rows = await lines()
    .select(['seq', moneySum('amount').as('amount')])
    .groupBy('seq')
    .orderBy('seq', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  if (rows.length === 0) return { total: Number(counted.n), list: [] };
  const seqs = rows.map((r) => Number(r.seq));
  const oldest = Math.min(...seqs);
  const entries = await store.db
    .selectFrom('ledger_entries')
    .select(['seq', 'reason', 'ref', 'time'])
    .where('desk', '=', PERP_DESK)
    .where('seq', 'in', seqs)
    .execute();
  const heads = new Map(entries.map((e) => [Number(e.seq), e]));
  const upTo = await lines().select(moneySum('amount').as('sum')).where('seq', '<=', oldest).executeTakeFirstOrThrow();
  // Balance after the oldest entry of the page, then forward to the newest.
  let balance = toAmount(upTo.sum);
  const list: FundMovement[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const seq = Number(rows[i]!.seq);
    const amount = toAmount(rows[i]!.amount);
    if (i < rows.length - 1) balance += amount;
    const head = heads.get(seq);
    list.push({ seq, reason: head?.reason ?? '', ref: head?.ref ?? '', time: Number(head?.time ?? 0), amount, balance });
  }
  return { total: Number(counted.n), list: list.reverse() };
}
