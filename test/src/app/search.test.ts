import { describe, expect, it } from 'vitest';
import {
  parseDetailSearch,
  parseLoginSearch,
  parseOrdersSearch,
  parseRegisterSearch,
  parseSearchString,
  safeRedirect,
  stringifySearchObject,
} from '../../../src/app/search.ts';

describe('search params', () => {
  it('keeps every value a string (no JSON decoding)', () => {
    expect(parseSearchString('?active=2&inviteCode=012345&x=true')).toEqual({ active: '2', inviteCode: '012345', x: 'true' });
    expect(parseSearchString('a=1&a=2')).toEqual({ a: '1' });
    expect(parseSearchString('')).toEqual({});
  });

  it('writes plain values and skips empty ones', () => {
    expect(stringifySearchObject({ statusType: 0, redirect: '/a?b=1', none: undefined })).toBe('?statusType=0&redirect=%2Fa%3Fb%3D1');
    expect(stringifySearchObject({})).toBe('');
  });

  it('round-trips through the router form', () => {
    const search = { active: 2 };
    expect(parseOrdersSearch(parseSearchString(stringifySearchObject(search)))).toEqual(search);
  });

  it('parses /commin?active= to 1 or 2', () => {
    expect(parseOrdersSearch({ active: '1' })).toEqual({ active: 1 });
    expect(parseOrdersSearch({ active: '2' })).toEqual({ active: 2 });
    expect(parseOrdersSearch({ active: 2 })).toEqual({ active: 2 });
    expect(parseOrdersSearch({ active: '7' })).toEqual({ active: 1 });
    expect(parseOrdersSearch({})).toEqual({ active: 1 });
  });

  it('parses /login with a safe redirect only', () => {
    expect(parseLoginSearch({ statusType: '0' })).toEqual({ statusType: 0 });
    expect(parseLoginSearch({ statusType: '0', redirect: '/myassets' })).toEqual({ statusType: 0, redirect: '/myassets' });
    expect(parseLoginSearch({ redirect: 'https://evil.test/' })).toEqual({ statusType: 0 });
    expect(parseLoginSearch({ redirect: '//evil.test/' })).toEqual({ statusType: 0 });
    expect(parseLoginSearch({ redirect: '/\\evil.test' })).toEqual({ statusType: 0 });
  });

  it('never redirects to the login page itself', () => {
    expect(safeRedirect('/login?statusType=0')).toBeUndefined();
    expect(safeRedirect('/login')).toBeUndefined();
    expect(safeRedirect('/commin?active=2')).toBe('/commin?active=2');
    expect(safeRedirect(42)).toBeUndefined();
  });

  it('parses /register with an optional invite code', () => {
    expect(parseRegisterSearch({ statusType: '1' })).toEqual({ statusType: 1 });
    expect(parseRegisterSearch({ inviteCode: 'AB12cd' })).toEqual({ statusType: 1, inviteCode: 'AB12cd' });
    expect(parseRegisterSearch({ inviteCode: 123456 })).toEqual({ statusType: 1, inviteCode: '123456' });
    expect(parseRegisterSearch({ inviteCode: '<script>' })).toEqual({ statusType: 1 });
  });

  it('parses detail ids', () => {
    expect(parseDetailSearch({ id: 'n-42' })).toEqual({ id: 'n-42' });
    expect(parseDetailSearch({ id: '../../etc' })).toEqual({});
    expect(parseDetailSearch({})).toEqual({});
  });
});

describe('spot search', () => {
  it('keeps a valid symbol and drops anything else', async () => {
    const { parseSpotSearch } = await import('../../../src/app/search.ts');
    expect(parseSpotSearch({ symbol: 'ethusdt' })).toEqual({ symbol: 'ETHUSDT' });
    expect(parseSpotSearch({ symbol: 'ETH/USDT' })).toEqual({ symbol: 'ETHUSDT' });
    expect(parseSpotSearch({ symbol: '<x>' })).toEqual({});
    expect(parseSpotSearch({})).toEqual({});
  });
});

describe('contract area search', () => {
  it('keeps the seconds mode and its tab in the URL, and nothing else it does not know', async () => {
    const { parseContractTransactionSearch } = await import('../../../src/app/search.ts');
    expect(parseContractTransactionSearch({ symbol: 'btcusdt' })).toEqual({ symbol: 'BTCUSDT' });
    expect(parseContractTransactionSearch({ symbol: 'BTCUSDT', mode: 'seconds', tab: 'history' })).toEqual({ symbol: 'BTCUSDT', mode: 'seconds', tab: 'history' });
    expect(parseContractTransactionSearch({ mode: 'seconds', tab: 'everything' })).toEqual({ mode: 'seconds' });
    // A tab means nothing without the seconds mode; an unknown mode is the perpetual.
    expect(parseContractTransactionSearch({ mode: 'options', tab: 'history' })).toEqual({});
  });
});
