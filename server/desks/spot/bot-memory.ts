// A quantitative bot as the spot desk keeps it (bots.ts runs it): its pocket, its counters, the robot's stages or
// the grid's ladder and which of its open orders sits at which level; and its stored row (quant_bots.state, JSON with
// bigints as decimal text of units), written with the orders and trades that changed it.
import type { GridMode } from '../../contract/quant-grid.ts';
import { fromUnits, type QuantBotView, type QuantEndReason, type QuantKind, type QuantStatus, type RobotStage, type RobotStageView } from '../../contract/quant.ts';
import type { QuantBotRow } from '../../store/quant.ts';

export interface RobotMemory {
  readonly durationS: number;
  readonly takeProfitBps: number;
  readonly stopLossBps: number;
  stage: RobotStage;
  readonly stages: RobotStageView[];
  /** The take-profit sell resting after the buy, and the stop (price units) and deadline it sells at the market by. */
  sellOrder: number | null;
  stopPrice: bigint | null;
  deadline: number | null;
}

export interface GridMemory {
  readonly lower: bigint;
  readonly upper: bigint;
  readonly grids: number;
  readonly mode: GridMode;
  /** Price units, lowest first. */
  readonly levels: readonly bigint[];
  readonly sellQty: bigint;
  readonly buyQty: bigint;
  /** Open order id → its level, and for a sell placed after a buy of the grid below, the quote that buy spent. */
  readonly orders: Map<number, { level: number; cost: bigint | null }>;
}

export interface BotMemory {
  readonly id: number;
  readonly user: number;
  readonly clientId: string | null;
  readonly symbol: string;
  readonly kind: QuantKind;
  status: QuantStatus;
  readonly createdAt: number;
  updatedAt: number;
  endedAt: number | null;
  endReason: QuantEndReason | null;
  /** The last trade price when it ended: what an ended bot's leftover base is valued at, for good. */
  endPrice: bigint | null;
  readonly investment: bigint;
  pocketBase: bigint;
  pocketQuote: bigint;
  fills: number;
  boughtBase: bigint;
  boughtQuote: bigint;
  soldBase: bigint;
  soldQuote: bigint;
  feeBase: bigint;
  feeQuote: bigint;
  rounds: number;
  gridProfit: bigint;
  returnedBase: bigint;
  returnedQuote: bigint;
  /** Orders a grid could not place for want of funds in its pocket or under the market's minimums. */
  skipped: number;
  readonly robot: RobotMemory | null;
  readonly grid: GridMemory | null;
}

const BIG = [
  'investment', 'pocketBase', 'pocketQuote', 'boughtBase', 'boughtQuote', 'soldBase', 'soldQuote', 'feeBase', 'feeQuote', 'gridProfit', 'returnedBase',
  'returnedQuote',
] as const;

/** The bot's stored row. */
export function botRow(b: BotMemory): QuantBotRow {
  const state: Record<string, unknown> = { endReason: b.endReason, endPrice: b.endPrice?.toString() ?? null, fills: b.fills, rounds: b.rounds, skipped: b.skipped };
  for (const k of BIG) state[k] = b[k].toString();
  if (b.robot !== null) {
    const r = b.robot;
    state.robot = {
      durationS: r.durationS, takeProfitBps: r.takeProfitBps, stopLossBps: r.stopLossBps, stage: r.stage, stages: r.stages, sellOrder: r.sellOrder,
      stopPrice: r.stopPrice?.toString() ?? null, deadline: r.deadline,
    };
  }
  if (b.grid !== null) {
    const g = b.grid;
    state.grid = {
      lower: g.lower.toString(), upper: g.upper.toString(), grids: g.grids, mode: g.mode, levels: g.levels.map(String), sellQty: g.sellQty.toString(),
      buyQty: g.buyQty.toString(), orders: [...g.orders].map(([id, o]) => [id, o.level, o.cost?.toString() ?? null]),
    };
  }
  return {
    id: b.id, user: b.user, clientId: b.clientId, symbol: b.symbol, kind: b.kind, status: b.status, createdAt: b.createdAt, updatedAt: b.updatedAt,
    endedAt: b.endedAt, state: JSON.stringify(state),
  };
}

interface StoredState {
  endReason: QuantEndReason | null;
  endPrice?: string | null;
  fills: number;
  rounds: number;
  skipped: number;
  robot?: Omit<RobotMemory, 'stopPrice'> & { stopPrice: string | null };
  grid?: { lower: string; upper: string; grids: number; mode: GridMode; levels: string[]; sellQty: string; buyQty: string; orders: Array<[number, number, string | null]> };
  [k: string]: unknown;
}

/** A stored row back in memory. */
export function botFromRow(row: QuantBotRow): BotMemory {
  const s = JSON.parse(row.state) as StoredState;
  const big = (k: (typeof BIG)[number]) => BigInt(String(s[k] ?? '0'));
  const r = s.robot;
  const g = s.grid;
  return {
    id: row.id, user: row.user, clientId: row.clientId, symbol: row.symbol, kind: row.kind, status: row.status, createdAt: row.createdAt, updatedAt: row.updatedAt,
    endedAt: row.endedAt, endReason: s.endReason, endPrice: s.endPrice === undefined || s.endPrice === null ? null : BigInt(s.endPrice), investment: big('investment'), pocketBase: big('pocketBase'), pocketQuote: big('pocketQuote'), fills: s.fills,
    boughtBase: big('boughtBase'), boughtQuote: big('boughtQuote'), soldBase: big('soldBase'), soldQuote: big('soldQuote'), feeBase: big('feeBase'),
    feeQuote: big('feeQuote'), rounds: s.rounds, gridProfit: big('gridProfit'), returnedBase: big('returnedBase'), returnedQuote: big('returnedQuote'),
    skipped: s.skipped,
    robot: r === undefined ? null : { ...r, stages: [...r.stages], stopPrice: r.stopPrice === null ? null : BigInt(r.stopPrice) },
    grid:
      g === undefined
        ? null
        : {
            lower: BigInt(g.lower), upper: BigInt(g.upper), grids: g.grids, mode: g.mode, levels: g.levels.map((x) => BigInt(x)), sellQty: BigInt(g.sellQty),
            buyQty: BigInt(g.buyQty), orders: new Map(g.orders.map(([id, level, cost]) => [id, { level, cost: cost === null ? null : BigInt(cost) }])),
          },
  };
}

/** What the bot holds in its open orders now, as the app shows it. */
export interface OpenHoldings {
  readonly count: number;
  readonly base: bigint;
  readonly quote: bigint;
}

/** The app's view of a bot (contract/quant.ts). */
export function botView(b: BotMemory, market: { base: string; quote: string }, open: OpenHoldings, last: bigint | null): QuantBotView {
  const u = fromUnits;
  return {
    id: b.id, kind: b.kind, symbol: b.symbol, base: market.base, quote: market.quote, status: b.status, stage: b.robot?.stage ?? null, createdAt: b.createdAt,
    endedAt: b.endedAt, endReason: b.endReason, investment: u(b.investment), pocketBase: u(b.pocketBase), pocketQuote: u(b.pocketQuote),
    orderBase: u(open.base), orderQuote: u(open.quote), openOrders: open.count, fills: b.fills, boughtBase: u(b.boughtBase), boughtQuote: u(b.boughtQuote),
    soldBase: u(b.soldBase), soldQuote: u(b.soldQuote), feeBase: u(b.feeBase), feeQuote: u(b.feeQuote), rounds: b.rounds, gridProfit: u(b.gridProfit),
    returnedBase: u(b.returnedBase), returnedQuote: u(b.returnedQuote),
    // An ended bot is valued at the price it ended at, for good; a running one at the last trade now.
    last: b.status === 'ended' ? (b.endPrice === null ? null : u(b.endPrice)) : last === null ? null : u(last),
    robot: b.robot === null ? null : { durationS: b.robot.durationS, takeProfitBps: b.robot.takeProfitBps, stopLossBps: b.robot.stopLossBps },
    grid:
      b.grid === null
        ? null
        : {
            lower: u(b.grid.lower), upper: u(b.grid.upper), grids: b.grid.grids, mode: b.grid.mode, levels: b.grid.levels.map(u), sellQty: u(b.grid.sellQty),
            buyQty: u(b.grid.buyQty),
          },
    stages: b.robot === null ? [] : [...b.robot.stages], // a copy: the view must not change with the robot
  };
}
