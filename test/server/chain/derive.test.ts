// Deposit addresses from extended public keys, against the published vectors of the "abandon … about" mnemonic
// (BIP44 Ethereum, BIP84 Bitcoin), and the refusals: private keys, keys of the wrong depth or network.
import { describe, expect, it } from 'vitest';
import { btcDeriver, decompress, ethDeriver, parseAccountKey, XpubError } from '../../../server/chain/derive.ts';
import { BTC_TEST_XPUB, BTC_TPUB, BTC_VPUB, BTC_ZPUB, ETH_XPRV, ETH_XPUB } from './vectors.ts';

describe('deposit address derivation', () => {
  it('derives Ethereum addresses 0/i from the BIP44 account xpub (checksummed)', () => {
    expect(ETH_XPUB).toBe('xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt');
    const eth = ethDeriver(ETH_XPUB);
    expect(eth.address(0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(eth.address(1)).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0');
    expect(eth.address(2)).toBe('0xb6716976A3ebe8D39aCEB04372f22Ff8e6802D7A');
  });

  it('derives Bitcoin P2WPKH addresses 0/i from the BIP84 account key, per network', () => {
    expect(BTC_ZPUB).toBe('zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs');
    const main = btcDeriver(BTC_ZPUB, 'mainnet');
    expect(main.address(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(main.address(1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    // BIP84's test vector: vpub … → tb1q6rz2…; on regtest the same key with bcrt1.
    expect(btcDeriver(BTC_VPUB, 'testnet').address(0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(btcDeriver(BTC_VPUB, 'regtest').address(0)).toBe('bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk');
    // The same account key serialised as xpub or tpub gives the same addresses.
    expect(btcDeriver(BTC_TEST_XPUB, 'testnet').address(0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(btcDeriver(BTC_TPUB, 'testnet').address(0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
  });

  it('refuses private keys, keys of another depth, prefixes of another network, and garbage', () => {
    const message = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(XpubError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(message(() => parseAccountKey(ETH_XPRV, 'ETH'))).toMatch(/PRIVATE key/);
    const master = 'xpub661MyMwAqRbcFkPHucMnrGNzDwb6teAX1RbKQmqtEF8kK3Z7LZ59qafCjB9eCRLiTVG3uxBxgKvRgbubRhqSKXnGGb1aoaqLrpMBDrVxga8';
    expect(message(() => parseAccountKey(master, 'ETH'))).toMatch(/depth 3.*depth 0/);
    expect(message(() => parseAccountKey(BTC_ZPUB, 'ETH'))).toMatch(/Ethereum account key is an xpub/);
    expect(message(() => parseAccountKey(BTC_ZPUB, 'BTC', 'testnet'))).toMatch(/zpub is for mainnet/);
    expect(message(() => parseAccountKey(BTC_VPUB, 'BTC', 'mainnet'))).toMatch(/vpub is for a test network/);
    expect(message(() => parseAccountKey(`${ETH_XPUB.slice(0, -1)}u`, 'ETH'))).toMatch(/checksum/);
    expect(message(() => parseAccountKey('hello', 'BTC'))).toMatch(/extended public key/);
    expect(() => ethDeriver(ETH_XPUB).address(-1)).toThrow(RangeError);
    expect(() => ethDeriver(ETH_XPUB).address(2 ** 31)).toThrow(RangeError);
  });

  it('decompresses public keys onto the curve (both parities)', () => {
    // secp256k1's generator G: x = 79BE…1798, y = 483A…D4B8 (even).
    const gx = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
    const gy = '483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8';
    const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex');
    expect(hexOf(decompress(Buffer.from(`02${gx}`, 'hex')))).toBe(gx + gy);
    const odd = hexOf(decompress(Buffer.from(`03${gx}`, 'hex'))).slice(64);
    expect((BigInt(`0x${odd}`) + BigInt(`0x${gy}`)) % (2n ** 256n - 2n ** 32n - 977n)).toBe(0n);
    expect(() => decompress(Buffer.from(`05${gx}`, 'hex'))).toThrow();
  });
});
