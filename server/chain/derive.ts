// Deposit addresses from the operator's extended PUBLIC keys: the server can derive every address but spend none.
//   ETH: a BIP44 account key m/44'/60'/0' (depth 3) → address i = child 0/i, Keccak-256 of the uncompressed key;
//   BTC: a BIP84 account key m/84'/0'/0' (mainnet) or m/84'/1'/0' (test networks) → address i = child 0/i as
//        P2WPKH (native segwit: bc1…, tb1…, bcrt1…).
// Accepted serialisations: xpub for both; zpub (mainnet) and vpub / tpub (test networks) for Bitcoin, as wallets
// export them. A private key (xprv, zprv, …) is refused outright: the server must never hold one.
import { HDKey, type Versions } from '@scure/bip32';
import * as btc from '@scure/btc-signer';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { getAddress } from 'viem';
import { btcParams, type BtcNetwork } from './networks.ts';

/** BIP32 version bytes by prefix; `test` says which Bitcoin networks a prefix belongs to (null: any). */
const PUBLIC_VERSIONS: Record<string, { version: number; test: boolean | null }> = {
  xpub: { version: 0x0488b21e, test: null },
  tpub: { version: 0x043587cf, test: true },
  zpub: { version: 0x04b24746, test: false },
  vpub: { version: 0x045f1cf6, test: true },
};
const PRIVATE_PREFIXES = ['xprv', 'tprv', 'yprv', 'zprv', 'uprv', 'vprv'];
const ACCOUNT_DEPTH = 3;
/** BIP32 child numbers at or above this are hardened, and need the private key. */
const HARDENED = 0x8000_0000;

export class XpubError extends Error {
  override name = 'XpubError';
}

/** Parses an account-level extended public key; throws XpubError saying what is wrong. */
export function parseAccountKey(text: string, coin: 'ETH' | 'BTC', btcNetwork: BtcNetwork = 'mainnet'): HDKey {
  const key = text.trim();
  const prefix = key.slice(0, 4);
  if (PRIVATE_PREFIXES.includes(prefix)) {
    throw new XpubError(`that is an extended PRIVATE key (${prefix}…); give the server only the extended public key of the account`);
  }
  const known = PUBLIC_VERSIONS[prefix];
  if (known === undefined) throw new XpubError(`expected an extended public key starting with xpub${coin === 'BTC' ? ', zpub, vpub or tpub' : ''}, got "${key.slice(0, 8)}…"`);
  if (coin === 'ETH' && prefix !== 'xpub') throw new XpubError(`an Ethereum account key is an xpub, got ${prefix}`);
  if (coin === 'BTC' && known.test !== null && known.test !== (btcNetwork !== 'mainnet')) {
    throw new XpubError(`a ${prefix} is for ${known.test ? 'a test network' : 'mainnet'}, but BTC_NETWORK is ${btcNetwork}`);
  }
  const versions: Versions = { public: known.version, private: 0 };
  let node: HDKey;
  try {
    node = HDKey.fromExtendedKey(key, versions);
  } catch (error) {
    // @scure/bip32 checks the base58 checksum, the length and the key itself.
    throw new XpubError(`not a valid extended public key (${(error as Error).message})`);
  }
  if (node.depth !== ACCOUNT_DEPTH) {
    const path = coin === 'ETH' ? "m/44'/60'/0'" : `m/84'/${btcNetwork === 'mainnet' ? 0 : 1}'/0'`;
    throw new XpubError(`expected the account's key (${path}, depth 3), got one of depth ${node.depth}`);
  }
  return node;
}

/** Child 0/index of an account key (external chain). */
function child(account: HDKey, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED) throw new RangeError(`address index out of range: ${index}`);
  const pub = account.deriveChild(0).deriveChild(index).publicKey;
  if (pub === null) throw new Error('derivation gave no public key');
  return pub;
}

// secp256k1: y² = x³ + 7 over the prime P. P ≡ 3 (mod 4), so a square root is a power (P + 1) / 4.
const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;

function powMod(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

/** A compressed public key (33 bytes: parity, x) → the 64 bytes x ‖ y. */
export function decompress(pub: Uint8Array): Uint8Array {
  if (pub.length !== 33 || (pub[0] !== 2 && pub[0] !== 3)) throw new Error('not a compressed secp256k1 key');
  const x = BigInt(`0x${bytesToHex(pub.subarray(1))}`);
  const rhs = (powMod(x, 3n, P) + 7n) % P;
  let y = powMod(rhs, (P + 1n) / 4n, P);
  if ((y * y) % P !== rhs) throw new Error('not a point of secp256k1');
  if ((y & 1n) !== BigInt(pub[0] & 1)) y = P - y;
  const out = new Uint8Array(64);
  out.set(pub.subarray(1), 0);
  out.set(hexToBytes(y.toString(16).padStart(64, '0')), 32);
  return out;
}

/** The EIP-55 checksummed Ethereum address of a compressed public key. */
export function ethAddressOf(pub: Uint8Array): `0x${string}` {
  const hash = keccak_256(decompress(pub));
  return getAddress(`0x${bytesToHex(hash.subarray(12))}`);
}

export interface Deriver {
  /** The deposit address number `index` (0, 1, 2, …) of the network. */
  address(index: number): string;
}

/** ETH deposit addresses (checksummed) from an account xpub (m/44'/60'/0'). */
export function ethDeriver(xpub: string): Deriver {
  const account = parseAccountKey(xpub, 'ETH');
  return { address: (index) => ethAddressOf(child(account, index)) };
}

/** BTC deposit addresses (P2WPKH) from an account key (m/84'/0'/0' or m/84'/1'/0'). */
export function btcDeriver(xpub: string, network: BtcNetwork): Deriver {
  const account = parseAccountKey(xpub, 'BTC', network);
  const params = btcParams(network);
  return {
    address(index) {
      const address = btc.p2wpkh(child(account, index), params).address;
      if (address === undefined) throw new Error('p2wpkh gave no address');
      return address;
    },
  };
}
