// Security-centre calls (issue 21): the overview, codes, bindings, passwords, anti-phishing, devices and history.
// Every reply is shape-checked here; nothing past these parsers is unchecked.
import {
  SAFETY_ITEMS,
  SECURITY_API,
  type AntiPhishingRequest,
  type BindRequest,
  type ChangePasswordRequest,
  type FundPasswordChangeRequest,
  type FundPasswordSetRequest,
  type LoginHistoryEntry,
  type LoginHistoryPage,
  type SafetyItem,
  type SecurityOverview,
  type SecuritySendCodeRequest,
  type SendCodeReply,
  type SessionInfo,
} from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { ignoreData, isRecord, parseSendCodeReply, type Parser } from './parse.ts';

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const stringOrNull = (v: unknown): string | null => (isString(v) ? v : null);
const numberOrNull = (v: unknown): number | null => (isNumber(v) ? v : null);
const SAFETY = ['low', 'medium', 'high'] as const;
const method = (v: unknown) => (v === 'passkey' ? 'passkey' : 'password') as 'password' | 'passkey';

export const parseSecurityOverview: Parser<SecurityOverview> = (d) => {
  if (!isRecord(d) || !Array.isArray(d.missing)) return null;
  const level = SAFETY.find((l) => l === d.safetyLevel);
  if (!level) return null;
  return {
    email: stringOrNull(d.email),
    phone: stringOrNull(d.phone),
    passwordChangedAt: numberOrNull(d.passwordChangedAt),
    fundPasswordSet: d.fundPasswordSet === true,
    totpEnabled: d.totpEnabled === true,
    passkeys: isNumber(d.passkeys) ? d.passkeys : 0,
    antiPhishingSet: d.antiPhishingSet === true,
    antiPhishingCode: stringOrNull(d.antiPhishingCode),
    safetyLevel: level,
    missing: d.missing.filter((m): m is SafetyItem => (SAFETY_ITEMS as readonly unknown[]).includes(m)),
    withdrawalLockedUntil: numberOrNull(d.withdrawalLockedUntil),
  };
};

function parseSession(d: unknown): SessionInfo | null {
  if (!isRecord(d) || !isString(d.id) || !isNumber(d.createdAt)) return null;
  return {
    id: d.id,
    device: isString(d.device) ? d.device : '',
    address: isString(d.address) ? d.address : '',
    method: method(d.method),
    createdAt: d.createdAt,
    lastSeenAt: isNumber(d.lastSeenAt) ? d.lastSeenAt : d.createdAt,
    current: d.current === true,
  };
}

export const parseSessions: Parser<SessionInfo[]> = (d) => {
  if (!Array.isArray(d)) return null;
  const rows = d.map(parseSession);
  return rows.every((r): r is SessionInfo => r !== null) ? rows : null;
};

function parseHistoryEntry(d: unknown): LoginHistoryEntry | null {
  if (!isRecord(d) || !isNumber(d.at)) return null;
  return {
    at: d.at,
    address: isString(d.address) ? d.address : '',
    device: isString(d.device) ? d.device : '',
    method: method(d.method),
    result: d.result === 'success' ? 'success' : 'failed',
  };
}

export const parseLoginHistory: Parser<LoginHistoryPage> = (d) => {
  if (!isRecord(d) || !Array.isArray(d.items) || !isNumber(d.total)) return null;
  const items = d.items.map(parseHistoryEntry);
  if (!items.every((r): r is LoginHistoryEntry => r !== null)) return null;
  return { items, total: d.total, page: isNumber(d.page) ? d.page : 1, pageSize: isNumber(d.pageSize) ? d.pageSize : items.length };
};

const parseRevoked: Parser<{ revoked: number }> = (d) => (isRecord(d) && isNumber(d.revoked) ? { revoked: d.revoked } : null);

export const fetchSecurityOverview = (options?: CallOptions): Promise<SecurityOverview> =>
  api.get(SECURITY_API.overview, parseSecurityOverview, undefined, options);

export const sendSecurityCode = (body: SecuritySendCodeRequest, options?: CallOptions): Promise<SendCodeReply> =>
  api.post(SECURITY_API.sendCode, parseSendCodeReply, body, options);

export const bindAccount = (channel: 'email' | 'phone', body: BindRequest, options?: CallOptions): Promise<true> =>
  api.post(channel === 'email' ? SECURITY_API.bindEmail : SECURITY_API.bindPhone, ignoreData, body, options);

export const changePassword = (body: ChangePasswordRequest, options?: CallOptions): Promise<true> =>
  api.post(SECURITY_API.changePassword, ignoreData, body, options);

export const setFundPassword = (body: FundPasswordSetRequest, options?: CallOptions): Promise<true> =>
  api.post(SECURITY_API.fundPasswordSet, ignoreData, body, options);

export const changeFundPassword = (body: FundPasswordChangeRequest, options?: CallOptions): Promise<true> =>
  api.post(SECURITY_API.fundPasswordChange, ignoreData, body, options);

export const setAntiPhishing = (body: AntiPhishingRequest, options?: CallOptions): Promise<true> =>
  api.post(SECURITY_API.antiPhishing, ignoreData, body, options);

export const fetchSessions = (options?: CallOptions): Promise<SessionInfo[]> => api.get(SECURITY_API.sessions, parseSessions, undefined, options);

export const revokeSession = (id: string, options?: CallOptions): Promise<true> =>
  api.post(SECURITY_API.revokeSession, ignoreData, { id }, options);

export const revokeOtherSessions = (options?: CallOptions): Promise<{ revoked: number }> =>
  api.post(SECURITY_API.revokeOtherSessions, parseRevoked, {}, options);

export const fetchLoginHistory = (page: number, pageSize: number, options?: CallOptions): Promise<LoginHistoryPage> =>
  api.get(SECURITY_API.loginHistory, parseLoginHistory, { page, pageSize }, options);
