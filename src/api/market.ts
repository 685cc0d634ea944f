// Market lists (spec §7): coin list with prices and open status.
import { API, LIST_PAGE_SIZE, type CoinItem } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { parseCoinList } from './parse.ts';

export const fetchCoinList = (options?: CallOptions): Promise<CoinItem[]> =>
  api.post(API.coinList, parseCoinList, { pageIndex: 1, pageSize: LIST_PAGE_SIZE }, options);
