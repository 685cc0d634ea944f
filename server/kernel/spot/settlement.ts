// The ledger postings of spot trading: freezing and releasing an order's funds, and settling one fill. Every set
// sums to zero per asset by construction; the ledger checks it again when it applies them.
import { type AccountKey, FEE_INCOME, userAccount, type Wallet } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/ledger.ts';
import type { Amount, Asset, UserId } from '../money/nominal.ts';

export interface UserKeys {
  readonly available: AccountKey;
  readonly frozen: AccountKey;
}

/** Account keys per user, built once: the hot path would otherwise format two strings per posting. */
export class KeyCache {
  private readonly keys = new Map<UserId, UserKeys>();
  private readonly wallet: Wallet;

  constructor(wallet: Wallet) {
    this.wallet = wallet;
  }

  of(user: UserId): UserKeys {
    let k = this.keys.get(user);
    if (k === undefined) {
      k = { available: userAccount(user, this.wallet, 'available'), frozen: userAccount(user, this.wallet, 'frozen') };
      this.keys.set(user, k);
    }
    return k;
  }
}

const EMPTY: readonly Posting[] = Object.freeze([]);

/** Moves `amount` of `asset` between two accounts; nothing for a zero amount. */
export function transfer(from: AccountKey, to: AccountKey, asset: Asset, amount: bigint): readonly Posting[] {
  if (amount === 0n) return EMPTY;
  return [
    { account: from, asset, amount: -amount as Amount },
    { account: to, asset, amount: amount as Amount },
  ];
}

export interface Fill {
  readonly buyer: UserKeys;
  readonly seller: UserKeys;
  readonly baseAsset: Asset;
  readonly quoteAsset: Asset;
  /** Quote paid out of the buyer's frozen funds to the seller. */
  readonly quote: bigint;
  /** Base delivered out of the seller's frozen funds to the buyer. */
  readonly base: bigint;
  /** Fee kept from the base the buyer receives, and from the quote the seller receives. */
  readonly buyerFee: bigint;
  readonly sellerFee: bigint;
  /** Buyer's reservation freed because the fill was cheaper than the price it was reserved at. */
  readonly improvement: bigint;
}

export function fillPostings(f: Fill): Posting[] {
  const p: Posting[] = [
    { account: f.buyer.frozen, asset: f.quoteAsset, amount: -f.quote as Amount },
    { account: f.seller.available, asset: f.quoteAsset, amount: (f.quote - f.sellerFee) as Amount },
    { account: f.seller.frozen, asset: f.baseAsset, amount: -f.base as Amount },
    { account: f.buyer.available, asset: f.baseAsset, amount: (f.base - f.buyerFee) as Amount },
  ];
  if (f.sellerFee !== 0n) p.push({ account: FEE_INCOME, asset: f.quoteAsset, amount: f.sellerFee as Amount });
  if (f.buyerFee !== 0n) p.push({ account: FEE_INCOME, asset: f.baseAsset, amount: f.buyerFee as Amount });
  if (f.improvement !== 0n) {
    p.push({ account: f.buyer.frozen, asset: f.quoteAsset, amount: -f.improvement as Amount });
    p.push({ account: f.buyer.available, asset: f.quoteAsset, amount: f.improvement as Amount });
  }
  return p;
}
