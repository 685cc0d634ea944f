// Table shapes of the exchange core (migrations 0003): the double-entry journal and balances, asset records,
// transfers between wallets, desk leases, and spot orders, trades and order history. Money columns are `Money`.
import type { Generated } from 'kysely';
import type { Money } from './money.ts';

/** One posting set: what one step of a desk changed, numbered per desk without gaps. */
export interface LedgerEntriesTable {
  desk: string;
  seq: number;
  /** Why (order.freeze, trade, transfer.debit, admin.credit…). */
  reason: string;
  /** What it belongs to (order:12, trade:BTCUSDT:3, transfer:…). */
  ref: string;
  time: number;
}

/** The lines of an entry; the amounts of one entry sum to zero per asset. */
export interface LedgerLinesTable {
  desk: string;
  seq: number;
  line: number;
  /** A ledger account key (user:10000001:coin:available, system:fee-income, transit:coin…). */
  account: string;
  asset: string;
  amount: Money;
}

/** A user's balance in one wallet and asset. */
export interface BalancesTable {
  user_id: number;
  wallet: string;
  asset: string;
  available: Money;
  frozen: Money;
  updated_at: number;
}

/** Balances of accounts that belong to no user: fee income, treasury, insurance, external, transit. */
export interface SystemBalancesTable {
  account: string;
  asset: string;
  amount: Money;
  updated_at: number;
}

/** A user's view of the journal: what changed in one wallet and asset, and why, in the spec's record types. */
export interface AssetRecordsTable {
  id: Generated<number>;
  user_id: number;
  wallet: string;
  asset: string;
  type: string;
  /** Change of the available part. */
  amount: Money;
  /** Change of the frozen part. */
  frozen: Money;
  ref: string;
  desk: string;
  seq: number;
  time: number;
}

export interface TransfersTable {
  id: string;
  user_id: number;
  client_id: string | null;
  asset: string;
  amount: Money;
  from_wallet: string;
  to_wallet: string;
  /** debited: the source took the funds (they are in transit); credited: the destination has them. */
  status: string;
  created_at: number;
  credited_at: number | null;
}

/** Who may run a desk against this store, until when: one writer per desk, so balances can't be spent twice. */
export interface DeskLeasesTable {
  desk: string;
  holder: string;
  expires_at: number;
  updated_at: number;
}

/** A clustered desk's place in the command log: the last stream seq whose effects are committed (issue 26). */
export interface DeskLogPositionsTable {
  desk: string;
  seq: number;
  updated_at: number;
}

export interface SpotOrdersTable {
  id: number;
  user_id: number;
  symbol: string;
  client_order_id: string | null;
  side: string;
  /** limit | market */
  kind: string;
  tif: string;
  post_only: number;
  stp: string;
  /** Limit price, quote minor units per whole coin; null for a market order. */
  price: Money | null;
  /** A market order's band bound, same units; null for a limit order. */
  bound: Money | null;
  /** Base ordered, minor units; null for a market order sized in quote. */
  qty: Money | null;
  /** Quote to spend or receive, for a market order sized in quote. */
  quote_qty: Money | null;
  /** Base still resting on the book. */
  open_qty: Money;
  filled_qty: Money;
  filled_quote: Money;
  fee: Money;
  fee_asset: string;
  maker_ppm: number;
  taker_ppm: number;
  /** new | partially_filled | filled | canceled | expired */
  status: string;
  /** Kernel code the order closed with (FILLED, CANCELED, EXPIRED_…). */
  close_code: number | null;
  /** Place in the desk's time priority while resting: a restart restores open orders in this order. */
  priority: number | null;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
  /** Conditional orders (migration 0016): stop_loss | take_profit, null for a plain order. */
  condition: string | null;
  stop_price: Money | null;
  trailing_bips: number | null;
  trail_price: Money | null;
  /** Funds a waiting conditional order holds frozen. */
  held: Money | null;
  triggered_at: number | null;
  list_id: number | null;
  /** Binance's strategyId and strategyType the order was placed with (migration 0019); null when not given. */
  strategy_id: number | null;
  strategy_type: number | null;
  /** The self-trade prevention that expired it, numbered per market (migration 0019); null otherwise. */
  prevented_match_id: number | null;
}

export interface SpotOrderListsTable {
  id: number;
  user_id: number;
  symbol: string;
  client_list_id: string | null;
  /** executing | all_done */
  status: string;
  created_at: number;
  updated_at: number;
}

export interface SpotTradesTable {
  symbol: string;
  trade_no: number;
  price: Money;
  qty: Money;
  quote: Money;
  taker_order: number;
  maker_order: number;
  taker_user: number;
  maker_user: number;
  taker_side: string;
  taker_fee: Money;
  taker_fee_asset: string;
  maker_fee: Money;
  maker_fee_asset: string;
  time: number;
}

/** Every state an order went through (accepted, rested, traded, amended, closed). */
export interface SpotOrderEventsTable {
  id: Generated<number>;
  order_id: number;
  type: string;
  status: string;
  open_qty: Money;
  filled_qty: Money;
  code: number | null;
  time: number;
}
