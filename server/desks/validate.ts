// Checks of the values every desk command carries, each failing with its own code.
import { asset as toAsset, parseDecimal, WALLETS, type Asset, type UserId, type Wallet } from '../kernel/index.ts';
import { accept, refuse, refuseKernel, type Reply } from './codes.ts';

const ASSET = /^[A-Z0-9]{1,16}$/;
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function checkUser(user: number): Reply<UserId> {
  return Number.isSafeInteger(user) && user > 0 ? accept(user as UserId) : refuse('user.invalid');
}

export function checkAsset(code: string): Reply<Asset> {
  return typeof code === 'string' && ASSET.test(code) ? accept(toAsset(code)) : refuse('asset.invalid');
}

/** A positive amount as decimal text, e.g. "12.5". */
export function checkAmount(text: string): Reply<bigint> {
  if (typeof text !== 'string') return refuse('amount.invalid');
  const parsed = parseDecimal(text);
  if (!parsed.ok) return refuseKernel(parsed.code);
  return parsed.value > 0n ? accept(parsed.value) : refuse('amount.invalid');
}

export function checkWallet(name: string): Reply<Wallet> {
  return (WALLETS as readonly string[]).includes(name) ? accept(name as Wallet) : refuse('wallet.invalid');
}

/** Client-chosen ids (orders, transfers): 1-64 of letters, digits and . _ : - */
export const isClientId = (id: string): boolean => typeof id === 'string' && CLIENT_ID.test(id);
