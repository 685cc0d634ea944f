// Perp desk rows and risk figures → the contract API's items (spec §3 contract order fields that exist today).
// Everything is exact bigint arithmetic on minor units (10^-8); margins round up, rates toward zero. The risk figures
// are the desk's (perpMath through the engine) and their text is perpMath's format.ts, as the browser writes them.
import type {
  ContractAccountItem, ContractBracketItem, ContractCloseMode, ContractDirection, ContractFillItem, ContractFundingItem, ContractOrderItem,
  ContractOrderType, ContractPositionItem, ContractTradeItem, TimeInForce,
} from '../../../contract/api.ts';
import { availableLessDebt, walletBalance, type PerpPlaceResult, type PositionRisk } from '../../../desks/index.ts';
import type { PerpAccount } from '../../../desks/perp/desk.ts';
import { accountRiskTexts, amountText, percentText, positionRiskTexts, ratioText } from '../../../contract/perp-math/format.ts';
import { profitRateOf } from '../../../contract/perp-math/risk.ts';
import { rate, SCALE, type PerpMarket } from '../../../kernel/index.ts';
import type { PerpFunding, PerpOrder, PerpTrade } from '../../../store/perp.ts';
import { codeName } from '../spot/views.ts';

/** Minor units as the API's decimal text (perpMath.amountText). */
export const dec = amountText;
/** A ratio × 10^8 as percent text (perpMath.percentText): 0.0001 → "0.01". Stored rates are plain bigints. */
export const ratePercent = (r: bigint): string => percentText(rate(r));
/** Parts per million as percent text: 200 → "0.02". */
export const ppmPercent = (ppm: number): string => dec(BigInt(ppm) * 10_000n);

const ceilDiv = (a: bigint, b: bigint): bigint => (a <= 0n ? 0n : (a + b - 1n) / b);

const OPEN_STATUSES: ReadonlySet<PerpOrder['status']> = new Set(['new', 'partially_filled']);

/** The spec's opening type; a conditional order counts by what it places when it fires. */
function orderType(kind: PerpOrder['kind']): ContractOrderType {
  return kind === 'market' || kind.endsWith('_market') ? 'market' : 'limit';
}

/**
 * Whether an order closes (part of) a position rather than opening one: reduce-only, placed by the liquidation
 * engine or a take-profit / stop-loss, or one that realized a result.
 */
export const isClosing = (o: PerpOrder): boolean => o.reduceOnly || (o.origin !== 'user' && o.origin !== 'trigger') || o.realizedPnl !== 0n;

/** The position side an order opens, or (closing) the side of the position it closes. */
export const directionOf = (side: PerpOrder['side'], closing: boolean): ContractDirection => (closing !== (side === 'buy') ? 'long' : 'short');

export function accountItem(a: PerpAccount): ContractAccountItem {
  // A debt (a cross loss past the cash that the positions' profit carries) makes the wallet negative, as on Binance.
  const wallet = walletBalance(a);
  const risk = accountRiskTexts({ account: a.risk, crossMarginRatio: a.crossMarginRatio }, wallet);
  return {
    asset: a.asset,
    walletBalance: dec(wallet),
    crossWalletBalance: dec(a.risk.wallet),
    unrealizedPnl: risk.unrealizedPnl,
    marginBalance: risk.marginBalance,
    positionMargin: dec(a.positionMargin),
    entrustMargin: dec(a.entrustMargin),
    crossMaintenance: risk.crossMaintenance,
    crossMarginRatio: risk.crossMarginRatio,
    available: dec(availableLessDebt(a)),
    time: a.time,
  };
}

function closeMode(o: PerpOrder): ContractCloseMode {
  switch (o.origin) {
    case 'liquidation': return 'liquidation';
    case 'adl': return 'adl';
    case 'tp': return 'takeProfit';
    case 'sl': return 'stopLoss';
    default: return 'manual';
  }
}

function timeInForce(o: PerpOrder): TimeInForce | null {
  if (orderType(o.kind) === 'market') return null;
  return o.tif === 'GTC' || o.tif === 'IOC' || o.tif === 'FOK' ? o.tif : null;
}

export function orderItem(o: PerpOrder, pm: PerpMarket | undefined): ContractOrderItem {
  const lot = pm?.market.lotSize ?? 1n;
  const closing = isClosing(o);
  const long = o.side === 'buy';
  const direction = directionOf(o.side, closing);
  const type = orderType(o.kind);
  const open = OPEN_STATUSES.has(o.status);
  const leverage = BigInt(Math.max(1, o.leverage));
  const avg = o.filledQty > 0n ? (o.filledQuote * SCALE) / o.filledQty : null;
  // What the closed part cost at entry: closing a long realizes notional − cost, closing a short cost − notional.
  const costOut = long ? o.filledQuote + o.realizedPnl : o.filledQuote - o.realizedPnl;
  const status = open ? 'pending' : o.status === 'filled' ? 'completed' : 'cancelled';
  return {
    orderNo: o.id,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    codeName: codeName(o.symbol),
    side: o.side,
    direction,
    closing,
    type,
    price: type === 'limit' ? dec(o.price) : null,
    quantity: dec(o.qty),
    lots: Number(o.qty / lot),
    multiplier: dec(lot),
    leverage: o.leverage,
    marginType: o.mode,
    reduceOnly: o.reduceOnly,
    postOnly: o.postOnly,
    timeInForce: timeInForce(o),
    margin: closing ? '0' : dec(ceilDiv(o.filledQuote, leverage)),
    entrustMargin: open && !o.reduceOnly ? dec(ceilDiv((o.openQty * o.price) / SCALE, leverage)) : '0',
    status,
    tradedQuantity: dec(o.filledQty),
    tradedTotal: dec(o.filledQuote),
    avgPrice: avg === null ? null : dec(avg),
    openPrice: avg === null || closing ? null : dec(avg),
    closePrice: avg === null || !closing ? null : dec(avg),
    fee: dec(o.fee),
    openFee: closing ? '0' : dec(o.fee),
    closeFee: closing ? dec(o.fee) : '0',
    feeAsset: pm?.market.quote ?? 'USDT',
    realizedPnl: dec(o.realizedPnl),
    // Realized over the closed part's margin at entry (its cost / leverage).
    profitRate: closing && o.filledQty > 0n ? ratioText(profitRateOf(o.realizedPnl * leverage, costOut)) : null,
    closeMode: closing ? closeMode(o) : null,
    time: o.createdAt,
    updateTime: o.updatedAt,
    cancelTime: status === 'cancelled' ? o.closedAt : null,
    closeTime: o.closedAt,
  };
}

export const fillItems = (r: PerpPlaceResult): ContractFillItem[] =>
  r.fills.map((f) => ({ tradeId: f.tradeId, price: f.price, quantity: f.qty, fee: f.fee, realizedPnl: f.realizedPnl, maker: f.maker }));

/** One trade of `order` as its owner sees it (an order is the taker or the maker of a trade, or both). */
export function tradeItem(t: PerpTrade, order: PerpOrder, quote: string): ContractTradeItem {
  const taker = t.takerOrder === order.id;
  return {
    tradeId: t.tradeNo,
    symbol: t.symbol,
    orderNo: order.id,
    side: order.side,
    maker: !taker,
    price: dec(t.price),
    quantity: dec(t.qty),
    total: dec(t.quote),
    fee: dec(taker ? t.takerFee : t.makerFee),
    feeAsset: quote,
    realizedPnl: dec(taker ? t.takerPnl : t.makerPnl),
    time: t.time,
  };
}

export interface PositionExtras {
  readonly takeProfit: bigint | null;
  readonly stopLoss: bigint | null;
}

/** A market's take-profit and stop-loss triggers among the user's waiting conditional orders. */
export function positionExtras(waiting: readonly PerpOrder[]): (symbol: string) => PositionExtras {
  const trigger = (symbol: string, origin: 'tp' | 'sl') => waiting.find((o) => o.symbol === symbol && o.closePosition && o.origin === origin)?.triggerPrice ?? null;
  return (symbol) => ({ takeProfit: trigger(symbol, 'tp'), stopLoss: trigger(symbol, 'sl') });
}

export function positionItem(p: PositionRisk, pm: PerpMarket, x: PositionExtras): ContractPositionItem {
  const lot = pm.market.lotSize;
  const qty = p.size < 0n ? -p.size : p.size;
  const entry = qty > 0n ? (p.cost * SCALE) / qty : 0n;
  const risk = positionRiskTexts(p, p.mark);
  return {
    symbol: p.symbol,
    codeName: codeName(p.symbol),
    direction: p.lots > 0 ? 'long' : 'short',
    quantity: dec(qty),
    lots: Math.abs(p.lots),
    multiplier: dec(lot),
    leverage: p.leverage,
    marginType: p.mode,
    entryPrice: dec(entry),
    markPrice: risk.markPrice,
    notional: risk.notional,
    margin: dec(p.margin),
    entrustMargin: dec(p.orderMargin),
    unrealizedPnl: risk.unrealizedPnl,
    entryNotional: dec(p.cost),
    marginRatio: risk.marginRatio,
    profitRate: risk.profitRate,
    maintenanceMargin: risk.maintenanceMargin,
    liquidationPrice: risk.liquidationPrice,
    adlQuantile: p.adl,
    takeProfit: x.takeProfit === null ? null : dec(x.takeProfit),
    stopLoss: x.stopLoss === null ? null : dec(x.stopLoss),
  };
}

export const bracketItems = (pm: PerpMarket): ContractBracketItem[] =>
  pm.brackets.map((b) => ({
    bracket: b.bracket,
    notionalFloor: dec(b.floor),
    notionalCap: dec(b.cap),
    maxLeverage: b.maxLeverage,
    maintenanceMarginRate: ratePercent(b.mmr),
    maintenanceAmount: dec(b.cum),
  }));

export const fundingItem = (f: PerpFunding): ContractFundingItem => ({
  symbol: f.symbol, time: f.time, fundingRate: ratePercent(f.rate), markPrice: dec(f.mark),
});
