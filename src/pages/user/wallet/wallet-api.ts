// The wallet's /app calls (issue 22, server/contract/wallet.ts): coins and their networks, the deposit address, the
// deposit and withdrawal records, withdraw and cancel, the address book, the whitelist, the daily limit and which
// API keys may withdraw. Every reply is shape-checked here, so nothing unchecked reaches the pages; amounts stay
// decimal text.
import {
  WALLET_API,
  type AddressBookEntry,
  type ApiKeyWithdrawal,
  type DepositAddress,
  type DepositItem,
  type DepositStatus,
  type Page,
  type WalletAsset,
  type WalletNetwork,
  type WalletNetworkId,
  type WhitelistState,
  type WithdrawalItem,
  type WithdrawalStatus,
  type WithdrawLimits,
  type WithdrawRequest,
} from '../../../contract.ts';
import { api, type CallOptions } from '../../../api/index.ts';
import { ignoreData, isRecord, type Parser } from '../../../api/parse.ts';

const str = (v: unknown): v is string => typeof v === 'string';
const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const DECIMAL = /^\d+(?:\.\d+)?$/;
const amount = (v: unknown): v is string => str(v) && DECIMAL.test(v);
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => str(v) && (list as readonly string[]).includes(v);

const NETWORKS: readonly WalletNetworkId[] = ['ETH', 'BTC'];
const DEPOSIT_STATUSES: readonly DepositStatus[] = ['pending', 'credited', 'below_min', 'orphaned'];
const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['applied', 'approved', 'rejected', 'cancelled', 'broadcast', 'confirmed'];

function list<T>(item: (d: unknown) => T | null): Parser<T[]> {
  return (d) => {
    if (!Array.isArray(d)) return null;
    const out = d.map(item);
    return out.every((x): x is T => x !== null) ? out : null;
  };
}

function pageOf<T>(item: (d: unknown) => T | null): Parser<Page<T>> {
  const items = list(item);
  return (d) => {
    if (!isRecord(d) || !int(d.total) || !int(d.pageIndex) || !int(d.pageSize)) return null;
    const rows = items(d.list);
    return rows ? { list: rows, total: d.total, pageIndex: d.pageIndex, pageSize: d.pageSize } : null;
  };
}

function parseNetwork(d: unknown): WalletNetwork | null {
  if (!isRecord(d) || !oneOf(NETWORKS, d.network) || !str(d.name) || !int(d.confirmations)) return null;
  if (!amount(d.minDeposit) || !amount(d.withdrawFee) || !amount(d.withdrawMin) || !int(d.withdrawDecimals)) return null;
  return {
    network: d.network,
    name: d.name,
    chainId: int(d.chainId) ? d.chainId : null,
    confirmations: d.confirmations,
    depositEnabled: d.depositEnabled === true,
    withdrawEnabled: d.withdrawEnabled === true,
    minDeposit: d.minDeposit,
    withdrawFee: d.withdrawFee,
    withdrawMin: d.withdrawMin,
    withdrawDecimals: d.withdrawDecimals,
    contract: str(d.contract) ? d.contract : null,
  };
}

export const parseWalletAssets = list<WalletAsset>((d) => {
  if (!isRecord(d) || !str(d.asset) || !Array.isArray(d.networks)) return null;
  const networks = list(parseNetwork)(d.networks);
  if (!networks) return null;
  return { asset: d.asset, name: str(d.name) ? d.name : d.asset, autoDeposit: d.autoDeposit === true, networks };
});

export const parseDepositAddress: Parser<DepositAddress> = (d) => {
  if (!isRecord(d) || !str(d.asset) || !oneOf(NETWORKS, d.network) || !str(d.address) || d.address === '' || !str(d.uri)) return null;
  if (!amount(d.minDeposit) || !int(d.confirmations)) return null;
  return {
    asset: d.asset,
    network: d.network,
    networkName: str(d.networkName) ? d.networkName : d.network,
    address: d.address,
    uri: d.uri,
    minDeposit: d.minDeposit,
    confirmations: d.confirmations,
  };
};

export const parseDeposit = (d: unknown): DepositItem | null => {
  if (!isRecord(d) || !int(d.id) || !str(d.asset) || !oneOf(NETWORKS, d.network) || !amount(d.amount) || !str(d.txHash)) return null;
  if (!int(d.confirmations) || !int(d.required) || !oneOf(DEPOSIT_STATUSES, d.status) || !int(d.time)) return null;
  return {
    id: d.id,
    asset: d.asset,
    network: d.network,
    amount: d.amount,
    address: str(d.address) ? d.address : '',
    txHash: d.txHash,
    index: int(d.index) ? d.index : -1,
    confirmations: d.confirmations,
    required: d.required,
    status: d.status,
    time: d.time,
    creditedAt: int(d.creditedAt) ? d.creditedAt : null,
  };
};

export const parseWithdrawal = (d: unknown): WithdrawalItem | null => {
  if (!isRecord(d) || !int(d.id) || !str(d.asset) || !oneOf(NETWORKS, d.network) || !str(d.address)) return null;
  if (!amount(d.amount) || !amount(d.fee) || !amount(d.received) || !oneOf(WITHDRAWAL_STATUSES, d.status) || !int(d.time)) return null;
  return {
    id: d.id,
    asset: d.asset,
    network: d.network,
    address: d.address,
    amount: d.amount,
    fee: d.fee,
    received: d.received,
    status: d.status,
    reason: str(d.reason) && d.reason !== '' ? d.reason : null,
    txHash: str(d.txHash) && d.txHash !== '' ? d.txHash : null,
    confirmations: int(d.confirmations) ? d.confirmations : null,
    time: d.time,
    updatedAt: int(d.updatedAt) ? d.updatedAt : d.time,
  };
};

export const parseAddressEntry = (d: unknown): AddressBookEntry | null => {
  if (!isRecord(d) || !int(d.id) || !str(d.asset) || !oneOf(NETWORKS, d.network) || !str(d.address) || !str(d.label) || !int(d.createdAt)) return null;
  return { id: d.id, asset: d.asset, network: d.network, address: d.address, label: d.label, createdAt: d.createdAt, usableAt: int(d.usableAt) ? d.usableAt : d.createdAt };
};

const parseWhitelist: Parser<WhitelistState> = (d) =>
  isRecord(d) && typeof d.enabled === 'boolean' ? { enabled: d.enabled, offAt: int(d.offAt) ? d.offAt : null } : null;

export const parseLimits: Parser<WithdrawLimits> = (d) => {
  if (!isRecord(d) || !amount(d.daily) || !amount(d.used) || !amount(d.remaining)) return null;
  return {
    daily: d.daily,
    used: d.used,
    remaining: d.remaining,
    verified: d.verified === true,
    bindings: int(d.bindings) ? d.bindings : 0,
    lockedUntil: int(d.lockedUntil) ? d.lockedUntil : null,
    totpRequired: d.totpRequired === true,
    fundPasswordSet: d.fundPasswordSet === true,
  };
};

export interface WalletPaging {
  pageIndex: number;
  pageSize: number;
  asset?: string | undefined;
}

const pagingQuery = (p: WalletPaging) => ({ pageIndex: p.pageIndex, pageSize: p.pageSize, ...(p.asset ? { asset: p.asset } : {}) });

export const fetchWalletAssets = (options?: CallOptions): Promise<WalletAsset[]> => api.get(WALLET_API.assets, parseWalletAssets, undefined, options);

export const fetchDepositAddress = (asset: string, network: WalletNetworkId, options?: CallOptions): Promise<DepositAddress> =>
  api.get(WALLET_API.depositAddress, parseDepositAddress, { asset, network }, options);

export const fetchDeposits = (paging: WalletPaging, options?: CallOptions): Promise<Page<DepositItem>> =>
  api.get(WALLET_API.deposits, pageOf(parseDeposit), pagingQuery(paging), options);

export const fetchWithdrawals = (paging: WalletPaging, options?: CallOptions): Promise<Page<WithdrawalItem>> =>
  api.get(WALLET_API.withdrawals, pageOf(parseWithdrawal), pagingQuery(paging), options);

const oneWithdrawal: Parser<WithdrawalItem> = (d) => parseWithdrawal(d);

export const requestWithdrawal = (body: WithdrawRequest, options?: CallOptions): Promise<WithdrawalItem> =>
  api.post(WALLET_API.withdraw, oneWithdrawal, body, options);

export const cancelWithdrawal = (id: number, options?: CallOptions): Promise<WithdrawalItem> =>
  api.post(WALLET_API.cancelWithdrawal, oneWithdrawal, { id }, options);

export const fetchAddressBook = (options?: CallOptions): Promise<AddressBookEntry[]> =>
  api.get(WALLET_API.addressBook, list(parseAddressEntry), undefined, options);

const oneEntry: Parser<AddressBookEntry> = (d) => parseAddressEntry(d);

export const addAddress = (body: { asset: string; network: WalletNetworkId; address: string; label: string }, options?: CallOptions): Promise<AddressBookEntry> =>
  api.post(WALLET_API.addressBookAdd, oneEntry, body, options);

export const removeAddress = (id: number, options?: CallOptions): Promise<true> => api.post(WALLET_API.addressBookRemove, ignoreData, { id }, options);

export const fetchWhitelist = (options?: CallOptions): Promise<WhitelistState> => api.get(WALLET_API.whitelist, parseWhitelist, undefined, options);

export const setWhitelist = (body: { enabled: boolean; fundPassword: string; totpCode?: string }, options?: CallOptions): Promise<WhitelistState> =>
  api.post(WALLET_API.whitelistSet, parseWhitelist, body, options);

export const fetchLimits = (options?: CallOptions): Promise<WithdrawLimits> => api.get(WALLET_API.limits, parseLimits, undefined, options);

const parseApiKey = (d: unknown): ApiKeyWithdrawal | null =>
  isRecord(d) && str(d.apiKey) ? { apiKey: d.apiKey, ipRestricted: d.ipRestricted === true, withdraw: d.withdraw === true } : null;

export const fetchApiKeys = (options?: CallOptions): Promise<ApiKeyWithdrawal[]> => api.get(WALLET_API.apiKeys, list(parseApiKey), undefined, options);

const oneApiKey: Parser<ApiKeyWithdrawal> = (d) => parseApiKey(d);

export const setApiKeyWithdraw = (
  body: { apiKey: string; enabled: boolean; fundPassword: string; totpCode?: string },
  options?: CallOptions,
): Promise<ApiKeyWithdrawal> => api.post(WALLET_API.apiKeysSet, oneApiKey, body, options);
