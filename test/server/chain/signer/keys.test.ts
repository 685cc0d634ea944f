// The wallet's keys: the first start writes a mnemonic readable by its owner only (0600, folder 0700) and says so
// once; a second start never overwrites it and reads only the public file; the public keys derive the very
// addresses the seed does; the signer's key comes from the seed (or an operator's private key file) and is refused
// from a file others can read.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeed } from '@scure/bip39';
import * as btc from '@scure/btc-signer';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BIP84_VERSIONS, btcAddressAt, btcNetworkParams, ensureWallet, ethAddressAt, ethAddressOf, loadHotKey, operatorKeysFromEnv, publicFileOf,
  publicWalletOf, WalletKeyError,
} from '../../../../server/chain/keys.ts';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

let dir: string;
let lines: string[];
const log = (line: string) => lines.push(line);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'openex-keys-'));
  lines = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('ensureWallet', () => {
  it('creates the seed 0600 in a 0700 folder on the first start and prints where it is, once', async () => {
    const seedFile = join(dir, 'wallet-secrets', 'hot-wallet.json');
    const w = await ensureWallet({ seedFile, log, btcNetwork: 'regtest' });
    expect(w.created).toBe(true);
    expect(statSync(seedFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'wallet-secrets')).mode & 0o777).toBe(0o700);
    const file = JSON.parse(readFileSync(seedFile, 'utf8')) as { mnemonic: string };
    expect(file.mnemonic.split(' ')).toHaveLength(24);
    const text = lines.join('\n');
    expect(text).toContain(seedFile);
    expect(text).toMatch(/TEST-NETWORK WALLET/);
    expect(text).toContain('WALLET_ETH_XPUB');
    expect(text).toContain('WALLET_BTC_XPUB');
    expect(text).toContain('SIGNER_KEY_FILE');
    // The mnemonic itself is never printed.
    expect(text).not.toContain(file.mnemonic.split(' ').slice(0, 4).join(' '));
    // The server gets public parts only.
    expect(Object.keys(w).sort()).toEqual(['btcXpub', 'created', 'ethXpub', 'hotAddress']);
    expect(w.ethXpub.startsWith('xpub')).toBe(true);
    expect(w.btcXpub.startsWith('vpub')).toBe(true);
  });

  it('a second start overwrites nothing, prints nothing, and reads the public file only', async () => {
    const seedFile = join(dir, 's', 'hot-wallet.json');
    const first = await ensureWallet({ seedFile, log, btcNetwork: 'testnet' });
    const before = readFileSync(seedFile, 'utf8');
    lines = [];
    // The seed taken away (as an operator keeping it offline would): a later start that needed it would fail.
    renameSync(seedFile, `${seedFile}.away`);
    const second = await ensureWallet({ seedFile, log, btcNetwork: 'testnet' });
    renameSync(`${seedFile}.away`, seedFile);
    expect(second).toEqual({ ...first, created: false });
    expect(readFileSync(seedFile, 'utf8')).toBe(before);
    expect(lines).toEqual([]);
  });

  it('derives the public file again from the seed when it is missing, without touching the seed', async () => {
    const seedFile = join(dir, 'hot-wallet.json');
    const first = await ensureWallet({ seedFile, log, btcNetwork: 'mainnet' });
    const before = readFileSync(seedFile, 'utf8');
    rmSync(publicFileOf(seedFile));
    lines = [];
    const again = await ensureWallet({ seedFile, log, btcNetwork: 'mainnet' });
    expect(again).toEqual({ ...first, created: false });
    expect(readFileSync(seedFile, 'utf8')).toBe(before);
    expect(lines).toEqual([]);
  });

  it('two starts racing create one seed between them', async () => {
    const seedFile = join(dir, 'race', 'hot-wallet.json');
    const [a, b] = await Promise.all([
      ensureWallet({ seedFile, log, btcNetwork: 'regtest' }),
      ensureWallet({ seedFile, log, btcNetwork: 'regtest' }),
    ]);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
    expect(a.hotAddress).toBe(b.hotAddress);
    expect(a.ethXpub).toBe(b.ethXpub);
  });

  it("the xpubs derive the seed's own addresses (ETH 0/i, BTC 0/i) and the hot wallet is not one of them", async () => {
    const seedFile = join(dir, 'hot-wallet.json');
    const w = await ensureWallet({ seedFile, log, btcNetwork: 'regtest' });
    const { mnemonic } = JSON.parse(readFileSync(seedFile, 'utf8')) as { mnemonic: string };
    const root = HDKey.fromMasterSeed(await mnemonicToSeed(mnemonic));
    const hot = await loadHotKey(seedFile);
    for (const i of [0, 1, 7]) {
      const fromSeed = root.derive(`m/44'/60'/0'/0/${i}`);
      expect(ethAddressAt(w.ethXpub, i)).toBe(privateKeyToAccount(`0x${Buffer.from(fromSeed.privateKey!).toString('hex')}`).address);
      const fromXpub = HDKey.fromExtendedKey(w.ethXpub).deriveChild(0).deriveChild(i);
      expect(Buffer.from(fromXpub.publicKey!).equals(Buffer.from(fromSeed.publicKey!))).toBe(true);
      expect(ethAddressAt(w.ethXpub, i)).not.toBe(hot.address);
      const btcFromSeed = root.derive(`m/84'/1'/0'/0/${i}`);
      expect(btcAddressAt(w.btcXpub, i, 'regtest')).toBe(btc.p2wpkh(btcFromSeed.publicKey!, btcNetworkParams('regtest')).address);
    }
    expect(hot.address).toBe(w.hotAddress);
    expect(hot.address).toBe(privateKeyToAccount(`0x${Buffer.from(root.derive("m/44'/60'/1'/0/0").privateKey!).toString('hex')}`).address);
  });
});

describe('derivation against the standard vectors', () => {
  it('"abandon … about": ETH 0/0, BIP84 zpub and its first addresses', async () => {
    const w = await publicWalletOf(ABANDON, 'mainnet');
    expect(ethAddressAt(w.ethXpub, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(w.btcXpub).toBe('zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs');
    expect(btcAddressAt(w.btcXpub, 0, 'mainnet')).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(btcAddressAt(w.btcXpub, 1, 'mainnet')).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    const t = await publicWalletOf(ABANDON, 'testnet');
    expect(btcAddressAt(t.btcXpub, 0, 'testnet')).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(HDKey.fromExtendedKey(t.btcXpub, BIP84_VERSIONS.test).depth).toBe(3);
  });

  it('ethAddressOf decompresses a public key to the same address as the uncompressed one', () => {
    const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
    const uncompressed = Buffer.from(account.publicKey.slice(2), 'hex');
    const y = uncompressed.subarray(33);
    const compressed = Buffer.concat([Buffer.from([y[y.length - 1]! & 1 ? 3 : 2]), uncompressed.subarray(1, 33)]);
    expect(ethAddressOf(compressed)).toBe(account.address);
    expect(ethAddressOf(uncompressed)).toBe(account.address);
  });
});

describe('loadHotKey', () => {
  it("reads an operator's own private key file", async () => {
    const file = join(dir, 'key.json');
    writeFileSync(file, JSON.stringify({ privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' }), { mode: 0o600 });
    expect((await loadHotKey(file)).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });

  it('refuses a key file other users can read', async () => {
    const seedFile = join(dir, 'k', 'hot-wallet.json');
    await ensureWallet({ seedFile, log, btcNetwork: 'regtest' });
    chmodSync(seedFile, 0o644);
    await expect(loadHotKey(seedFile)).rejects.toThrow(/other users/);
    chmodSync(seedFile, 0o600);
    await expect(loadHotKey(seedFile)).resolves.toMatchObject({ address: expect.stringMatching(/^0x/) });
  });

  it('refuses a file with neither a mnemonic nor a key, or a bad mnemonic', async () => {
    mkdirSync(join(dir, 'b'));
    const bad = join(dir, 'b', 'x.json');
    writeFileSync(bad, JSON.stringify({ mnemonic: 'abandon abandon abandon' }), { mode: 0o600 });
    await expect(loadHotKey(bad)).rejects.toThrow(WalletKeyError);
    writeFileSync(bad, JSON.stringify({}), { mode: 0o600 });
    await expect(loadHotKey(bad)).rejects.toThrow(/either/);
  });
});

describe("operator's own public keys", () => {
  it('takes all three or none, and refuses private or non-account keys', async () => {
    const w = await publicWalletOf(ABANDON, 'mainnet');
    expect(operatorKeysFromEnv({}, 'mainnet')).toBeNull();
    expect(operatorKeysFromEnv({ WALLET_ETH_XPUB: w.ethXpub, WALLET_BTC_XPUB: w.btcXpub, WALLET_HOT_ADDRESS: w.hotAddress.toLowerCase() }, 'mainnet')).toEqual(w);
    expect(() => operatorKeysFromEnv({ WALLET_ETH_XPUB: w.ethXpub }, 'mainnet')).toThrow(/all three/);
    const root = HDKey.fromMasterSeed(await mnemonicToSeed(ABANDON));
    const xprv = root.derive("m/44'/60'/0'").privateExtendedKey;
    expect(() => operatorKeysFromEnv({ WALLET_ETH_XPUB: xprv, WALLET_BTC_XPUB: w.btcXpub, WALLET_HOT_ADDRESS: w.hotAddress }, 'mainnet')).toThrow(WalletKeyError);
    const deep = root.derive("m/44'/60'/0'/0").publicExtendedKey;
    expect(() => operatorKeysFromEnv({ WALLET_ETH_XPUB: deep, WALLET_BTC_XPUB: w.btcXpub, WALLET_HOT_ADDRESS: w.hotAddress }, 'mainnet')).toThrow(/depth/);
    expect(() => operatorKeysFromEnv({ WALLET_ETH_XPUB: w.ethXpub, WALLET_BTC_XPUB: w.btcXpub, WALLET_HOT_ADDRESS: w.hotAddress }, 'testnet')).toThrow(/zpub/);
  });
});
