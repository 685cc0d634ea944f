// A coin's trading status (spec §3/§5): isOpen 0 means open; maintenance and "not open" block trading.
import type { CoinItem } from '../../contract.ts';

export type CoinStatus = 'open' | 'maintenance' | 'closed';

export function coinStatus(coin: CoinItem): CoinStatus {
  if (coin.maintenance) return 'maintenance';
  return coin.isOpen === 0 ? 'open' : 'closed';
}

export const COIN_STATUS_LABELS: Readonly<Record<CoinStatus, { labelId: string }>> = {
  open: { labelId: 'market.status.open' },
  maintenance: { labelId: 'market.status.maintenance' },
  closed: { labelId: 'market.status.closed' },
};
