// A desk for a wallet that has no trading of its own yet (contract, earn, seconds, fiat): it owns those balances
// and takes operator adjustments (credit, debit, freeze, unfreeze, lock, unlock: funds.ts) and transfer halves.
// The contract, earn and seconds desks grow from this.
import { systemClock, type Clock } from '../clock.ts';
import type { Wallet } from '../kernel/index.ts';
import type { Bus } from '../bus/index.ts';
import type { Store } from '../store/index.ts';
import { DeskBatch } from './batch.ts';
import { DeskCore, openUnderLease, loadOwned, ownership } from './core.ts';
import type { DeskEvent } from './events.ts';
import type { DeskLease } from './lease.ts';
import { DeskLedger } from './ledger.ts';

export interface WalletDeskOptions {
  readonly wallet: Exclude<Wallet, 'coin'>;
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock?: Clock | undefined;
  readonly holder?: string | undefined;
  readonly leaseTtlMs?: number | undefined;
  readonly onStop?: ((error: unknown) => void) | undefined;
}

export type WalletDesk = DeskCore<DeskBatch>;

export async function openWalletDesk(o: WalletDeskOptions): Promise<WalletDesk> {
  const clock = o.clock ?? systemClock;
  return openUnderLease(o, o.wallet, clock, async (lease, funds) => {
    const owned = await loadOwned(o.store, o.wallet, []);
    const ledger = new DeskLedger(o.wallet, ownership(o.wallet, []), owned, await o.store.ledger.lastSeq(o.wallet));
    return new DeskCore({ wallet: o.wallet, store: o.store, bus: o.bus, clock, lease, ledger, funds, newBatch: () => new DeskBatch((topic) => o.bus.hasSubscribers(topic)), onStop: o.onStop });
  });
}
