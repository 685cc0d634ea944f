// The spot desk's wallet entries (issue 22; server/desks/spot/wallet.ts): deposit credits (reason wallet.deposit,
// reference deposit:<network>:<tx>:<index>) and withdrawal holds, releases and settlements (reasons
// wallet.withdraw.hold|release|settle, reference withdraw:<id>). The desk asks here whether a reference is already
// journalled (exactly once across restarts) and, at start, which holds are still open. Migration 0024_wallet_desk
// indexes these entries alone.
import { sql, type Kysely } from 'kysely';
import { money, toAmount } from './money.ts';
import type { Database } from './schema.ts';

export const WALLET_REASONS = {
  deposit: 'wallet.deposit',
  hold: 'wallet.withdraw.hold',
  release: 'wallet.withdraw.release',
  settle: 'wallet.withdraw.settle',
} as const;
export type WalletReason = (typeof WALLET_REASONS)[keyof typeof WALLET_REASONS];

export interface WalletDeskTables {}

/** A withdrawal's hold that neither a release nor a settlement has closed. */
export interface OpenHold {
  readonly id: number;
  readonly user: number;
  readonly asset: string;
  readonly amount: bigint;
}

/** What the journal holds under one wallet reference. */
export interface WalletJournal {
  readonly reasons: readonly WalletReason[];
  readonly hold: OpenHold | null;
}

const HOLD_REF = /^withdraw:(\d{1,15})$/;
const FROZEN_ACCOUNT = /^user:(\d+):coin:frozen$/;

export function createWalletDeskRepo(db: Kysely<Database>) {
  return Object.freeze({
    /**
     * What the coin desk journalled under this reference: the reasons, and for a withdrawal the hold's user, asset and
     * amount (from its frozen line), so a repeated release or settlement can answer with the user's balance.
     */
    async lookup(ref: string): Promise<WalletJournal> {
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['reason', 'seq'])
        .where('desk', '=', 'coin')
        .where('ref', '=', ref)
        .where(sql<boolean>`reason like 'wallet.%'`)
        .execute();
      const reasons = rows.map((r) => r.reason as WalletReason);
      const hold = rows.find((r) => r.reason === WALLET_REASONS.hold);
      if (hold === undefined) return { reasons, hold: null };
      const lines = await db
        .selectFrom('ledger_lines')
        .select(['account', 'asset', money('amount').as('amount')])
        .where('desk', '=', 'coin')
        .where('seq', '=', hold.seq)
        .execute();
      const id = HOLD_REF.exec(ref);
      for (const l of lines) {
        const user = FROZEN_ACCOUNT.exec(l.account);
        const amount = toAmount(l.amount);
        if (id && user && amount > 0n) return { reasons, hold: { id: Number(id[1]), user: Number(user[1]), asset: l.asset, amount } };
      }
      return { reasons, hold: null };
    },

    /** Holds still open, for the desk's rebuild: the hold entries with no release or settlement of their reference. */
    async openHolds(): Promise<OpenHold[]> {
      const rows = await db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_lines as l', (j) => j.onRef('l.desk', '=', 'e.desk').onRef('l.seq', '=', 'e.seq'))
        .select(['e.ref', 'l.account', 'l.asset', money('l.amount').as('amount')])
        .where('e.desk', '=', 'coin')
        .where(sql<boolean>`e.reason like 'wallet.%'`)
        .where('e.reason', '=', WALLET_REASONS.hold)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('ledger_entries as x')
                .select('x.seq')
                .whereRef('x.desk', '=', 'e.desk')
                .whereRef('x.ref', '=', 'e.ref')
                .where(sql<boolean>`x.reason like 'wallet.%'`)
                .where('x.reason', 'in', [WALLET_REASONS.release, WALLET_REASONS.settle]),
            ),
          ),
        )
        .execute();
      const out: OpenHold[] = [];
      for (const r of rows) {
        const ref = HOLD_REF.exec(r.ref);
        const user = FROZEN_ACCOUNT.exec(r.account);
        const amount = toAmount(r.amount);
        if (ref && user && amount > 0n) out.push({ id: Number(ref[1]), user: Number(user[1]), asset: r.asset, amount });
      }
      return out.sort((a, b) => a.id - b.id);
    },
  });
}

export type WalletDeskRepo = ReturnType<typeof createWalletDeskRepo>;
