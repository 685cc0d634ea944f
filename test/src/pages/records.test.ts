// The asset-records page's pure parts: every server record type labelled (the spec's names where the spec has the
// type) and grouped once, the URL search, the time ranges (local calendar days, the last day included), the
// request, references and signed amounts; and the shape checks of the records reply.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, ASSET_RECORD_TYPES } from '../../../src/contract.ts';
import { RECORD_TYPES } from '../../../src/pages/user/assets.ts';
import { parseRecordsSearch } from '../../../src/pages/user/records-search.ts';
import {
  changeSign, dayOf, dayStart, formatChange, parseRef, rangeDays, rangeInvalid, rangeTimes, RECORD_ACCOUNTS, RECORD_TYPE_GROUPS,
  recordsRequest, recordTypeLabel,
} from '../../../src/pages/user/records.ts';
import { parseRecord, parseRecordPage } from '../../../src/api/records-parse.ts';
import { parsePo } from '../../../server/i18n/po.ts';

const english = parsePo(readFileSync(join(import.meta.dirname, '../../../locales/en/messages.po'), 'utf8'));

describe('record types', () => {
  it('labels every server type with a message the catalogs have', () => {
    for (const type of ASSET_RECORD_TYPES) {
      const id = recordTypeLabel(type);
      expect(id, type).not.toBe('records.type.other');
      expect(english.has(id), `${type} → ${id}`).toBe(true);
    }
    // Two types never share a label.
    expect(new Set(ASSET_RECORD_TYPES.map(recordTypeLabel)).size).toBe(ASSET_RECORD_TYPES.length);
  });

  it("uses the spec's name for every record type of the spec", () => {
    const used = new Set(ASSET_RECORD_TYPES.map(recordTypeLabel));
    for (const spec of RECORD_TYPES) expect(used.has(spec.labelId), spec.key).toBe(true);
    expect(recordTypeLabel('margin_refund_long')).toBe('records.type.longMarginRefund');
    expect(recordTypeLabel('withdrawal_rejected')).toBe('records.type.withdrawalRejected');
    expect(recordTypeLabel('fee')).toBe('records.type.fee');
    // A fee says what it paid for: opening or closing, a long or a short.
    expect(recordTypeLabel('open_long_fee')).toBe('records.type.openLongFee');
    expect(recordTypeLabel('close_long_fee')).toBe('records.type.closeLongFee');
    expect(recordTypeLabel('close_short_fee')).toBe('records.type.closeShortFee');
    expect(english.get('records.type.closeLongFee')).toBe('Close long fee');
  });

  it('puts every type in exactly one filter group', () => {
    const grouped = RECORD_TYPE_GROUPS.flatMap((g) => g.types);
    expect([...grouped].sort()).toEqual([...ASSET_RECORD_TYPES].sort());
    for (const g of RECORD_TYPE_GROUPS) expect(english.has(g.labelId), g.labelId).toBe(true);
  });

  it('offers the five accounts', () => {
    expect(RECORD_ACCOUNTS.map((a) => a.key)).toEqual([...ACCOUNT_TYPES]);
  });
});

describe('/assetRecords search', () => {
  it('keeps valid filters, paging and the view', () => {
    expect(
      parseRecordsSearch({ account: 'contract', asset: 'btc', type: 'fee', from: '2026-01-02', to: '2026-01-31', page: '4', size: '200', view: 'scroll' }),
    ).toEqual({ account: 'contract', asset: 'BTC', type: 'fee', from: '2026-01-02', to: '2026-01-31', page: 4, size: 200, view: 'scroll' });
  });

  it('drops each bad param on its own; a quick range replaces the days', () => {
    expect(parseRecordsSearch({ account: 'bank', asset: 'BTC/USDT', type: 'gift', page: '1', size: '20', view: 'table', from: 'yesterday' })).toEqual({});
    expect(parseRecordsSearch({ range: '30d', from: '2026-01-01', to: '2026-01-02' })).toEqual({ range: '30d' });
    expect(parseRecordsSearch({ range: '1y', to: '2026-01-02' })).toEqual({ to: '2026-01-02' });
  });
});

describe('time ranges', () => {
  const now = new Date(2026, 2, 15, 13, 45).getTime();

  it('reads calendar days in local time and refuses days that do not exist', () => {
    expect(dayStart('2026-03-15')).toBe(new Date(2026, 2, 15).getTime());
    expect(dayStart('2026-02-30')).toBeNull();
    expect(dayStart('15/03/2026')).toBeNull();
    expect(dayOf(now)).toBe('2026-03-15');
  });

  it('a quick range ends now and spans that many days, today included', () => {
    expect(rangeDays({ range: '7d' }, now)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(rangeTimes({ range: '7d' }, now)).toEqual({ startTime: new Date(2026, 2, 9).getTime() });
    expect(rangeDays({ range: '90d' }, now).from).toBe('2025-12-16');
  });

  it('two chosen days include the whole last day; one end alone is open on the other side', () => {
    expect(rangeTimes({ from: '2026-03-01', to: '2026-03-10' }, now)).toEqual({
      startTime: new Date(2026, 2, 1).getTime(),
      endTime: new Date(2026, 2, 11).getTime(),
    });
    expect(rangeTimes({ to: '2026-03-31' }, now)).toEqual({ endTime: new Date(2026, 3, 1).getTime() });
    expect(rangeTimes({}, now)).toEqual({});
  });

  it('refuses a first day after the last', () => {
    expect(rangeInvalid({ from: '2026-03-11', to: '2026-03-10' })).toBe(true);
    expect(rangeInvalid({ from: '2026-03-10', to: '2026-03-10' })).toBe(false);
    expect(rangeInvalid({ range: '7d' })).toBe(false);
  });

  it('builds the request: filters, the window, paging from the URL or the caller', () => {
    const search = { account: 'coin', asset: 'USDT', type: 'transfer_in', from: '2026-03-01', to: '2026-03-01', page: 3, size: 50 } as const;
    expect(recordsRequest(search, now)).toEqual({
      pageIndex: 3, pageSize: 50, account: 'coin', asset: 'USDT', type: 'transfer_in',
      startTime: new Date(2026, 2, 1).getTime(), endTime: new Date(2026, 2, 2).getTime(),
    });
    expect(recordsRequest({}, now)).toEqual({ pageIndex: 1, pageSize: 20 });
    expect(recordsRequest(search, now, { pageIndex: 7, pageSize: 200 })).toMatchObject({ pageIndex: 7, pageSize: 200 });
  });
});

describe('references and amounts', () => {
  it('reads what caused a record', () => {
    expect(parseRef('order:12')).toEqual({ kind: 'order', id: '12' });
    expect(parseRef('trade:BTCUSDT:3')).toEqual({ kind: 'trade', symbol: 'BTCUSDT', id: '3' });
    expect(parseRef('transfer:6f1c2a9e-1b2c-4d5e-8f90-1234567890ab')).toEqual({ kind: 'transfer', id: '6f1c2a9e-1b2c-4d5e-8f90-1234567890ab' });
    expect(parseRef('admin:welcome bonus: March')).toEqual({ kind: 'memo', text: 'welcome bonus: March' });
    expect(parseRef('something:else')).toEqual({ kind: 'raw', text: 'something:else' });
  });

  it("reads a perpetual's references: its orders, trades, funding, liquidations, margin and leverage changes", () => {
    expect(parseRef('perp:order:42')).toEqual({ kind: 'order', id: '42' });
    expect(parseRef('perp:trade:ETHUSDT:7')).toEqual({ kind: 'trade', symbol: 'ETHUSDT', id: '7' });
    expect(parseRef('perp:funding:BTCUSDT:1767254400000')).toEqual({ kind: 'funding', symbol: 'BTCUSDT' });
    expect(parseRef('perp:liquidation:BTCUSDT:12:1767254400000')).toEqual({ kind: 'liquidation', symbol: 'BTCUSDT' });
    expect(parseRef('perp:margin:BTCUSDT:12:1767254400000')).toEqual({ kind: 'margin', symbol: 'BTCUSDT' });
    expect(parseRef('perp:leverage:BTCUSDT:12:1767254400000')).toEqual({ kind: 'leverage', symbol: 'BTCUSDT' });
  });

  it('signs and formats changes exactly', () => {
    expect(changeSign('0')).toBe('none');
    expect(changeSign('-0.00')).toBe('none');
    expect(changeSign('0.00000001')).toBe('in');
    expect(changeSign('-12.5')).toBe('out');
    expect(formatChange('1000')).toBe('+1,000.0000');
    expect(formatChange('-0.00001')).toBe('-0.00001');
    expect(formatChange('-25000.12345678')).toBe('-25,000.12345678');
    expect(formatChange('0')).toBe('0.0000');
  });
});

describe('records reply', () => {
  const good = { id: 5, account: 'coin', asset: 'BTC', type: 'buy_coin', amount: '0.01', frozen: '-100.5', ref: 'trade:BTCUSDT:1', symbol: 'BTCUSDT', time: 1_700_000_000_000 };

  it('accepts a well-formed page', () => {
    expect(parseRecordPage({ list: [good], total: 31, pageIndex: 2, pageSize: 30 })).toEqual({ list: [good], total: 31, pageIndex: 2, pageSize: 30 });
    expect(parseRecord({ ...good, frozen: undefined })).toEqual({ ...good, frozen: '0' });
  });

  it('reads a record without a market (a transfer, or a server from before markets) as none', () => {
    for (const symbol of [null, undefined, 'btc/usdt', 7]) expect(parseRecord({ ...good, symbol })).toEqual({ ...good, symbol: null });
  });

  it('reads the closing fees and the old rows of every fee type alike', () => {
    for (const type of ['open_long_fee', 'open_short_fee', 'close_long_fee', 'close_short_fee']) {
      expect(parseRecord({ ...good, account: 'contract', type, ref: 'perp:trade:BTCUSDT:9' })).toMatchObject({ type, symbol: 'BTCUSDT' });
    }
  });

  it('refuses a page with any malformed record, rather than show part of it', () => {
    for (const bad of [{ ...good, type: 'gift' }, { ...good, account: 'bank' }, { ...good, amount: '1e5' }, { ...good, id: '5' }, { ...good, time: null }]) {
      expect(parseRecordPage({ list: [good, bad], total: 2, pageIndex: 1, pageSize: 20 }), JSON.stringify(bad)).toBeNull();
    }
    expect(parseRecordPage({ list: [], pageIndex: 1, pageSize: 20 })).toBeNull();
    expect(parseRecordPage(null)).toBeNull();
  });
});
