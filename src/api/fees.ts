// Fee levels (spec §1 "rate standard", §3 "Rate level"): the table in force, and the signed-in user's own level.
import { API, type FeeRateStandardReply, type MyFeeLevelReply } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { parseMyFeeLevel, parseRateStandard } from './fees-parse.ts';

export const fetchRateStandard = (options?: CallOptions): Promise<FeeRateStandardReply> =>
  api.get(API.feeRateStandard, parseRateStandard, undefined, options);
export const fetchMyFeeLevel = (options?: CallOptions): Promise<MyFeeLevelReply> => api.get(API.feeMyLevel, parseMyFeeLevel, undefined, options);
