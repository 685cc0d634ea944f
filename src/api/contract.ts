// Perpetual contract calls (/app/contract/*): every path of the API map, through the one client. Commands go over
// HTTP, never the socket, so a command is sent once and its answer (or refusal) belongs to the click that made it;
// the live state (positions, account, orders) comes from the stream layer, which reads its seeds here too.
import {
  API,
  type ContractAdjustMarginReply,
  type ContractAdjustMarginRequest,
  type ContractCancelAllReply,
  type ContractCancelAllRequest,
  type ContractCancelConditionalRequest,
  type ContractCancelOrderRequest,
  type ContractClosePositionRequest,
  type ContractCloseReply,
  type ContractConditionalItem,
  type ContractConditionalListRequest,
  type ContractFundingHistoryReply,
  type ContractFundingHistoryRequest,
  type ContractInsuranceFundReply,
  type ContractInsuranceFundRequest,
  type ContractMarketsReply,
  type ContractOrderDetailReply,
  type ContractOrderDetailRequest,
  type ContractOrderItem,
  type ContractOrderListRequest,
  type ContractPlaceConditionalReply,
  type ContractPlaceConditionalRequest,
  type ContractPlaceOrderReply,
  type ContractPlaceOrderRequest,
  type ContractPositionsReply,
  type ContractSetLeverageReply,
  type ContractSetLeverageRequest,
  type ContractSetMarginTypeReply,
  type ContractSetMarginTypeRequest,
  type ContractSetTpSlReply,
  type ContractSetTpSlRequest,
  type Page,
} from '../contract.ts';
import { parseContractConditional, parseContractOrder, parseContractPositionsReply, parsePage } from '../../streams/index.ts';
import {
  parseAdjustMarginReply, parseCancelAllReply, parseCloseReply, parseFundingHistoryReply, parseInsuranceFundReply, parseLeverageReply,
  parseMarginTypeReply, parseMarketsReply, parseOrderDetailReply, parsePlaceConditionalReply, parsePlaceReply, parseTpSlReply,
} from './contract-parse.ts';
import { api, type CallOptions } from './index.ts';

const parseOrderPage = parsePage(parseContractOrder);
const parseConditionalPage = parsePage(parseContractConditional);

// Public.
export const fetchContractMarkets = (options?: CallOptions): Promise<ContractMarketsReply> => api.get(API.contractMarkets, parseMarketsReply, undefined, options);
export const fetchContractFundingHistory = (req: ContractFundingHistoryRequest, options?: CallOptions): Promise<ContractFundingHistoryReply> =>
  api.post(API.contractFundingHistory, parseFundingHistoryReply, req, options);
export const fetchContractInsuranceFund = (req: ContractInsuranceFundRequest = {}, options?: CallOptions): Promise<ContractInsuranceFundReply> =>
  api.post(API.contractInsuranceFund, parseInsuranceFundReply, req, options);

// Orders.
export const placeContractOrder = (req: ContractPlaceOrderRequest, options?: CallOptions): Promise<ContractPlaceOrderReply> =>
  api.post(API.contractPlaceOrder, parsePlaceReply, req, options);
export const cancelContractOrder = (req: ContractCancelOrderRequest, options?: CallOptions): Promise<ContractOrderItem> =>
  api.post(API.contractCancelOrder, parseContractOrder, req, options);
export const cancelAllContractOrders = (req: ContractCancelAllRequest = {}, options?: CallOptions): Promise<ContractCancelAllReply> =>
  api.post(API.contractCancelAll, parseCancelAllReply, req, options);
export const fetchContractOrderList = (req: ContractOrderListRequest, options?: CallOptions): Promise<Page<ContractOrderItem>> =>
  api.post(API.contractOrderList, parseOrderPage, req, options);
export const fetchContractOrderDetail = (req: ContractOrderDetailRequest, options?: CallOptions): Promise<ContractOrderDetailReply> =>
  api.post(API.contractOrderDetail, parseOrderDetailReply, req, options);

// Positions and settings.
export const fetchContractPositions = (options?: CallOptions): Promise<ContractPositionsReply> =>
  api.get(API.contractPositions, parseContractPositionsReply, undefined, options);
export const closeContractPosition = (req: ContractClosePositionRequest, options?: CallOptions): Promise<ContractCloseReply> =>
  api.post(API.contractClosePosition, parseCloseReply, req, options);
/** One key: every position at market. */
export const closeAllContractPositions = (options?: CallOptions): Promise<ContractCloseReply> => api.post(API.contractCloseAll, parseCloseReply, {}, options);
export const setContractLeverage = (req: ContractSetLeverageRequest, options?: CallOptions): Promise<ContractSetLeverageReply> =>
  api.post(API.contractSetLeverage, parseLeverageReply, req, options);
export const setContractMarginType = (req: ContractSetMarginTypeRequest, options?: CallOptions): Promise<ContractSetMarginTypeReply> =>
  api.post(API.contractSetMarginType, parseMarginTypeReply, req, options);
export const adjustContractMargin = (req: ContractAdjustMarginRequest, options?: CallOptions): Promise<ContractAdjustMarginReply> =>
  api.post(API.contractAdjustMargin, parseAdjustMarginReply, req, options);
export const setContractTpSl = (req: ContractSetTpSlRequest, options?: CallOptions): Promise<ContractSetTpSlReply> =>
  api.post(API.contractSetTpSl, parseTpSlReply, req, options);

// Conditional orders.
export const placeContractConditional = (req: ContractPlaceConditionalRequest, options?: CallOptions): Promise<ContractPlaceConditionalReply> =>
  api.post(API.contractPlaceConditional, parsePlaceConditionalReply, req, options);
export const fetchContractConditionalList = (req: ContractConditionalListRequest, options?: CallOptions): Promise<Page<ContractConditionalItem>> =>
  api.post(API.contractConditionalList, parseConditionalPage, req, options);
export const cancelContractConditional = (req: ContractCancelConditionalRequest, options?: CallOptions): Promise<ContractConditionalItem> =>
  api.post(API.contractCancelConditional, parseContractConditional, req, options);

// The stream layer's seeds (StreamsHost): quiet (no notice), read on every fresh run of their topics.
const SEED_PAGE = 200;
export const loadContractMarkets = async (signal: AbortSignal) => (await fetchContractMarkets({ signal, notify: false })).list;
export const loadContractPositions = (signal: AbortSignal): Promise<ContractPositionsReply> => fetchContractPositions({ signal, notify: false });
export const loadContractOrders = async (signal: AbortSignal): Promise<readonly ContractOrderItem[]> =>
  (await fetchContractOrderList({ active: 1, pageIndex: 1, pageSize: SEED_PAGE }, { signal, notify: false })).list;
export const loadContractConditionals = async (signal: AbortSignal): Promise<readonly ContractConditionalItem[]> =>
  (await fetchContractConditionalList({ active: 1, pageIndex: 1, pageSize: SEED_PAGE }, { signal, notify: false })).list;
