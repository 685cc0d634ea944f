// The UserInfo reply (contract) from a stored user, and the safety level (spec: low/medium/high) it and the security
// overview (security/service.ts) share.
import type { RealNameStatus, SafetyLevel, UserInfo } from '../contract/api.ts';
import { SAFETY_ITEMS, type SafetyItem } from '../contract/security.ts';
import type { Store } from '../store/index.ts';
import type { UserRow } from '../store/users.ts';

const REAL_NAME: readonly RealNameStatus[] = ['none', 'pending', 'failed', 'certified'];

/** What the users row does not hold: a second factor (TOTP or a passkey) and an anti-phishing code. */
export interface ExtraFactors {
  readonly twoFactor: boolean;
  readonly antiPhishing: boolean;
}

const NO_EXTRAS: ExtraFactors = { twoFactor: false, antiPhishing: false };

/** Each item bound or set, in SAFETY_ITEMS order. */
export function safetyItems(user: UserRow, extras: ExtraFactors = NO_EXTRAS): Record<SafetyItem, boolean> {
  return {
    email: user.email !== null,
    phone: user.phone !== null,
    fundPassword: user.fund_password_hash !== null,
    twoFactor: extras.twoFactor,
    antiPhishing: extras.antiPhishing,
  };
}

/** What would raise the level: the items not done yet. */
export function missingItems(user: UserRow, extras: ExtraFactors = NO_EXTRAS): SafetyItem[] {
  const done = safetyItems(user, extras);
  return SAFETY_ITEMS.filter((item) => !done[item]);
}

/**
 * One point per item done (e-mail bound, phone bound, fund password, TOTP or a passkey, anti-phishing code):
 * 0–1 → low, 2 → medium, 3 or more → high. A new account (one address) is low; an account that can withdraw
 * safely (two addresses and a fund password, or one address, a fund password and a second factor) is high.
 */
export function safetyLevel(user: UserRow, extras: ExtraFactors = NO_EXTRAS): SafetyLevel {
  const points = Object.values(safetyItems(user, extras)).filter(Boolean).length;
  return points >= 3 ? 'high' : points === 2 ? 'medium' : 'low';
}

/** The factors outside the users row, read from the store (two-factor summary and the security row). */
export async function extraFactors(store: Store, user: number): Promise<ExtraFactors> {
  const [twoFactor, security] = await Promise.all([store.twoFactor.summary(user), store.security.get(user)]);
  return { twoFactor: twoFactor.totpEnabled || twoFactor.passkeys > 0, antiPhishing: Boolean(security?.anti_phishing_code) };
}

/** `extras` from extraFactors; without them the level counts only what the users row holds. */
export function toUserInfo(user: UserRow, extras: ExtraFactors = NO_EXTRAS): UserInfo {
  const realName = REAL_NAME.find((s) => s === user.real_name_status) ?? 'none';
  return {
    userId: user.id,
    nickName: user.nickname,
    username: user.email ?? user.phone ?? String(user.id),
    email: user.email,
    phone: user.phone,
    inviteCode: user.invite_code,
    registerTime: user.created_at,
    realNameStatus: realName,
    safetyLevel: safetyLevel(user, extras),
    creditScore: user.credit_score,
    hasFundPassword: user.fund_password_hash !== null,
    frozen: user.frozen === 1,
    hasRecharge: user.has_recharge === 1,
  };
}
