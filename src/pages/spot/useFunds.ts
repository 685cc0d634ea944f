// The spot wallet's available base and quote of a market, from the live balances (seeded by REST on each run).
import { useMemo } from 'react';
import { dataOf, useBalances } from '../../../streams/index.ts';
import { baseAsset, quoteAsset } from '../quotation/market-rows.ts';
import type { Funds } from './order-form.ts';

export function useFunds(symbol: string): Funds | null {
  const balances = dataOf(useBalances());
  return useMemo(() => {
    if (!balances) return null;
    const available = (asset: string) => Number(balances.find((b) => b.wallet === 'coin' && b.asset === asset)?.available ?? '0');
    return { base: available(baseAsset(symbol)), quote: available(quoteAsset(symbol)) };
  }, [balances, symbol]);
}
