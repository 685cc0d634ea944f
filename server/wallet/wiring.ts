// Builds the wallet (service, address book) from what the gateway has, once per app, and lets the Binance routes
// find the same one: they are registered by another module from the same Trading object, so the wallet is kept
// beside that object (a WeakMap: it goes with the app). Without trading (an app that only serves accounts) there is
// no desk: withdrawals answer service.unavailable, the rest works.
import type { Accounts } from '../accounts/service.ts';
import { createLoginSecondFactor } from '../accounts/twofactor/login-step.ts';
import type { Clock } from '../clock.ts';
import type { Trading } from '../gateway/trading.ts';
import { usdtPrice } from '../gateway/routes/spot/valuation.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Store } from '../store/index.ts';
import { createAddressBook, type AddressBook } from './book.ts';
import type { DepositReader, WalletChain } from './ports.ts';
import { createWalletService, type WalletService } from './service.ts';

export interface Wallet {
  readonly service: WalletService;
  readonly book: AddressBook;
  readonly chain: WalletChain | undefined;
  readonly store: Store;
  readonly clock: Clock;
  /** The deposits the chain's watchers recorded (store.chain). */
  readonly deposits: DepositReader;
}

export interface WalletWiring {
  readonly store: Store;
  readonly clock: Clock;
  readonly accounts: Accounts;
  /** The anti-phishing notifier. */
  readonly notifier: Notifier;
  readonly messages: Messages;
  readonly trading: Trading | undefined;
  readonly chain: WalletChain | undefined;
}

const byTrading = new WeakMap<Trading, Wallet>();

export function createWallet(w: WalletWiring): Wallet {
  const { store, clock, trading } = w;
  const totp = createLoginSecondFactor({ store, clock, guard: w.accounts.secrets });
  const service = createWalletService({
    store,
    clock,
    chain: w.chain,
    desk: trading?.desks.spot,
    price: (asset) => (trading === undefined ? (asset === 'USDT' ? 100_000_000n : null) : usdtPrice(trading, asset, clock())),
    verifyFundPassword: w.accounts.verifyFundPassword,
    verifyTotp: totp.verifyTotp,
    notifier: w.notifier,
    messages: w.messages,
  });
  const book = createAddressBook({ store, clock, chain: w.chain, prove: service.proveSecrets });
  const wallet: Wallet = { service, book, chain: w.chain, store, clock, deposits: store.chain };
  if (trading !== undefined) byTrading.set(trading, wallet);
  return wallet;
}

/** The wallet the app's /app/wallet routes built over this Trading, if any. */
export const walletOf = (trading: Trading): Wallet | undefined => byTrading.get(trading);
