// What the perp desk keeps in memory is what a restart rebuilds from the store: random orders, cancels, marks
// (with liquidations), funding, leverage and margin changes, take-profits and stop-losses through the desk, and
// every so often a restart; before and after it, every user's positions (with margins and liquidation prices),
// resting orders, waiting conditional orders and balances are the same, and the journal verifies.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mulberry32 } from '../../tools/random.ts';
import { describeDialects } from '../dialects.ts';
import type { PerpState } from '../../../server/desks/perp/state.ts';
import type { UserId } from '../../../server/kernel/index.ts';
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

describeDialects('perp desk restarts: debts and held open loss', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
  });
  afterEach(async () => w.dispose());

  /** The engine behind the desk (private): read to compare what a restart rebuilds. */
  const engine = () => (w.desks.perp as unknown as { s: PerpState }).s.engine;

  it('keeps a cross account’s debt and an order’s held open loss, then repays the debt from the profit', async () => {
    const [A, B, C] = [30_000_001, 30_000_002, 30_000_003];
    value(await w.desks.contract.adjust({ user: A, asset: 'USDT', amount: '2000', action: 'credit', memo: 'test' }));
    for (const u of [B, C]) value(await w.desks.contract.adjust({ user: u, asset: 'USDT', amount: '1000000', action: 'credit', memo: 'test' }));
    const mark = async (symbol: string, price: number) => value(await w.desks.perp.mark({ symbol, mark: BigInt(price) * E8, index: BigInt(price) * E8, fundingRate: null }));
    const place = async (user: number, symbol: string, side: 'buy' | 'sell', price: string, qty: string) => value(await w.desks.perp.place({ user, symbol, side, type: 'limit', price, qty }));
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) value(await w.desks.perp.setLeverage({ user: A, symbol, leverage: 50 }));
    await mark('BTCUSDT', 50_000);
    await mark('ETHUSDT', 3_000);
    // A: long 1 BTC and short 10 ETH. ETH falls 10 % (+3,000 for A), BTC 4.8 % (−2,400): A closes BTC.
    await place(B, 'BTCUSDT', 'sell', '50000', '1');
    await place(A, 'BTCUSDT', 'buy', '50000', '1');
    await place(B, 'ETHUSDT', 'buy', '3000', '10');
    await place(A, 'ETHUSDT', 'sell', '3000', '10');
    await mark('ETHUSDT', 2_700);
    await mark('BTCUSDT', 47_600);
    await place(C, 'BTCUSDT', 'buy', '47600', '1');
    await place(A, 'BTCUSDT', 'sell', '47600', '1');
    const owed = engine().owed(A as UserId);
    // 2,400 of loss against 2,000 less the opening fees: a little over 400 owed, carried by the ETH profit.
    expect(owed).toBeGreaterThan(400n * E8);
    expect(owed).toBeLessThan(500n * E8);
    // C (long 1 BTC) bids 0.1 more at 48,000 with the mark at 47,600: it holds 0.1 × 400 = 40 of open loss.
    await place(C, 'BTCUSDT', 'buy', '48000', '0.1');
    expect(engine().holding(C as UserId, 'BTCUSDT')!.loss).toBe(40n * E8);
    const before = { wallet: engine().crossWallet(A as UserId), entrust: engine().holding(C as UserId, 'BTCUSDT')!.orderMargin };
    await w.restart();
    await w.desks.perp.checkInvariants();
    expect(engine().owed(A as UserId)).toBe(owed);
    expect(engine().crossWallet(A as UserId)).toBe(before.wallet);
    expect(engine().holding(C as UserId, 'BTCUSDT')!.loss).toBe(40n * E8);
    expect(engine().holding(C as UserId, 'BTCUSDT')!.orderMargin).toBe(before.entrust);
    // The ETH profit, realized, repays the debt.
    await place(C, 'ETHUSDT', 'sell', '2700', '10');
    await place(A, 'ETHUSDT', 'buy', '2700', '10');
    expect(engine().owed(A as UserId)).toBe(0n);
    await w.check();
    await w.desks.perp.checkInvariants();
  });
});
