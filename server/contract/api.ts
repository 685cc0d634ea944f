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
} as const;

/** Header that carries the session token (spec §7). */
export const TICKET_HEADER = 'ticket';
/** Header the web app sends with its chosen language; Accept-Language is the fallback. */
export const LANG_HEADER = 'lang';

export type Channel = 'email' | 'phone';
/** login: the code a sign-in needs after many failed ones on the account (reply login.code.required). */
export type CodePurpose = 'register' | 'reset' | 'bind' | 'login';

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
  'open_long_fee', 'open_short_fee', 'long_margin', 'short_margin', 'margin_refund_long', 'margin_refund_short',
  'margin_income_buy', 'margin_income_sell', 'contract_income', 'holding_fee', 'liquidation_fee', 'product_buy', 'product_sell',
] as const;
export type AssetRecordType = (typeof ASSET_RECORD_TYPES)[number];

export interface AssetRecordsRequest extends PagedRequest {
  /** One type or several. */
  type?: AssetRecordType | AssetRecordType[];
  asset?: string;
  account?: AccountType;
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
  /** What caused it: order:12, trade:BTCUSDT:3, transfer:<id>, admin:<memo>. */
  ref: string;
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
export const LAYOUT_SCREENS = ['spot'] as const;
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
