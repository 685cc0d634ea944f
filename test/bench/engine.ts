// Engine benchmark: the same recorded stream as spot commands through the full SpotEngine (rules, funds, book,
// fee settlement, ledger postings, events), once per book implementation. Users are funded before timing.
import { FastBook } from '../../server/kernel/book/fast-book.ts';
import { ReferenceBook } from '../../server/kernel/book/reference-book.ts';
import type { OrderBook } from '../../server/kernel/book/types.ts';
import { EXTERNAL, userAccount } from '../../server/kernel/ledger/accounts.ts';
import { Ledger } from '../../server/kernel/ledger/ledger.ts';
import { defineMarket } from '../../server/kernel/money/market.ts';
import { amount, asset, qty, type Amount, type OrderId, type Price, type Qty, type UserId } from '../../server/kernel/money/nominal.ts';
import type { FeeRates, SpotCommand } from '../../server/kernel/spot/commands.ts';
import { SpotEngine } from '../../server/kernel/spot/engine.ts';
import { type Figure, measure } from './matching.ts';
import { CANCEL, MARKET, MOVE, PLACE, REDUCE, type Stream } from './stream.ts';

const MARKET_SPEC = defineMarket({
  symbol: 'BTCUSDT',
  base: asset('BTC'),
  quote: asset('USDT'),
  tickSize: 1_000_000n,
  lotSize: 1_000n,
  minQty: qty(1),
  maxQty: qty(1_000_000),
  minNotional: amount(0n),
  maxNotional: amount(10n ** 15n),
});
const FEES: FeeRates = { makerPpm: 1000, takerPpm: 2000 };

export function toCommands(s: Stream): SpotCommand[] {
  const out: SpotCommand[] = [];
  for (let i = 0; i < s.length; i++) {
    const o = s.orders[i];
    const time = 1_700_000_000_000 + i;
    const target = s.ids[i]! as OrderId;
    const user = s.users[i]! as UserId;
    switch (s.kind[i]) {
      case PLACE:
        out.push({ type: 'limit', time, user: o!.owner, order: o!.id, side: o!.side, price: o!.price, qty: o!.qty, tif: o!.tif, postOnly: false, stp: 'NONE', fees: FEES });
        break;
      case MARKET:
        out.push({ type: 'market', by: 'base', time, user: o!.owner, order: o!.id, side: o!.side, qty: o!.qty, bound: o!.price, stp: 'NONE', fees: FEES });
        break;
      case CANCEL:
        out.push({ type: 'cancel', time, user, order: target });
        break;
      case REDUCE:
        out.push({ type: 'replace', time, user, order: target, price: s.prices[i]! as Price, qty: s.qtys[i]! as Qty });
        break;
      case MOVE:
        out.push({ type: 'replace', time, user, order: target, price: o!.price, qty: o!.qty });
        break;
    }
  }
  return out;
}

function run(book: OrderBook, commands: SpotCommand[], limit: number): { ms: number; filled: number } {
  const ledger = new Ledger();
  for (let u = 0; u <= 40; u++) {
    for (const a of [MARKET_SPEC.base, MARKET_SPEC.quote]) {
      ledger.post([
        { account: EXTERNAL, asset: a, amount: -(10n ** 17n) as Amount },
        { account: userAccount(u as UserId, 'coin', 'available'), asset: a, amount: (10n ** 17n) as Amount },
      ]);
    }
  }
  const engine = new SpotEngine({ market: MARKET_SPEC, book, ledger });
  let trades = 0;
  let rejected = 0;
  const t0 = performance.now();
  for (let i = 0; i < limit; i++) {
    for (const e of engine.apply(commands[i]!)) {
      if (e.type === 'trade') trades += e.qty;
      else if (e.type === 'rejected') rejected++;
    }
  }
  const ms = performance.now() - t0;
  if (rejected > 0) throw new Error(`engine bench: ${rejected} commands rejected; the stream should be all valid`);
  return { ms, filled: trades };
}

export function engineBench(s: Stream): Figure[] {
  const commands = toCommands(s);
  const warm = s.length;
  return [
    measure('engine + fast book', s, 3, () => run(new FastBook(), commands, warm), () => run(new FastBook(), commands, s.length)),
    measure('engine + reference book', s, 3, () => run(new ReferenceBook(), commands, warm), () => run(new ReferenceBook(), commands, s.length)),
  ];
}
