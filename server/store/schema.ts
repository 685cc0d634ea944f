// Table shapes as Kysely sees them. Timestamps are integer Unix milliseconds; flags are 0/1 integers so both
// dialects store them the same way; money is a 64-bit integer of minor units, read through money() (money.ts).
import type { ColumnType, Generated } from 'kysely';
import type { Money } from './money.ts';
import type {
  AssetRecordsTable,
  BalancesTable,
  DeskLeasesTable,
  LedgerEntriesTable,
  LedgerLinesTable,
  SpotOrderEventsTable,
  SpotOrdersTable,
  SpotTradesTable,
  SystemBalancesTable,
  TransfersTable,
} from './ledger-schema.ts';

export type * from './ledger-schema.ts';

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
  /** Quote minor units per whole base coin per tick, e.g. 0.01 USDT = 1000000. */
  tick_size: Money;
  /** Base minor units per lot. */
  lot_size: Money;
  /** Bounds on an order's base quantity, in base minor units. */
  min_qty: Money;
  max_qty: Money;
  /** Bounds on price × quantity, in quote minor units. */
  min_notional: Money;
  max_notional: Money;
  /** Market orders sweep at most this far from the caller's reference price, in basis points (500 = 5%). */
  price_band_bps: ColumnType<number, number | undefined, number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  system_config: SystemConfigTable;
  rate_limits: RateLimitsTable;
  markets: MarketsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_lines: LedgerLinesTable;
  balances: BalancesTable;
  system_balances: SystemBalancesTable;
  asset_records: AssetRecordsTable;
  transfers: TransfersTable;
  desk_leases: DeskLeasesTable;
  spot_orders: SpotOrdersTable;
  spot_trades: SpotTradesTable;
  spot_order_events: SpotOrderEventsTable;
}

export type Dialect = 'sqlite' | 'postgres';
