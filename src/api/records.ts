// Asset records (spec §2 /assetRecords, §3 record types): one page of the signed-in user's balance changes.
import { API, type AssetRecordItem, type AssetRecordsRequest, type Page } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { parseRecordPage } from './records-parse.ts';

export const fetchAssetRecords = (req: AssetRecordsRequest, options?: CallOptions): Promise<Page<AssetRecordItem>> =>
  api.post(API.assetRecords, parseRecordPage, req, options);
