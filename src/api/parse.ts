// Small shape checks for replies: the envelope and each `data` the app reads. Nothing typed past these is unchecked.
import type { CoinItem, FavouritesReply, LoginReply, SendCodeReply, UserInfo } from '../contract.ts';
import { SUCCESS } from '../contract.ts';

export type Parser<T> = (data: unknown) => T | null;

export type Json = Record<string, unknown>;
export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStringOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** The `{code, msg, data}` envelope of every /app reply; `code` is kept as sent even when we don't know it. */
export interface RawEnvelope {
  code: string;
  msg: string;
  data: unknown;
}
export function parseEnvelope(body: unknown): RawEnvelope | null {
  if (!isRecord(body) || !isString(body.code)) return null;
  const msg = isString(body.msg) ? body.msg : '';
  return { code: body.code, msg, data: body.data ?? null };
}
export const isSuccess = (envelope: RawEnvelope): boolean => envelope.code === SUCCESS;

/** For calls whose reply data the app does not read. */
export const ignoreData: Parser<true> = () => true;

const REAL_NAME = ['none', 'pending', 'failed', 'certified'] as const;
const SAFETY = ['low', 'medium', 'high'] as const;
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => isString(v) && (list as readonly string[]).includes(v);

export const parseUserInfo: Parser<UserInfo> = (d) => {
  if (!isRecord(d) || !isNumber(d.userId) || !isString(d.nickName)) return null;
  return {
    userId: d.userId,
    nickName: d.nickName,
    username: isString(d.username) ? d.username : d.nickName,
    email: isStringOrNull(d.email) ? d.email : null,
    phone: isStringOrNull(d.phone) ? d.phone : null,
    inviteCode: isString(d.inviteCode) ? d.inviteCode : '',
    registerTime: isNumber(d.registerTime) ? d.registerTime : 0,
    realNameStatus: oneOf(REAL_NAME, d.realNameStatus) ? d.realNameStatus : 'none',
    safetyLevel: oneOf(SAFETY, d.safetyLevel) ? d.safetyLevel : 'low',
    creditScore: isNumber(d.creditScore) ? d.creditScore : 0,
    hasFundPassword: d.hasFundPassword === true,
    frozen: d.frozen === true,
    hasRecharge: d.hasRecharge === true,
  };
};

export const parseLoginReply: Parser<LoginReply> = (d) =>
  isRecord(d) && isString(d.token) && d.token ? { token: d.token, expiresAt: isNumber(d.expiresAt) ? d.expiresAt : 0 } : null;

export const parseSendCodeReply: Parser<SendCodeReply> = (d) =>
  isRecord(d) && isNumber(d.resendAfter)
    ? { resendAfter: d.resendAfter, expiresIn: isNumber(d.expiresIn) ? d.expiresIn : 0 }
    : null;

function parseCoin(d: unknown): CoinItem | null {
  if (!isRecord(d) || !isString(d.codeName)) return null;
  const price = isString(d.price) ? d.price : isNumber(d.price) ? String(d.price) : null;
  return { codeName: d.codeName, price, isOpen: isNumber(d.isOpen) ? d.isOpen : 1, maintenance: d.maintenance === true };
}

/** The coin list arrives as a page `{list, total, …}`; a bare array is accepted too. */
export const parseCoinList: Parser<CoinItem[]> = (d) => {
  const list = Array.isArray(d) ? d : isRecord(d) && Array.isArray(d.list) ? d.list : null;
  if (!list) return null;
  const coins = list.map(parseCoin);
  return coins.every((c): c is CoinItem => c !== null) ? coins : null;
};

/** `data.value` of a system-config reply; an empty or missing value means the operator has not set it. */
export const parseConfigValue: Parser<{ value: string | null }> = (d) => {
  if (!isRecord(d)) return null;
  return { value: isString(d.value) && d.value.trim() ? d.value.trim() : null };
};

/** `data.retryAfter` (seconds) of a `verify.code.resend.wait` reply. */
export function retryAfterSeconds(data: unknown): number | null {
  if (!isRecord(data)) return null;
  const value = data.retryAfter ?? data.resendAfter;
  return isNumber(value) && value > 0 ? Math.ceil(value) : null;
}

/** The watchlist: every entry must be a symbol (a reply with anything else is malformed, not trimmed). */
export const parseFavouritesReply: Parser<FavouritesReply> = (d) =>
  isRecord(d) && Array.isArray(d.symbols) && d.symbols.every(isString) ? { symbols: [...d.symbols] } : null;
