// Shape checks for the fee-level replies (GET /app/fees/rateStandard and /app/fees/myLevel).
import type { FeeLevelItem, FeeRateStandardReply, MyFeeLevelReply } from '../contract.ts';
import { isRecord, type Parser } from './parse.ts';

const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const UNSIGNED_DECIMAL = /^\d+(?:\.\d+)?$/;
const decimal = (v: unknown): v is string => typeof v === 'string' && UNSIGNED_DECIMAL.test(v);

function parseLevel(d: unknown): FeeLevelItem | null {
  if (!isRecord(d) || !int(d.level) || !decimal(d.minVolumeBtc) || !decimal(d.makerPercent) || !decimal(d.takerPercent)) return null;
  return { level: d.level, minVolumeBtc: d.minVolumeBtc, makerPercent: d.makerPercent, takerPercent: d.takerPercent };
}

export const parseRateStandard: Parser<FeeRateStandardReply> = (d) => {
  if (!isRecord(d) || !Array.isArray(d.levels) || !int(d.nextRecomputeAt) || !int(d.nextApplyAt) || !int(d.windowDays)) return null;
  const levels = d.levels.map(parseLevel);
  if (levels.length === 0 || !levels.every((l): l is FeeLevelItem => l !== null)) return null;
  return { levels: [...levels].sort((a, b) => a.level - b.level), nextRecomputeAt: d.nextRecomputeAt, nextApplyAt: d.nextApplyAt, windowDays: d.windowDays };
};

export const parseMyFeeLevel: Parser<MyFeeLevelReply> = (d) => {
  if (!isRecord(d) || !int(d.level) || !decimal(d.volumeBtc) || !decimal(d.makerPercent) || !decimal(d.takerPercent)) return null;
  const computedAt = d.computedAt === null || d.computedAt === undefined ? null : int(d.computedAt) ? d.computedAt : undefined;
  if (computedAt === undefined) return null;
  let pending: MyFeeLevelReply['pending'] = null;
  if (d.pending !== null && d.pending !== undefined) {
    const p = d.pending;
    if (!isRecord(p) || !int(p.level) || !decimal(p.volumeBtc) || !int(p.applyAt)) return null;
    pending = { level: p.level, volumeBtc: p.volumeBtc, applyAt: p.applyAt };
  }
  return { level: d.level, volumeBtc: d.volumeBtc, makerPercent: d.makerPercent, takerPercent: d.takerPercent, computedAt, pending };
};
