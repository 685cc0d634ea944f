// Wallet calls of /myassets and the transfer dialog (signed in): every account's balances, a transfer between two
// of the user's accounts, and the transfer records. The live numbers come from the balances stream afterwards.
import { API, type BalancesReply, type Page, type PagedRequest, type TransferItem, type TransferRequest } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { parseTransferItem, parseTransferPage } from './assets-parse.ts';
import { parseBalancesReply } from './spot-parse.ts';

export const fetchAssetBalances = (options?: CallOptions): Promise<BalancesReply> =>
  api.get(API.assetBalances, parseBalancesReply, undefined, options);
export const transferAsset = (req: TransferRequest, options?: CallOptions): Promise<TransferItem> =>
  api.post(API.assetTransfer, parseTransferItem, req, options);
export const fetchTransferRecords = (req: PagedRequest, options?: CallOptions): Promise<Page<TransferItem>> =>
  api.post(API.assetTransferRecords, parseTransferPage, req, options);
