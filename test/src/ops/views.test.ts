// The console's reading of the catalogue's command data and its own replies, and the small rules its screens follow.
import { describe, expect, it } from 'vitest';
import {
  bytesText, dayToMs, durationText, feeTable, feeTableText, insuranceRead, kycRows, orderStatusId, recordTypeId, marketRows, percentText, perpMarketRows, perpPositionRows, photoKinds, ppmPercent, thresholds,
  userArgs, withdrawalRows, earnProducts, savedId, localInputToMs,
} from '../../../src/ops/views.ts';
import { health, parser, userDetail } from '../../../src/ops/parse.ts';
import { basePath, homePath, navFor } from '../../../src/ops/nav.ts';
import { fingerprintOf, requestIdFor } from '../../../src/ops/ui/ActionDialog.tsx';
import { ASSET_RECORD_TYPES, ROLE_CAPABILITIES } from '../../../src/contract.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('command data', () => {
  it('market list', () => {
    const row = { symbol: 'BTCUSDT', kind: 'spot', status: 'maintenance', tickSize: '0.01', lotSize: '0.00001', minQty: '0.00001', maxQty: '9000', minNotional: '5', maxNotional: '9000000', priceBandPercent: 10 };
    expect(marketRows([row])).toEqual([row]);
    expect(marketRows([{ ...row, status: 'paused' }])).toBeNull();
    expect(marketRows({ list: [row] })).toBeNull();
  });

  it('perp positions, the markets (marks, funding, brackets) and the insurance fund', () => {
    const p = { userId: 7, email: 'a@b.co', symbol: 'ETHUSDT', side: 'long', size: '1', entryPrice: '3000', leverage: 10, marginMode: 'cross', margin: '300', orderMargin: '0', markPrice: '3100', unrealizedPnl: '100', maintenanceMargin: '15', liquidationPrice: '2730', adl: 2 };
    const rows = perpPositionRows([p, { ...p, userId: 8, side: 'short', markPrice: null, liquidationPrice: null, adl: null }, { ...p, symbol: 'BTCUSDT', markPrice: '60000' }]);
    expect(rows).toHaveLength(3);
    const bracket = { bracket: 1, notionalFloor: '0', notionalCap: '50000', maxLeverage: 125, maintenanceMarginRatePercent: '0.4', maintenanceAmount: '0' };
    const m = { symbol: 'BTCUSDT', mark: '60000', markAt: 5, index: '60010', fundingRatePercent: '0.01', lastFunding: { time: 4, ratePercent: '0.01', mark: '59990' }, maxLeverage: 125, brackets: [bracket] };
    expect(perpMarketRows([m, { ...m, symbol: 'SOLUSDT', mark: null, markAt: null, index: null, fundingRatePercent: null, lastFunding: null }])).toHaveLength(2);
    expect(perpMarketRows([{ ...m, brackets: [{ ...bracket, maxLeverage: '125' }] }])).toBeNull();
    const fund = { asset: 'USDT', balance: '10', movements: 1, latest: [{ seq: 3, time: 1, reason: 'admin.insurance', ref: 'admin:x#1', amount: '10', balance: '10' }] };
    expect(insuranceRead(fund)).toEqual(fund);
    expect(insuranceRead({ ...fund, balance: undefined })).toBeNull();
  });

  it('kyc list: the photos a submission has (a passport has no back)', () => {
    const k = { id: 4, userId: 7, user: 'a@b.co', status: 'pending', name: 'Ann Lee', docType: 'passport', docNumber: 'X1', country: 'TH', photos: { front: 11, back: null, hand: 12 }, submittedAt: 1, reviewedAt: null, reviewer: null, reason: null };
    const rows = kycRows([k]);
    expect(rows?.[0]?.photos).toEqual({ front: '11', back: null, hand: '12' });
    expect(photoKinds(rows![0]!)).toEqual(['front', 'hand']);
  });

  it('withdrawal list', () => {
    const w = { id: 9, userId: 7, asset: 'USDT', network: 'ETH', address: '0xabc', amount: '100', fee: '1', received: '99', valueUsdt: '100', status: 'applied', reason: null, clientId: 'c', via: 'app', txHash: null, confirmations: 0, createdAt: 5, updatedAt: 5, reviewedBy: null, reviewedAt: null, releasedAt: null, settledAt: null };
    expect(withdrawalRows([w])?.[0]).toMatchObject({ id: 9, address: '0xabc', received: '99', status: 'applied' });
    expect(withdrawalRows([{ ...w, amount: undefined }])).toBeNull();
  });

  it('earn products keep money as text', () => {
    const p = { id: 1, kind: 'wealth', name: 'USDT 30d', asset: 'USDT', incomeAsset: 'USDT', termDays: 30, rate: '0.05', annualRate: '0.05', dailyRate: '0.000137', monthlyRate: '0.0041', minAmount: '10', maxAmount: '1000', quota: '100000', remaining: '99990', incomeRelease: 'end', rebateType: 'end', status: 'open', funded: false, capacity: '0', sortOrder: 3 };
    expect(earnProducts([p])?.[0]).toMatchObject({ rate: '0.05', quota: '100000', funded: false, sortOrder: 3 });
  });

  it('thresholds: a list or a map of asset to amount', () => {
    expect(thresholds([{ asset: 'USDT', amount: '10000', setBy: 'alice', setAt: 5 }])).toEqual([{ asset: 'USDT', amount: '10000', setBy: 'alice', setAt: 5 }]);
    expect(thresholds({ thresholds: [{ asset: 'BTC', amount: '1' }] })).toEqual([{ asset: 'BTC', amount: '1' }]);
    expect(thresholds({ USDT: '10000', BTC: '0.5' })).toEqual([{ asset: 'BTC', amount: '0.5' }, { asset: 'USDT', amount: '10000' }]);
    expect(thresholds({ USDT: { x: 1 } })).toBeNull();
  });

  it('fee table: shown as percents, edited as the JSON `fees set` takes', () => {
    const t = feeTable({ levels: [{ level: 0, minVolumeBtc: '0', makerPpm: 1000, takerPpm: 1000 }, { level: 1, minVolumeBtc: '50', makerPpm: 900, takerPpm: 1000 }], source: 'default', inForceAt: null });
    expect(t?.levels.map((l) => ppmPercent(l.makerPpm))).toEqual(['0.1%', '0.09%']);
    expect(JSON.parse(feeTableText(t!.levels))).toEqual({ levels: t!.levels });
  });

  it('content save answers with the id of what it saved', () => {
    expect(savedId({ id: 12, kind: 'help' })).toBe(12);
    expect(savedId({ article: { id: 13 } })).toBe(13);
    expect(savedId(null)).toBeNull();
  });
});

describe('console replies', () => {
  it("a user's detail, with missing lists as empty", () => {
    const parsed = parser(userDetail)({
      user: { id: 7, email: 'a@b.co', phone: null, nickname: 'ann', createdAt: 1, frozen: false, realName: 'certified', inviteCode: 'ABC', lastLoginAt: null, twoFactor: true, fundPassword: false, locale: 'th', invitedBy: null },
      balances: [{ account: 'coin', asset: 'USDT', available: '10', frozen: '0', locked: '0' }],
      orders: [{ market: 'spot', id: 55, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '60000', amount: '0.1', filled: '0', status: 'new', createdAt: 2 }],
    });
    expect(parsed?.orders[0]?.id).toBe('55');
    expect(parsed?.positions).toEqual([]);
    expect(parsed?.user.twoFactor).toBe(true);
    expect(parser(userDetail)({ user: { id: 'x' } })).toBeNull();
  });

  it('health', () => {
    const h = {
      at: 10, uptimeMs: 5000, store: { dialect: 'sqlite', ok: true, latencyMs: 0.4, sizeBytes: 2048 },
      desks: [{ desk: 'spot', running: true, queue: 0, commitP50Ms: 1.2, commitP99Ms: 3, batchesPerMinute: 60 }],
      sockets: { open: 3, subscriptions: 9 }, priceRecord: { head: 120, headAt: 9, lagMs: 1 }, jobs: [{ name: 'funding', lastRunAt: null, ok: true }],
    };
    expect(parser(health)(h)).toEqual(h);
    expect(parser(health)({ ...h, store: { ...h.store, dialect: 'mysql' } })).toBeNull();
  });
});

describe('rules of the screens', () => {
  it('the nav shows what a role may use', () => {
    expect(navFor(ROLE_CAPABILITIES.editor).map((i) => i.path)).toEqual(['/content', '/feedback', '/health']);
    expect(navFor(ROLE_CAPABILITIES.reviewer).map((i) => i.path)).toEqual(['/users', '/kyc', '/withdrawals', '/approvals', '/health']);
    expect(navFor(ROLE_CAPABILITIES.admin)).toHaveLength(15);
    expect(homePath(ROLE_CAPABILITIES.editor)).toBe('/content');
    expect(basePath('/ops/users/7')).toBe('/ops');
    expect(basePath('/users/7')).toBe('/');
    expect(basePath('/opsx')).toBe('/');
  });

  it('a resubmit after a lost answer reuses the request id; anything else gets a new one', () => {
    let n = 0;
    const fresh = () => `id-${++n}`;
    const f = fingerprintOf('balance credit', { amount: '5', email: 'a@b.co' }, 'refund');
    expect(fingerprintOf('balance credit', { email: 'a@b.co', amount: '5' }, 'refund')).toBe(f);
    expect(requestIdFor(null, f, fresh)).toBe('id-1');
    expect(requestIdFor({ fingerprint: f, requestId: 'id-1', lost: true }, f, fresh)).toBe('id-1');
    // Refused (the server answered): a new attempt is a new request.
    expect(requestIdFor({ fingerprint: f, requestId: 'id-1', lost: false }, f, fresh)).toBe('id-2');
    // Changed the amount after a lost answer: a different request.
    expect(requestIdFor({ fingerprint: f, requestId: 'id-1', lost: true }, fingerprintOf('balance credit', { email: 'a@b.co', amount: '6' }, 'refund'), fresh)).toBe('id-3');
  });

  it('numbers and times in words', () => {
    expect(percentText('0.05')).toBe('5%');
    expect(percentText('0.85')).toBe('85%');
    expect(percentText('1')).toBe('100%');
    expect(percentText('0.000137')).toBe('0.0137%');
    expect(percentText('12.5')).toBe('1250%');
    expect(bytesText(512)).toBe('512 B');
    expect(bytesText(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(durationText(350)).toBe('350 ms');
    expect(durationText(86_400_000 + 3_600_000)).toBe('1d 1h');
    expect(durationText(65_000)).toBe('1m 5s');
    expect(userArgs({ email: null, phone: '+66812345678' })).toEqual({ phone: '+66812345678' });
    expect(userArgs({ email: 'a@b.co', phone: '+66' })).toEqual({ email: 'a@b.co' });
  });

  it('days and times picked in inputs', () => {
    const from = dayToMs('2026-03-01')!;
    const to = dayToMs('2026-03-01', true)!;
    expect(new Date(from).getHours()).toBe(0);
    expect(to - from).toBe(86_400_000 - 1);
    expect(dayToMs('')).toBeUndefined();
    expect(localInputToMs('2026-03-01T09:30')).toBe(new Date(2026, 2, 1, 9, 30).getTime());
    expect(localInputToMs('soon')).toBeNull();
  });
});

describe('codes in words', () => {
  it('every asset record type and spot order state has its console text, in every language', () => {
    const en = readFileSync(join(import.meta.dirname, '../../../locales/en/ops.po'), 'utf8');
    for (const type of ASSET_RECORD_TYPES) expect(en, type).toContain(`msgid "${recordTypeId(type)!}"`);
    for (const status of ['new', 'partially_filled', 'filled', 'canceled', 'expired']) expect(en, status).toContain(`msgid "${orderStatusId(status)!}"`);
    expect(recordTypeId('made_up')).toBeNull();
    expect(orderStatusId('pending')).toBeNull();
  });
});

