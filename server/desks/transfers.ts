// Transfers between a user's wallets, as messages between desks: the source desk debits into its transit account
// and records the transfer (one commit), then the destination desk credits it, idempotently (another commit).
// In one process both happen at once; a crash in between leaves the transfer debited, and start-up completes it.
import type { Wallet } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import { refuse, type Reply } from './codes.ts';
import type { FundsFace } from './faces.ts';
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

export function createTransfers(store: Store, desks: Readonly<Record<Wallet, Pick<FundsFace, 'transferOut' | 'transferIn'>>>): Transfers {
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
        const to = checkWallet(t.to);
        if (!to.ok) throw new Error(`transfer ${t.id} has an unknown destination ${t.to}`);
        const r = await credit(t.id, to.value);
        if (!r.ok) throw new Error(`transfer ${t.id} could not be credited: ${r.code}`);
        done++;
      }
      return done;
    },
  });
}
