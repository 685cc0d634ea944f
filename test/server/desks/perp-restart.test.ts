// What the perp desk keeps in memory is what a restart rebuilds from the store: random orders, cancels, marks
// (with liquidations), funding, leverage and margin changes, take-profits and stop-losses through the desk, and
// every so often a restart; before and after it, every user's positions (with margins and liquidation prices),
// resting orders, waiting conditional orders and balances are the same, and the journal verifies.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mulberry32 } from '../../tools/random.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, value, type World } from './world.ts';

const E8 = 100_000_000n;
const USERS = [20_000_001, 20_000_002, 20_000_003, 20_000_004, 20_000_005];
const SEED = Number(process.env['PERP_RESTART_SEED'] ?? 7);

describeDialects('perp desk restarts', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    for (const u of USERS) value(await w.desks.contract.adjust({ user: u, asset: 'USDT', amount: String(2_000 + (u % 7) * 3_000), action: 'credit', memo: 'test' }));
  });
  afterEach(async () => w.dispose());

  const snapshot = async () => {
    const out: Record<number, unknown> = {};
    for (const u of USERS) {
      out[u] = {
        // A mark is recorded once positions exist under it: a holding with orders only may come back without one.
        positions: (await w.desks.perp.positions(u)).map((p) => (p.lots === 0 ? { ...p, mark: null } : p)),
        orders: (await w.desks.perp.openOrders(u)).map((o) => [o.id, o.side, o.price, o.openQty, o.reduceOnly]),
        conditionals: (await w.desks.perp.conditionals(u)).map((o) => [o.id, o.kind, o.triggerPrice, o.closePosition]),
        balances: value(await w.desks.perp.balances(u)),
      };
    }
    return { users: out, insurance: await w.desks.perp.insurance() };
  };

  it('rebuilds exactly what it had, after every kind of command', async () => {
    const rnd = mulberry32(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    let mark = 50_000;
    const sendMark = async () => value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: BigInt(mark) * E8, index: BigInt(mark) * E8, fundingRate: null }));
    await sendMark();
    let restarts = 0;
    for (let step = 0; step < 160; step++) {
      const u = pick(USERS);
      const r = rnd();
      if (r < 0.45) {
        const side = rnd() < 0.5 ? 'buy' : 'sell';
        const price = mark + Math.round((rnd() - 0.5) * mark * 0.02);
        await w.desks.perp.place({ user: u, symbol: 'BTCUSDT', side, type: rnd() < 0.85 ? 'limit' : 'market', price: String(price), qty: (0.001 + Math.floor(rnd() * 20) / 1000).toFixed(3), reduceOnly: rnd() < 0.15, tif: rnd() < 0.2 ? 'IOC' : 'GTC' });
      } else if (r < 0.55) {
        const open = await w.desks.perp.openOrders(u);
        if (open.length > 0) await w.desks.perp.cancel({ user: u, orderId: pick(open).id });
      } else if (r < 0.7) {
        mark = Math.max(1_000, Math.round(mark * (1 + (rnd() - 0.5) * (rnd() < 0.2 ? 0.2 : 0.03))));
        await sendMark();
      } else if (r < 0.75) {
        await w.desks.perp.funding({ symbol: 'BTCUSDT', rate: BigInt(Math.round((rnd() - 0.5) * 200_000)) as never, mark: BigInt(mark) * E8 });
      } else if (r < 0.82) {
        await w.desks.perp.setLeverage({ user: u, symbol: 'BTCUSDT', leverage: pick([2, 5, 10, 20, 50, 100]) });
      } else if (r < 0.86) {
        await w.desks.perp.setMarginMode({ user: u, symbol: 'BTCUSDT', mode: rnd() < 0.5 ? 'isolated' : 'cross' });
      } else if (r < 0.9) {
        await w.desks.perp.adjustMargin({ user: u, symbol: 'BTCUSDT', amount: String(1 + Math.floor(rnd() * 50)), add: rnd() < 0.6 });
      } else if (r < 0.95) {
        const p = (await w.desks.perp.positions(u)).find((x) => x.lots !== 0);
        if (p !== undefined) {
          const long = p.lots > 0;
          await w.desks.perp.setTpSl({ user: u, symbol: 'BTCUSDT', takeProfit: String(Math.round(mark * (long ? 1.05 : 0.95))), stopLoss: String(Math.round(mark * (long ? 0.97 : 1.03))) });
        }
      } else {
        const before = await snapshot();
        await w.restart();
        restarts += 1;
        expect(await snapshot()).toEqual(before);
        await w.check();
        await w.desks.perp.checkInvariants();
      }
    }
    const before = await snapshot();
    await w.restart();
    expect(await snapshot()).toEqual(before);
    await w.check();
    await w.desks.perp.checkInvariants();
    expect(restarts).toBeGreaterThan(2);
  });
});
