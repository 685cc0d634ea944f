// The app API contract (spec §7): paths, payloads and replies shared by the web app and the server.
import type { ErrorCode, ReplyCode } from './errors.ts';

/** Every reply of /app/...: `code` is `success` or an error key; `msg` is in the request's language. */
export interface Envelope<T> {
  code: ReplyCode;
  msg: string;
  data: T;
}

export const API = {
  getUserInfo: '/app/account/getUserInfo',
  sendCode: '/app/account/sendCode',
  register: '/app/account/register',
  login: '/app/account/login',
  logout: '/app/account/logout',
  resetPassword: '/app/account/resetPassword',
  productIndexList: '/app/product/indexList',
  coinList: '/app/product/coinList',
  systemConfig: '/app/systemConfig/getByKey',
  setHasRecharge: '/app/rechargerecord/setHasRecharge',
  // spot trading (signed in): POST bodies, envelope replies
  spotPlaceOrder: '/app/spot/placeOrder',
  spotCancelOrder: '/app/spot/cancelOrder',
  spotCancelAll: '/app/spot/cancelAll',
  spotOrderList: '/app/spot/orderList',
  spotOrderDetail: '/app/spot/orderDetail',
  spotPlaceOco: '/app/spot/placeOco',
  spotMyTrades: '/app/spot/myTrades',
  // wallets (signed in)
  assetBalances: '/app/assets/balances',
  assetTransfer: '/app/assets/transfer',
  assetTransferRecords: '/app/assets/transferRecords',
  assetRecords: '/app/assets/records',
  // fee levels (/rateStandard): the table is public (GET); a user's own level needs a session (GET)
  feeRateStandard: '/app/fees/rateStandard',
  feeMyLevel: '/app/fees/myLevel',
  // API keys for the Binance-compatible API, made by their owner (signed in)
  apiKeyCreate: '/app/apiKeys/create',
  apiKeyList: '/app/apiKeys/list',
  apiKeyRevoke: '/app/apiKeys/revoke',
  // favourites: the signed-in user's watchlist of markets (GET the list; POST replaces it as a whole)
  favouritesList: '/app/favourites/list',
  favouritesSet: '/app/favourites/set',
  // saved screen layouts (signed in): GET one screen's layout, POST saves it whole, POST reset forgets it
  layoutGet: '/app/layouts/get',
  layoutSave: '/app/layouts/save',
  layoutReset: '/app/layouts/reset',
  // perpetual contracts: markets (GET), fundingHistory and insuranceFund (POST) are public; the rest need a session.
  // positions is a GET; every other call a POST with a JSON body. Envelope replies.
  contractMarkets: '/app/contract/markets',
  contractPlaceOrder: '/app/contract/placeOrder',
  contractCancelOrder: '/app/contract/cancelOrder',
  contractCancelAll: '/app/contract/cancelAll',
  contractClosePosition: '/app/contract/closePosition',
  contractCloseAll: '/app/contract/closeAll',
  contractSetLeverage: '/app/contract/setLeverage',
  contractSetMarginType: '/app/contract/setMarginType',
  contractAdjustMargin: '/app/contract/adjustMargin',
  contractSetTpSl: '/app/contract/setTpSl',
  contractPositions: '/app/contract/positions',
  contractOrderList: '/app/contract/orderList',
  contractOrderDetail: '/app/contract/orderDetail',
  contractFundingHistory: '/app/contract/fundingHistory',
  contractInsuranceFund: '/app/contract/insuranceFund',
  contractPlaceConditional: '/app/contract/placeConditional',
  contractConditionalList: '/app/contract/conditionalList',
  contractCancelConditional: '/app/contract/cancelConditional',
} as const;

/** Header that carries the session token (spec §7). */
export const TICKET_HEADER = 'ticket';
/** Header the web app sends with its chosen language; Accept-Language is the fallback. */
export const LANG_HEADER = 'lang';

export type Channel = 'email' | 'phone';
/**
 * login: the code a sign-in needs after many failed ones on the account (reply login.code.required). verify: a code
 * to an address the signed-in account already has ("it's you": the security centre's changes, security/README.md).
 */
export type CodePurpose = 'register' | 'reset' | 'bind' | 'login' | 'verify';

export interface SendCodeRequest {
  channel: Channel;
  account: string;
  purpose: CodePurpose;
}
export interface SendCodeReply {
  /** Seconds before another code may be requested for this account and purpose. */
  resendAfter: number;
  /** Seconds the code stays valid. */
  expiresIn: number;
}

export interface RegisterRequest {
  channel: Channel;
  account: string;
  code: string;
  password: string;
  inviteCode?: string;
  agree: boolean;
}

export interface LoginRequest {
  /** E-mail address or phone number. */
  account: string;
  password: string;
  /** The verification code (purpose login) sent to the account, when the server answered login.code.required. */
  code?: string;
  /** The authenticator's code, when the account has TOTP on (issue 21). */
  totpCode?: string;
}
/**
 * data of a login.code.required reply: where the code goes (the account's own channel); the client asks for it
 * with sendCode purpose login and signs in again with it.
 */
export interface LoginCodeRequired {
  channel: Channel;
}
export interface LoginReply {
  token: string;
  /** Unix milliseconds when the session expires unless renewed by use. */
  expiresAt: number;
}

export interface ResetPasswordRequest {
  channel: Channel;
  account: string;
  code: string;
  password: string;
}

export type RealNameStatus = 'none' | 'pending' | 'failed' | 'certified';
export type SafetyLevel = 'low' | 'medium' | 'high';

export interface UserInfo {
  userId: number;
  nickName: string;
  username: string;
  email: string | null;
  phone: string | null;
  inviteCode: string;
  /** Unix milliseconds. */
  registerTime: number;
  realNameStatus: RealNameStatus;
  safetyLevel: SafetyLevel;
  creditScore: number;
  hasFundPassword: boolean;
  frozen: boolean;
  hasRecharge: boolean;
}

export interface PageRequest {
  pageIndex: number;
  pageSize: number;
}
export interface Page<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export interface ProductItem {
  /** Display name of the market, e.g. "BTC/USDT". */
  name: string;
  symbol: string;
  kind: 'spot' | 'contract' | 'seconds';
}

export interface CoinItem {
  codeName: string;
  /** Last traded price as a decimal string, or null before the first trade. */
  price: string | null;
  /** 0 means open for trading (spec §3). */
  isOpen: number;
  maintenance: boolean;
}

export const SYSTEM_CONFIG_KEYS = ['online_service', 'custom_line', 'custom_whatsapp'] as const;
export type SystemConfigKey = (typeof SYSTEM_CONFIG_KEYS)[number];
export interface SystemConfigItem {
  key: SystemConfigKey;
  value: string | null;
}

/** Spec §9 constants the client and server agree on. */
export const PAGE_SIZES = [10, 30, 50, 70, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE = 100;
export const REQUEST_TIMEOUT_MS = 30_000;
export const NOTICE_DURATION_MS = 2_000;
export const CODE_RESEND_SECONDS = 60;
export const PRODUCT_NAME = 'OpenEx';

/** data of `rate.limited` and `verify.code.resend.wait` replies: seconds before trying again. */
export interface RetryAfterData {
  retryAfter: number;
}

export interface RegisterReply {
  userId: number;
}


// ---- spot trading and wallets ----
// Amounts are decimal text in both directions (8 decimals at most, trailing zeros trimmed in replies); times are
// Unix milliseconds. Page requests take pageIndex (from 1, default 1) and pageSize (PAGE_SIZES or 20, default 20).

export type OrderSide = 'buy' | 'sell';
export type SpotOrderType = 'limit' | 'market';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
/** The spec's three spot order states. */
export type SpotOrderStatus = 'pending' | 'completed' | 'cancelled';

export interface PagedRequest {
  pageIndex?: number;
  pageSize?: number;
}

/**
 * limit: price and amount (base quantity). market sell: amount. market buy: amount, or total (quote to spend).
 * Market orders never trade further than the market's price band from the index price.
 */
export interface PlaceOrderRequest {
  symbol: string;
  side: OrderSide;
  type: SpotOrderType;
  price?: string;
  amount?: string;
  total?: string;
  /** Limit orders only; default GTC. */
  timeInForce?: TimeInForce;
  /** Limit GTC only: refused instead of trading on arrival. */
  postOnly?: boolean;
  /** 1-64 of letters, digits and . _ : -; repeating it answers the first order instead of placing another. */
  clientOrderId?: string;
  /**
   * A conditional order: it waits, holding its funds, until the last trade price meets the trigger, then works as
   * the limit or market order above (checked again then, like any order). Not with postOnly or IOC/FOK.
   */
  trigger?: OrderTrigger;
}

/**
 * stop_loss fires when the last price falls to stopPrice (sell) or rises to it (buy); take_profit the other way.
 * trailingDelta (basis points, 10-2000): after the stop price is met (or at once without one), the order tracks the
 * best price since and fires after a move of that many basis points against it (Binance's trailing stop).
 */
export type TriggerCondition = 'stop_loss' | 'take_profit';
export interface OrderTrigger {
  condition: TriggerCondition;
  stopPrice?: string;
  trailingDelta?: number;
}

/**
 * One-cancels-the-other: a limit-maker leg at limitPrice and a stop-loss leg at stopPrice (a stop-limit at
 * stopLimitPrice, or a stop-market without it), both for amount. A sell has its limit above the last price and
 * its stop below; a buy the reverse. When one leg trades or fires, the other is cancelled; cancelling either
 * cancels both. The funds are held once: the larger of the two legs' needs.
 */
export interface PlaceOcoRequest {
  symbol: string;
  side: OrderSide;
  amount: string;
  limitPrice: string;
  stopPrice: string;
  stopLimitPrice?: string;
  /** Names the list; repeating it answers the first list instead of placing another. */
  clientOrderId?: string;
}
export interface PlaceOcoReply {
  orderListId: number;
  /** The limit leg first, then the stop leg. */
  orders: SpotOrderItem[];
  duplicate: boolean;
}

/** A conditional order's trigger as it stands. */
export interface SpotOrderTrigger {
  condition: TriggerCondition;
  stopPrice: string | null;
  trailingDelta: number | null;
  /** False while it waits; true once it fired (it then works, or worked, as its limit or market order). */
  triggered: boolean;
  /** When it fired. */
  triggerTime: number | null;
}

export interface SpotOrderItem {
  orderNo: number;
  clientOrderId: string | null;
  symbol: string;
  /** "BTC/USDT" */
  codeName: string;
  side: OrderSide;
  type: SpotOrderType;
  /** Limit price; null for market orders. */
  price: string | null;
  /** Ordered base quantity; null for a market buy by total. */
  quantity: string | null;
  /** Ordered quote total: price × quantity, or a market buy's total; null for a market order by quantity. */
  total: string | null;
  status: SpotOrderStatus;
  /** Base quantity traded so far, and the quote it traded for. */
  tradedQuantity: string;
  tradedTotal: string;
  /** Quote per coin over the fills; null before the first fill. */
  avgPrice: string | null;
  fee: string;
  feeAsset: string;
  time: number;
  updateTime: number;
  /** When the order was cancelled (by the user, or expired without trading); null otherwise. */
  cancelTime: number | null;
  /** When it closed for any reason; null while pending. */
  closeTime: number | null;
  /** Set for a conditional order (stop-loss, take-profit, an OCO's stop leg). */
  trigger: SpotOrderTrigger | null;
  /** The OCO list this order is a leg of. */
  orderListId: number | null;
  /** The quantitative bot that placed it (contract/quant.ts); absent for the user's own orders. */
  botId?: number;
}

export interface SpotFillItem {
  tradeId: number;
  price: string;
  quantity: string;
  total: string;
  fee: string;
  feeAsset: string;
  maker: boolean;
}

export interface PlaceOrderReply {
  order: SpotOrderItem;
  /** Trades this order made on arrival. */
  fills: SpotFillItem[];
  /** True when clientOrderId repeated an earlier order: nothing new was placed. */
  duplicate: boolean;
}

/** One of orderNo or clientOrderId. */
export interface CancelOrderRequest {
  orderNo?: number;
  clientOrderId?: string;
}
/** Every pending order of the user, or of one market. */
export interface CancelAllRequest {
  symbol?: string;
}
export interface CancelAllReply {
  cancelled: SpotOrderItem[];
}

/** active 1: current (pending) orders; 2: history (completed and cancelled), optionally one of them. */
export interface OrderListRequest extends PagedRequest {
  active: 1 | 2;
  symbol?: string;
  /** Only buy or only sell orders. */
  side?: 'buy' | 'sell';
  status?: 'completed' | 'cancelled';
  /** true: only conditional orders (waiting ones, with active 1); false: only orders without a trigger waiting. */
  conditional?: boolean;
}

export interface OrderDetailRequest {
  orderNo: number;
}
export interface OrderDetailReply {
  order: SpotOrderItem;
  trades: MyTradeItem[];
}

export interface MyTradesRequest extends PagedRequest {
  symbol?: string;
}
export interface MyTradeItem {
  tradeId: number;
  symbol: string;
  orderNo: number;
  side: OrderSide;
  maker: boolean;
  price: string;
  quantity: string;
  total: string;
  /** The user's fee on this trade. */
  fee: string;
  feeAsset: string;
  time: number;
}

/** The spec's accounts: coin (spot), contract, earn (financial), seconds (seconds contract), fiat. */
export const ACCOUNT_TYPES = ['coin', 'contract', 'earn', 'seconds', 'fiat'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface BalanceItem {
  asset: string;
  available: string;
  frozen: string;
  total: string;
  /** total valued in USDT; null when the asset has no price yet. */
  valueUsdt: string | null;
}
export interface AccountBalances {
  account: AccountType;
  balances: BalanceItem[];
  totalUsdt: string;
}
/** GET assetBalances: every account, each with its total in USDT, and the grand total. */
export interface BalancesReply {
  accounts: AccountBalances[];
  totalUsdt: string;
  /** Assets held but left out of the totals because they have no price yet. */
  unpriced: string[];
}

export interface TransferRequest {
  asset: string;
  amount: string;
  from: AccountType;
  to: AccountType;
  /** Required, 1-64 of letters, digits and . _ : -: a retry with the same id answers the first transfer. */
  clientId: string;
}
export interface TransferItem {
  transferId: string;
  clientId: string | null;
  asset: string;
  amount: string;
  from: AccountType;
  to: AccountType;
  /** credited once the destination has the funds (at once in normal operation). */
  status: 'debited' | 'credited';
  time: number;
  creditTime: number | null;
}

/** Asset record types (spec §3); the server's list, checked equal by a test. */
export const ASSET_RECORD_TYPES = [
  'buy_coin', 'sell_coin', 'cancel_buy', 'cancel_sell', 'fee', 'transfer_in', 'transfer_out',
  'admin_credit', 'admin_debit', 'admin_freeze', 'admin_unfreeze', 'admin_lock', 'admin_unlock',
  'deposit', 'withdrawal', 'withdrawal_rejected', 'financial_purchase', 'financial_income', 'cancel_financial',
  'open_long_fee', 'open_short_fee', 'close_long_fee', 'close_short_fee', 'long_margin', 'short_margin', 'margin_refund_long', 'margin_refund_short',
  'margin_income_buy', 'margin_income_sell', 'contract_income', 'holding_fee', 'liquidation_fee', 'product_buy', 'product_sell',
  'seconds_stake', 'seconds_fee', 'seconds_payout', 'seconds_cancel',
  /** A share of an invitee's trading fees paid to the inviter (level 1 or 2), once a day (server/accounts/invite). */
  'invite_commission',
  /** A withdrawal the user cancelled while it waited for review: the held amount back (issue 22). */
  'withdrawal_cancelled',
  /** Issue 23: a wealth order's principal back at maturity; a mining pool's purchase, income and principal back. */
  'financial_return', 'mining_purchase', 'mining_income', 'mining_return',
  /** Issue 24: the investment set aside for a quantitative bot, and what it gave back when it ended. */
  'quant_reserve', 'quant_release',
] as const;
export type AssetRecordType = (typeof ASSET_RECORD_TYPES)[number];

export interface AssetRecordsRequest extends PagedRequest {
  /** One type or several. */
  type?: AssetRecordType | AssetRecordType[];
  asset?: string;
  account?: AccountType;
  /** A market (BTCUSDT): its trades, funding, liquidations, margin and leverage changes, and its orders' margin or
   *  funds held and released. A well-formed market with nothing recorded (or none such) finds nothing. */
  symbol?: string;
  /** Unix ms, inclusive. */
  startTime?: number;
  /** Unix ms, exclusive. */
  endTime?: number;
}
export interface AssetRecordItem {
  id: number;
  account: AccountType;
  asset: string;
  type: AssetRecordType;
  /** Signed change of the available balance. */
  amount: string;
  /** Signed change of the frozen balance. */
  frozen: string;
  /** What caused it: order:12, trade:BTCUSDT:3, transfer:<id>, admin:<memo>, perp:trade:BTCUSDT:7, perp:funding:BTCUSDT:<time>. */
  ref: string;
  /** The market it belongs to (a trade's, a funding payment's, an order's), or null (transfers, operator, deposits). */
  symbol: string | null;
  time: number;
}


// ---- fee levels (spec §3 "Rate level", §9) ----
// Volumes are BTC-equivalent decimal text; rates are percent as decimal text ("0.1" = 0.1%).

export interface FeeLevelItem {
  level: number;
  /** Smallest trailing 30-day volume (BTC equivalent) that earns the level. */
  minVolumeBtc: string;
  makerPercent: string;
  takerPercent: string;
}
/** GET feeRateStandard: the table in force and when levels next change (Unix ms). */
export interface FeeRateStandardReply {
  levels: FeeLevelItem[];
  /** Next recompute of every user's level (00:00 GMT+8) and when it takes effect (04:00 GMT+8). */
  nextRecomputeAt: number;
  nextApplyAt: number;
  windowDays: number;
}
/** GET feeMyLevel (signed in). */
export interface MyFeeLevelReply {
  level: number;
  /** Trailing 30-day volume (BTC equivalent) of the recompute in force; "0" before the first. */
  volumeBtc: string;
  makerPercent: string;
  takerPercent: string;
  /** The 00:00 GMT+8 instant of the recompute in force (its window ends there); null before the first. */
  computedAt: number | null;
  /** A recompute made since 00:00 and taking effect at applyAt, or null. */
  pending: { level: number; volumeBtc: string; applyAt: number } | null;
}

// ---- API keys (Binance-compatible API), made by users ----

export const API_KEY_LABEL_MAX = 32;
export const API_KEY_MAX_IPS = 30;
export const API_KEYS_PER_USER = 20;

/** label: 1-32 characters, no control characters; ips: IPv4/IPv6 addresses allowed to use the key (none = any). */
export interface ApiKeyCreateRequest {
  label?: string;
  trade: boolean;
  ips?: string[];
}
/** The secret is shown only in this reply. */
export interface ApiKeyCreateReply {
  apiKey: string;
  secret: string;
}
export interface ApiKeyItem {
  apiKey: string;
  label: string | null;
  trade: boolean;
  ips: string[];
  createTime: number;
  /** null while the key works. */
  revokeTime: number | null;
}
export interface ApiKeyListReply {
  list: ApiKeyItem[];
}
export interface ApiKeyRevokeRequest {
  apiKey: string;
}

/** Most markets a watchlist may hold. */
export const FAVOURITES_MAX = 200;

/** POST /app/favourites/set: the whole list, in order (duplicates dropped; each must be a known market). */
export interface FavouritesSetRequest {
  symbols: string[];
}
/** GET /app/favourites/list, and the reply of /app/favourites/set (the list as stored). */
export interface FavouritesReply {
  symbols: string[];
}

/** Screens whose panel layout an account can keep on the server. */
export const LAYOUT_SCREENS = ['spot', 'contract'] as const;
export type LayoutScreen = (typeof LAYOUT_SCREENS)[number];
/** Largest stored layout, as JSON text in bytes (a full desk is about 2 KB). */
export const LAYOUT_MAX_BYTES = 16 * 1024;

/** GET /app/layouts/get?screen=…; POST /app/layouts/reset takes the same as its body. */
export interface LayoutScreenRequest {
  screen: LayoutScreen;
}
/** POST /app/layouts/save: the whole layout of one screen (an object the web app checks when it reads it back). */
export interface LayoutSaveRequest {
  screen: LayoutScreen;
  layout: Record<string, unknown>;
}
/** The stored layout of one screen; `layout` null (and `updatedAt` null) when the account keeps none. */
export interface LayoutReply {
  screen: LayoutScreen;
  layout: unknown;
  updatedAt: number | null;
}


// ---- perpetual contracts (/app/contract/*) ----
// Linear USDT-margined perpetuals, one per USDT spot market, on its tick and lot ("contract multiplier": coin per
// lot). One position per user and market (one-way mode); leverage and margin type are per user and market. Amounts
// are decimal text (8 decimals at most, trailing zeros trimmed in replies), rates and fees percent as decimal text
// ("0.01" = 0.01 %), times Unix milliseconds. markets, fundingHistory and insuranceFund are public; every other call
// needs a session. Page requests as in spot (pageIndex from 1, pageSize one of PAGE_SIZES or 20).

export type ContractDirection = 'long' | 'short';
export const MARGIN_TYPES = ['cross', 'isolated'] as const;
export type MarginType = (typeof MARGIN_TYPES)[number];
/** The spec's opening type. */
export type ContractOrderType = 'limit' | 'market';
/** pending: resting on the book; completed: fully traded; cancelled: ended before that (it may have traded part). */
export type ContractOrderStatus = 'pending' | 'completed' | 'cancelled';
/**
 * Why a closing order was placed: by the user (a close, a reduce-only order, a one-key close), by the liquidation
 * engine, by auto-deleveraging against the user's position, or by the position's take-profit or stop-loss.
 */
export type ContractCloseMode = 'manual' | 'liquidation' | 'adl' | 'takeProfit' | 'stopLoss';

/** One leverage and maintenance tier: a position whose notional is in [notionalFloor, notionalCap]. */
export interface ContractBracketItem {
  bracket: number;
  notionalFloor: string;
  notionalCap: string;
  maxLeverage: number;
  /** Maintenance margin rate, percent. */
  maintenanceMarginRate: string;
  /** Maintenance amount: maintenance margin = notional × rate − this amount. */
  maintenanceAmount: string;
}

/** GET markets: every perpetual with its specification, brackets, and the current mark and funding. */
export interface ContractMarketItem {
  symbol: string;
  /** "BTC/USDT" */
  codeName: string;
  base: string;
  /** The margin and settlement asset. */
  quote: string;
  /** Coin per lot: quantities are whole multiples of it. */
  multiplier: string;
  tickSize: string;
  minQuantity: string;
  maxQuantity: string;
  /** Bounds on price × quantity of one order. */
  minNotional: string;
  maxNotional: string;
  defaultLeverage: number;
  maxLeverage: number;
  makerFeePercent: string;
  takerFeePercent: string;
  /** Clearance fee on a liquidated notional, to the insurance fund. */
  liquidationFeePercent: string;
  /** How far from the mark a limit price may be, and a market order may trade. */
  priceBandPercent: string;
  /** 0 means open for trading (spec §3). */
  isOpen: number;
  maintenance: boolean;
  /** null before the first mark. */
  markPrice: string | null;
  indexPrice: string | null;
  /** The predicted rate of the running interval and the last settled one (percent; longs pay when positive). */
  fundingRate: string | null;
  lastFundingRate: string | null;
  nextFundingTime: number | null;
  brackets: ContractBracketItem[];
}
export interface ContractMarketsReply {
  list: ContractMarketItem[];
}

/**
 * Places an order: limit (price and amount) or market (amount; it never trades further than priceBandPercent from
 * the mark). amount is the coin quantity, a whole number of lots. reduceOnly orders only ever reduce the position.
 */
export interface ContractPlaceOrderRequest {
  symbol: string;
  side: OrderSide;
  type: ContractOrderType;
  price?: string;
  amount: string;
  /** Limit orders only; default GTC. */
  timeInForce?: TimeInForce;
  /** Limit GTC only: refused instead of trading on arrival. */
  postOnly?: boolean;
  reduceOnly?: boolean;
  /** 1-64 of letters, digits and . _ : -; repeating it answers the first order instead of placing another. */
  clientOrderId?: string;
}

/** The spec's contract order (fields that exist today). */
export interface ContractOrderItem {
  orderNo: number;
  clientOrderId: string | null;
  symbol: string;
  codeName: string;
  side: OrderSide;
  /** The position side the order opens, or, for a closing order, the side of the position it closes. */
  direction: ContractDirection;
  /** Whether the order closes (reduces) a position: reduce-only, placed by the exchange, or realized a result. */
  closing: boolean;
  type: ContractOrderType;
  /** Limit price; null for a market order. */
  price: string | null;
  quantity: string;
  lots: number;
  multiplier: string;
  leverage: number;
  marginType: MarginType;
  reduceOnly: boolean;
  postOnly: boolean;
  timeInForce: TimeInForce | null;
  /** Initial margin of the traded part of an opening order (traded total / leverage, rounded up); 0 for a closing one. */
  margin: string;
  /** Margin held for the part still resting (quantity left × price / leverage, rounded up); 0 once ended or reduce-only. */
  entrustMargin: string;
  status: ContractOrderStatus;
  tradedQuantity: string;
  tradedTotal: string;
  /** Average trade price; null before the first trade. It is the open price of an opening order, the close price of a closing one. */
  avgPrice: string | null;
  openPrice: string | null;
  closePrice: string | null;
  /** Trading fees of the order; openFee or closeFee holds them, the other is 0. */
  fee: string;
  openFee: string;
  closeFee: string;
  feeAsset: string;
  /** Profit (+) or loss (−) the order realized by closing. */
  realizedPnl: string;
  /** realizedPnl over the margin of what it closed, percent; null when it closed nothing. */
  profitRate: string | null;
  /** null for an opening order. */
  closeMode: ContractCloseMode | null;
  time: number;
  updateTime: number;
  /** When it was cancelled (by the user, or ended without trading all); null otherwise. */
  cancelTime: number | null;
  /** When it ended for any reason; null while pending. */
  closeTime: number | null;
}

export interface ContractFillItem {
  tradeId: number;
  price: string;
  quantity: string;
  fee: string;
  realizedPnl: string;
  maker: boolean;
}

export interface ContractPlaceOrderReply {
  order: ContractOrderItem;
  /** Trades the order made on arrival. */
  fills: ContractFillItem[];
  /** True when clientOrderId repeated an earlier order: nothing new was placed. */
  duplicate: boolean;
}

/** One of orderNo or clientOrderId (of a pending order). */
export interface ContractCancelOrderRequest {
  orderNo?: number;
  clientOrderId?: string;
}
/**
 * Every pending order of the user, or of one market; the waiting conditional orders (take-profits and stop-losses
 * included) go with them, and show as cancelled on conditionalList and contractConditionals, not in `cancelled`.
 */
export interface ContractCancelAllRequest {
  symbol?: string;
}
export interface ContractCancelAllReply {
  cancelled: ContractOrderItem[];
}

/** Closes the position of one market at market (reduce-only, within the price band of the mark). */
export interface ContractClosePositionRequest {
  symbol: string;
}
/** closePosition and closeAll (every position, one key): the closing orders, each with what it traded. */
export interface ContractCloseReply {
  orders: ContractOrderItem[];
}

export interface ContractSetLeverageRequest {
  symbol: string;
  /** A whole number from 1 to the market's maxLeverage. */
  leverage: number;
}
export interface ContractSetLeverageReply {
  symbol: string;
  leverage: number;
  /** The largest position notional this leverage allows (brackets). */
  maxNotional: string;
}

/** Only without a position and without pending orders in the market. */
export interface ContractSetMarginTypeRequest {
  symbol: string;
  marginType: MarginType;
}
export interface ContractSetMarginTypeReply {
  symbol: string;
  marginType: MarginType;
}

/**
 * A position's take-profit and stop-loss: each closes the whole position at market when the mark reaches it.
 * A price sets or moves it, null removes it, leaving it out keeps it. Neither may be 0; for a long the take-profit
 * is above the latest price and the stop-loss below, for a short the reverse.
 */
export interface ContractSetTpSlRequest {
  symbol: string;
  takeProfit?: string | null;
  stopLoss?: string | null;
}
/** The trigger prices in force after the change (null: none). */
export interface ContractSetTpSlReply {
  symbol: string;
  takeProfit: string | null;
  stopLoss: string | null;
}

/** Adds to or removes from the margin of an isolated position. */
export interface ContractAdjustMarginRequest {
  symbol: string;
  amount: string;
  type: 'add' | 'remove';
}
export interface ContractAdjustMarginReply {
  symbol: string;
  /** The position's margin after the change. */
  margin: string;
}

/** An open position with its risk figures at the current mark. */
export interface ContractPositionItem {
  symbol: string;
  codeName: string;
  direction: ContractDirection;
  /** Coin quantity (positive) and the same in lots. */
  quantity: string;
  lots: number;
  multiplier: string;
  leverage: number;
  marginType: MarginType;
  /** Entry notional / quantity. */
  entryPrice: string;
  markPrice: string | null;
  /** quantity × mark price (the entry price before the first mark). */
  notional: string;
  /** Isolated: the position's margin; cross: the initial margin held for it. */
  margin: string;
  /** Margin held for the user's pending orders in this market. */
  entrustMargin: string;
  unrealizedPnl: string;
  /**
   * Entry notional (Σ fill notionals, quote): exact, so the browser recomputes unrealizedPnl, profitRate, maintenance
   * and liquidationPrice at every mark with the server's own functions (perpMath) to the last digit.
   */
  entryNotional: string;
  /** Margin ratio: maintenance over margin balance (isolated: the position's; cross: the cross account's), percent; null without a margin balance. */
  marginRatio: string | null;
  /** unrealizedPnl over the initial margin (entry notional / leverage), percent. */
  profitRate: string;
  maintenanceMargin: string;
  /** The mark price at which the position is liquidated; null when no price would (or before the first mark). */
  liquidationPrice: string | null;
  /** Place in the auto-deleveraging queue, 0–4 (Binance's adlQuantile: lights shown = value + 1). */
  adlQuantile: number | null;
  /** The position's take-profit and stop-loss trigger prices (setTpSl), null when none. */
  takeProfit: string | null;
  stopLoss: string | null;
}
export interface ContractSettingItem {
  symbol: string;
  leverage: number;
  marginType: MarginType;
}
/**
 * The contract account (USDT) as its positions see it. walletBalance = available + positionMargin + entrustMargin
 * (what the positions and orders hold frozen; funds an operator froze are no one's collateral and not counted)
 * less what the cross account owes (a realized loss past its cash that its open positions carry: the wallet is then
 * negative, as Binance's); crossWalletBalance = walletBalance − the isolated positions' margins (what cross
 * positions stand on).
 * The unrealized figures are at the marks of `time`; the browser moves them with every mark (perpMath).
 */
export interface ContractAccountItem {
  asset: string;
  walletBalance: string;
  crossWalletBalance: string;
  /** Σ unrealized P&L of every position (cross and isolated). */
  unrealizedPnl: string;
  /** walletBalance + unrealizedPnl. */
  marginBalance: string;
  /** Σ margins of open positions (cross initial margins and isolated margins). */
  positionMargin: string;
  /** Σ margin held for pending orders. */
  entrustMargin: string;
  /** Σ maintenance margin of the cross positions. */
  crossMaintenance: string;
  /** Cross margin ratio, percent: crossMaintenance / (crossWalletBalance + cross unrealized P&L); null without cross positions. */
  crossMarginRatio: string | null;
  /**
   * The contract wallet's available balance less what the account owes (never below 0): what a new order's margin
   * and a transfer out draw on; both may use it only less the cross positions' unrealized loss (Σ negative
   * unrealizedPnl of cross positions), never their profit.
   */
  available: string;
  time: number;
}
/** GET positions: the open positions, the leverage and margin type of every market, and the account. */
export interface ContractPositionsReply {
  positions: ContractPositionItem[];
  settings: ContractSettingItem[];
  account: ContractAccountItem;
}

// Conditional orders (/app/contract/placeConditional, conditionalList, cancelConditional): an order that waits for
// the mark (default) or the last price to reach its trigger, then enters the book as a limit (stopLimit,
// takeProfitLimit) or market (stopMarket, takeProfitMarket) order through the same checks as any other. A stop
// buys when the price rises to the trigger and sells when it falls to it; a take-profit the reverse. A trigger the
// price has already passed is refused (contract.trigger.immediate). A position's take-profit and stop-loss
// (setTpSl) are conditional orders too (origin takeProfit / stopLoss, closePosition true).
export const CONTRACT_CONDITIONAL_TYPES = ['stopLimit', 'stopMarket', 'takeProfitLimit', 'takeProfitMarket'] as const;
export type ContractConditionalType = (typeof CONTRACT_CONDITIONAL_TYPES)[number];
export const CONTRACT_WORKING_TYPES = ['mark', 'last'] as const;
export type ContractWorkingType = (typeof CONTRACT_WORKING_TYPES)[number];
export interface ContractPlaceConditionalRequest {
  symbol: string;
  side: OrderSide;
  type: ContractConditionalType;
  triggerPrice: string;
  /** Default mark. */
  workingType?: ContractWorkingType;
  /** Limit types only: the price of the order it releases. */
  price?: string;
  /** Coin quantity, a whole number of lots. */
  amount: string;
  reduceOnly?: boolean;
  /** Limit types only; default GTC. */
  timeInForce?: TimeInForce;
  clientOrderId?: string;
}
/**
 * waiting: armed; triggered: released its order (orderNo); cancelled: by the user (cancelConditional, cancelAll), a
 * one-key close or its position's end; expired: its order could not be placed when triggered (reason in rejectReason).
 */
export type ContractConditionalStatus = 'waiting' | 'triggered' | 'cancelled' | 'expired';
export type ContractConditionalOrigin = 'trigger' | 'takeProfit' | 'stopLoss';
export interface ContractConditionalItem {
  conditionalNo: number;
  clientOrderId: string | null;
  symbol: string;
  codeName: string;
  side: OrderSide;
  /** The position side it opens, or (closing) the side of the position it closes. */
  direction: ContractDirection;
  type: ContractConditionalType;
  triggerPrice: string;
  workingType: ContractWorkingType;
  /** Limit types: the released order's price; null for market types. */
  price: string | null;
  /** null for a close-position order (it closes whatever the position is when it fires). */
  quantity: string | null;
  closePosition: boolean;
  reduceOnly: boolean;
  origin: ContractConditionalOrigin;
  status: ContractConditionalStatus;
  /** The order it released (triggered), null before. */
  orderNo: number | null;
  /**
   * Why its order was refused when it fired, null otherwise: an error code of the catalogue (contract/errors.ts: the
   * msgid of server.po, mapped to the web's message by src/i18n/rules.ts), e.g. funds.insufficient.
   */
  rejectReason: string | null;
  time: number;
  updateTime: number;
}
export interface ContractPlaceConditionalReply {
  conditional: ContractConditionalItem;
  /** True when clientOrderId repeated an earlier one: nothing new was placed. */
  duplicate: boolean;
}
/** active 1: waiting; 2: history (triggered, cancelled, expired). */
export interface ContractConditionalListRequest extends PagedRequest {
  active: 1 | 2;
  symbol?: string;
}
export interface ContractCancelConditionalRequest {
  conditionalNo: number;
}

/**
 * active 1: pending orders; 2: history (every order that ended). Times bound the order time, inclusive. Plain orders
 * only (those a conditional order released included): conditional orders are on conditionalList.
 */
export interface ContractOrderListRequest extends PagedRequest {
  active: 1 | 2;
  symbol?: string;
  startTime?: number;
  endTime?: number;
}

export interface ContractOrderDetailRequest {
  orderNo: number;
}
export interface ContractTradeItem {
  tradeId: number;
  symbol: string;
  orderNo: number;
  side: OrderSide;
  maker: boolean;
  price: string;
  quantity: string;
  total: string;
  fee: string;
  feeAsset: string;
  realizedPnl: string;
  time: number;
}
/** A funding payment of the position an order opened or added to (spec: the contract order's holding fee). */
export interface ContractOrderFundingItem {
  time: number;
  /** Percent; longs paid shorts when positive. */
  fundingRate: string;
  markPrice: string;
  /** The position's size at that settlement (coin). */
  quantity: string;
  /** Signed: − paid, + received. */
  amount: string;
}
export interface ContractOrderDetailReply {
  order: ContractOrderItem;
  trades: ContractTradeItem[];
  /**
   * Funding the position paid and received from this order's first fill until the position was next flat (or now):
   * empty for a closing order and for one that never traded.
   */
  funding: ContractOrderFundingItem[];
  /** Σ funding.amount, signed. */
  holdingFee: string;
}

/** A market's settled funding, newest first; at most `limit` (1-1000, default 100) between the times (inclusive). */
export interface ContractFundingHistoryRequest {
  symbol: string;
  startTime?: number;
  endTime?: number;
  limit?: number;
}
export interface ContractFundingItem {
  symbol: string;
  /** Settlement time. */
  time: number;
  /** Percent; longs paid shorts when positive. */
  fundingRate: string;
  markPrice: string;
}
export interface ContractFundingHistoryReply {
  list: ContractFundingItem[];
}

/** POST insuranceFund (public): the fund's balance and its movements, newest first. */
export type ContractInsuranceFundRequest = PagedRequest;
export type InsuranceFundItemType = 'liquidation' | 'funding' | 'trade' | 'adl' | 'other';
export interface InsuranceFundItem {
  id: number;
  time: number;
  /** liquidation: clearance fees in, or a liquidation's loss past its margin out; funding: rounding residue and
   *  unpaid funding; trade, adl: a loss past a user's collateral the fund paid. */
  type: InsuranceFundItemType;
  symbol: string | null;
  /** Signed: + into the fund. */
  amount: string;
  /** The fund's balance after this movement. */
  balance: string;
}
export interface ContractInsuranceFundReply {
  asset: string;
  /** May be negative: a fund in deficit is shown as such. */
  balance: string;
  history: Page<InsuranceFundItem>;
}

// ---- contract WebSocket topics, on /ws next to contract/ws.ts's ----
// Public: `markPrice@BTCUSDT` (Binance's markPriceUpdate, once a second), `funding@BTCUSDT` (the funding rate and
// the countdown to the next settlement, with every mark). Private (after auth): `contractPositions` (a position
// after a change: trade, margin, leverage or margin type), `contractOrders` (an order's state after a change),
// `contractConditionals` (a conditional order's state after a change), `contractAccount` (ContractAccountItem after
// any change of the wallet or the margins: fills, funding, transfers, margin changes, liquidation).

export type ContractPublicTopic = `markPrice@${string}` | `funding@${string}`;
export type ContractPrivateTopic = 'contractPositions' | 'contractOrders' | 'contractConditionals' | 'contractAccount';
export type ContractTopic = ContractPublicTopic | ContractPrivateTopic;
export const CONTRACT_PRIVATE_TOPICS: readonly ContractPrivateTopic[] = ['contractPositions', 'contractOrders', 'contractConditionals', 'contractAccount'];

const CONTRACT_TOPIC = /^(?:(?:markPrice|funding)@[A-Z0-9]{2,20}|contractPositions|contractOrders|contractConditionals|contractAccount)$/;
export function isContractTopic(value: string): value is ContractTopic {
  return CONTRACT_TOPIC.test(value);
}
export function isContractPrivateTopic(value: string): value is ContractPrivateTopic {
  return (CONTRACT_PRIVATE_TOPICS as readonly string[]).includes(value);
}

/** `markPrice@SYMBOL`: Binance's markPriceUpdate (prices at 8 decimals, r the funding rate as a ratio). */
export interface MarkPriceEvent {
  e: 'markPriceUpdate';
  E: number;
  s: string;
  p: string;
  i: string | null;
  r: string;
  T: number;
}
/** `funding@SYMBOL`: what a funding countdown shows. */
export interface FundingCountdownEvent {
  symbol: string;
  /** Predicted rate of the running interval, percent. */
  fundingRate: string;
  nextFundingTime: number;
  /** Milliseconds from `time` to nextFundingTime (count down against the server time of pong). */
  countdown: number;
  time: number;
}
/** `contractPositions`: one market's position after a change; null when it is now closed (flat). */
export interface ContractPositionUpdate {
  symbol: string;
  leverage: number;
  marginType: MarginType;
  position: ContractPositionItem | null;
  time: number;
}
