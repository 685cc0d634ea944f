// What the wallet uses of its neighbours, as the interfaces of issue 22 say them: the chain's WalletChain and rules
// (server/chain), and the shapes of the spot desk's wallet commands, the chain's deposits and the signer's record,
// which the real objects (desks.spot, store.chain, store.signer) fit structurally, so tests can stand in for them.
import type { NetworkId } from '../chain/index.ts';
import type { Reply } from '../desks/codes.ts';
import type { BalanceView } from '../desks/views.ts';

export type { AssetRule, NetworkId, NetworkInfo, WalletChain } from '../chain/index.ts';
export const NETWORK_IDS: readonly NetworkId[] = ['ETH', 'BTC'];
export const isNetworkId = (v: unknown): v is NetworkId => v === 'ETH' || v === 'BTC';

export type DepositState = 'pending' | 'credited' | 'below_min' | 'orphaned';

/** store.chain.deposits's rows. */
export interface DepositRow {
  readonly id: number;
  readonly user: number;
  readonly asset: string;
  readonly network: NetworkId;
  readonly amount: bigint;
  readonly address: string;
  readonly txHash: string;
  readonly index: number;
  readonly confirmations: number;
  readonly required: number;
  readonly status: DepositState;
  readonly createdAt: number;
  readonly creditedAt: number | null;
}

export interface DepositReader {
  deposits(q: { user: number; asset?: string; status?: DepositState; pageIndex: number; pageSize: number }): Promise<{ list: DepositRow[]; total: number }>;
}

/** store.signer.txsFor's rows. */
export interface SignerTx {
  readonly withdrawalId: number;
  readonly network: NetworkId;
  readonly txHash: string;
  readonly nonce: number | null;
  readonly status: 'signed' | 'broadcast' | 'confirmed' | 'failed';
  readonly confirmations: number;
  readonly error: string | null;
  readonly updatedAt: number;
}

export interface SignerTxReader {
  txsFor(withdrawalIds: readonly number[]): Promise<SignerTx[]>;
}

export interface WalletMove {
  readonly ref: string;
  readonly duplicate: boolean;
  readonly balance: BalanceView;
}

/** The spot desk's wallet commands (desks.spot): sequenced with trading, each once per id. */
export interface WalletDesk {
  withdrawHold(req: { id: number; user: number; asset: string; amount: string }): Promise<Reply<WalletMove>>;
  withdrawRelease(req: { id: number; why: 'rejected' | 'cancelled' }): Promise<Reply<WalletMove>>;
  withdrawSettle(req: { id: number; fee: string }): Promise<Reply<WalletMove>>;
}
