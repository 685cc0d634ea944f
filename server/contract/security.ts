// Security: the /app API's shared contract (paths, request and reply types, refusal codes, field rules). Issue 21.
import type { Channel, SafetyLevel } from './api.ts';

export const SECURITY_API = {
  overview: '/app/security/overview',
  /** A code to the account's own address of a channel (purpose 'verify') or to a new address to bind ('bind'). */
  sendCode: '/app/security/sendCode',
  bindEmail: '/app/security/bindEmail',
  bindPhone: '/app/security/bindPhone',
  changePassword: '/app/security/changePassword',
  fundPasswordSet: '/app/security/fundPassword/set',
  fundPasswordChange: '/app/security/fundPassword/change',
  antiPhishing: '/app/security/antiPhishing',
  sessions: '/app/security/sessions',
  revokeSession: '/app/security/sessions/revoke',
  revokeOtherSessions: '/app/security/sessions/revokeOthers',
  loginHistory: '/app/security/loginHistory',
} as const;

/** Refusals of these routes; each has a message in locales/<locale>/server.po (a code ending in .throttled answers 429). */
export const SECURITY_ERROR_CODES = [
  /** Too many wrong tries of a secret (code, password, fund password, TOTP) on this account: data.retryAfter seconds. */
  'security.throttled',
  /** A "verify it's you" code asked for a channel (e-mail, phone) the account has nothing bound on. */
  'security.channel.notBound',
  /** The address to bind is the one already bound. */
  'security.bind.same',
  /** The current login password given to change it is wrong. */
  'security.password.wrong',
  /** The new login password is the current one. */
  'security.password.same',
  /** No fund password set yet (change it, or a withdrawal asked for one). */
  'security.fund.notSet',
  /** A fund password is set already: change it instead. */
  'security.fund.alreadySet',
  /** The fund password is wrong. */
  'security.fund.wrong',
  /** The fund password breaks its rule (FUND_PASSWORD_MIN..MAX characters, no spaces). */
  'security.fund.format',
  /** The fund password must differ from the login password. */
  'security.fund.sameAsLogin',
  /** The anti-phishing code breaks its rule (4–20 letters, digits or _, at least one letter). */
  'security.antiPhishing.format',
  /** No such session among the user's own (another user's id answers the same). */
  'security.session.notFound',
  /** Withdrawals are locked after a security change: data.until (Unix ms). The wallet answers it. */
  'security.withdrawal.locked',
] as const;
export type SecurityErrorCode = (typeof SECURITY_ERROR_CODES)[number];

export const FUND_PASSWORD_MIN = 6;
export const FUND_PASSWORD_MAX = 32;
/** 4–20 letters, digits or underscores with at least one letter: never all digits, so it can't pass for a code. */
export const ANTI_PHISHING_RULE = /^(?=[A-Za-z0-9_]*[A-Za-z])[A-Za-z0-9_]{4,20}$/;

export function checkFundPassword(password: string): SecurityErrorCode | 'validate.required' | null {
  if (!password) return 'validate.required';
  if (password.length < FUND_PASSWORD_MIN || password.length > FUND_PASSWORD_MAX || /\s/.test(password)) return 'security.fund.format';
  return null;
}

export function checkAntiPhishing(code: string): SecurityErrorCode | 'validate.required' | null {
  if (!code) return 'validate.required';
  return ANTI_PHISHING_RULE.test(code) ? null : 'security.antiPhishing.format';
}

/** What raises the safety level: each one bound or set is a point (profile.ts safetyLevel). */
export type SafetyItem = 'email' | 'phone' | 'fundPassword' | 'twoFactor' | 'antiPhishing';
export const SAFETY_ITEMS: readonly SafetyItem[] = ['email', 'phone', 'fundPassword', 'twoFactor', 'antiPhishing'];

export interface SecurityOverview {
  /** Bound addresses, masked (a***@example.com, 138****5678), or null. */
  email: string | null;
  phone: string | null;
  /** Unix ms of the last login-password change or reset; null when unchanged since sign-up. */
  passwordChangedAt: number | null;
  fundPasswordSet: boolean;
  totpEnabled: boolean;
  passkeys: number;
  antiPhishingSet: boolean;
  /** The anti-phishing code masked (first two characters shown), or null. */
  antiPhishingCode: string | null;
  safetyLevel: SafetyLevel;
  /** What is not done yet, in the order the page lists it: each raises the level. */
  missing: SafetyItem[];
  /** Unix ms until which withdrawals are locked after a security change, or null. */
  withdrawalLockedUntil: number | null;
}

export interface SecuritySendCodeRequest {
  channel: Channel;
  purpose: 'verify' | 'bind';
  /** The new address (purpose 'bind' only); a 'verify' code goes to the account's own address of the channel. */
  account?: string | undefined;
}

export interface BindRequest {
  /** The new e-mail or phone. */
  account: string;
  /** The code sent to the new address (purpose 'bind'). */
  code: string;
  /** When changing: the code sent to the address bound now (purpose 'verify'). */
  oldCode?: string | undefined;
}

/** The "verify it's you" code every change below needs: sent to the account's address of `channel`. */
export interface VerifiedRequest {
  channel: Channel;
  code: string;
}

export interface ChangePasswordRequest extends VerifiedRequest {
  oldPassword: string;
  newPassword: string;
}

export interface FundPasswordSetRequest extends VerifiedRequest {
  fundPassword: string;
}

export interface FundPasswordChangeRequest extends VerifiedRequest {
  oldFundPassword: string;
  fundPassword: string;
}

export interface AntiPhishingRequest extends VerifiedRequest {
  antiPhishingCode: string;
}

export type LoginMethodName = 'password' | 'passkey';

export interface SessionInfo {
  /** The session's public id (not its token): what revoke takes. */
  id: string;
  /** "Chrome 131 on Windows" from the User-Agent. */
  device: string;
  address: string;
  method: LoginMethodName;
  createdAt: number;
  lastSeenAt: number;
  /** The session asking. */
  current: boolean;
}

export interface RevokeSessionRequest {
  id: string;
}

export interface LoginHistoryEntry {
  at: number;
  address: string;
  device: string;
  method: LoginMethodName;
  result: 'success' | 'failed';
}

export interface LoginHistoryPage {
  items: LoginHistoryEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export const LOGIN_HISTORY_PAGE_SIZE = 10;
