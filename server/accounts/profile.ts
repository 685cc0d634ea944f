// The UserInfo reply (contract) from a stored user.
import type { RealNameStatus, SafetyLevel, UserInfo } from '../contract/api.ts';
import type { UserRow } from '../store/users.ts';

const REAL_NAME: readonly RealNameStatus[] = ['none', 'pending', 'failed', 'certified'];

/** One point per second factor bound (e-mail, phone, fund password): 1 → low, 2 → medium, 3 → high. */
export function safetyLevel(user: UserRow): SafetyLevel {
  const factors = [user.email, user.phone, user.fund_password_hash].filter((v) => v !== null).length;
  return factors >= 3 ? 'high' : factors === 2 ? 'medium' : 'low';
}

export function toUserInfo(user: UserRow): UserInfo {
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
    safetyLevel: safetyLevel(user),
    creditScore: user.credit_score,
    hasFundPassword: user.fund_password_hash !== null,
    frozen: user.frozen === 1,
    hasRecharge: user.has_recharge === 1,
  };
}
