// The funding an opening order's position paid and received (orderDetail's funding and holdingFee): the user's
// funding payments in the order's market (asset records of type holding_fee, one per settlement) from the order's
// first fill until the position it opened or added to was next flat (or turned the other way), or now.
//
// The position's size at each settlement is recomputed from the user's trades in the market: its size before the
// order's first fill is the stored position less every trade since, then each trade moves it. Trades and settlements are put in the journal's order (a settlement's entry carries the time of the period it
// settles, which may be a moment before trades that went ahead of it): a trade whose own asset record is read is
// placed by its journal number, one without (it moved no balance) by its time. Everything is read on one snapshot
// through the per-user indexes, and bounded: at most MAX_TRADES trades a side and MAX_RECORDS records after the
// first fill (a position that lived past them shows the settlements up to there; only then are the trades since the
// first fill summed by the database, to know the size before it).
import type { ContractOrderFundingItem } from '../../../contract/api.ts';
import { perpRefs } from '../../../desks/perp/settle.ts';
import type { Store } from '../../../store/index.ts';
import type { PerpOrder, PerpSizeChange, PerpTrade } from '../../../store/perp.ts';
import { dec, isClosing, ratePercent } from './views.ts';

const MAX_TRADES = 10_000;
const MAX_RECORDS = 20_000;
/** How long before the first fill a settlement's period may have ended and still be paid after it (the job's lag). */
const SETTLE_SLACK_MS = 60_000;

interface Payment {
  readonly time: number;
  readonly seq: number;
  amount: bigint;
}

export interface OrderFunding {
  readonly funding: ContractOrderFundingItem[];
  readonly holdingFee: string;
}

const NONE: OrderFunding = { funding: [], holdingFee: '0' };

/** `trades`: the order's own, oldest first (PerpRepo.orderTrades). */
export async function orderFunding(store: Store, order: PerpOrder, trades: readonly PerpTrade[]): Promise<OrderFunding> {
  const first = trades[0];
  if (first === undefined || isClosing(order)) return NONE;
  const { user, symbol } = order;
  const range = { user, symbol, fromTrade: first.tradeNo, fromTime: first.time };
  return store.snapshot(async (r) => {
    const { changes, complete } = await r.perp.sizeChanges({ ...range, limit: MAX_TRADES });
    const since = complete ? changes.reduce((sum, c) => sum + c.delta, 0n) : await r.perp.netSizeChange(range);
    const before = ((await r.perp.position(user, symbol))?.size ?? 0n) - since;
    const records = await r.records.byRefPrefix({
      user, wallet: 'contract', prefixes: [perpRefs.trades(symbol), perpRefs.fundings(symbol)], from: first.time - SETTLE_SLACK_MS, limit: MAX_RECORDS,
    });
    const tradeSeq = new Map<number, number>();
    const payments = new Map<number, Payment>();
    for (const x of records) {
      if (x.ref.startsWith(perpRefs.trades(symbol))) {
        const n = Number(x.ref.slice(perpRefs.trades(symbol).length));
        if (!tradeSeq.has(n)) tradeSeq.set(n, x.seq);
      } else if (x.type === 'holding_fee') {
        const time = Number(x.ref.slice(perpRefs.fundings(symbol).length));
        const p = payments.get(time);
        if (p === undefined) payments.set(time, { time, seq: x.seq, amount: x.amount + x.frozen });
        else p.amount += x.amount + x.frozen;
      }
    }
    const held = sizesAtSettlements(before, order.side === 'buy' ? 1n : -1n, changes, [...payments.values()].sort((a, b) => a.seq - b.seq), tradeSeq, !complete);
    const rows = new Map((await r.perp.fundingAt(symbol, held.map((h) => h.payment.time))).map((f) => [f.time, f]));
    const funding: ContractOrderFundingItem[] = [];
    let total = 0n;
    for (const { payment, size } of held) {
      const f = rows.get(payment.time);
      if (f === undefined) continue;
      total += payment.amount;
      funding.push({ time: payment.time, fundingRate: ratePercent(f.rate), markPrice: dec(f.mark), quantity: dec(size < 0n ? -size : size), amount: dec(payment.amount) });
    }
    return { funding, holdingFee: dec(total) };
  });
}

/**
 * Walks the trades (from the order's first fill, `before` the size until then, `dir` the order's side) and the
 * settlements in journal order: each settlement after the first fill and before the position's end, with the
 * position's size at it. `truncated`: trades past the last one read exist; settlements after it are left out.
 */
function sizesAtSettlements(
  before: bigint, dir: bigint, changes: readonly PerpSizeChange[], payments: readonly Payment[], tradeSeq: ReadonlyMap<number, number>, truncated: boolean,
): Array<{ payment: Payment; size: bigint }> {
  const ahead = (c: PerpSizeChange, p: Payment) => {
    const seq = tradeSeq.get(c.tradeNo);
    return seq !== undefined ? seq < p.seq : c.time < p.time;
  };
  const out: Array<{ payment: Payment; size: bigint }> = [];
  let size = before;
  let i = 0;
  for (const p of payments) {
    while (i < changes.length && ahead(changes[i]!, p)) {
      size += changes[i]!.delta;
      i += 1;
      // Flat, or turned the other way: the position the order opened or added to is gone.
      if (size === 0n || (size > 0n ? 1n : -1n) !== dir) return out;
    }
    if (i === 0) continue;
    if (i === changes.length && truncated) return out;
    if (size !== 0n) out.push({ payment: p, size });
  }
  return out;
}
