// What a new user starts with: a numeric id (from the store), an invite code, a masked default nickname.
import type { Channel } from '../contract/api.ts';
import type { Repositories } from '../store/index.ts';
import { newInviteCode } from './secrets.ts';

/** "abcdef@mail.com" → "ab***@mail.com"; "+8613812341234" → "+86***1234". */
export function maskAccount(channel: Channel, account: string): string {
  if (channel === 'email') {
    const at = account.lastIndexOf('@');
    const local = account.slice(0, at);
    const keep = Math.min(2, Math.max(1, local.length - 1));
    return `${local.slice(0, keep)}***${account.slice(at)}`;
  }
  if (account.length < 8) return `${account.slice(0, 2)}***${account.slice(-2)}`;
  return `${account.slice(0, 3)}***${account.slice(-4)}`;
}

export interface NewAccount {
  email: string | null;
  phone: string | null;
  passwordHash: string;
  referrerId: number | null;
  realNameStatus?: 'none' | 'certified';
  now: number;
}

const INVITE_TRIES = 8;

async function freshInviteCode(repos: Repositories): Promise<string> {
  // 31^8 codes: a clash is rare, so checking first and retrying is enough; the unique index is the backstop.
  for (let i = 0; i < INVITE_TRIES; i++) {
    const code = newInviteCode();
    if (!(await repos.users.findByInviteCode(code))) return code;
  }
  throw new Error('could not find a free invite code');
}

/** Inserts a user with its derived fields and returns the new userId. Accounts must be normalized. */
export async function createUser(repos: Repositories, account: NewAccount): Promise<number> {
  const primary: Channel = account.email ? 'email' : 'phone';
  const nickname = maskAccount(primary, account.email ?? account.phone ?? '');
  return repos.users.insert({
    email: account.email,
    phone: account.phone,
    password_hash: account.passwordHash,
    fund_password_hash: null,
    nickname,
    invite_code: await freshInviteCode(repos),
    referrer_id: account.referrerId,
    real_name_status: account.realNameStatus ?? 'none',
    credit_score: 100,
    frozen: 0,
    has_recharge: 0,
    created_at: account.now,
    updated_at: account.now,
  });
}
