// A seeded random session of every kind of command: after each one the ledger verifies from the journal and the
// desk's memory agrees with itself; at the end a restart rebuilds exactly the same books and balances.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, U3, value, type World } from './world.ts';

const USERS = [U1, U2, U3];
const WALLETS = ['coin', 'contract', 'earn'] as const;

/** A small deterministic generator (mulberry32), so a failure replays the same way. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

describeDialects('random desk session', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    for (const u of USERS) {
      await w.credit(u, 'BTC', '3');
      await w.credit(u, 'ETH', '20');
      await w.credit(u, 'USDT', '200000');
    }
  });
  afterEach(async () => w.dispose());

  it('keeps the ledger balanced and memory consistent after every step, and rebuilds the same state', async () => {
    const r = random(20260115);
    const markets = [
      { symbol: 'BTCUSDT', mid: 60000, qty: () => (1 + r.int(30)) / 100 },
      { symbol: 'ETHUSDT', mid: 3000, qty: () => (1 + r.int(30)) / 10 },
    ];
    const outcomes = new Map<string, number>();
    const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    for (let step = 0; step < 120; step++) {
      const user = r.pick(USERS);
      const m = r.pick(markets);
      const price = String(m.mid + r.int(21) - 10);
      const roll = r.next();
      let reply: { ok: boolean; code?: string };
      if (roll < 0.45) {
        reply = await w.desks.spot.place({
          type: 'limit', user, symbol: m.symbol, side: r.pick(['buy', 'sell'] as const), price, qty: String(m.qty()),
          tif: r.pick(['GTC', 'GTC', 'IOC', 'FOK'] as const), postOnly: r.next() < 0.1, stp: r.pick(['EXPIRE_TAKER', 'EXPIRE_MAKER', 'NONE'] as const),
        });
      } else if (roll < 0.6) {
        const sized = r.next() < 0.5 ? { by: 'base' as const, qty: String(m.qty()) } : { by: 'quote' as const, quote: String(100 + r.int(2000)) };
        reply = await w.desks.spot.place({ type: 'market', user, symbol: m.symbol, side: r.pick(['buy', 'sell'] as const), reference: String(m.mid), ...sized });
      } else if (roll < 0.75) {
        const open = value(await w.desks.spot.openOrders(user));
        const o = open.length > 0 ? r.pick(open) : undefined;
        reply = o === undefined ? { ok: false, code: 'none open' } : await w.desks.spot.cancel({ user, orderId: o.orderId });
      } else if (roll < 0.88) {
        const open = value(await w.desks.spot.openOrders(user));
        const o = open.length > 0 ? r.pick(open) : undefined;
        const mk = markets.find((x) => x.symbol === o?.symbol) ?? m;
        reply = o === undefined ? { ok: false, code: 'none open' } : await w.desks.spot.replace({ user, orderId: o.orderId, price: String(mk.mid + r.int(21) - 10), qty: String(mk.qty()) });
      } else {
        const [from, to] = r.next() < 0.5 ? [WALLETS[0], r.pick(WALLETS.slice(1))] : [r.pick(WALLETS.slice(1)), WALLETS[0]];
        reply = await w.desks.transfers.transfer({ user, asset: r.pick(['USDT', 'BTC']), amount: String(1 + r.int(500) / 100), from, to });
      }
      count(reply.ok ? 'ok' : reply.code ?? '?');
      await w.check();
    }
    expect(outcomes.get('ok') ?? 0).toBeGreaterThan(60);
    expect((await w.store.spot.recentTrades('BTCUSDT', 5)).length + (await w.store.spot.recentTrades('ETHUSDT', 5)).length).toBeGreaterThan(5);

    const snapshot = async () => ({
      books: await Promise.all(markets.map(async (m) => value(await w.desks.spot.depth(m.symbol, 1000)))).then((ds) => ds.map((d) => [d.bids, d.asks])),
      balances: await Promise.all(USERS.flatMap((u) => Object.values(w.desks.byWallet).map(async (d) => value(await d.balances(u))))),
      open: await Promise.all(USERS.map(async (u) => value(await w.desks.spot.openOrders(u)))),
    });
    const before = await snapshot();
    await w.restart();
    expect(await snapshot()).toEqual(before);
    await w.check();
  });
});
