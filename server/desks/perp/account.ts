// A user's contract account as its positions see it: each holding's risk figures at the current marks, and the
// account's totals (wallet, margins held, the cross account's wallet, unrealized result and maintenance), read from
// the engine in one go so the figures agree with each other. Reads only.
import { userAccount, type Asset, type Holding, type MarginMode, type UserId } from '../../kernel/index.ts';
import type { PerpState } from './state.ts';

export interface PositionRisk {
  symbol: string;
  /** Signed lots (the book's unit) and signed base minor units. */
  lots: number;
  size: bigint;
  cost: bigint;
  leverage: number;
  mode: MarginMode;
  margin: bigint;
  orderMargin: bigint;
  mark: bigint | null;
  upnl: bigint;
  maintenance: bigint;
  liquidationPrice: bigint | null;
  /** Place in the auto-deleveraging queue, 0–4 (Binance's adlQuantile; lights = value + 1); null without a position. */
  adl: number | null;
}

/** The contract wallet's figures in its margin asset, quote minor units. */
export interface PerpAccount {
  readonly asset: string;
  /** The wallet's available balance (the ledger's). */
  readonly available: bigint;
  /** Σ margins of the positions (cross initial margins, isolated margins). */
  readonly positionMargin: bigint;
  /** Σ entrust margin of the pending orders. */
  readonly entrustMargin: bigint;
  /** Σ margins of the isolated positions (their own wallets). */
  readonly isolatedMargin: bigint;
  /** available + what the engine holds for cross positions and for orders (PerpEngine.crossWallet). */
  readonly crossWallet: bigint;
  readonly crossUpnl: bigint;
  readonly crossMaintenance: bigint;
  readonly crossPositions: number;
  /** Σ unrealized P&L of every position. */
  readonly upnl: bigint;
  /** The desk's clock when read: the marks' moment. */
  readonly time: number;
}

/** One holding's risk figures at the mark the engine holds. */
export function holdingRisk(s: PerpState, h: Holding): PositionRisk {
  const e = s.engine;
  const m = s.markets.get(h.symbol)!.market;
  return {
    symbol: h.symbol, lots: h.size, size: BigInt(h.size) * m.lotSize, cost: h.cost, leverage: h.leverage, mode: h.mode, margin: h.margin, orderMargin: h.orderMargin,
    mark: e.markOf(h.symbol), upnl: e.upnl(h), maintenance: e.maintenance(h), liquidationPrice: e.liquidationPrice(h), adl: e.adlQuantile(h.user, h.symbol),
  };
}

/** A user's positions, and markets where orders hold entrust margin, with their risk figures. */
export function positionRisks(s: PerpState, user: number): PositionRisk[] {
  return s.engine.holdingsOf(user as UserId).map((h) => holdingRisk(s, h)).filter((p) => p.lots !== 0 || p.orderMargin !== 0n);
}

export function accountOf(s: PerpState, user: number, time: number): PerpAccount {
  const e = s.engine;
  const u = user as UserId;
  let positionMargin = 0n;
  let entrustMargin = 0n;
  let isolatedMargin = 0n;
  let upnl = 0n;
  for (const h of e.holdingsOf(u)) {
    positionMargin += h.margin;
    entrustMargin += h.orderMargin;
    if (h.mode === 'isolated') isolatedMargin += h.margin;
    upnl += e.upnl(h);
  }
  const cross = e.crossRisk(u);
  return {
    asset: e.asset,
    available: s.ledger.balance(userAccount(u, 'contract', 'available'), e.asset as Asset),
    positionMargin, entrustMargin, isolatedMargin,
    crossWallet: cross.wallet, crossUpnl: cross.upnl, crossMaintenance: cross.maintenance, crossPositions: cross.positions,
    upnl, time,
  };
}
