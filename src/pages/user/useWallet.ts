// Every account's balances, valued: the first numbers from /app/assets/balances, then the balances stream (per
// wallet and asset, seeded from the same route and moved by the server's `user.<id>.balance` events: fills,
// cancels, transfers, operator credits) and the tickers stream for prices. No polling: a number changes when an
// event says so.
import { useEffect, useMemo, useState } from 'react';
import { dataOf, useBalances, useTickers } from '../../../streams/index.ts';
import { fetchAssetBalances } from '../../api/assets.ts';
import type { BalancesReply } from '../../contract.ts';
import {
  holdingsFromReply, holdingsFromStream, marketAssets, priceBook, walletView, type Holdings, type WalletView,
} from './asset-values.ts';

export interface Wallet {
  /** null until the first numbers arrive (REST or stream). */
  view: WalletView | null;
  holdings: Holdings | null;
  /** True once the balances stream carries the numbers (they then move live). */
  live: boolean;
  failed: boolean;
}

/** Holdings from the balances stream; null until its seed has landed. */
export function useStreamHoldings(): Holdings | null {
  const balances = dataOf(useBalances());
  return useMemo(() => (balances ? holdingsFromStream(balances) : null), [balances]);
}

/** The assets a transfer can move: every market asset and anything held in any account. */
export function useTransferAssets(holdings: Holdings | null): string[] {
  const tickers = dataOf(useTickers());
  return useMemo(() => {
    const assets = new Set(marketAssets(tickers?.values() ?? []));
    for (const account of holdings?.values() ?? []) for (const asset of account.keys()) assets.add(asset);
    return [...assets].sort();
  }, [tickers, holdings]);
}

export function useWallet(): Wallet {
  const [reply, setReply] = useState<BalancesReply | null>(null);
  const [failed, setFailed] = useState(false);
  const streamed = useStreamHoldings();
  const tickers = dataOf(useTickers());
  const holdings = useMemo(() => streamed ?? (reply ? holdingsFromReply(reply) : null), [streamed, reply]);
  const view = useMemo(() => {
    if (!holdings) return null;
    const list = tickers ? [...tickers.values()] : [];
    return walletView(holdings, priceBook(list, reply), marketAssets(list));
  }, [holdings, tickers, reply]);

  // The server values assets that never traded at their index price; its reply is read again when an asset
  // without a price turns up (credited while the page is open), so the totals include it as soon as it can.
  const unpricedKey = view?.unpriced.join(',') ?? '';
  useEffect(() => {
    const controller = new AbortController();
    fetchAssetBalances({ signal: controller.signal, notify: false }).then(
      (next) => {
        if (controller.signal.aborted) return;
        setReply(next);
        setFailed(false);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [unpricedKey]);

  return { view, holdings, live: streamed !== null, failed: failed && holdings === null };
}
