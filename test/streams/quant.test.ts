// The quantitative bots in the stream layer: the parsers (the server's own views of a robot and a grid read back to
// the unit, exact decimals only, known stages and reasons, the `quant` event shape, the list page, the detail and the
// backtest), the reducer (forward-only: running → ended, stages and fills only add up; a fresh run's seed dropping a
// running bot it leaves out), and the runtime's `quant` topic over a socket (private, seeded, live, re-seeded after a
// reconnect with nothing counted twice).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { asyncScheduler } from 'rxjs';
import { botView, type BotMemory } from '../../server/desks/spot/bot-memory.ts';
import type { QuantBotView, Topic } from '../../streams/contract.ts';
import { quantBotsAtom, setStreamsTicket, setUpStreams, type QuantSeed, type QuantViews } from '../../streams/index.ts';
import { parseQuantBacktest, parseQuantBot, parseQuantBotDetail, parseQuantBotPage, parseQuantEvent, parseQuantStrategies } from '../../streams/parse/quant.ts';
import { currentBot, freshQuantRun, mergeQuant, noQuantBots, quantViews, seedQuant } from '../../streams/reducers/quant.ts';
import { isPrivateStreamTopic, isStreamTopic } from '../../streams/socket/protocol.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from './support.ts';

/** A robot as the spot desk keeps it, bought and holding (server/desks/spot/bot-memory.ts). */
const memory = (extra: Partial<BotMemory> = {}): BotMemory => ({
  id: 7, user: 1, clientId: 'web-1', symbol: 'BTCUSDT', kind: 'robot', status: 'running', createdAt: 1_000, updatedAt: 1_500, endedAt: null, endReason: null, endPrice: null,
  investment: 2_000_000_000n, pocketBase: 0n, pocketQuote: 12n, fills: 1, boughtBase: 50_000n, boughtQuote: 1_999_999_988n, soldBase: 0n, soldQuote: 0n,
  feeBase: 50n, feeQuote: 0n, rounds: 0, gridProfit: 0n, returnedBase: 0n, returnedQuote: 0n, skipped: 0,
  robot: {
    durationS: 120, takeProfitBps: 30, stopLossBps: 50, stage: 'buy', sellOrder: 91, stopPrice: 3_980_000_000_000n, deadline: 121_500,
    stages: [
      { stage: 'start', time: 1_000 }, { stage: 'queue', time: 1_000 },
      { stage: 'capture', time: 1_250, bid: '39999.99', ask: '40000', last: '40000', trades: 12, vwap: '39998.5' },
      { stage: 'buy', time: 1_500, orderId: 90, price: '39999.99976', qty: '0.0005', quote: '19.99999988', fee: '0.0000005', feeAsset: 'BTC', takeProfit: '40120', stopLoss: '39800', deadline: 121_500 },
    ],
  },
  grid: null,
  ...extra,
});
const serverView = (extra: Partial<BotMemory> = {}): QuantBotView =>
  JSON.parse(JSON.stringify(botView(memory(extra), { base: 'BTC', quote: 'USDT' }, { count: 1, base: 49_950n, quote: 0n }, 4_000_000_000_000n))) as QuantBotView;
const view = (id: number, extra: Partial<QuantBotView> = {}): QuantBotView => ({ ...serverView(), id, createdAt: 1_000 + id, ...extra });
const ended = (id: number, extra: Partial<QuantBotView> = {}): QuantBotView =>
  view(id, {
    status: 'ended', stage: 'end', endedAt: 60_000 + id, endReason: 'take_profit', returnedQuote: '20.01', orderBase: '0', openOrders: 0, fills: 2,
    stages: [...serverView().stages, { stage: 'sell', time: 60_000, price: '40120', qty: '0.0004995', quote: '20.039939', fee: '0.02', feeAsset: 'USDT', reason: 'take_profit' }, { stage: 'end', time: 60_000, reason: 'take_profit' }],
    ...extra,
  });
const ids = (list: readonly QuantBotView[]) => list.map((b) => `${b.id}:${b.status}`);

describe('quant parsers', () => {
  it('read the server view of a robot and of a grid to the unit', () => {
    const robot = serverView();
    expect(parseQuantBot(robot)).toEqual(robot);
    expect(parseQuantEvent({ type: 'quant', bot: robot })?.stages[3]?.price).toBe('39999.99976');
    const grid = JSON.parse(
      JSON.stringify(
        botView(
          memory({
            kind: 'grid', robot: null, gridProfit: -5n, rounds: 1,
            grid: { lower: 3_900_000_000_000n, upper: 4_100_000_000_000n, grids: 2, mode: 'arithmetic', levels: [3_900_000_000_000n, 4_000_000_000_000n, 4_100_000_000_000n], sellQty: 10_000n, buyQty: 10_000n, orders: new Map() },
          }),
          { base: 'BTC', quote: 'USDT' }, { count: 2, base: 10_000n, quote: 390_000_000n }, null,
        ),
      ),
    ) as QuantBotView;
    const parsed = parseQuantBot(grid);
    expect(parsed).toEqual(grid);
    expect(parsed?.grid?.levels).toEqual(['39000', '40000', '41000']);
    expect(parsed?.gridProfit).toBe('-0.00000005');
    expect(parsed?.stage).toBeNull();
  });

  it('refuse a bot with a bad amount, stage, reason or time', () => {
    const robot = serverView();
    expect(parseQuantBot({ ...robot, investment: '-20' })).toBeNull();
    expect(parseQuantBot({ ...robot, pocketQuote: '1e3' })).toBeNull();
    expect(parseQuantBot({ ...robot, boughtBase: '0.000000001' })).toBeNull();
    expect(parseQuantBot({ ...robot, stage: 'dance' })).toBeNull();
    expect(parseQuantBot({ ...robot, endReason: 'bored' })).toBeNull();
    expect(parseQuantBot({ ...robot, createdAt: 'soon' })).toBeNull();
    expect(parseQuantBot({ ...robot, stages: [{ stage: 'buy', time: 1, price: 'x' }] })).toBeNull();
    expect(parseQuantEvent({ type: 'quant', bot: { ...robot, kind: 'dca' } })).toBeNull();
  });

  it('read the list page, the detail, the strategies and a backtest', () => {
    const robot = serverView();
    expect(parseQuantBotPage({ list: [robot], total: 3, pageIndex: 1, pageSize: 10 })?.total).toBe(3);
    expect(parseQuantBotPage({ list: [robot], total: '3', pageIndex: 1, pageSize: 10 })).toBeNull();
    const detail = {
      bot: robot,
      orders: [{ orderId: 91, side: 'sell', price: '40120', qty: '0.0004995', filled: '0', level: null, time: 1_500 }],
      trades: [{ tradeId: 5, orderId: 90, side: 'buy', price: '40000', qty: '0.0005', quote: '20', fee: '0.0000005', feeAsset: 'BTC', time: 1_500 }],
    };
    expect(parseQuantBotDetail(detail)).toEqual(detail);
    expect(parseQuantBotDetail({ ...detail, trades: [{ ...detail.trades[0], side: 'hold' }] })).toBeNull();
    const strategies = parseQuantStrategies({
      list: [
        { kind: 'robot', minInvestment: '10', quoteAsset: 'USDT', maxRunning: 20, durationS: { min: 60, max: 1800, default: 120 }, takeProfitBps: { min: 5, max: 2000, default: 30 }, stopLossBps: { min: 5, max: 2000, default: 50 } },
        { kind: 'grid', minInvestment: '20', quoteAsset: 'USDT', maxRunning: 20, grids: { min: 2, max: 150 } },
      ],
    });
    expect(strategies?.map((s) => [s.kind, s.minInvestment, s.grids?.max ?? s.takeProfitBps?.default])).toEqual([['robot', '10', 30], ['grid', '20', 150]]);
    const backtest = {
      symbol: 'BTCUSDT', from: 0, to: 60_000, bars: 1, chart: [[0, '40000', '40100', '39900', '40050']], levels: ['39000', '41000'], fills: [{ time: 1, side: 'buy', price: '39000', level: 0 }],
      rounds: 0, gridProfit: '0', pnl: '-0.5', pnlBps: -25, annualizedBps: -1000, fees: '0.01',
    };
    expect(parseQuantBacktest(backtest)).toEqual(backtest);
    expect(parseQuantBacktest({ ...backtest, chart: [[0, '1', '2', '3']] })).toBeNull();
  });

  it('know the quant topic: private', () => {
    expect(isStreamTopic('quant')).toBe(true);
    expect(isPrivateStreamTopic('quant')).toBe(true);
    expect(isStreamTopic('quants')).toBe(false);
  });
});

describe('quant reducer', () => {
  it('keeps one entry per bot and never moves a bot back', () => {
    const queued = view(1, { stage: 'queue', fills: 0, stages: serverView().stages.slice(0, 2) });
    let s = mergeQuant(noQuantBots, [queued]);
    s = mergeQuant(s, [view(1)]);
    expect(s.entries.get(1)?.bot.stage).toBe('buy');
    // A replayed copy behind it (fewer stages) changes nothing; an ended one moves it on; a running one never back.
    const held = s;
    expect(mergeQuant(s, [queued])).toBe(held);
    s = mergeQuant(s, [ended(1)]);
    s = mergeQuant(s, [view(1)]);
    expect(s.entries.get(1)?.bot.status).toBe('ended');
  });

  it('drops, on a fresh run, a running bot the seed leaves out and no event of the run touched', () => {
    let s = mergeQuant(noQuantBots, [view(1), view(2), ended(3)]);
    s = freshQuantRun(s);
    s = mergeQuant(s, [view(2, { fills: 2 })]);
    s = seedQuant(s, { running: [], ended: [] });
    expect(ids(quantViews(s).all)).toEqual(['3:ended', '2:running']);
  });

  it('lists newest first, by kind, keeps an unchanged list the same array, and finds the current robot', () => {
    const s = mergeQuant(noQuantBots, [ended(1), view(3, { symbol: 'ETHUSDT' }), ended(2), view(4, { kind: 'grid', robot: null, stage: null, stages: [] })]);
    const first = quantViews(s);
    expect(ids(first.robot)).toEqual(['3:running', '2:ended', '1:ended']);
    expect(ids(first.grid)).toEqual(['4:running']);
    expect(currentBot(first, 'robot')?.id).toBe(3);
    expect(currentBot(first, 'robot', 'BTCUSDT')?.id).toBe(2);
    const again = quantViews(mergeQuant(s, [view(9, { kind: 'grid', robot: null, stage: null, stages: [] })]), first);
    expect(again.robot).toBe(first.robot);
    expect(ids(again.grid)).toEqual(['9:running', '4:running']);
  });
});

describe('quant bots over the socket', () => {
  let server: FakeWsServer;
  let cleanup: () => void;
  let seedReads = 0;
  let seed: QuantSeed;
  beforeEach(() => {
    vi.useFakeTimers();
    server = new FakeWsServer().start();
    seedReads = 0;
    seed = { running: [view(1)], ended: [ended(2)] };
    cleanup = setUpStreams({
      url: WS_URL, WebSocket: MockSocket, frameScheduler: asyncScheduler, teardownMs: 2_000, reconnect: { random: () => 0, minReconnectMs: 100, maxReconnectMs: 100 },
      loadQuantBots: async () => (seedReads++, structuredClone(seed)),
      loadSecondsConfig: async () => [],
    });
  });
  afterEach(() => {
    cleanup();
    setStreamsTicket(null);
    server.stop();
    vi.useRealTimers();
  });

  it('idle signed out; seed, then events; a reconnect re-reads the seed and nothing is counted twice', async () => {
    const store = createStore();
    const off = store.sub(quantBotsAtom(), () => undefined);
    const views = (): QuantViews | undefined => {
      const l = store.get(quantBotsAtom());
      return l.status === 'success' ? l.data : undefined;
    };
    expect(store.get(quantBotsAtom()).status).toBe('idle');
    setStreamsTicket('t-1');
    await advance(200);
    expect(server.topics('subscribe')).toContain('quant');
    expect(ids(views()!.robot)).toEqual(['2:ended', '1:running']);

    // Robot 1 ends; a new one starts; robot 1's older event again changes nothing.
    server.event('quant' as Topic, 1, { type: 'quant', bot: ended(1) });
    server.event('quant' as Topic, 2, { type: 'quant', bot: view(5, { stage: 'queue', stages: serverView().stages.slice(0, 2), fills: 0 }) });
    server.event('quant' as Topic, 3, { type: 'quant', bot: view(1) });
    await advance(20);
    expect(ids(views()!.robot)).toEqual(['5:running', '2:ended', '1:ended']);

    // The socket drops; meanwhile robot 5 ends beyond the seed's page.
    seed = { running: [], ended: [ended(1), ended(2)] };
    const reads = seedReads;
    server.stop();
    await advance(50);
    server.start();
    await advance(3_000);
    expect(seedReads).toBe(reads + 1);
    expect(ids(views()!.robot)).toEqual(['2:ended', '1:ended']);
    off();
  });
});
