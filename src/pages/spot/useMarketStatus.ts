// Whether the market takes orders (spec §5: a coin not open, or under maintenance, blocks trading with a message).
// Read from the coin list once per market; the server refuses such orders anyway, this only says so up front.
import { fetchCoinList } from '../../api/market.ts';
import { useLoadable } from '../../ui/useLoadable.ts';
import { coinStatus, type CoinStatus } from '../quotation/coinStatus.ts';
import { pairName } from '../quotation/market-rows.ts';

export const STATUS_RULES: Readonly<Record<Exclude<CoinStatus, 'open'>, string>> = {
  closed: 'rule.currency.notOpen',
  maintenance: 'rule.currency.maintenance',
};

/** 'open' until the list says otherwise, so a slow or failed read never blocks a user. */
export function useMarketStatus(symbol: string): CoinStatus {
  const coins = useLoadable((signal) => fetchCoinList({ signal, notify: false }), [symbol]);
  if (coins.status !== 'success') return 'open';
  const coin = coins.data.find((c) => c.codeName === pairName(symbol));
  return coin ? coinStatus(coin) : 'open';
}
