// Parsers for the seconds contracts' payloads: the `secondsContracts` and `priceRecord@X` events and the
// /app/seconds and /app/priceRecord replies (the web app's REST client reads the same items with these). Amounts,
// prices and ratios must be exact decimals of at most 8 places (the verifier recomputes with them), or the item is
// refused.
import type {
  PriceRecordEntry, SecondsConfigItem, SecondsContractItem, SecondsDirection, SecondsEndReason, SecondsOutcome, SecondsStatus,
} from '../contract.ts';
import { unitsOrNull } from '../decimal.ts';
import { isInteger, isRecord, isString, parseList, type Parser } from './basic.ts';

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => isString(v) && (list as readonly string[]).includes(v);
const exact = (v: unknown): v is string => isString(v) && unitsOrNull(v, 8) !== null;
const exactOrNull = (v: unknown): v is string | null => v === null || exact(v);
const intOrNull = (v: unknown): v is number | null => v === null || isInteger(v);
const textOrNull = (v: unknown): v is string | null => v === null || isString(v);
const DIRECTIONS: readonly SecondsDirection[] = ['up', 'down'];
const STATUSES: readonly SecondsStatus[] = ['pending', 'opening', 'holding', 'settled', 'cancelled', 'refunded'];
const REASONS: readonly SecondsEndReason[] = ['user', 'exposure', 'no.price'];
const OUTCOMES: readonly SecondsOutcome[] = ['win', 'loss', 'tie'];

export const parseSecondsConfigItem: Parser<SecondsConfigItem> = (v) => {
  if (!isRecord(v) || !isString(v.market) || !isInteger(v.durationS) || v.durationS <= 0) return null;
  if (!exact(v.payoutRatio) || !exact(v.lossRatio) || !exact(v.minAmount) || !exact(v.maxAmount) || !exact(v.feeRate)) return null;
  if (typeof v.enabled !== 'boolean') return null;
  return {
    market: v.market, durationS: v.durationS, payoutRatio: v.payoutRatio, lossRatio: v.lossRatio, minAmount: v.minAmount,
    maxAmount: v.maxAmount, feeRate: v.feeRate, enabled: v.enabled,
  };
};

export const parseSecondsContract: Parser<SecondsContractItem> = (v) => {
  if (!isRecord(v) || !isString(v.id) || !isString(v.market) || !oneOf(DIRECTIONS, v.direction) || !oneOf(STATUSES, v.status)) return null;
  if (!isInteger(v.durationS) || !exact(v.amount) || !exact(v.fee) || !exact(v.payoutRatio) || !exact(v.lossRatio)) return null;
  if (!intOrNull(v.scheduledTs) || !intOrNull(v.openTs) || !isInteger(v.deliveryTs) || !isInteger(v.createdTs) || !intOrNull(v.settledTs)) return null;
  if (!exactOrNull(v.openPrice) || !exactOrNull(v.settlePrice) || !exactOrNull(v.payout)) return null;
  // Profit is signed: a loss is negative.
  if (!(v.profit === null || (isString(v.profit) && unitsOrNull(v.profit, 8) !== null))) return null;
  if (!intOrNull(v.openRecordSeq) || !textOrNull(v.openRecordHash) || !intOrNull(v.settleRecordSeq) || !textOrNull(v.settleRecordHash)) return null;
  if (!(v.outcome === null || oneOf(OUTCOMES, v.outcome))) return null;
  // acceptedTs and reason came with opening on the first entry after acceptance (issue 20); a server of before sends neither.
  const acceptedTs = v.acceptedTs === undefined ? null : v.acceptedTs;
  const reason = v.reason === undefined ? null : v.reason;
  if (!intOrNull(acceptedTs) || !(reason === null || oneOf(REASONS, reason))) return null;
  return {
    id: v.id, market: v.market, direction: v.direction, durationS: v.durationS, amount: v.amount, fee: v.fee, payoutRatio: v.payoutRatio,
    lossRatio: v.lossRatio, scheduledTs: v.scheduledTs, acceptedTs, openTs: v.openTs, deliveryTs: v.deliveryTs, openPrice: v.openPrice, settlePrice: v.settlePrice,
    openRecordSeq: v.openRecordSeq, openRecordHash: v.openRecordHash, settleRecordSeq: v.settleRecordSeq, settleRecordHash: v.settleRecordHash,
    outcome: v.outcome, payout: v.payout, profit: v.profit, status: v.status, reason, createdTs: v.createdTs, settledTs: v.settledTs,
  };
};

/** A record entry as published: the verifier checks its hash, so its fields are taken exactly as sent. */
export const parsePriceRecordEntry: Parser<PriceRecordEntry> = (v) => {
  if (!isRecord(v) || !isInteger(v.seq) || !isString(v.market) || !isInteger(v.ts) || !isString(v.price) || !isString(v.sources)) return null;
  if (!isString(v.prevHash) || !isString(v.hash)) return null;
  return { seq: v.seq, market: v.market, ts: v.ts, price: v.price, sources: v.sources, prevHash: v.prevHash, hash: v.hash };
};

/** `{list: [...]}` of one item kind (a bare array is accepted too); null when any item fails. */
export const listOf = <T>(parse: Parser<T>): Parser<T[]> => (v) => parseList(Array.isArray(v) ? v : isRecord(v) ? v.list : null, parse);

export const parseSecondsConfig = listOf(parseSecondsConfigItem);
export const parseSecondsContracts = listOf(parseSecondsContract);
export const parsePriceRecordEntries = listOf(parsePriceRecordEntry);
