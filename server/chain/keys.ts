// The exchange's keys (issue 22, server/chain/signer/README.md). The server never holds a seed: it is given the
// public parts only: the extended public keys deposit addresses are derived from, and the hot wallet's address.
// The withdrawal signer alone reads the hot key (loadHotKey), in its own process.
//
// Out of the box the first start creates a test-network wallet: a BIP39 mnemonic written to `seedFile` (mode 0600,
// its folder 0700), which the operator keeps outside the data folder, and beside it `<name>.public.json` with the
// public parts, which later starts read instead of the seed. An operator replaces it by their own keys: the
// extended public keys (WALLET_ETH_XPUB, WALLET_BTC_XPUB, WALLET_HOT_ADDRESS, see operatorKeysFromEnv) for the
// server, and the signer's own key file (SIGNER_KEY_FILE) for the signer.
//
// Paths: ETH deposits BIP44 m/44'/60'/0' (addresses 0/i, an `xpub`); BTC deposits BIP84 m/84'/0'/0' (`zpub`), or
// m/84'/1'/0' on test networks (`vpub`); the hot wallet m/44'/60'/1'/0/0, an account no deposit address is in.
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { HDKey, type Versions } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeed, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import * as btc from '@scure/btc-signer';
import { getAddress, isAddress, type Hex } from 'viem';
import { privateKeyToAccount, publicKeyToAddress } from 'viem/accounts';
import { ethAddressOf as compressedEthAddress } from './derive.ts';

export type BtcNetwork = 'mainnet' | 'testnet' | 'regtest';

export interface PublicWallet {
  /** BIP44 account xpub of m/44'/60'/0': ETH and ERC-20 deposit addresses are its 0/i. */
  readonly ethXpub: string;
  /** BIP84 account key of m/84'/0'/0' (zpub) or m/84'/1'/0' (vpub): BTC deposit addresses are its 0/i. */
  readonly btcXpub: string;
  /** The hot wallet withdrawals are sent from. */
  readonly hotAddress: `0x${string}`;
}

export interface EnsuredWallet extends PublicWallet {
  /** True when this start created the seed file. */
  readonly created: boolean;
}

export interface HotKey {
  readonly privateKey: `0x${string}`;
  readonly address: `0x${string}`;
}

export const ETH_ACCOUNT_PATH = "m/44'/60'/0'";
export const HOT_WALLET_PATH = "m/44'/60'/1'/0/0";
export const btcAccountPath = (net: BtcNetwork) => (net === 'mainnet' ? "m/84'/0'/0'" : "m/84'/1'/0'");

/** SLIP-132 version bytes of BIP84 account keys: zpub on mainnet, vpub on test networks. */
export const BIP84_VERSIONS: Readonly<Record<'mainnet' | 'test', Versions>> = Object.freeze({
  mainnet: { private: 0x04b2430c, public: 0x04b24746 },
  test: { private: 0x045f18bc, public: 0x045f1cf6 },
});
const XPUB_VERSIONS: Versions = { private: 0x0488ade4, public: 0x0488b21e };
const TPUB_VERSIONS: Versions = { private: 0x04358394, public: 0x043587cf };

export const DEFAULT_SEED_FOLDER = 'wallet-secrets';
export const DEFAULT_SEED_FILE_NAME = 'hot-wallet.json';

export class WalletKeyError extends Error {
  override name = 'WalletKeyError';
}

/** The seed file: what the operator backs up. `privateKey` instead of `mnemonic` is an operator's own hot key. */
interface SeedFile {
  readonly kind: 'openex-wallet';
  readonly mnemonic?: string;
  readonly privateKey?: string;
}

interface PublicFile extends PublicWallet {
  readonly kind: 'openex-wallet-public';
  readonly btcNetwork: BtcNetwork;
}

/** `<dir>/hot-wallet.json` → `<dir>/hot-wallet.public.json`. */
export function publicFileOf(seedFile: string): string {
  const name = basename(seedFile).replace(/\.json$/i, '');
  return join(dirname(seedFile), `${name}.public.json`);
}

const hex = (bytes: Uint8Array): `0x${string}` => `0x${Buffer.from(bytes).toString('hex')}`;

/** The Ethereum address of a secp256k1 public key, compressed (33 bytes, what BIP32 keys carry) or not (65). */
export function ethAddressOf(publicKey: Uint8Array): `0x${string}` {
  if (publicKey.length === 65 && publicKey[0] === 4) return publicKeyToAddress(hex(publicKey));
  try {
    return compressedEthAddress(publicKey);
  } catch (error) {
    throw new WalletKeyError(error instanceof Error ? error.message : String(error));
  }
}

/** An ETH account xpub (`xpub`/`tpub`), checked to be an account-level key (depth 3) with no private part. */
export function parseEthXpub(xpub: string): HDKey {
  const versions = xpub.startsWith('tpub') ? TPUB_VERSIONS : XPUB_VERSIONS;
  const key = parseExtended(xpub, versions, 'WALLET_ETH_XPUB');
  return key;
}

/** A BTC BIP84 account key: zpub (mainnet) or vpub (test networks); an xpub/tpub is read with the same meaning. */
export function parseBtcXpub(xpub: string, net: BtcNetwork): HDKey {
  const prefix = xpub.slice(0, 4);
  const mainnet = net === 'mainnet';
  const versions =
    prefix === 'zpub' ? BIP84_VERSIONS.mainnet
    : prefix === 'vpub' ? BIP84_VERSIONS.test
    : prefix === 'xpub' ? XPUB_VERSIONS
    : prefix === 'tpub' ? TPUB_VERSIONS
    : null;
  if (versions === null) throw new WalletKeyError(`WALLET_BTC_XPUB must be a zpub or vpub (BIP84 account key), got "${prefix}…"`);
  const forMainnet = prefix === 'zpub' || prefix === 'xpub';
  if (forMainnet !== mainnet) throw new WalletKeyError(`WALLET_BTC_XPUB is a ${prefix} but the Bitcoin network is ${net}`);
  return parseExtended(xpub, versions, 'WALLET_BTC_XPUB');
}

function parseExtended(text: string, versions: Versions, name: string): HDKey {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text, versions);
  } catch (error) {
    throw new WalletKeyError(`${name} is not a valid extended public key: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (key.privateKey !== null) throw new WalletKeyError(`${name} is a private key: give the server the extended PUBLIC key only`);
  if (key.depth !== 3) throw new WalletKeyError(`${name} must be an account key (depth 3, like m/44'/60'/0'), this one has depth ${key.depth}`);
  return key;
}

/** Address `0/index` of an ETH account xpub. */
export function ethAddressAt(xpub: string, index: number): `0x${string}` {
  const pub = parseEthXpub(xpub).deriveChild(0).deriveChild(index).publicKey;
  if (pub === null) throw new WalletKeyError('no public key');
  return ethAddressOf(pub);
}

/** Address `0/index` (native segwit) of a BTC BIP84 account key. */
export function btcAddressAt(xpub: string, index: number, net: BtcNetwork): string {
  const pub = parseBtcXpub(xpub, net).deriveChild(0).deriveChild(index).publicKey;
  if (pub === null) throw new WalletKeyError('no public key');
  const address = btc.p2wpkh(pub, btcNetworkParams(net)).address;
  if (address === undefined) throw new WalletKeyError('no address');
  return address;
}

export function btcNetworkParams(net: BtcNetwork): typeof btc.NETWORK {
  return net === 'mainnet' ? btc.NETWORK : net === 'testnet' ? btc.TEST_NETWORK : { ...btc.TEST_NETWORK, bech32: 'bcrt' };
}

/** The public parts of a mnemonic's wallet. */
export async function publicWalletOf(mnemonic: string, net: BtcNetwork): Promise<PublicWallet> {
  const seed = await mnemonicToSeed(mnemonic);
  try {
    const eth = HDKey.fromMasterSeed(seed, XPUB_VERSIONS).derive(ETH_ACCOUNT_PATH);
    const bip84 = HDKey.fromMasterSeed(seed, net === 'mainnet' ? BIP84_VERSIONS.mainnet : BIP84_VERSIONS.test).derive(btcAccountPath(net));
    return { ethXpub: eth.publicExtendedKey, btcXpub: bip84.publicExtendedKey, hotAddress: hotKeyOf(seed).address };
  } finally {
    seed.fill(0);
  }
}

function hotKeyOf(seed: Uint8Array): HotKey {
  const node = HDKey.fromMasterSeed(seed).derive(HOT_WALLET_PATH);
  if (node.privateKey === null) throw new WalletKeyError('the hot wallet path has no private key');
  const privateKey = hex(node.privateKey);
  return { privateKey, address: privateKeyToAccount(privateKey).address };
}

/**
 * The operator's own public keys from the environment: WALLET_ETH_XPUB, WALLET_BTC_XPUB and WALLET_HOT_ADDRESS, all
 * three or none (null: use the generated test-network wallet). Throws WalletKeyError on a partial or invalid set.
 */
export function operatorKeysFromEnv(env: Readonly<Record<string, string | undefined>>, net: BtcNetwork): PublicWallet | null {
  const ethXpub = env['WALLET_ETH_XPUB']?.trim() || undefined;
  const btcXpub = env['WALLET_BTC_XPUB']?.trim() || undefined;
  const hot = env['WALLET_HOT_ADDRESS']?.trim() || undefined;
  if (ethXpub === undefined && btcXpub === undefined && hot === undefined) return null;
  if (ethXpub === undefined || btcXpub === undefined || hot === undefined) {
    throw new WalletKeyError('set all three of WALLET_ETH_XPUB, WALLET_BTC_XPUB and WALLET_HOT_ADDRESS, or none of them');
  }
  parseEthXpub(ethXpub);
  parseBtcXpub(btcXpub, net);
  if (!isAddress(hot, { strict: false })) throw new WalletKeyError(`WALLET_HOT_ADDRESS is not an Ethereum address: "${hot}"`);
  return { ethXpub, btcXpub, hotAddress: getAddress(hot) };
}

const exists = async (path: string) =>
  stat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

/** A new file with `text`, written and fsynced; fails if `path` exists. */
async function writeFresh(path: string, text: string, mode: number): Promise<void> {
  const fh = await open(path, 'wx', mode);
  try {
    await fh.writeFile(text);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await chmod(path, mode);
}

const tempBeside = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);

/**
 * Writes `text` to `path` only if nothing is there, never a half-written file: a temp file, fsynced, then
 * hard-linked into place (which fails if the path exists). Returns false when the path was already there.
 */
async function writeNew(path: string, text: string, mode: number): Promise<boolean> {
  const tmp = tempBeside(path);
  await writeFresh(tmp, text, mode);
  try {
    await link(tmp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
  } finally {
    await unlink(tmp);
  }
  // No hard links on this file system: an exclusive create, which still never overwrites.
  try {
    await writeFresh(path, text, mode);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Replaces `path` atomically (the public file, which is derived and may be written again). */
async function writeReplace(path: string, text: string, mode: number): Promise<void> {
  const tmp = tempBeside(path);
  await writeFresh(tmp, text, mode);
  await rename(tmp, path);
}

async function readSeedFile(seedFile: string): Promise<SeedFile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(seedFile, 'utf8'));
  } catch (error) {
    throw new WalletKeyError(`cannot read the wallet file ${seedFile}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new WalletKeyError(`${seedFile} is not a wallet file`);
  const o = parsed as Record<string, unknown>;
  const mnemonic = typeof o['mnemonic'] === 'string' ? o['mnemonic'].trim() : undefined;
  const privateKey = typeof o['privateKey'] === 'string' ? o['privateKey'].trim() : undefined;
  if (mnemonic !== undefined && !validateMnemonic(mnemonic, wordlist)) throw new WalletKeyError(`${seedFile}: the mnemonic is not a valid BIP39 English mnemonic`);
  if (privateKey !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(privateKey)) throw new WalletKeyError(`${seedFile}: privateKey must be 0x and 64 hex digits`);
  if ((mnemonic === undefined) === (privateKey === undefined)) throw new WalletKeyError(`${seedFile} must hold either "mnemonic" or "privateKey"`);
  return { kind: 'openex-wallet', ...(mnemonic !== undefined ? { mnemonic } : {}), ...(privateKey !== undefined ? { privateKey } : {}) };
}

async function readPublicFile(path: string, net: BtcNetwork): Promise<PublicWallet> {
  const o = JSON.parse(await readFile(path, 'utf8')) as Partial<PublicFile>;
  if (o.kind !== 'openex-wallet-public' || typeof o.ethXpub !== 'string' || typeof o.btcXpub !== 'string' || typeof o.hotAddress !== 'string') {
    throw new WalletKeyError(`${path} is not a wallet's public file`);
  }
  if (o.btcNetwork !== net) {
    throw new WalletKeyError(`${path} was made for Bitcoin ${String(o.btcNetwork)}, not ${net}: delete it to derive it again from the seed file`);
  }
  parseEthXpub(o.ethXpub);
  parseBtcXpub(o.btcXpub, net);
  if (!isAddress(o.hotAddress, { strict: false })) throw new WalletKeyError(`${path}: hotAddress is not an address`);
  return { ethXpub: o.ethXpub, btcXpub: o.btcXpub, hotAddress: getAddress(o.hotAddress) };
}

function firstStartMessage(seedFile: string, publicFile: string): string[] {
  return [
    '================================================================================',
    'A TEST-NETWORK WALLET was created for deposits and withdrawals.',
    `  Its seed (a BIP39 mnemonic) is in ${seedFile} (readable by this user only).`,
    `  The server reads only its public parts, from ${publicFile}.`,
    '  Anyone with the seed controls every deposit address and the hot wallet: back it up, keep it off this',
    '  machine, and never use it on a network with real money.',
    'To use your own keys instead, generated and kept where you choose:',
    "  WALLET_ETH_XPUB     your xpub of m/44'/60'/0' (ETH and USDT deposit addresses 0/i)",
    "  WALLET_BTC_XPUB     your zpub of m/84'/0'/0' (vpub of m/84'/1'/0' on a test network)",
    '  WALLET_HOT_ADDRESS  the address withdrawals are sent from',
    '  SIGNER_KEY_FILE     a file (mode 0600) for the signer alone: {"privateKey":"0x…"} of that address',
    'This message is printed once, when the wallet is created.',
    '================================================================================',
  ];
}

/**
 * The server's start: the public parts of the wallet, creating a test-network wallet on the very first start.
 * Never overwrites a seed file. Later starts read `<seed>.public.json` only (deriving it once from the seed file
 * if it is missing, e.g. after an upgrade).
 */
export async function ensureWallet(o: { seedFile: string; log: (line: string) => void; btcNetwork: BtcNetwork }): Promise<EnsuredWallet> {
  const publicFile = publicFileOf(o.seedFile);
  if (await exists(publicFile)) {
    return { ...(await readPublicFile(publicFile, o.btcNetwork)), created: false };
  }
  let created = false;
  if (!(await exists(o.seedFile))) {
    const folder = dirname(o.seedFile);
    const made = await mkdir(folder, { recursive: true, mode: 0o700 });
    if (made !== undefined) await chmod(folder, 0o700);
    else if (((await stat(folder)).mode & 0o077) !== 0) o.log(`warning: ${folder} can be read by other users; the wallet's seed is kept in it`);
    const mnemonic = generateMnemonic(wordlist, 256);
    const file: SeedFile & { note: string; createdAt: string } = {
      kind: 'openex-wallet',
      note: 'A test-network wallet made by the exchange on its first start. Keep this file secret and backed up.',
      mnemonic,
      createdAt: new Date().toISOString(),
    };
    // Another process may create it at the same instant: then theirs stands and we read it.
    created = await writeNew(o.seedFile, `${JSON.stringify(file, null, 2)}\n`, 0o600);
  }
  const seed = await readSeedFile(o.seedFile);
  if (seed.mnemonic === undefined) {
    throw new WalletKeyError(
      `${o.seedFile} holds a private key only, no seed for deposit addresses: set WALLET_ETH_XPUB, WALLET_BTC_XPUB and WALLET_HOT_ADDRESS`,
    );
  }
  const wallet = await publicWalletOf(seed.mnemonic, o.btcNetwork);
  const pub: PublicFile = { kind: 'openex-wallet-public', btcNetwork: o.btcNetwork, ...wallet };
  await writeReplace(publicFile, `${JSON.stringify(pub, null, 2)}\n`, 0o644);
  if (created) for (const line of firstStartMessage(o.seedFile, publicFile)) o.log(line);
  return { ...wallet, created };
}

/**
 * The hot key, for the signer process alone: from a wallet file's mnemonic (m/44'/60'/1'/0/0) or an operator's
 * `{"privateKey": "0x…"}`. Refuses a file other users can read.
 */
export async function loadHotKey(seedFile: string): Promise<HotKey> {
  let mode: number;
  try {
    mode = (await stat(seedFile)).mode;
  } catch (error) {
    throw new WalletKeyError(`the signer's key file ${seedFile} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new WalletKeyError(`${seedFile} can be read by other users (mode ${(mode & 0o777).toString(8)}): chmod 600 it first`);
  }
  const file = await readSeedFile(seedFile);
  if (file.privateKey !== undefined) {
    const privateKey = file.privateKey.toLowerCase() as Hex;
    return { privateKey, address: privateKeyToAccount(privateKey).address };
  }
  const seed = await mnemonicToSeed(file.mnemonic!);
  try {
    return hotKeyOf(seed);
  } finally {
    seed.fill(0);
  }
}

/** Where the seed file goes by default: beside the data folder, never in it. */
export function defaultSeedFile(cwd: string = process.cwd()): string {
  return join(cwd, DEFAULT_SEED_FOLDER, DEFAULT_SEED_FILE_NAME);
}
