// App API for quantitative trading (/app/quant/*): the shapes of contract/quant.ts over the spot desk's bots
// (desks/spot/bots.ts). Validated at the edge (TypeBox); refusals are QUANT_CODES and QUANT_GRID_CODES, the kernel's
// funds.insufficient and the market's codes, with the message in the user's language. Starting a bot needs a
// session, the right to trade (as an order does) and the user's fund password (the spec's "secret key"); a bot's
// changes reach the `quant` topic on /ws (ws-hub.ts). The strategies and the backtest are public.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Page } from '../../contract/api.ts';
import type { ErrorCode, ServerErrorCode } from '../../contract/errors.ts';
import { backtestGrid, toResult, type BacktestBar } from '../../contract/quant-backtest.ts';
import { GRID_MAX, GRID_MIN, gridLevels, QUANT_GRID_CODES } from '../../contract/quant-grid.ts';
import {
  QUANT_CODES, QUANT_MAX_RUNNING, QUANT_PATHS, ROBOT_BPS_MAX, ROBOT_BPS_MIN, ROBOT_DURATION_DEFAULT_S, ROBOT_DURATION_MAX_S, ROBOT_DURATION_MIN_S,
  ROBOT_STOP_LOSS_DEFAULT_BPS, ROBOT_TAKE_PROFIT_DEFAULT_BPS, fromUnits, toUnits, type QuantBacktestResult, type QuantBotDetail, type QuantBotView, type QuantStatus,
  type QuantStrategy,
} from '../../contract/quant.ts';
import { DeskUnavailableError, type Reply } from '../../desks/index.ts';
import { botFromRow, botView } from '../../desks/spot/bot-memory.ts';
import { AppError, fail } from '../../errors.ts';
import { requestContext } from '../envelope.ts';
import { parser } from '../validate.ts';
import { checkMayTrade, signedIn } from './spot/guard.ts';
import type { SpotRouteDeps } from './spot/index.ts';
import { paging } from './spot/paging.ts';

const ID_PATTERN = '^[1-9][0-9]{0,14}$';
const IdText = Type.String({ pattern: ID_PATTERN });
const BodyId = Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), IdText]);
const Digits = Type.String({ pattern: '^[0-9]{1,16}$' });
const Symbol_ = Type.String({ pattern: '^[A-Z0-9]{2,20}$' });
const Amount = Type.String({ minLength: 1, maxLength: 40 });
const ClientId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' });
const Mode = Type.Union([Type.Literal('arithmetic'), Type.Literal('geometric')]);
const Secret = Type.String({ maxLength: 128 });
const closed = { additionalProperties: false } as const;

const RobotBody = Type.Object(
  {
    kind: Type.Literal('robot'), symbol: Symbol_, investment: Amount, fundPassword: Secret, clientId: Type.Optional(ClientId),
    durationS: Type.Optional(Type.Integer()), takeProfitBps: Type.Optional(Type.Integer()), stopLossBps: Type.Optional(Type.Integer()),
  },
  closed,
);
const GridBody = Type.Object(
  {
    kind: Type.Literal('grid'), symbol: Symbol_, investment: Amount, fundPassword: Secret, clientId: Type.Optional(ClientId),
    lower: Amount, upper: Amount, grids: Type.Integer(), mode: Mode,
  },
  closed,
);
const StartBody = Type.Union([RobotBody, GridBody]);
const StopBody = Type.Object({ botId: BodyId, sellBase: Type.Optional(Type.Boolean()) }, closed);
const ListQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('running'), Type.Literal('ended'), Type.Literal('all')])),
    kind: Type.Optional(Type.Union([Type.Literal('robot'), Type.Literal('grid')])),
    pageIndex: Type.Optional(Digits),
    pageSize: Type.Optional(Digits),
  },
  closed,
);
const DetailQuery = Type.Object({ botId: IdText }, closed);
const BacktestBody = Type.Object(
  { symbol: Symbol_, investment: Amount, lower: Amount, upper: Amount, grids: Type.Integer(), mode: Mode, days: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })) },
  closed,
);

const parseStart = parser(StartBody);
const parseStop = parser(StopBody);
const parseList = parser(ListQuery);
const parseDetail = parser(DetailQuery);
const parseBacktest = parser(BacktestBody);

/** What the desk's other refusals say to the user. */
const DESK_REFUSALS: Readonly<Record<string, ErrorCode>> = {
  'funds.insufficient': 'funds.insufficient',
  'market.unknown': 'market.unknown',
  'market.not.open': 'currency.not.open',
  'market.maintenance': 'currency.maintenance',
  'user.invalid': 'system.error',
};

const AREA = new Set<string>([...QUANT_CODES, ...QUANT_GRID_CODES]);

/** The desk's answer, or its refusal as a catalogue error; a stopped desk is a 503. */
async function quantDesk<T>(call: Promise<Reply<T>>): Promise<T> {
  let reply: Reply<T>;
  try {
    reply = await call;
  } catch (error) {
    if (error instanceof DeskUnavailableError) throw new AppError('service.unavailable');
    throw error;
  }
  if (reply.ok) return reply.value;
  if (AREA.has(reply.code)) fail(reply.code as ServerErrorCode);
  const mapped = DESK_REFUSALS[reply.code];
  if (mapped === undefined) throw new Error(`unmapped quant desk code ${reply.code}`);
  return fail(mapped);
}

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
const idOf = (value: number | string): number => (typeof value === 'number' ? value : Number(value));
/** 1m bars per read of the candle store (its limit). */
const BARS_PER_READ = 1500;

export function quantRoutes(app: FastifyInstance, deps: SpotRouteDeps): void {
  const { trading, envelopes, store } = deps;
  const spot = trading.desks.spot;

  const viewer = async (request: FastifyRequest): Promise<number | undefined> => {
    if (!requestContext(request).ticket) return undefined;
    try {
      return (await signedIn(deps, request)).id;
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  };

  app.get(QUANT_PATHS.strategies, async (request) => {
    const min = spot.quantMinimums();
    const list: QuantStrategy[] = [
      {
        kind: 'robot', minInvestment: min.robot, quoteAsset: 'USDT', maxRunning: QUANT_MAX_RUNNING,
        durationS: { min: ROBOT_DURATION_MIN_S, max: ROBOT_DURATION_MAX_S, default: ROBOT_DURATION_DEFAULT_S },
        takeProfitBps: { min: ROBOT_BPS_MIN, max: ROBOT_BPS_MAX, default: ROBOT_TAKE_PROFIT_DEFAULT_BPS },
        stopLossBps: { min: ROBOT_BPS_MIN, max: ROBOT_BPS_MAX, default: ROBOT_STOP_LOSS_DEFAULT_BPS },
      },
      { kind: 'grid', minInvestment: min.grid, quoteAsset: 'USDT', maxRunning: QUANT_MAX_RUNNING, grids: { min: GRID_MIN, max: GRID_MAX } },
    ];
    return envelopes.success(request, { list });
  });

  app.post(QUANT_PATHS.start, async (request) => {
    const body: Static<typeof StartBody> = parseStart(request.body);
    const user = await signedIn(deps, request);
    await checkMayTrade(deps, user);
    if (!DECIMAL.test(body.investment) || toUnits(body.investment) === 0n) fail('quant.investment.invalid');
    if (body.fundPassword === '') fail('quant.fund.password.required');
    await deps.accounts.verifyFundPassword(user.id, body.fundPassword);
    const base = { user: user.id, symbol: body.symbol, investment: body.investment, clientId: body.clientId };
    const bot: QuantBotView = await quantDesk(
      body.kind === 'robot'
        ? spot.startBot({
            ...base, kind: 'robot',
            robot: { durationS: body.durationS ?? ROBOT_DURATION_DEFAULT_S, takeProfitBps: body.takeProfitBps ?? ROBOT_TAKE_PROFIT_DEFAULT_BPS, stopLossBps: body.stopLossBps ?? ROBOT_STOP_LOSS_DEFAULT_BPS },
          })
        : spot.startBot({ ...base, kind: 'grid', grid: { lower: body.lower, upper: body.upper, grids: body.grids, mode: body.mode } }),
    );
    return envelopes.success(request, bot);
  });

  app.post(QUANT_PATHS.stop, async (request) => {
    const body = parseStop(request.body);
    const user = await signedIn(deps, request);
    const bot = await quantDesk(spot.stopBot({ user: user.id, botId: idOf(body.botId), sellBase: body.sellBase === true }));
    return envelopes.success(request, bot);
  });

  app.get(QUANT_PATHS.list, async (request) => {
    const q = parseList(request.query ?? {});
    const user = await signedIn(deps, request);
    const page = paging({ pageIndex: q.pageIndex === undefined ? undefined : Number(q.pageIndex), pageSize: q.pageSize === undefined ? undefined : Number(q.pageSize) });
    if (!Number.isSafeInteger(page.pageIndex) || page.pageIndex < 1) fail('validate.page.invalid');
    const statuses: QuantStatus[] = q.status === 'running' ? ['running'] : q.status === 'ended' ? ['ended'] : ['running', 'ended'];
    const found = await store.quant.byUser({ user: user.id, kind: q.kind, statuses, offset: (page.pageIndex - 1) * page.pageSize, limit: page.pageSize });
    // Running bots from the desk (their pockets and orders as of now); ended ones as stored.
    const live = await desk(spot.runningViews(found.rows.filter((r) => r.status === 'running').map((r) => r.id)));
    const list = found.rows.map((r) => live.get(r.id) ?? storedView(r));
    const reply: Page<QuantBotView> = { list, total: found.total, pageIndex: page.pageIndex, pageSize: page.pageSize };
    return envelopes.success(request, reply);
  });

  /** An ended bot's view from its row (the market's last price for its valuation). */
  const storedView = (row: Parameters<typeof botFromRow>[0]): QuantBotView => {
    const m = trading.market.market(row.symbol);
    const last = trading.market.trades(row.symbol, 1)[0];
    const price = last === undefined || m === undefined ? null : BigInt(last.price) * m.tickSize;
    return botView(botFromRow(row), { base: m?.base ?? '', quote: m?.quote ?? '' }, { count: 0, base: 0n, quote: 0n }, price);
  };

  app.get(QUANT_PATHS.detail, async (request) => {
    const q = parseDetail(request.query ?? {});
    const user = await signedIn(deps, request);
    const botId = Number(q.botId);
    const bot = await quantDesk(spot.bot(botId, user.id));
    const orders: QuantBotDetail['orders'][number][] = [];
    if (bot.status === 'running') {
      for (const o of await quantDesk(spot.openOrders(user.id, bot.symbol))) {
        if (o.strategyId !== botId) continue;
        const level = bot.grid === null || o.price === null ? null : bot.grid.levels.indexOf(o.price);
        orders.push({ orderId: o.orderId, side: o.side, price: o.price ?? '0', qty: o.qty ?? o.openQty, filled: o.filledQty, level: level === null || level < 0 ? null : level, time: o.createdAt });
      }
    }
    const fills = await store.quant.fills(botId, 100);
    const fmt = fromUnits;
    const reply: QuantBotDetail = {
      bot,
      orders,
      trades: fills.map((f) => ({ tradeId: f.tradeNo, orderId: f.orderId, side: f.side, price: fmt(f.price), qty: fmt(f.qty), quote: fmt(f.quote), fee: fmt(f.fee), feeAsset: f.feeAsset, time: f.time })),
    };
    return envelopes.success(request, reply);
  });

  app.post(QUANT_PATHS.backtest, async (request) => {
    const body = parseBacktest(request.body);
    const m = trading.market.market(body.symbol);
    if (m === undefined) fail('market.unknown');
    if (!DECIMAL.test(body.investment) || toUnits(body.investment) === 0n) fail('quant.investment.invalid');
    if (!DECIMAL.test(body.lower) || !DECIMAL.test(body.upper)) fail('quant.grid.range.invalid');
    const levels = gridLevels({ lower: toUnits(body.lower), upper: toUnits(body.upper), grids: body.grids, mode: body.mode, tick: m.tickSize });
    if (!levels.ok) fail(levels.code);
    const fees = await spot.feesOf(await viewer(request));
    // The recorded history: 1m bars of the last `days` days, oldest first, read in pages of the store's limit.
    const to = deps.clock();
    const from = to - (body.days ?? 7) * 86_400_000;
    const bars: BacktestBar[] = [];
    for (let start = from; start < to; ) {
      const page = await trading.market.candles(body.symbol, '1m', { startTime: start, endTime: to, limit: BARS_PER_READ });
      for (const c of page) {
        const u = (p: number) => BigInt(p) * m.tickSize;
        bars.push({ t: c.openTime, o: u(c.open), h: u(c.high), l: u(c.low), c: u(c.close) });
      }
      if (page.length < BARS_PER_READ) break;
      start = page[page.length - 1]!.openTime + 60_000;
    }
    const run = backtestGrid({
      levels: levels.value, bars, investment: toUnits(body.investment), lotSize: m.lotSize, minQty: BigInt(m.minQty) * m.lotSize, minNotional: m.minNotional,
      makerPpm: fees.makerPpm, takerPpm: fees.takerPpm,
    });
    if (!run.ok) fail(run.code);
    const reply: QuantBacktestResult = toResult(body.symbol, levels.value, bars, run.value);
    return envelopes.success(request, reply);
  });
}

async function desk<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof DeskUnavailableError) throw new AppError('service.unavailable');
    throw error;
  }
}
