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
} as const;

/** Header that carries the session token (spec §7). */
export const TICKET_HEADER = 'ticket';
/** Header the web app sends with its chosen language; Accept-Language is the fallback. */
export const LANG_HEADER = 'lang';

export type Channel = 'email' | 'phone';
export type CodePurpose = 'register' | 'reset' | 'bind';

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

