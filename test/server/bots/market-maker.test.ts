// The market maker against real desks: funds itself once through the operator path, quotes every market on both
// sides, follows the index without crossing itself or leaving duplicates, trades, and survives a stopped desk.
import { afterEach, describe, expect, it } from 'vitest';
import { kernelMarket } from '../../../server/desks/spot/market.ts';
import { assetRecords, type OrderView } from '../../../server/desks/index.ts';
import { parsePrice, type Market, type Price } from '../../../server/kernel/index.ts';
import { formatDecimal } from '../../../server/kernel/index.ts';
import { ensureBotUser, fundOnce, INVENTORY_MEMO, MAKER_EMAIL } from '../../../server/bots/account.ts';
import { TAKER_EMAIL, TAKER_MARGIN, TAKER_NICKNAME } from '../../../server/bots/index.ts';
import { MarketMaker } from '../../../server/bots/market-maker.ts';
import { makerParams } from '../../../server/bots/quotes.ts';
import { perpAsSpot } from '../../../server/bots/perp-maker.ts';
import { openWorld, type World } from '../desks/world.ts';
import { sleep } from '../live/ws-client.ts';

let world: World | null = null;
let maker: MarketMaker | null = null;
afterEach(async () => {
  await maker?.stop();
  maker = null;
  await world?.dispose();
  world = null;
});

const log = () => {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (_: object, msg: string) => void warnings.push(msg), error: (_: object, msg: string) => void warnings.push(msg) };
};

async function setUp(index: Map<string, Price>, seed = 1) {
  world = await openWorld('sqlite');
  const markets: Market[] = (await world.store.markets.configs('spot')).map(kernelMarket);
  const user = await ensureBotUser(world.store, world.clock.now);
  const l = log();
  maker = new MarketMaker({
    spot: world.desks.spot, wallet: world.desks.spot, user, markets, indexPrice: (s) => index.get(s) ?? null,
    clock: world.clock.now, seed, log: l, tickMs: 10, perTick: 12,
  });
  return { world, markets, user, log: l };
}

async function quotes(w: World, user: number, symbol: string): Promise<OrderView[]> {
  const r = await w.desks.spot.openOrders(user, symbol);
  if (!r.ok) throw new Error(r.code);
  return r.value;
}

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

describe('market maker', () => {
  it('funds itself once and keeps both sides of every market with a priced index', async () => {
    const index = new Map<string, Price>([['BTCUSDT', 9_500_000 as Price], ['DOGEUSDT', 15_000 as Price]]);
    const { world: w, user, markets, log: l } = await setUp(index);
    const levels = makerParams(0.5).levels;
    await until(async () => (await quotes(w, user, 'BTCUSDT')).length === 2 * levels && (await quotes(w, user, 'DOGEUSDT')).length === 2 * levels);
    // Markets without an index price are left alone.
    expect(await quotes(w, user, 'ETHUSDT')).toEqual([]);
    const credits = await assetRecords(w.store, { user, types: ['admin_credit'], pageIndex: 1, pageSize: 50 });
    if (!credits.ok) throw new Error(credits.code);
    expect(credits.value.list.map((r) => r.asset).sort()).toEqual(['BTC', 'DOGE', 'USDT']);
    expect(credits.value.list.every((r) => r.ref.includes(INVENTORY_MEMO))).toBe(true);
    expect((await w.store.users.findById(user))?.email).toBe(MAKER_EMAIL);
    expect(markets.length).toBe(12);
    await w.check();
    expect(l.warnings).toEqual([]);
  });

  it('follows the index: quotes move, never cross each other, never double up', async () => {
    const index = new Map<string, Price>([['BTCUSDT', 9_500_000 as Price]]);
    const { world: w, user } = await setUp(index);
    const btc = (await w.store.markets.configs('spot')).map(kernelMarket).find((m) => m.symbol === 'BTCUSDT')!;
    const levels = makerParams(0.5).levels;
    const book = async () => {
      const orders = await quotes(w, user, 'BTCUSDT');
      const price = (o: OrderView) => { const p = parsePrice(btc, o.price!); if (!p.ok) throw new Error('price'); return p.value; };
      return { bids: orders.filter((o) => o.side === 'buy').map(price), asks: orders.filter((o) => o.side === 'sell').map(price) };
    };
    await until(async () => (await book()).bids.length === levels);
    for (const next of [9_600_000, 9_400_000, 9_401_000, 10_000_000]) {
      index.set('BTCUSDT', next as Price);
      await until(async () => {
        const b = await book();
        return b.bids.length === levels && b.asks.length === levels && Math.max(...b.bids) < next && Math.min(...b.asks) > next && Math.max(...b.bids) > next * 0.99;
      });
      const b = await book();
      expect(new Set(b.bids).size).toBe(b.bids.length);
      expect(Math.max(...b.bids)).toBeLessThan(Math.min(...b.asks));
    }
    await w.check();
  });

  it('trades across the spread now and then', async () => {
    const { world: w } = await setUp(new Map([['BTCUSDT', 9_500_000 as Price]]));
    // Its dice are the seed and the clock's tick: the clock has to move for the throws to differ.
    await until(async () => {
      w.clock.advance(10);
      return w.events.filter((e) => e.event.type === 'trade').length >= 3;
    });
    await w.check();
  });

  it('logs and carries on when the desk refuses, and stops cleanly', async () => {
    const { world: w, log: l } = await setUp(new Map([['BTCUSDT', 9_500_000 as Price]]));
    await sleep(50);
    await w.desks.close();
    await sleep(100);
    expect(l.warnings.length).toBeGreaterThan(0);
    expect(l.warnings.length).toBeLessThanOrEqual(2); // rate-limited per market
    await maker!.stop();
  });

  it('reuses the bot user', async () => {
    const { world: w, user } = await setUp(new Map());
    expect(await ensureBotUser(w.store, w.clock.now)).toBe(user);
  });
});

describe('market maker on the perpetuals', () => {
  it('quotes both sides of a perpetual from its contract wallet at 2× and follows the index, without crossing trades', async () => {
    world = await openWorld('sqlite');
    const w = world;
    const markets = w.desks.perp.markets().map((p) => p.market);
    const user = await ensureBotUser(w.store, w.clock.now);
    const index = new Map<string, Price>([['BTCUSDT', 9_500_000 as Price]]);
    maker = new MarketMaker({
      spot: perpAsSpot(w.desks.perp, markets), wallet: w.desks.contract, user, markets, indexPrice: (s) => index.get(s) ?? null,
      clock: w.clock.now, seed: 3, log: log(), tickMs: 10, perTick: 12, takes: false, fundBase: false,
    });
    const levels = makerParams(0.5).levels;
    const sides = async () => {
      const open = await w.desks.perp.openOrders(user, 'BTCUSDT');
      return { bids: open.filter((o) => o.side === 'buy').length, asks: open.filter((o) => o.side === 'sell').length, open };
    };
    await until(async () => {
      const s = await sides();
      return s.bids === levels && s.asks === levels;
    });
    // Funded with USDT only, in the contract wallet; quoting isolated at 2× (each market's position alone: its order
    // moves don't re-price the others' liquidation prices).
    const balances = await w.desks.contract.balances(user);
    expect(balances.ok && balances.value.map((b) => b.asset)).toEqual(['USDT']);
    expect((await w.desks.perp.settings(user)).find((s) => s.symbol === 'BTCUSDT')).toMatchObject({ leverage: 2, mode: 'isolated' });
    // The index moves 2 % up: the quotes follow (every bid below every ask, around the new index).
    index.set('BTCUSDT', 9_690_000 as Price);
    await until(async () => {
      const { open } = await sides();
      const bid = Math.max(...open.filter((o) => o.side === 'buy').map((o) => Number(o.price)));
      return bid > 9_600_000 * 1_000_000;
    });
    const { open } = await sides();
    const bestBid = Math.max(...open.filter((o) => o.side === 'buy').map((o) => Number(o.price)));
    const bestAsk = Math.min(...open.filter((o) => o.side === 'sell').map((o) => Number(o.price)));
    expect(bestBid).toBeLessThan(bestAsk);
    expect(await w.store.perp.userTrades({ user, limit: 10 })).toEqual([]);
    await w.desks.perp.checkInvariants();
  });

  it('funds a bot once when two runners (a jobs process and the one taking over) both find it empty', async () => {
    world = await openWorld('sqlite');
    const w = world;
    const user = await ensureBotUser(w.store, w.clock.now);
    // Both read the zero balance before either credit lands: only the request id can keep it to one credit.
    const credited = await Promise.all([fundOnce(w.desks.contract, user, 'USDT', TAKER_MARGIN), fundOnce(w.desks.contract, user, 'USDT', TAKER_MARGIN)]);
    expect(credited.filter(Boolean)).toHaveLength(1);
    const balances = await w.desks.contract.balances(user);
    expect(balances.ok && balances.value.find((b) => b.asset === 'USDT')?.available).toBe(formatDecimal(TAKER_MARGIN, 8, true));
    expect(await fundOnce(w.desks.contract, user, 'USDT', TAKER_MARGIN)).toBe(false);
  });

  it('makes the perpetual trade through a second bot account, whose position leans back toward flat', async () => {
    world = await openWorld('sqlite');
    const w = world;
    const markets = w.desks.perp.markets().map((p) => p.market).filter((m) => m.symbol === 'BTCUSDT');
    const user = await ensureBotUser(w.store, w.clock.now);
    const taker = await ensureBotUser(w.store, w.clock.now, TAKER_EMAIL, TAKER_NICKNAME);
    expect(taker).not.toBe(user);
    expect(await fundOnce(w.desks.contract, taker, 'USDT', TAKER_MARGIN)).toBe(true);
    const desk = perpAsSpot(w.desks.perp, markets);
    const held = async () => (await w.desks.perp.positions(taker)).find((p) => p.symbol === 'BTCUSDT')?.lots ?? 0;
    const leans: Array<'buy' | 'sell' | null> = [];
    const lean = async () => {
      const lots = await held();
      const side = lots > 0 ? 'sell' : lots < 0 ? 'buy' : null;
      leans.push(side);
      return side;
    };
    maker = new MarketMaker({
      spot: desk, taker: { user: taker, spot: desk, lean }, wallet: w.desks.contract, user, markets, indexPrice: () => 9_500_000 as Price,
      clock: w.clock.now, seed: 3, log: log(), tickMs: 5, perTick: 12, fundBase: false,
    });
    // The taker's IOCs meet the maker's quotes: trades between the two accounts, none of the maker with itself.
    // (The dice of a visit come from the grid time: the clock moves so each visit throws new ones.)
    await until(async () => {
      w.clock.advance(10);
      return (await w.store.perp.userTrades({ user: taker, limit: 100 })).length >= 40;
    }, 20_000);
    await maker.stop();
    maker = null;
    const trades = await w.store.perp.userTrades({ user: taker, limit: 100 });
    expect(trades.length).toBeGreaterThanOrEqual(40);
    // Once it holds a position, the lean says the side that reduces it; what it holds stays a fraction of what it traded.
    expect(leans.filter((x) => x !== null).length).toBeGreaterThan(0);
    const traded = trades.reduce((sum, t) => sum + t.qty, 0n);
    const lots = BigInt(Math.abs(await held())) * markets[0]!.lotSize;
    expect(lots * 2n).toBeLessThan(traded);
    // Both bots in their own settings: the maker isolated at 2× (its quotes), the taker too (the same desk adapter, per user).
    for (const u of [user, taker]) expect((await w.desks.perp.settings(u)).find((x) => x.symbol === 'BTCUSDT')).toMatchObject({ leverage: 2, mode: 'isolated' });
    await w.desks.perp.checkInvariants();
  });
});
