// Shape checks for the /app/contract replies. The items the stream layer also reads (markets, positions, account,
// orders, conditional orders) use its parsers, so a reply and an event are read by the same code; the rest are here.
import type {
  ContractAdjustMarginReply, ContractCancelAllReply, ContractCloseReply, ContractFillItem, ContractFundingHistoryReply, ContractFundingItem,
  ContractInsuranceFundReply, ContractMarketsReply, ContractOrderDetailReply, ContractOrderFundingItem, ContractPlaceConditionalReply,
  ContractPlaceOrderReply, ContractSetLeverageReply, ContractSetMarginTypeReply, ContractSetTpSlReply, ContractTradeItem, InsuranceFundItem,
  InsuranceFundItemType,
} from '../contract.ts';
import { MARGIN_TYPES } from '../contract.ts';
import { parseContractConditional, parseContractMarkets, parseContractOrder, parsePage } from '../../streams/index.ts';
import { isRecord, type Parser } from './parse.ts';

const str = (v: unknown): v is string => typeof v === 'string';
const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const strOrNull = (v: unknown): string | null => (str(v) ? v : null);

function list<T>(v: unknown, item: Parser<T>): T[] | null {
  if (!Array.isArray(v)) return null;
  const out = v.map(item);
  return out.every((x): x is T => x !== null) ? out : null;
}

export const parseMarketsReply: Parser<ContractMarketsReply> = (d) => {
  const markets = parseContractMarkets(d);
  return markets ? { list: markets } : null;
};

const parseFill: Parser<ContractFillItem> = (d) =>
  isRecord(d) && int(d.tradeId) && str(d.price) && str(d.quantity)
    ? { tradeId: d.tradeId, price: d.price, quantity: d.quantity, fee: str(d.fee) ? d.fee : '0', realizedPnl: str(d.realizedPnl) ? d.realizedPnl : '0', maker: d.maker === true }
    : null;

export const parsePlaceReply: Parser<ContractPlaceOrderReply> = (d) => {
  if (!isRecord(d)) return null;
  const order = parseContractOrder(d.order);
  const fills = list(d.fills ?? [], parseFill);
  return order && fills ? { order, fills, duplicate: d.duplicate === true } : null;
};

/** A reply that is one list under `key`, every item parsed. */
function listReply<K extends string, T>(key: K, item: Parser<T>): Parser<Record<K, T[]>> {
  return (d) => {
    const rows = isRecord(d) ? list(d[key], item) : null;
    return rows ? ({ [key]: rows } as Record<K, T[]>) : null;
  };
}

export const parseCancelAllReply: Parser<ContractCancelAllReply> = listReply('cancelled', parseContractOrder);
export const parseCloseReply: Parser<ContractCloseReply> = listReply('orders', parseContractOrder);

export const parseLeverageReply: Parser<ContractSetLeverageReply> = (d) =>
  isRecord(d) && str(d.symbol) && int(d.leverage) ? { symbol: d.symbol, leverage: d.leverage, maxNotional: str(d.maxNotional) ? d.maxNotional : '0' } : null;

export const parseMarginTypeReply: Parser<ContractSetMarginTypeReply> = (d) => {
  if (!isRecord(d) || !str(d.symbol)) return null;
  const marginType = MARGIN_TYPES.find((t) => t === d.marginType);
  return marginType ? { symbol: d.symbol, marginType } : null;
};

export const parseAdjustMarginReply: Parser<ContractAdjustMarginReply> = (d) =>
  isRecord(d) && str(d.symbol) && str(d.margin) ? { symbol: d.symbol, margin: d.margin } : null;

export const parseTpSlReply: Parser<ContractSetTpSlReply> = (d) =>
  isRecord(d) && str(d.symbol) ? { symbol: d.symbol, takeProfit: strOrNull(d.takeProfit), stopLoss: strOrNull(d.stopLoss) } : null;

const parseTrade: Parser<ContractTradeItem> = (d) => {
  if (!isRecord(d) || !int(d.tradeId) || !str(d.symbol) || !int(d.orderNo) || !str(d.price) || !str(d.quantity) || !int(d.time)) return null;
  if (d.side !== 'buy' && d.side !== 'sell') return null;
  return {
    tradeId: d.tradeId, symbol: d.symbol, orderNo: d.orderNo, side: d.side, maker: d.maker === true, price: d.price, quantity: d.quantity,
    total: str(d.total) ? d.total : '0', fee: str(d.fee) ? d.fee : '0', feeAsset: str(d.feeAsset) ? d.feeAsset : '', realizedPnl: str(d.realizedPnl) ? d.realizedPnl : '0',
    time: d.time,
  };
};

const parseOrderFunding: Parser<ContractOrderFundingItem> = (d) =>
  isRecord(d) && int(d.time) && str(d.fundingRate) && str(d.markPrice) && str(d.quantity) && str(d.amount)
    ? { time: d.time, fundingRate: d.fundingRate, markPrice: d.markPrice, quantity: d.quantity, amount: d.amount }
    : null;

export const parseOrderDetailReply: Parser<ContractOrderDetailReply> = (d) => {
  if (!isRecord(d)) return null;
  const order = parseContractOrder(d.order);
  const trades = list(d.trades, parseTrade);
  const funding = list(d.funding ?? [], parseOrderFunding);
  return order && trades && funding ? { order, trades, funding, holdingFee: str(d.holdingFee) ? d.holdingFee : '0' } : null;
};

const parseFunding: Parser<ContractFundingItem> = (d) =>
  isRecord(d) && str(d.symbol) && int(d.time) && str(d.fundingRate) && str(d.markPrice) ? { symbol: d.symbol, time: d.time, fundingRate: d.fundingRate, markPrice: d.markPrice } : null;

export const parseFundingHistoryReply: Parser<ContractFundingHistoryReply> = listReply('list', parseFunding);

const FUND_TYPES: readonly InsuranceFundItemType[] = ['liquidation', 'funding', 'trade', 'adl', 'other'];
const parseFundItem: Parser<InsuranceFundItem> = (d) => {
  if (!isRecord(d) || !int(d.id) || !int(d.time) || !str(d.amount) || !str(d.balance)) return null;
  const type = FUND_TYPES.find((t) => t === d.type) ?? 'other';
  return { id: d.id, time: d.time, type, symbol: strOrNull(d.symbol), amount: d.amount, balance: d.balance };
};

export const parseInsuranceFundReply: Parser<ContractInsuranceFundReply> = (d) => {
  if (!isRecord(d) || !str(d.asset) || !str(d.balance)) return null;
  const history = parsePage(parseFundItem)(d.history);
  return history ? { asset: d.asset, balance: d.balance, history } : null;
};

export const parsePlaceConditionalReply: Parser<ContractPlaceConditionalReply> = (d) => {
  const conditional = isRecord(d) ? parseContractConditional(d.conditional) : null;
  return isRecord(d) && conditional ? { conditional, duplicate: d.duplicate === true } : null;
};
