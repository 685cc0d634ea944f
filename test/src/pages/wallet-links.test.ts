// Issue 22's leftovers in the browser: /recharge and /withdrawal's ?coin= (what the router keeps of it), and how the
// asset records read a wallet reference (a deposit's network and shortened transaction, a withdrawal's number).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/contract.ts';
import { parseRef, shortTx } from '../../../src/pages/user/records.ts';
import { parseWalletSearch } from '../../../src/pages/user/wallet/wallet-search.ts';
import { parsePo } from '../../../server/i18n/po.ts';

describe('wallet pages ?coin=', () => {
  it('keeps a coin code, upper-cased', () => {
    expect(parseWalletSearch({ coin: 'BTC' })).toEqual({ coin: 'BTC' });
    expect(parseWalletSearch({ coin: ' eth ' })).toEqual({ coin: 'ETH' });
    expect(parseWalletSearch({ coin: 'USDT', other: 'x' })).toEqual({ coin: 'USDT' });
    expect(parseWalletSearch({ coin: 'A'.repeat(16) })).toEqual({ coin: 'A'.repeat(16) });
  });

  it('drops anything else without an error', () => {
    for (const coin of ['', '  ', 'A'.repeat(17), 'BTC/USDT', 'B-TC', '<script>', 'ÉTH', '12 3', null, 42, ['BTC'], { a: 1 }, true]) {
      expect(parseWalletSearch({ coin }), JSON.stringify(coin)).toEqual({});
    }
    expect(parseWalletSearch({})).toEqual({});
  });
});

describe('wallet references in the asset records', () => {
  const tx = '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcd';

  it('reads a deposit: network, transaction, index', () => {
    expect(parseRef(`deposit:ETH:${tx}:0`)).toEqual({ kind: 'deposit', network: 'ETH', tx, index: '0' });
    const btc = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
    expect(parseRef(`deposit:BTC:${btc}:3`)).toEqual({ kind: 'deposit', network: 'BTC', tx: btc, index: '3' });
    expect(parseRef(`deposit:ETH:${tx}:-1`)).toEqual({ kind: 'deposit', network: 'ETH', tx, index: '-1' });
  });

  it('reads a withdrawal by its number', () => {
    expect(parseRef('withdraw:12')).toEqual({ kind: 'withdrawal', id: '12' });
    expect(parseRef('withdraw:900719925474099')).toEqual({ kind: 'withdrawal', id: '900719925474099' });
  });

  it('leaves malformed wallet references raw', () => {
    for (const ref of ['deposit:ETH:0x12:0', 'deposit:eth:' + tx + ':0', 'deposit:ETH:' + tx, 'deposit:ETH:' + tx + ':x', 'withdraw:', 'withdraw:-1', 'withdraw:1a', 'withdraw:1234567890123456']) {
      expect(parseRef(ref), ref).toEqual({ kind: 'raw', text: ref });
    }
  });

  it('shortens a hash to its ends', () => {
    expect(shortTx(tx)).toBe('0x1234…abcd');
    expect(shortTx('a1b2c3d4e5f60718293a4b5c6d7e8f90')).toBe('a1b2…8f90');
    // Too short to gain anything: whole.
    expect(shortTx('0x12345678')).toBe('0x12345678');
    expect(shortTx('0x123456789')).toBe('0x123456789');
    expect(shortTx('0x1234567890a')).toBe('0x1234…890a');
  });

  it('names them in every language', () => {
    for (const locale of LOCALES) {
      const po = parsePo(readFileSync(join(import.meta.dirname, `../../../locales/${locale}/messages.po`), 'utf8'));
      expect(po.get('records.ref.deposit'), locale).toContain('{network}');
      expect(po.get('records.ref.withdrawal'), locale).toContain('#{id}');
    }
  });
});
