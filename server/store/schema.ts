// Table shapes as Kysely sees them. Timestamps are integer Unix milliseconds; flags are 0/1 integers so both
// dialects store them the same way; money is a 64-bit integer of minor units, read through money() (money.ts).
import type { ColumnType, Generated } from 'kysely';
import type { Money } from './money.ts';
import type { EarnTables } from './earn.ts';
import type { QuantTables } from './quant.ts';
import type { ContentTables } from './content-tables.ts';
import type { OpsTables } from './ops-tables.ts';
import type {
  AssetRecordsTable,
  BalancesTable,
  DeskLeasesTable,
  DeskLogPositionsTable,
  LedgerEntriesTable,
  LedgerLinesTable,
  SpotOrderEventsTable,
  SpotOrderListsTable,
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

/** A perp order's latest state (upserted by id, batch after batch, like spot_orders). */
export interface PerpOrdersTable {
  id: number;
  user_id: number;
  symbol: string;
  client_order_id: string | null;
  side: string;
  /** limit | market, or a conditional order's stop | stop_market | take_profit | take_profit_market */
  kind: string;
  /** user | liquidation | adl | trigger | tp | sl */
  origin: string;
  tif: string;
  post_only: number;
  reduce_only: number;
  leverage: number;
  /** cross | isolated */
  margin_mode: string;
  /** Limit price (a market order's band bound), quote minor units per whole coin. */
  price: Money;
  /** Base ordered, minor units. */
  qty: Money;
  open_qty: Money;
  filled_qty: Money;
  filled_quote: Money;
  fee: Money;
  /** Signed: profit (+) or loss (−) realized by the order's closing fills. */
  realized_pnl: Money;
  /** new | partially_filled | filled | canceled | expired */
  status: string;
  close_code: number | null;
  /** Place in the desk's time priority while resting: a restart restores open orders in this order. */
  priority: number | null;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
  /** A conditional order's trigger price (quote minor units per coin), null for others. */
  trigger_price: Money | null;
  /** mark | last, for conditional orders. */
  working_type: string | null;
  close_position: number;
  /** Open loss the order holds with its entrust margin, for its whole quantity (0 for most). */
  open_loss: Money;
  /** Fee rates the order was accepted with, parts per million; null in rows written before migration 0035. */
  maker_ppm: number | null;
  taker_ppm: number | null;
}

/** One user's position on one perp market (latest state; size 0 keeps the leverage and margin mode). */
export interface PerpPositionsTable {
  user_id: number;
  symbol: string;
  leverage: number;
  margin_mode: string;
  /** Signed base minor units: + long, − short. */
  size: Money;
  /** Entry notional, quote minor units. */
  cost: Money;
  margin: Money;
  /** Entrust margin frozen for the user's open orders on the market. */
  order_margin: Money;
  /** Cross debt booked on this holding (a loss past the account's cash); the account owes the sum. */
  owed: Money;
  updated_at: number;
}

export interface PerpTradesTable {
  symbol: string;
  trade_no: number;
  price: Money;
  qty: Money;
  quote: Money;
  taker_side: string;
  taker_order: number;
  maker_order: number;
  taker_user: number;
  maker_user: number;
  taker_fee: Money;
  maker_fee: Money;
  taker_pnl: Money;
  maker_pnl: Money;
  /** book | adl */
  via: string;
  time: number;
}

export interface PerpFundingTable {
  symbol: string;
  time: number;
  /** Ratio × 10^8, signed. */
  rate: Money;
  mark: Money;
  /** To (+) or from (−) the insurance fund. */
  insurance: Money;
}

export interface PerpLiquidationsTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  margin_mode: string;
  /** Signed base minor units the position had when liquidation began. */
  size: Money;
  mark: Money;
  bankruptcy: Money;
  fee: Money;
  time: number;
}

/** Mark prices the desk used (the public record behind its liquidations). */
export interface PerpMarksTable {
  symbol: string;
  time: number;
  mark: Money;
  index_price: Money | null;
  /** Ratio × 10^8, signed. */
  funding_rate: Money | null;
}

import type { WalletDeskTables } from './wallet-desk.ts';
import type { WalletTables } from './wallet.ts';
import type { ChainTables } from './chain.ts';
import type { ReservesTables } from './reserves.ts';
import type { SignerTables } from './signer.ts';

/** Issue 22's areas keep their table types beside their repositories. */
export interface Database extends WalletDeskTables, WalletTables, ChainTables, ReservesTables, SignerTables, EarnTables, QuantTables, ContentTables, OpsTables {
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
  desk_log_positions: DeskLogPositionsTable;
  spot_orders: SpotOrdersTable;
  spot_order_lists: SpotOrderListsTable;
  spot_trades: SpotTradesTable;
  spot_order_events: SpotOrderEventsTable;
  perp_orders: PerpOrdersTable;
  perp_positions: PerpPositionsTable;
  perp_trades: PerpTradesTable;
  perp_funding: PerpFundingTable;
  perp_liquidations: PerpLiquidationsTable;
  perp_marks: PerpMarksTable;
  price_record: PriceRecordTable;
  seconds_contracts: SecondsContractsTable;
  seconds_config: SecondsConfigTable;
  seconds_limits: SecondsLimitsTable;
}

/** One entry of a market's public price record (contract/seconds-record.ts). */
export interface PriceRecordTable {
  market: string;
  seq: number;
  ts: number;
  price: string;
  sources: string;
  prev_hash: string;
  hash: string;
}

export interface SecondsContractsTable {
  id: number;
  user_id: number;
  client_id: string | null;
  market: string;
  direction: string;
  duration_s: number;
  amount: Money;
  fee: Money;
  payout_ratio: Money;
  loss_ratio: Money;
  scheduled_ts: number | null;
  open_ts: number | null;
  delivery_ts: number;
  open_price: string | null;
  settle_price: string | null;
  open_record_seq: number | null;
  open_record_hash: string | null;
  settle_record_seq: number | null;
  settle_record_hash: string | null;
  outcome: string | null;
  payout: Money | null;
  status: string;
  created_at: number;
  settled_at: number | null;
}

export interface SecondsConfigTable {
  market: string;
  duration_s: number;
  payout_ratio: Money;
  loss_ratio: Money;
  min_amount: Money;
  max_amount: Money;
  fee_rate: Money;
  enabled: number;
  updated_at: number;
}

export interface SecondsLimitsTable {
  market: string;
  direction: string;
  max_exposure: Money;
  updated_at: number;
}

export type Dialect = 'sqlite' | 'postgres';
