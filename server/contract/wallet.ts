// Wallet: the /app API's shared contract for deposits, withdrawals, the address book and the whitelist (issue 22).
// Rules and tables: server/wallet/README.md (withdrawals, address book, limits) and server/chain/README.md
// (addresses, watchers, signer). Amounts are decimal text in the ledger's precision (8 places) unless said.

/** Refusals of these routes; each has a message in locales/<locale>/server.po (a code ending in .throttled answers 429). */
export const WALLET_ERROR_CODES = [
  'wallet.asset.unknown',
  'wallet.network.unknown',
  'wallet.deposit.manual',
  'wallet.address.invalid',
  'wallet.amount.invalid',
  'wallet.amount.below.min',
  'wallet.amount.precision',
  'wallet.limit.exceeded',
  'wallet.identity.required',
  'wallet.fund.password.required',
  'wallet.fund.password.wrong',
  'wallet.totp.required',
  'wallet.totp.wrong',
  'wallet.security.locked',
  'wallet.whitelist.only',
  'wallet.whitelist.cooling',
  'wallet.withdrawal.not.found',
  'wallet.withdrawal.not.cancellable',
  'wallet.address.book.full',
  'wallet.address.book.duplicate',
  'wallet.address.book.not.found',
  'wallet.label.invalid',
  'wallet.withdraw.throttled',
  'wallet.api.key.not.found',
  'wallet.api.key.ip.required',
] as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];

export const WALLET_API = {
  /** GET, public → WalletAsset[]: every coin, whether it is deposited automatically, and its networks' rules. */
  assets: '/app/wallet/assets',
  /** GET ?asset&network → DepositAddress (signed in; assigned on first ask, the same one ever after). */
  depositAddress: '/app/wallet/depositAddress',
  /** GET ?asset&status&pageIndex&pageSize → Page<DepositItem> */
  deposits: '/app/wallet/deposits',
  /** POST WithdrawRequest → WithdrawalItem (status applied: the amount is held). */
  withdraw: '/app/wallet/withdraw',
  /** POST { id } → WithdrawalItem (status cancelled: the amount is back). Only while applied. */
  cancelWithdrawal: '/app/wallet/cancelWithdrawal',
  /** GET ?asset&status&pageIndex&pageSize → Page<WithdrawalItem> */
  withdrawals: '/app/wallet/withdrawals',
  /** GET ?asset&network → AddressBookEntry[] */
  addressBook: '/app/wallet/addressBook',
  /** POST { asset, network, address, label } → AddressBookEntry */
  addressBookAdd: '/app/wallet/addressBook/add',
  /** POST { id } → null */
  addressBookRemove: '/app/wallet/addressBook/remove',
  /** GET → WhitelistState */
  whitelist: '/app/wallet/whitelist',
  /** POST { enabled, fundPassword, totpCode? } → WhitelistState */
  whitelistSet: '/app/wallet/whitelist/set',
  /** GET → WithdrawLimits: the signed-in user's daily limit, what is used, and the rules in force for them. */
  limits: '/app/wallet/limits',
  /** GET → ApiKeyWithdrawal[]: the user's live API keys and whether each may withdraw (Binance's /sapi withdraw/apply). */
  apiKeys: '/app/wallet/apiKeys',
  /** POST { apiKey, enabled, fundPassword, totpCode? } → ApiKeyWithdrawal: allow or forbid one key's withdrawals. */
  apiKeysSet: '/app/wallet/apiKeys/set',
} as const;

export type WalletNetworkId = 'ETH' | 'BTC';

export interface WalletNetwork {
  /** Binance's network id: ETH (Ethereum, ERC-20 tokens too), BTC (Bitcoin). */
  network: WalletNetworkId;
  /** Shown to the user: "Ethereum (ERC20)", "Bitcoin (SegWit)"; a test network says so ("… testnet"). */
  name: string;
  /** EVM chain id (1 = mainnet, 31337 = the embedded local chain); null for Bitcoin. */
  chainId: number | null;
  /** Confirmations before a deposit is credited. */
  confirmations: number;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  /** Below this a deposit is recorded, not credited. */
  minDeposit: string;
  /** Taken from the amount: the user receives amount − fee. */
  withdrawFee: string;
  withdrawMin: string;
  /** The most decimals an amount may have on this network for this coin (USDT: 6). */
  withdrawDecimals: number;
  /** ERC-20 contract for a token, null for the chain's own coin. */
  contract: string | null;
}

export interface WalletAsset {
  asset: string;
  name: string;
  /** USDT, BTC and ETH (spec): deposits are watched and credited by the exchange; other coins say "contact customer service". */
  autoDeposit: boolean;
  networks: WalletNetwork[];
}

export interface DepositAddress {
  asset: string;
  network: WalletNetworkId;
  networkName: string;
  address: string;
  /** A URI for the QR code (ethereum:0x…@chainId, bitcoin:bc1…): the page draws it. */
  uri: string;
  minDeposit: string;
  confirmations: number;
}

/** pending: seen on chain, waiting for confirmations; credited; below_min: recorded, not credited; orphaned: its block left the chain before it was final. */
export type DepositStatus = 'pending' | 'credited' | 'below_min' | 'orphaned';

export interface DepositItem {
  id: number;
  asset: string;
  network: WalletNetworkId;
  amount: string;
  address: string;
  txHash: string;
  /** For an ERC-20 transfer, its place among the token's Transfer logs of its transaction (stable across a reorg); for Bitcoin, the output's index; for native ETH, -1. */
  index: number;
  confirmations: number;
  required: number;
  status: DepositStatus;
  /** Unix ms first seen, credited (null until then). */
  time: number;
  creditedAt: number | null;
}

export interface WithdrawRequest {
  asset: string;
  network: WalletNetworkId;
  address: string;
  /** What leaves the user's balance; the user receives amount − fee. */
  amount: string;
  fundPassword: string;
  /** Required when the user has TOTP on. */
  totpCode?: string | undefined;
  /** Idempotency: a repeat answers the first withdrawal. */
  clientId?: string | undefined;
}

/** applied: funds held, waiting for review; approved: the signer will send it; broadcast: sent (txHash); confirmed: final on chain; rejected (reason) and cancelled: funds returned. */
export type WithdrawalStatus = 'applied' | 'approved' | 'rejected' | 'cancelled' | 'broadcast' | 'confirmed';

export interface WithdrawalItem {
  id: number;
  asset: string;
  network: WalletNetworkId;
  address: string;
  /** Held and taken from the balance. */
  amount: string;
  fee: string;
  /** amount − fee: what arrives. */
  received: string;
  status: WithdrawalStatus;
  /** The operator's reason for a rejection (shown as written). */
  reason: string | null;
  txHash: string | null;
  confirmations: number | null;
  time: number;
  updatedAt: number;
}

export interface AddressBookEntry {
  id: number;
  asset: string;
  network: WalletNetworkId;
  address: string;
  label: string;
  createdAt: number;
  /** With the whitelist on, a new address may be used only after this (Unix ms): 24 h after it was saved. */
  usableAt: number;
}

export interface WhitelistState {
  /** In force now: only saved addresses, each 24 h after it was saved. */
  enabled: boolean;
  /** Switched off, taking effect then (Unix ms; 24 h after it was asked): until then it stays in force. Else null. */
  offAt: number | null;
}

/** An API key's withdrawal permission. Only a key restricted to IP addresses may withdraw (as on Binance). */
export interface ApiKeyWithdrawal {
  apiKey: string;
  ipRestricted: boolean;
  withdraw: boolean;
}

export interface WithdrawLimits {
  /** The user's daily limit in USDT equivalent, and what the last 24 h used of it. */
  daily: string;
  used: string;
  remaining: string;
  /** What raised it: identity verified, each binding (e-mail, phone, authenticator). */
  verified: boolean;
  bindings: number;
  /** Withdrawals are closed until this (Unix ms) after a security change, else null. */
  lockedUntil: number | null;
  totpRequired: boolean;
  fundPasswordSet: boolean;
}
