import { describe, expect, it } from 'vitest';
import { parseCoinList, parseConfigValue, parseEnvelope, parseFavouritesReply, parseLoginReply, parseUserInfo } from '../../../src/api/parse.ts';

describe('reply parsers', () => {
  it('reads the envelope or refuses', () => {
    expect(parseEnvelope({ code: 'success', msg: 'ok', data: [1] })).toEqual({ code: 'success', msg: 'ok', data: [1] });
    expect(parseEnvelope({ code: 'x' })).toEqual({ code: 'x', msg: '', data: null });
    expect(parseEnvelope({ msg: 'no code' })).toBeNull();
    expect(parseEnvelope('text')).toBeNull();
    expect(parseEnvelope(null)).toBeNull();
  });

  it('reads the coin list from a page or an array', () => {
    const coin = { codeName: 'BTC', price: '65000.5', isOpen: 0, maintenance: false };
    expect(parseCoinList({ list: [coin], total: 1, pageIndex: 1, pageSize: 100 })).toEqual([coin]);
    expect(parseCoinList([{ codeName: 'ETH', price: null, isOpen: 1 }])).toEqual([{ codeName: 'ETH', price: null, isOpen: 1, maintenance: false }]);
    expect(parseCoinList({ list: [{ price: '1' }] })).toBeNull();
    expect(parseCoinList('nope')).toBeNull();
  });

  it('reads the watchlist, refusing anything but symbols', () => {
    expect(parseFavouritesReply({ symbols: ['BTCUSDT', 'ETHUSDT'] })).toEqual({ symbols: ['BTCUSDT', 'ETHUSDT'] });
    expect(parseFavouritesReply({ symbols: [] })).toEqual({ symbols: [] });
    expect(parseFavouritesReply({ symbols: ['BTCUSDT', 1] })).toBeNull();
    expect(parseFavouritesReply({})).toBeNull();
    expect(parseFavouritesReply(null)).toBeNull();
  });

  it('reads a config value, treating empty as not set', () => {
    expect(parseConfigValue({ key: 'custom_line', value: 'line-id' })).toEqual({ value: 'line-id' });
    expect(parseConfigValue({ key: 'custom_line', value: '  ' })).toEqual({ value: null });
    expect(parseConfigValue({ key: 'custom_line', value: null })).toEqual({ value: null });
    expect(parseConfigValue(null)).toBeNull();
  });

  it('reads the login reply and the user info', () => {
    expect(parseLoginReply({ token: 't', expiresAt: 5 })).toEqual({ token: 't', expiresAt: 5 });
    expect(parseLoginReply({ token: '' })).toBeNull();
    const user = parseUserInfo({ userId: 1, nickName: 'n', email: 'e@x.co', phone: null, realNameStatus: 'pending', safetyLevel: 'high' });
    expect(user).toMatchObject({ userId: 1, email: 'e@x.co', phone: null, realNameStatus: 'pending', safetyLevel: 'high' });
    expect(parseUserInfo({ userId: '1', nickName: 'n' })).toBeNull();
  });
});
