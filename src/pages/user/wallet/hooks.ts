// The wallet pages' data: the coins and their networks (read once per visit), the coin and network chosen (the
// first network that allows the operation when the coin changes), and a heartbeat that reads the records again
// while any of them may still move, so confirmations and states change on screen without a reload.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { WalletAsset, WalletNetwork, WalletNetworkId } from '../../../contract.ts';
import { useLoadable, type Loadable } from '../../../ui/useLoadable.ts';
import { fetchWalletAssets } from './wallet-api.ts';
import { orderAssets } from './wallet-rules.ts';

/** How often records are read again while one is moving (a pending deposit, a withdrawal on its way). */
export const FAST_POLL_MS = 3_000;
/** Otherwise: the deposit page often (someone looking at their address is likely sending to it), withdrawals rarely. */
export const IDLE_POLL_MS = { deposits: 6_000, withdrawals: 15_000 } as const;

export function useWalletAssets(): Loadable<WalletAsset[]> {
  const loaded = useLoadable((signal) => fetchWalletAssets({ signal, notify: false }), []);
  return useMemo(() => (loaded.status === 'success' ? { status: 'success', data: orderAssets(loaded.data) } : loaded), [loaded]);
}

export interface Choice {
  coin: string;
  setCoin(coin: string): void;
  asset: WalletAsset | null;
  network: WalletNetwork | null;
  setNetwork(id: WalletNetworkId): void;
}

/**
 * The chosen coin and network; `usable` says which networks the page can use (deposits or withdrawals open).
 * `initial` is the coin to start on (the URL's ?coin=, else USDT); when it changes (a link to the same page with
 * another coin) the choice follows it.
 */
export function useChoice(assets: readonly WalletAsset[] | null, usable: (n: WalletNetwork) => boolean, initial = 'USDT'): Choice {
  const [coin, setCoin] = useState(initial);
  const [networkId, setNetworkId] = useState<WalletNetworkId | null>(null);
  const [startedOn, setStartedOn] = useState(initial);
  if (startedOn !== initial) {
    setStartedOn(initial);
    setCoin(initial);
    setNetworkId(null);
  }
  // The coin asked for, or the first one when the exchange has no such coin.
  const asset = assets?.find((a) => a.asset === coin) ?? assets?.[0] ?? null;
  const network = asset?.networks.find((n) => n.network === networkId && usable(n)) ?? asset?.networks.find(usable) ?? null;
  return {
    coin: asset?.asset ?? coin,
    setCoin: (next) => {
      setCoin(next);
      setNetworkId(null);
    },
    asset,
    network,
    setNetwork: setNetworkId,
  };
}

/** A number that goes up every FAST_POLL_MS while `moving`, else every `idleMs`, while the tab is shown. */
export function useHeartbeat(moving: boolean, idleMs: number): number {
  const [beat, setBeat] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      timer = setTimeout(() => {
        // A hidden tab waits: nobody is looking, and the first look after it comes back reads at once.
        if (document.visibilityState === 'hidden') arm();
        else setBeat((b) => b + 1);
      }, moving ? FAST_POLL_MS : idleMs);
    };
    arm();
    const onShow = () => document.visibilityState === 'visible' && setBeat((b) => b + 1);
    document.addEventListener('visibilitychange', onShow);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [beat, moving, idleMs]);
  return beat;
}

/** The last value a loadable had, kept on screen while it is read again (a form beside it keeps what was typed). */
export function useLastGood<T>(loadable: Loadable<T>): T | null {
  const last = useRef<T | null>(null);
  if (loadable.status === 'success') last.current = loadable.data;
  return last.current;
}
