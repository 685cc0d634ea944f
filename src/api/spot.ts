// Spot trading and wallet calls (signed in). Orders go over HTTP through the one client, never the socket, so a
// command is sent once and its answer (or refusal, with the server's message) belongs to the click that made it.
import {
  API,
  type BalancesReply,
  type CancelAllReply,
  type CancelOrderRequest,
  type MyTradeItem,
  type MyTradesRequest,
  type OrderListRequest,
  type Page,
  type PlaceOcoReply,
  type PlaceOcoRequest,
  type PlaceOrderReply,
  type PlaceOrderRequest,
  type SpotOrderItem,
} from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { ignoreData } from './parse.ts';
import { parseBalancesReply, parseCancelAllReply, parseMyTradePage, parseOrderPage, parsePlaceOcoReply, parsePlaceOrderReply } from './spot-parse.ts';

export const placeSpotOrder = (req: PlaceOrderRequest, options?: CallOptions): Promise<PlaceOrderReply> =>
  api.post(API.spotPlaceOrder, parsePlaceOrderReply, req, options);
/** One-cancels-the-other: a limit leg and a stop leg placed as one list (cancelling either cancels both). */
export const placeSpotOco = (req: PlaceOcoRequest, options?: CallOptions): Promise<PlaceOcoReply> =>
  api.post(API.spotPlaceOco, parsePlaceOcoReply, req, options);
export const cancelSpotOrder = (req: CancelOrderRequest, options?: CallOptions): Promise<true> =>
  api.post(API.spotCancelOrder, ignoreData, req, options);
export const cancelAllSpotOrders = (symbol?: string, options?: CallOptions): Promise<CancelAllReply> =>
  api.post(API.spotCancelAll, parseCancelAllReply, symbol ? { symbol } : {}, options);
export const fetchSpotOrders = (req: OrderListRequest, options?: CallOptions): Promise<Page<SpotOrderItem>> =>
  api.post(API.spotOrderList, parseOrderPage, req, options);
export const fetchMyTrades = (req: MyTradesRequest, options?: CallOptions): Promise<Page<MyTradeItem>> =>
  api.post(API.spotMyTrades, parseMyTradePage, req, options);
export const fetchBalances = (options?: CallOptions): Promise<BalancesReply> => api.get(API.assetBalances, parseBalancesReply, undefined, options);
