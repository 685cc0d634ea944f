// The cross-check: the same mark ticks go to the perpetuals engine and to the stream layer. After every
// tick, every position row and the account the browser recomputes from the server's snapshot items and the marks
// must equal, as decimal text to the last digit, what the server would send at that moment (engine → desk's
// risk figures → the contract views). Several users, cross and isolated positions in three markets, resting orders
// (entrust margin in the cross wallet), added isolated margin, and a few hundred random ticks with jumps, so some
// positions are liquidated on the way and the browser gets their updates too.
import { describe, expect, it } from 'vitest';
import type { ContractAccountItem, ContractPositionItem, ContractPositionUpdate } from '../../../server/contract/api.ts';
import { accountOf, positionRisks } from '../../../server/desks/perp/account.ts';
import type { PerpState } from '../../../server/desks/perp/state.ts';
import { markPriceEvent } from '../../../server/gateway/routes/contract/stream.ts';
import { accountItem, bracketItems, positionItem } from '../../../server/gateway/routes/contract/views.ts';
import { formatDecimal } from '../../../server/kernel/money/decimal.ts';
import { amount, type UserId } from '../../../server/kernel/money/nominal.ts';
import type { PerpEngine } from '../../../server/kernel/perp/engine.ts';
import type { PerpEvent } from '../../../server/kernel/perp/types.ts';
import { toUnits } from '../../../streams/decimal.ts';
import { parseContractAccount, parseContractPositionsReply, parseContractPositionUpdate, parseMarkPriceEvent } from '../../../streams/parse/contract.ts';
import { applyMarkPrice, bracketsOf, type ContractMarkView } from '../../../streams/reducers/contract-markets.ts';
import { applyAccountUpdate, applyPositionsReply, applyPositionUpdate, noContractPositions, type ContractPositionsState } from '../../../streams/reducers/contract-positions.ts';
import { liveContract, type LiveContract, type MarkAt } from '../../../streams/reducers/contract-risk.ts';
import { mulberry32 } from '../../tools/random.ts';
import { BTC_PERP, E8, fund, place, type Order } from '../../server/kernel/perp/engine-fixtures.ts';
import { BTC_2023 } from '../../server/kernel/perp/fixtures.ts';
import { ETH_PERP, newWorldEngine, usdtPerp } from '../../server/kernel/perp/property-fixtures.ts';

/** SOLUSDT: 1 tick = 0.01 USDT, 1 lot = 0.1 SOL, BTCUSDT's 2023 brackets. */
const SOL_PERP = usdtPerp({ base: 'SOL', tickSize: 1_000_000n, lotSize: 10_000_000n, brackets: BTC_2023, liquidationFee: '0.01' });
const MARKETS = [BTC_PERP, ETH_PERP, SOL_PERP];
const BY_SYMBOL = new Map(MARKETS.map((m) => [m.symbol, m]));
/** Opening prices in ticks: 50,000 USDT, 3,000 USDT, 150 USDT. */
const PRICE: Record<string, number> = { BTCUSDT: 50_000, ETHUSDT: 300_000, SOLUSDT: 15_000 };
const MAKER = 100 as UserId;
const USERS = [1, 2, 3, 4, 5, 6, MAKER] as UserId[];
const wire = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

interface Holding {
  readonly symbol: string;
  readonly side: 'buy' | 'sell';
  readonly lots: number;
  readonly leverage: number;
  readonly mode: 'cross' | 'isolated';
}

/** Who holds what: cross accounts over several markets, isolated positions beside cross ones, and thin margins. */
const BOOK: Record<number, { funds: number; holdings: Holding[]; addMargin?: Record<string, number> }> = {
  1: { funds: 1_500, holdings: [{ symbol: 'BTCUSDT', side: 'buy', lots: 40, leverage: 20, mode: 'cross' }, { symbol: 'ETHUSDT', side: 'sell', lots: 300, leverage: 10, mode: 'cross' }] },
  2: {
    funds: 2_000,
    holdings: [{ symbol: 'BTCUSDT', side: 'buy', lots: 100, leverage: 25, mode: 'isolated' }, { symbol: 'SOLUSDT', side: 'sell', lots: 200, leverage: 10, mode: 'isolated' }],
    addMargin: { BTCUSDT: 37 },
  },
  3: {
    funds: 3_000,
    holdings: [
      { symbol: 'SOLUSDT', side: 'buy', lots: 500, leverage: 20, mode: 'cross' },
      { symbol: 'BTCUSDT', side: 'sell', lots: 60, leverage: 50, mode: 'isolated' },
      { symbol: 'ETHUSDT', side: 'buy', lots: 150, leverage: 15, mode: 'cross' },
    ],
  },
  4: {
    funds: 20_000,
    holdings: [
      { symbol: 'BTCUSDT', side: 'sell', lots: 30, leverage: 5, mode: 'cross' },
      { symbol: 'ETHUSDT', side: 'sell', lots: 100, leverage: 5, mode: 'cross' },
      { symbol: 'SOLUSDT', side: 'buy', lots: 300, leverage: 5, mode: 'cross' },
    ],
  },
  5: { funds: 500, holdings: [{ symbol: 'ETHUSDT', side: 'buy', lots: 400, leverage: 50, mode: 'isolated' }] },
  6: { funds: 300, holdings: [{ symbol: 'BTCUSDT', side: 'sell', lots: 100, leverage: 100, mode: 'cross' }, { symbol: 'SOLUSDT', side: 'sell', lots: 100, leverage: 75, mode: 'cross' }] },
};

let time = 1_700_000_000_000;
const now = () => (time += 1_000);

function setUp(): { engine: PerpEngine; state: PerpState } {
  const engine = newWorldEngine(MARKETS);
  const state = { engine, markets: BY_SYMBOL, ledger: engine.ledger } as unknown as PerpState;
  fund(engine, MAKER, 100_000_000);
  for (const m of MARKETS) {
    engine.apply({ type: 'leverage', time: now(), user: MAKER, symbol: m.symbol, leverage: 10 });
    engine.apply({ type: 'mark', time: now(), symbol: m.symbol, mark: BigInt(PRICE[m.symbol]!) * m.market.tickSize });
  }
  const ok = (events: PerpEvent[]) => expect(events.filter((e) => e.type === 'rejected')).toEqual([]);
  for (const [id, plan] of Object.entries(BOOK)) {
    const user = Number(id) as UserId;
    fund(engine, user, plan.funds);
    for (const h of plan.holdings) {
      if (h.mode === 'isolated') ok(engine.apply({ type: 'marginMode', time: now(), user, symbol: h.symbol, mode: 'isolated' }));
      ok(engine.apply({ type: 'leverage', time: now(), user, symbol: h.symbol, leverage: h.leverage }));
      const at = PRICE[h.symbol]!;
      const order = (o: Omit<Order, 'symbol'>) => ok(place(engine, { ...o, symbol: h.symbol }));
      order({ user: MAKER, side: h.side === 'buy' ? 'sell' : 'buy', price: at, lots: h.lots });
      order({ user, side: h.side, price: at, lots: h.lots, tif: 'IOC' });
    }
    for (const [symbol, whole] of Object.entries(plan.addMargin ?? {})) {
      ok(engine.apply({ type: 'adjustMargin', time: now(), user, symbol, amount: amount(BigInt(whole) * E8), add: true }));
    }
  }
  // A resting order far from the price: its entrust margin is part of user 4's cross wallet.
  ok(place(engine, { user: 4 as UserId, side: 'buy', price: 40_000, lots: 10, symbol: 'BTCUSDT' }));
  return { engine, state };
}

/** What the server sends for a user now: GET positions' positions and account (views over the desk's figures). */
function serverView(state: PerpState, user: UserId): { positions: Map<string, ContractPositionItem>; account: ContractAccountItem } {
  const account = accountOf(state, user, time);
  const positions = new Map<string, ContractPositionItem>();
  for (const p of positionRisks(state, user)) {
    if (p.lots !== 0) positions.set(p.symbol, positionItem(p, BY_SYMBOL.get(p.symbol)!, { takeProfit: null, stopLoss: null }));
  }
  return { positions, account: accountItem(account) };
}

/** The browser's view of one user: its state from the server's items, and its last live result. */
interface Browser {
  state: ContractPositionsState;
  live: LiveContract | null;
}

const brackets = new Map(MARKETS.map((m) => [m.symbol, bracketsOf({ brackets: wire(bracketItems(m)) as ReturnType<typeof bracketItems> })]));
const bracketsFor = (symbol: string) => brackets.get(symbol) ?? null;

/** The row without what the browser does not recompute (the ADL queue place moves with the whole market). */
const comparable = (p: ContractPositionItem | undefined) => (p === undefined ? undefined : { ...p, adlQuantile: null });

describe('position P&L: the stream layer and the server agree to the last digit', () => {
  it('after every one of 300 random ticks in three markets', () => {
    const { engine, state } = setUp();
    const rng = mulberry32(20_240_601);
    const browsers = new Map<UserId, Browser>();
    for (const user of USERS) {
      const view = serverView(state, user);
      const reply = parseContractPositionsReply(wire({ positions: [...view.positions.values()], settings: [], account: view.account }));
      expect(reply).not.toBeNull();
      browsers.set(user, { state: applyPositionsReply(noContractPositions, reply!), live: null });
    }
    const views = new Map<string, ContractMarkView | null>();
    const marks = (): Map<string, MarkAt> => {
      const out = new Map<string, MarkAt>();
      for (const [symbol, v] of views) if (v?.markPrice) out.set(symbol, { price: toUnits(v.markPrice), time: v.time });
      return out;
    };
    let liquidations = 0;
    let kept = 0;
    let crossRows = 0;

    for (let tick = 0; tick < 300; tick++) {
      const m = MARKETS[Math.floor(rng() * MARKETS.length)]!;
      const was = engine.markOf(m.symbol)!;
      // ±0.6 % most ticks, a ±4 % jump now and then; marks are not on the tick grid (as the mark job's).
      const move = tick % 37 === 36 ? (rng() < 0.5 ? -40_000n : 40_000n) : BigInt(Math.round((rng() - 0.5) * 12_000));
      const mark = (was * (1_000_000n + move)) / 1_000_000n + BigInt(Math.floor(rng() * 1_000));
      const at = now();

      // Server: the desk applies the mark; the mark job's event goes out on markPrice@X.
      const events = engine.apply({ type: 'mark', time: at, symbol: m.symbol, mark });
      const event = markPriceEvent({ type: 'perp.mark', symbol: m.symbol, time: at, mark: formatDecimal(mark, 8, true), index: null, fundingRate: '0.0001', nextFundingTime: at + 3_600_000 });
      views.set(m.symbol, applyMarkPrice(views.get(m.symbol) ?? null, parseMarkPriceEvent(wire(event))!));
      liquidations += events.filter((e) => e.type === 'liquidation').length;

      for (const user of USERS) {
        const browser = browsers.get(user)!;
        const server = serverView(state, user);
        // Anything that changed positions or wallets (a liquidation, an ADL close) reaches the browser as the
        // topics would carry it: each market's position, then the account.
        if (events.length > 0) {
          for (const symbol of BY_SYMBOL.keys()) {
            const update: ContractPositionUpdate = { symbol, leverage: 1, marginType: 'cross', position: server.positions.get(symbol) ?? null, time: at };
            browser.state = applyPositionUpdate(browser.state, parseContractPositionUpdate(wire(update))!);
          }
          browser.state = applyAccountUpdate(browser.state, parseContractAccount(wire({ ...server.account, time: at }))!);
        }
        const before = browser.live;
        browser.live = liveContract(browser.state, marks(), bracketsFor, before);
        const live = browser.live;

        expect([...live.rows.keys()].sort()).toEqual([...server.positions.keys()].sort());
        for (const [symbol, expected] of server.positions) {
          expect(comparable(live.rows.get(symbol)), `user ${user} ${symbol} at tick ${tick}`).toEqual(comparable(expected));
          if (expected.marginType === 'cross') crossRows += 1;
          // A row whose figures did not move is the same object: its panel row does not repaint.
          const held = before?.rows.get(symbol);
          if (held !== undefined && JSON.stringify(held) === JSON.stringify(live.rows.get(symbol))) {
            expect(live.rows.get(symbol)).toBe(held);
            kept += 1;
          }
        }
        expect({ ...live.account!, time: 0 }, `user ${user} account at tick ${tick}`).toEqual({ ...server.account, time: 0 });
      }
    }
    // The run went through what it is meant to: liquidations with their updates, cross rows, rows left alone.
    expect(liquidations).toBeGreaterThan(0);
    expect(crossRows).toBeGreaterThan(1_000);
    expect(kept).toBeGreaterThan(100);
  });
});
