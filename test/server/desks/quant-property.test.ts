// Grid bots under random prices (seeded): whatever the market does, a grid never holds more orders than its grids
// (and never two at one level), never spends beyond what it was given (its pocket is never negative, the user's
// money outside the bot never moves), and its P&L at any moment equals its fills and fees: value now − investment =
// Σ sells' quote − Σ their fees − Σ buys' quote + (Σ bought base − Σ base fees − Σ sold base) × last.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { botPnl, toUnits, type QuantBotView } from '../../../server/contract/quant.ts';
import { mulberry32 } from '../../tools/random.ts';
import { openWorld, U1, U2, U3, value, type World } from './world.ts';

const E8 = 100_000_000n;

let w: World;
beforeAll(async () => {
  w = await openWorld('sqlite');
  await w.credit(U1, 'USDT', '20000');
  await w.credit(U1, 'BTC', '0.5'); // the user's own, never the bot's
  for (const u of [U2, U3]) {
    await w.credit(u, 'USDT', '100000000');
    await w.credit(u, 'BTC', '1000');
  }
});
afterAll(async () => w.dispose());

it('keeps every grid within its grids, its money and its fills, over random walks', async () => {
  const rnd = mulberry32(24_0001);
  const place = (user: number, side: 'buy' | 'sell', price: string, qty: string) =>
    w.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty, stp: 'NONE' });
  let price = 60_000;
  value(await place(U2, 'sell', String(price), '0.01'));
  value(await place(U3, 'buy', String(price), '0.01'));
  value(await place(U2, 'sell', String(price + 5), '5')); // liquidity for the grids' first buys
  const bots: QuantBotView[] = [];
  for (let i = 0; i < 4; i++) {
    const half = 300 + Math.floor(rnd() * 900);
    const grids = 2 + Math.floor(rnd() * 18);
    const bot = value(
      await w.desks.spot.startBot({
        user: U1, kind: 'grid', symbol: 'BTCUSDT', investment: String(1000 + Math.floor(rnd() * 3000)),
        grid: { lower: String(price - half), upper: String(price + half), grids, mode: rnd() < 0.5 ? 'arithmetic' : 'geometric' },
      }),
    );
    bots.push(bot);
  }
  value(await w.desks.spot.cancelAll({ user: U2, symbol: 'BTCUSDT' }));
  const outside = (await w.desks.spot.balances(U1));
  const btcOwn = toUnits('0.5');
  const usdtOwn = toUnits('20000') - bots.reduce((s, b) => s + toUnits(b.investment), 0n);
  expect(outside.ok).toBe(true);

  for (let step = 0; step < 120; step++) {
    // A random move, traded through: a taker sweeps to the new price from one side.
    const move = Math.round((rnd() - 0.5) * 600);
    const next = Math.max(58_000, Math.min(62_000, price + move));
    const qty = (0.001 + rnd() * 0.05).toFixed(5);
    if (next < price) value(await place(U3, 'sell', String(next), qty));
    else if (next > price) value(await place(U2, 'buy', String(next), qty));
    // Someone rests at the new price so the last trade prints there.
    value(await place(U2, 'sell', String(next), '0.001'));
    value(await place(U3, 'buy', String(next), '0.001'));
    price = next;
    if (step % 10 !== 9) continue;
    await w.check();
    const open = value(await w.desks.spot.openOrders(U1, 'BTCUSDT'));
    for (const b of bots) {
      const v = value(await w.desks.spot.bot(b.id, U1));
      const mine = open.filter((o) => o.strategyId === b.id);
      expect(mine.length, `bot ${b.id} orders`).toBeLessThanOrEqual(v.grid!.grids);
      expect(new Set(mine.map((o) => o.price)).size, `bot ${b.id}: one order per level`).toBe(mine.length);
      expect(mine.every((o) => v.grid!.levels.includes(o.price!))).toBe(true);
      expect(toUnits(v.pocketBase) >= 0n && toUnits(v.pocketQuote) >= 0n).toBe(true);
      // P&L from the bot's own counters equals the one from its fills (recomputed from the store's trades).
      const fills = await w.store.quant.fills(b.id, 100_000);
      let quote = 0n;
      let base = 0n;
      for (const f of fills) {
        if (f.side === 'buy') {
          quote -= f.quote;
          base += f.qty - f.fee;
        } else {
          quote += f.quote - f.fee;
          base -= f.qty;
        }
      }
      expect(fills.length).toBe(v.fills);
      expect(toUnits(v.pocketQuote) + toUnits(v.orderQuote) - toUnits(v.investment), `bot ${b.id} quote`).toBe(quote);
      expect(toUnits(v.pocketBase) + toUnits(v.orderBase), `bot ${b.id} base`).toBe(base);
      const last = toUnits(v.last!);
      expect(botPnl(v, v.last).pnl).toBe(quote + (base * last) / E8);
    }
    // Never beyond its reservation: the user's money outside the bots is exactly what it was.
    const bal = Object.fromEntries(value(await w.desks.spot.balances(U1)).map((x) => [x.asset, x]));
    const inBots = await Promise.all(bots.map(async (b) => value(await w.desks.spot.bot(b.id, U1))));
    const botBase = inBots.reduce((s, v) => s + toUnits(v.pocketBase) + toUnits(v.orderBase), 0n);
    const botQuote = inBots.reduce((s, v) => s + toUnits(v.pocketQuote) + toUnits(v.orderQuote), 0n);
    expect(toUnits(bal.USDT!.available)).toBe(usdtOwn);
    expect(toUnits(bal.BTC!.available)).toBe(btcOwn);
    expect(toUnits(bal.USDT!.frozen)).toBe(botQuote);
    expect(toUnits(bal.BTC!.frozen)).toBe(botBase);
  }
  // The walk did make the grids trade both ways.
  const traded = await Promise.all(bots.map(async (b) => value(await w.desks.spot.bot(b.id, U1))));
  expect(traded.some((v) => v.rounds > 0)).toBe(true);
  expect(traded.reduce((s, v) => s + v.fills, 0)).toBeGreaterThan(20);
  for (const b of bots) value(await w.desks.spot.stopBot({ user: U1, botId: b.id, sellBase: true }));
  const bal = Object.fromEntries(value(await w.desks.spot.balances(U1)).map((x) => [x.asset, x]));
  expect(bal.USDT!.frozen).toBe('0');
  expect(bal.BTC!.frozen).toBe('0');
  await w.check();
}, 120_000);
