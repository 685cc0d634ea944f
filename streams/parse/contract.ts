// Parsers for the perpetual contracts' payloads: the topics' events and the /app/contract replies the stream layer
// starts from (the web app's REST client reads the same items with these). The figures the stream layer computes
// with (sizes, entry notionals, margins, balances, brackets, marks) must be exact decimals of at most 8 places, or
// the item is refused; display-only fields fall back to a neutral value.
import type {
  ContractAccountItem, ContractBracketItem, ContractCloseMode, ContractConditionalItem, ContractConditionalOrigin, ContractConditionalStatus,
  ContractConditionalType, ContractDirection, ContractMarketItem, ContractOrderItem, ContractOrderStatus, ContractPositionItem,
  ContractPositionsReply, ContractPositionUpdate, ContractSettingItem, ContractWorkingType, FundingCountdownEvent, MarginType, MarkPriceEvent,
  OrderSide, Page, TimeInForce,
} from '../contract.ts';
import { CONTRACT_CONDITIONAL_TYPES, CONTRACT_WORKING_TYPES, MARGIN_TYPES } from '../contract.ts';
import { unitsOrNull } from '../decimal.ts';
import { isInteger, isNumber, isRecord, isString, parseList, type Json, type Parser } from './basic.ts';

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => isString(v) && (list as readonly string[]).includes(v);
/** Exact decimal text of at most `places` decimals (8: amounts and prices; 6: a percent that is a Rate). */
const exact = (v: unknown, places = 8): v is string => isString(v) && unitsOrNull(v, places) !== null;
const exactOrNull = (v: unknown, places = 8): v is string | null => v === null || exact(v, places);
const text = (v: unknown, fallback = '0'): string => (isString(v) ? v : fallback);
const textOrNull = (v: unknown): string | null => (isString(v) ? v : null);
const intOrNull = (v: unknown): number | null => (isInteger(v) ? v : null);
const SIDES: readonly OrderSide[] = ['buy', 'sell'];
const DIRECTIONS: readonly ContractDirection[] = ['long', 'short'];
const TIME_IN_FORCE: readonly TimeInForce[] = ['GTC', 'IOC', 'FOK'];

const parseBracket: Parser<ContractBracketItem> = (v) => {
  if (!isRecord(v) || !isInteger(v.bracket) || !isInteger(v.maxLeverage)) return null;
  if (!exact(v.notionalFloor) || !exact(v.notionalCap) || !exact(v.maintenanceMarginRate, 6) || !exact(v.maintenanceAmount)) return null;
  return {
    bracket: v.bracket, notionalFloor: v.notionalFloor, notionalCap: v.notionalCap, maxLeverage: v.maxLeverage,
    maintenanceMarginRate: v.maintenanceMarginRate, maintenanceAmount: v.maintenanceAmount,
  };
};

export const parseContractMarket: Parser<ContractMarketItem> = (v) => {
  if (!isRecord(v) || !isString(v.symbol) || !exact(v.multiplier) || !exact(v.tickSize)) return null;
  if (!exactOrNull(v.markPrice) || !exactOrNull(v.indexPrice)) return null;
  const brackets = parseList(v.brackets, parseBracket);
  if (!brackets || brackets.length === 0) return null;
  return {
    symbol: v.symbol,
    codeName: text(v.codeName, v.symbol),
    base: text(v.base, ''),
    quote: text(v.quote, 'USDT'),
    multiplier: v.multiplier,
    tickSize: v.tickSize,
    minQuantity: text(v.minQuantity),
    maxQuantity: text(v.maxQuantity),
    minNotional: text(v.minNotional),
    maxNotional: text(v.maxNotional),
    defaultLeverage: isInteger(v.defaultLeverage) ? v.defaultLeverage : 1,
    maxLeverage: isInteger(v.maxLeverage) ? v.maxLeverage : 1,
    makerFeePercent: text(v.makerFeePercent),
    takerFeePercent: text(v.takerFeePercent),
    liquidationFeePercent: text(v.liquidationFeePercent),
    priceBandPercent: text(v.priceBandPercent),
    isOpen: isInteger(v.isOpen) ? v.isOpen : 1,
    maintenance: v.maintenance === true,
    markPrice: v.markPrice,
    indexPrice: v.indexPrice,
    fundingRate: textOrNull(v.fundingRate),
    lastFundingRate: textOrNull(v.lastFundingRate),
    nextFundingTime: intOrNull(v.nextFundingTime),
    brackets,
  };
};

/** GET markets: `{list}` (a bare array is accepted too). */
export const parseContractMarkets: Parser<ContractMarketItem[]> = (v) => parseList(Array.isArray(v) ? v : isRecord(v) ? v.list : null, parseContractMarket);

export const parseContractPosition: Parser<ContractPositionItem> = (v) => {
  if (!isRecord(v) || !isString(v.symbol) || !oneOf(DIRECTIONS, v.direction) || !oneOf(MARGIN_TYPES, v.marginType)) return null;
  if (!isInteger(v.leverage) || v.leverage < 1 || !exact(v.quantity) || !exact(v.entryNotional) || !exact(v.margin)) return null;
  if (!exactOrNull(v.markPrice)) return null;
  return {
    symbol: v.symbol,
    codeName: text(v.codeName, v.symbol),
    direction: v.direction,
    quantity: v.quantity,
    lots: isInteger(v.lots) ? v.lots : 0,
    multiplier: text(v.multiplier, '1'),
    leverage: v.leverage,
    marginType: v.marginType,
    entryPrice: text(v.entryPrice),
    markPrice: v.markPrice,
    notional: text(v.notional),
    margin: v.margin,
    entrustMargin: text(v.entrustMargin),
    unrealizedPnl: text(v.unrealizedPnl),
    entryNotional: v.entryNotional,
    marginRatio: textOrNull(v.marginRatio),
    profitRate: text(v.profitRate),
    maintenanceMargin: text(v.maintenanceMargin),
    liquidationPrice: textOrNull(v.liquidationPrice),
    adlQuantile: intOrNull(v.adlQuantile),
    takeProfit: textOrNull(v.takeProfit),
    stopLoss: textOrNull(v.stopLoss),
  };
};

const parseSetting: Parser<ContractSettingItem> = (v) =>
  isRecord(v) && isString(v.symbol) && isInteger(v.leverage) && oneOf(MARGIN_TYPES, v.marginType)
    ? { symbol: v.symbol, leverage: v.leverage, marginType: v.marginType }
    : null;

export const parseContractAccount: Parser<ContractAccountItem> = (v) => {
  if (!isRecord(v) || !isNumber(v.time) || !exact(v.walletBalance) || !exact(v.crossWalletBalance)) return null;
  return {
    asset: text(v.asset, 'USDT'),
    walletBalance: v.walletBalance,
    crossWalletBalance: v.crossWalletBalance,
    unrealizedPnl: text(v.unrealizedPnl),
    marginBalance: text(v.marginBalance, v.walletBalance),
    positionMargin: text(v.positionMargin),
    entrustMargin: text(v.entrustMargin),
    crossMaintenance: text(v.crossMaintenance),
    crossMarginRatio: textOrNull(v.crossMarginRatio),
    available: text(v.available),
    time: v.time,
  };
};

export const parseContractPositionsReply: Parser<ContractPositionsReply> = (v) => {
  if (!isRecord(v)) return null;
  const positions = parseList(v.positions, parseContractPosition);
  const settings = parseList(v.settings ?? [], parseSetting);
  const account = parseContractAccount(v.account);
  return positions && settings && account ? { positions, settings, account } : null;
};

/** `contractPositions` event. */
export const parseContractPositionUpdate: Parser<ContractPositionUpdate> = (v) => {
  if (!isRecord(v) || !isString(v.symbol) || !isInteger(v.leverage) || !oneOf(MARGIN_TYPES, v.marginType) || !isNumber(v.time)) return null;
  const position = v.position === null ? null : parseContractPosition(v.position);
  if (position === null && v.position !== null) return null;
  return { symbol: v.symbol, leverage: v.leverage, marginType: v.marginType as MarginType, position, time: v.time };
};

const ORDER_STATUSES: readonly ContractOrderStatus[] = ['pending', 'completed', 'cancelled'];
const CLOSE_MODES: readonly ContractCloseMode[] = ['manual', 'liquidation', 'adl', 'takeProfit', 'stopLoss'];

/** What orders and conditional orders share. */
function orderBase(v: Json): Pick<ContractOrderItem, 'orderNo' | 'clientOrderId' | 'symbol' | 'codeName' | 'side' | 'direction' | 'time' | 'updateTime'> | null {
  if (!isString(v.symbol) || !oneOf(SIDES, v.side) || !oneOf(DIRECTIONS, v.direction) || !isNumber(v.time)) return null;
  return {
    orderNo: 0,
    clientOrderId: textOrNull(v.clientOrderId),
    symbol: v.symbol,
    codeName: text(v.codeName, v.symbol),
    side: v.side,
    direction: v.direction,
    time: v.time,
    updateTime: isNumber(v.updateTime) ? v.updateTime : v.time,
  };
}

export const parseContractOrder: Parser<ContractOrderItem> = (v) => {
  if (!isRecord(v) || !isInteger(v.orderNo) || !oneOf(ORDER_STATUSES, v.status)) return null;
  const base = orderBase(v);
  if (!base) return null;
  return {
    ...base,
    orderNo: v.orderNo,
    closing: v.closing === true,
    type: v.type === 'market' ? 'market' : 'limit',
    price: textOrNull(v.price),
    quantity: text(v.quantity),
    lots: isInteger(v.lots) ? v.lots : 0,
    multiplier: text(v.multiplier, '1'),
    leverage: isInteger(v.leverage) ? v.leverage : 1,
    marginType: oneOf(MARGIN_TYPES, v.marginType) ? v.marginType : 'cross',
    reduceOnly: v.reduceOnly === true,
    postOnly: v.postOnly === true,
    timeInForce: oneOf(TIME_IN_FORCE, v.timeInForce) ? v.timeInForce : null,
    margin: text(v.margin),
    entrustMargin: text(v.entrustMargin),
    status: v.status,
    tradedQuantity: text(v.tradedQuantity),
    tradedTotal: text(v.tradedTotal),
    avgPrice: textOrNull(v.avgPrice),
    openPrice: textOrNull(v.openPrice),
    closePrice: textOrNull(v.closePrice),
    fee: text(v.fee),
    openFee: text(v.openFee),
    closeFee: text(v.closeFee),
    feeAsset: text(v.feeAsset, 'USDT'),
    realizedPnl: text(v.realizedPnl),
    profitRate: textOrNull(v.profitRate),
    closeMode: oneOf(CLOSE_MODES, v.closeMode) ? v.closeMode : null,
    cancelTime: intOrNull(v.cancelTime),
    closeTime: intOrNull(v.closeTime),
  };
};

const CONDITIONAL_STATUSES: readonly ContractConditionalStatus[] = ['waiting', 'triggered', 'cancelled', 'expired'];
const ORIGINS: readonly ContractConditionalOrigin[] = ['trigger', 'takeProfit', 'stopLoss'];

export const parseContractConditional: Parser<ContractConditionalItem> = (v) => {
  if (!isRecord(v) || !isInteger(v.conditionalNo) || !oneOf(CONDITIONAL_STATUSES, v.status)) return null;
  if (!oneOf<ContractConditionalType>(CONTRACT_CONDITIONAL_TYPES, v.type) || !isString(v.triggerPrice)) return null;
  const base = orderBase(v);
  if (!base) return null;
  const { orderNo: _none, ...shared } = base;
  return {
    ...shared,
    conditionalNo: v.conditionalNo,
    type: v.type,
    triggerPrice: v.triggerPrice,
    workingType: oneOf<ContractWorkingType>(CONTRACT_WORKING_TYPES, v.workingType) ? v.workingType : 'mark',
    price: textOrNull(v.price),
    quantity: textOrNull(v.quantity),
    closePosition: v.closePosition === true,
    reduceOnly: v.reduceOnly === true,
    origin: oneOf(ORIGINS, v.origin) ? v.origin : 'trigger',
    status: v.status,
    orderNo: intOrNull(v.orderNo),
    rejectReason: textOrNull(v.rejectReason),
  };
};

/** A page of items; every item must parse. */
export function parsePage<T>(item: Parser<T>): Parser<Page<T>> {
  return (v) => {
    if (!isRecord(v)) return null;
    const list = parseList(v.list, item);
    if (!list) return null;
    return { list, total: isInteger(v.total) ? v.total : list.length, pageIndex: isInteger(v.pageIndex) ? v.pageIndex : 1, pageSize: isInteger(v.pageSize) ? v.pageSize : list.length };
  };
}

/** `markPrice@SYMBOL`. */
export const parseMarkPriceEvent: Parser<MarkPriceEvent> = (v) => {
  if (!isRecord(v) || !isString(v.s) || !isNumber(v.E) || !exact(v.p) || !exactOrNull(v.i ?? null) || !exact(v.r)) return null;
  return { e: 'markPriceUpdate', E: v.E, s: v.s, p: v.p, i: (v.i ?? null) as string | null, r: v.r, T: isNumber(v.T) ? v.T : 0 };
};

/** `funding@SYMBOL`. */
export const parseFundingEvent: Parser<FundingCountdownEvent> = (v) => {
  if (!isRecord(v) || !isString(v.symbol) || !isString(v.fundingRate) || !isNumber(v.nextFundingTime) || !isNumber(v.time)) return null;
  return { symbol: v.symbol, fundingRate: v.fundingRate, nextFundingTime: v.nextFundingTime, countdown: isNumber(v.countdown) ? v.countdown : 0, time: v.time };
};
