// Table shapes as Kysely sees them. Timestamps are integer Unix milliseconds; flags are 0/1 integers so both
// dialects store them the same way.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  phone: string | null;
  password_hash: string;
  fund_password_hash: string | null;
  nickname: string;
  invite_code: string;
  referrer_id: number | null;
  real_name_status: string;
  credit_score: number;
  frozen: number;
  has_recharge: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface VerificationCodesTable {
  channel: string;
  account: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  status: string;
  error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface SystemConfigTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface MarketsTable {
  symbol: string;
  base: string;
  quote: string;
  kind: string;
  sort: number;
  is_open: number;
  maintenance: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  system_config: SystemConfigTable;
  rate_limits: RateLimitsTable;
  markets: MarketsTable;
}

export type Dialect = 'sqlite' | 'postgres';
