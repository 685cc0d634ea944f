// The public REST read the contract streams start from when the app hands in none: the perpetual markets with their
// brackets (GET /app/contract/markets, an enveloped reply), parsed before use.
import type { ContractMarketItem } from '../contract.ts';
import { API } from '../contract.ts';
import { parseContractMarkets } from '../parse/contract.ts';
import { RestError, type Http } from './http.ts';

export const contractMarketsReader =
  (http: Http) =>
  async (signal?: AbortSignal): Promise<readonly ContractMarketItem[]> => {
    const list = parseContractMarkets(await http.getEnvelope(API.contractMarkets, undefined, signal));
    if (list === null) throw new RestError('client.reply', 'unexpected reply');
    return list;
  };
