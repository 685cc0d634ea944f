// Seconds (timed) contracts and the public price record they settle on: the /app API's shapes, the WebSocket topic,
// shared by the server, the stream layer and the browser (pure types and constants; no Node imports).
//
// A seconds contract: a market, a direction (up or down), a duration and a stake from the seconds account. It opens
// on the first price-record entry of its market after it was accepted (a timed order: after its start time), so
// nobody can know the open price when placing it, and settles exactly at open time + duration on the last
// price-record entry at or before that instant: a win pays stake × (1 + payout
// ratio), a loss returns stake × (1 − loss ratio), a tie returns the stake; the fee is kept in every case. No
// setting, table or code path chooses an outcome: the record does, and anyone can recompute every settlement from
// the record (`npm run verify -- seconds`, the history row's proof link).
//
// Amounts and prices are decimal text, ratios decimal text as fractions ("0.8" = 80 %), times Unix milliseconds.
// Queries are GET with query parameters, actions POST with a JSON body; replies in the app's envelope.

export const SECONDS_PATHS = {
  /** GET, public: the duration table of every market (enabled rows only unless the operator asks). */
  config: '/app/seconds/config',
  /** POST, session: open a contract now. */
  place: '/app/seconds/place',
  /** POST, session: a timed order, opening on the first record entry after `startTs` (at most the horizon ahead). */
  schedule: '/app/seconds/schedule',
  /** POST, session: cancel a timed order that has not started. */
  cancelScheduled: '/app/seconds/cancelScheduled',
  /** GET, session: timed orders not started. */
  pending: '/app/seconds/pending',
  /** GET, session: contracts opening (waiting for their first entry) or counting down (and those past delivery, not settled yet). */
  holding: '/app/seconds/holding',
  /** GET, session: settled contracts, newest first, paged. */
  history: '/app/seconds/history',
  /** GET, session: one contract (`id`). */
  detail: '/app/seconds/detail',
  /** GET, public: the record entries of one market in [from, to] (Unix ms), in order; bounded span per call. */
  priceRecordRange: '/app/priceRecord/range',
  /** GET, public: the latest entry of every market (or of `market`). */
  priceRecordHead: '/app/priceRecord/head',
  /** GET, public: settled and refunded contracts' public data in [from, to] (by delivery time), for the verifier. */
  settlements: '/app/priceRecord/settlements',
} as const;

/** The spec's bounds of a seconds contract's amount, USDT (a row's own minimum may be higher). */
export const SECONDS_AMOUNT_MIN = '1000';
export const SECONDS_AMOUNT_MAX = '9999999';
/** The asset staked and paid. */
export const SECONDS_ASSET = 'USDT';
/**
 * A contract opens on the first record entry of its market with a time strictly after its acceptance (acceptedTs)
 * and at most this much after it; when the record has none in that window, the contract never opens and its stake
 * and fee are refunded in full. The verifier checks both with this bound.
 */
export const SECONDS_OPEN_WAIT_MS = 5_000;
/** A timed order counts in the house's exposure (and can no longer be cancelled) from this long before its start. */
export const SECONDS_RESERVE_BEFORE_MS = 60_000;

export type SecondsDirection = 'up' | 'down';
/**
 * pending: a timed order not started; opening: accepted (a timed order: started), waiting for the first record entry
 * after its acceptance; holding: counting down, or past delivery and not settled yet; settled; cancelled: a timed
 * order cancelled before it started (`reason` says by whom); refunded: no record entry came within
 * SECONDS_OPEN_WAIT_MS of its acceptance, stake and fee returned.
 */
export type SecondsStatus = 'pending' | 'opening' | 'holding' | 'settled' | 'cancelled' | 'refunded';
/**
 * Why a contract ended without settling: user (the user cancelled the timed order), exposure (at its reservation,
 * SECONDS_RESERVE_BEFORE_MS before the start, the house's limits no longer had room for it), no.price (no record
 * entry within SECONDS_OPEN_WAIT_MS of its acceptance).
 */
export type SecondsEndReason = 'user' | 'exposure' | 'no.price';
export type SecondsOutcome = 'win' | 'loss' | 'tie';

/** One row of the operator's table: a market and a duration. */
export interface SecondsConfigItem {
  market: string;
  durationS: number;
  /** What a win adds to the stake, as a fraction ("0.8"). */
  payoutRatio: string;
  /** What a loss takes of the stake, as a fraction ("1" = the whole stake). */
  lossRatio: string;
  minAmount: string;
  maxAmount: string;
  /** Of the stake, as a fraction, charged at opening and kept whatever the outcome. */
  feeRate: string;
  enabled: boolean;
}
export interface SecondsConfigReply {
  list: SecondsConfigItem[];
}
export interface SecondsConfigQuery {
  /** Only this market's rows. */
  market?: string;
  /** '1': disabled rows too. */
  all?: '1';
}

export interface SecondsPlaceRequest {
  market: string;
  direction: SecondsDirection;
  durationS: number;
  amount: string;
  /** Optional idempotency key: a repeat with the same key answers the first contract. */
  clientId?: string;
}
export interface SecondsScheduleRequest extends SecondsPlaceRequest {
  /** When it starts (Unix ms, in the future and at most the operator's horizon ahead: seconds.start.beyond.horizon). */
  startTs: number;
}
export interface SecondsCancelRequest {
  id: string;
}
export interface SecondsDetailQuery {
  id: string;
}
export interface SecondsHistoryQuery {
  market?: string;
  pageIndex?: number;
  pageSize?: number;
}

/** A contract as the user and the verifier see it. */
export interface SecondsContractItem {
  id: string;
  market: string;
  direction: SecondsDirection;
  durationS: number;
  /** The stake. */
  amount: string;
  fee: string;
  payoutRatio: string;
  lossRatio: string;
  /** A timed order's start (null for one placed now). */
  scheduledTs: number | null;
  /**
   * The instant after which it opens: when the desk accepted it (placed now) or its start (a timed order). It opens
   * on the record's first entry with a time after this (null: a contract of before that rule, opened on the entry at
   * or before openTs).
   */
  acceptedTs: number | null;
  /** When it opened: its open entry's time (null while pending or opening, or when it never opened). */
  openTs: number | null;
  /** openTs + durationS × 1000 (before it opens: acceptance or start + the duration, the earliest it can be). */
  deliveryTs: number;
  openPrice: string | null;
  settlePrice: string | null;
  /** The record entries used: the first after acceptedTs (its time is openTs), the last at or before deliveryTs. */
  openRecordSeq: number | null;
  openRecordHash: string | null;
  settleRecordSeq: number | null;
  settleRecordHash: string | null;
  outcome: SecondsOutcome | null;
  /** What returned to the seconds account at settlement (stake × (1 + payout), stake × (1 − loss), or the stake). */
  payout: string | null;
  /** payout − amount − fee, once settled. */
  profit: string | null;
  status: SecondsStatus;
  /** Why it ended without settling (cancelled, refunded); null otherwise. */
  reason: SecondsEndReason | null;
  createdTs: number;
  /** When it settled, was cancelled or refunded. */
  settledTs: number | null;
}
export interface SecondsListReply {
  list: SecondsContractItem[];
}

/**
 * One entry of a market's price record. `hash` = hex SHA-256 of the canonical encoding (see priceRecordCanonical in
 * seconds-record.ts and the README): `seq|market|ts|price|sources|prevHash`, prevHash of the first entry 64 zeros.
 */
export interface PriceRecordEntry {
  seq: number;
  market: string;
  ts: number;
  /** The index price, decimal text. */
  price: string;
  /** The index's inputs as recorded (e.g. "ext:50010.5,mid:50011,last:50012"), part of the hash. */
  sources: string;
  prevHash: string;
  hash: string;
}
export interface PriceRecordRangeReply {
  list: PriceRecordEntry[];
}
export interface PriceRecordHeadReply {
  list: PriceRecordEntry[];
}
export interface SecondsSettlementsReply {
  list: SecondsContractItem[];
  /** More settled contracts in the range than one reply holds: ask again with afterId = the last id (added by the server helper). */
  more?: boolean;
}

// ---- WebSocket (on /ws, next to contract/ws.ts) ----
/** Private (after auth): the user's contract after any change (placed, scheduled, opened, cancelled, settled). */
export const SECONDS_TOPIC = 'secondsContracts' as const;
/** Public: `priceRecord@BTCUSDT`, every new entry of the market's record (about one a second). */
export type PriceRecordTopic = `priceRecord@${string}`;

/** Refusals of the seconds routes; each has a message in locales/<locale>/server.po. */
export const SECONDS_ERROR_CODES = [
  'seconds.market.unknown',
  'seconds.duration.unknown',
  'seconds.duration.disabled',
  /** data.min: the bound in the user's terms. */
  'seconds.amount.below.min',
  /** data.max */
  'seconds.amount.above.max',
  'seconds.start.in.past',
  /** A timed order's start past now + the operator's horizon (or not a valid time): data.maxStartTs, data.horizonS. */
  'seconds.start.beyond.horizon',
  /** The user's timed orders not started would pass the operator's cap: data.maxCount, data.maxAmount. */
  'seconds.pending.limit',
  'seconds.not.found',
  /** cancelScheduled on a contract already reserved (SECONDS_RESERVE_BEFORE_MS before its start), started, settled or cancelled. */
  'seconds.not.cancellable',
  /** The house's net exposure limit of the market and direction would be passed. */
  'seconds.exposure.limit',
  /** No record entry of the market recent enough to open on. */
  'seconds.price.unavailable',
  /** priceRecord/range or settlements: from/to missing, reversed, or spanning more than data.maxMs (added by the server helper). */
  'seconds.range.invalid',
] as const;
export type SecondsErrorCode = (typeof SECONDS_ERROR_CODES)[number];
