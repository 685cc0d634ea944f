// Transfers between a user's wallets, as messages between desks: the source desk debits into its transit account
// and records the transfer (one commit), then relays the debit into the destination desk's sequence (core.ts
// relayTo), which credits it once (another commit). The caller then asks the destination how it has the transfer,
// in its sequence after the relay: credited. A crash in between leaves the transfer debited, and a recovery asks the
// source desk to relay it again (at start-up in one process, every few seconds by the cluster's jobs).
// The credit's amount is the source desk's output, never the caller's word nor a look-up at the credit's turn.
import type { Wallet } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import { refuse, type Reply } from './codes.ts';
import type { FundsDesk, TransferRelay } from './core.ts';
import type { FundsFace } from './faces.ts';
import { relayedTransfer } from './funds.ts';
import { checkWallet } from './validate.ts';
import { transferView, type TransferView } from './views.ts';

export interface TransferRequest {
  readonly user: number;
  readonly asset: string;
  /** Decimal text, > 0. */
  readonly amount: string;
  readonly from: string;
  readonly to: string;
  /** Per user; a repeat answers (and if need be completes) the first transfer instead of making another. */
  readonly clientId?: string | undefined;
}

export interface Transfers {
  transfer(req: TransferRequest): Promise<Reply<TransferView>>;
  /** Credits every transfer left debited (e.g. by a crash); returns how many it completed. */
  recover(): Promise<number>;
}

export function createTransfers(store: Store, desks: Readonly<Record<Wallet, Pick<FundsFace, 'transferOut' | 'transferIn' | 'relayTransfer'>>>): Transfers {
  /** The transfer as its destination has it, after the relay (ordered before this ask: core.ts relayOut). */
  const credit = async (id: string, to: Wallet): Promise<Reply<TransferView>> => {
    const done = await desks[to].transferIn(id);
    return done.ok ? { ok: true, value: transferView(done.value) } : done;
  };
  return Object.freeze({
    async transfer(req: TransferRequest): Promise<Reply<TransferView>> {
      const from = checkWallet(req.from);
      if (!from.ok) return from;
      const to = checkWallet(req.to);
      if (!to.ok) return to;
      if (from.value === to.value) return refuse('transfer.same.wallet');
      const debited = await desks[from.value].transferOut({ user: req.user, asset: req.asset, amount: req.amount, to: to.value, clientId: req.clientId });
      if (!debited.ok) return debited;
      const t = debited.value;
      if (t.status === 'credited') return { ok: true, value: transferView(t) };
      // The row decides where the funds go: a repeated client id with another destination gets the first one's.
      return credit(t.id, t.to as Wallet);
    },
    async recover(): Promise<number> {
      let done = 0;
      for (const t of await store.transfers.pending()) {
        const from = checkWallet(t.from);
        const to = checkWallet(t.to);
        if (!from.ok || !to.ok) throw new Error(`transfer ${t.id} has an unknown wallet (${t.from} → ${t.to})`);
        const relayed = await desks[from.value].relayTransfer(t.id);
        if (!relayed.ok) throw new Error(`transfer ${t.id} could not be relayed: ${relayed.code}`);
        const r = await credit(t.id, to.value);
        if (!r.ok) throw new Error(`transfer ${t.id} could not be credited: ${r.code}`);
        if (r.value.status !== 'credited') throw new Error(`transfer ${t.id} was relayed but its destination has not credited it`);
        done++;
      }
      return done;
    },
  });
}

/**
 * The relay between the desks of one process: each debit goes into its destination desk's sequencer at once (its
 * place there is taken synchronously, before the source desk answers). A destination that has stopped refuses it;
 * the debit then waits for the recovery at the next start.
 */
export function localRelay(desks: Readonly<Record<Wallet, Pick<FundsDesk, 'creditTransfer'>>>): TransferRelay {
  return async (transfers) => {
    for (const t of transfers) {
      const to = checkWallet(t.to);
      if (to.ok) desks[to.value].creditTransfer(relayedTransfer(t)).catch(() => undefined);
    }
  };
}
