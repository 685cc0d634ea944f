// Everything one desk commit writes, as plain data: the lease renewal, journal entries with their balance deltas,
// asset records, transfer rows, a spot desk's orders, trades and order history, and a perp desk's orders, positions,
// trades, funding, liquidations and marks. A desk builds one of these per batch and hands it to `store.commitDesk`,
// which writes it in one transaction: on PostgreSQL through the repositories (Kysely), on SQLite through raw
// prepared statements on a writer thread of its own (sqlite-writer.ts), so the statements and the fsync never run
// on the thread that serves requests.
// Plain data on purpose: it crosses a thread boundary (structured clone; bigints travel as they are).
import type { Repositories } from './index.ts';
import type { LedgerWrites } from './ledger.ts';
import type { PerpWrites } from './perp.ts';
import type { NewAssetRecord } from './records.ts';
import type { SecondsWrites } from './seconds.ts';
import type { EarnWrites } from './earn.ts';
import type { SpotWrites } from './spot.ts';
import type { Transfer } from './transfers.ts';

export interface LeaseRenewal {
  readonly desk: string;
  readonly holder: string;
  readonly now: number;
  readonly ttlMs: number;
}

export interface DeskWrites {
  /** Renewed in the commit's transaction: a desk that lost its lease writes nothing (the transaction rolls back). */
  readonly lease: LeaseRenewal;
  readonly ledger: LedgerWrites;
  readonly records: readonly NewAssetRecord[];
  readonly transfersOut: readonly Transfer[];
  /** Transfers this desk credits, each at its command's time. */
  readonly transfersIn: ReadonlyArray<{ readonly id: string; readonly time: number }>;
  /** Operator settings a desk set in the batch (system_config), each key once. */
  readonly settings?: readonly { readonly key: string; readonly value: string; readonly time: number }[] | undefined;
  readonly spot: SpotWrites | null;
  readonly perp: PerpWrites | null;
  /** A seconds desk's contracts, config rows and exposure limits. */
  readonly seconds?: SecondsWrites | null | undefined;
  /** The earn desk's products, orders and payments. */
  readonly earn?: EarnWrites | null | undefined;
  /** A clustered desk's place in the command log after this batch (issue 26): committed with its effects. */
  readonly log?: { readonly desk: string; readonly seq: number } | null | undefined;
}

/** Thrown into a pipelined commit whose predecessor failed: it rolls back, as every later one of the desk does. */
export class EarlierCommitFailedError extends Error {
  override name = 'EarlierCommitFailedError';
}

/**
 * The same writes through the repositories, inside a transaction the caller opened (PostgreSQL's path). `after`: the
 * outcome of the desk's previous commit when it is still in flight (a pipelined commit, deskCommitsInFlight 2). This
 * one then writes its new rows keyed by the desk (journal entries and lines, transfers sent, trades) at once, on its
 * own connection, while the previous one finishes; waits for that outcome; and only then writes the rows the database
 * numbers (asset records, order history, so their ids keep the log's order) and what an earlier commit may have
 * changed (the lease, balances, orders, positions, the log position): its changes apply on top of the previous
 * commit's and it commits after it, or rolls back when the previous one failed.
 */
export async function writeDeskRepos(repos: Repositories, w: DeskWrites, after?: Promise<boolean>): Promise<void> {
  // Rows keyed by the desk itself (journal seqs, trade numbers, transfer ids): they may be written before their turn.
  await repos.ledger.writeJournal(w.ledger);
  await repos.transfers.insert(w.transfersOut);
  if (w.spot !== null) await repos.spot.writeTrades(w.spot);
  if (after !== undefined && !(await after)) throw new EarlierCommitFailedError(`an earlier commit of the ${w.lease.desk} desk failed`);
  await repos.leases.renew(w.lease.desk, w.lease.holder, w.lease.now, w.lease.ttlMs);
  // Rows the database numbers (asset records, order history) in their turn, so their ids follow the log's order.
  await repos.records.insert(w.records);
  if (w.spot !== null) await repos.spot.writeEvents(w.spot);
  await repos.ledger.writeBalances(w.ledger);
  for (const t of w.transfersIn) await repos.transfers.markCredited(t.id, t.time);
  for (const c of w.settings ?? []) await repos.config.set(c.key, c.value, c.time);
  if (w.spot !== null) await repos.spot.writeState(w.spot);
  if (w.perp !== null) await repos.perp.write(w.perp);
  if (w.seconds !== undefined && w.seconds !== null) await repos.seconds.write(w.seconds);
  if (w.earn !== undefined && w.earn !== null) await repos.earn.write(w.earn);
  if (w.log !== undefined && w.log !== null) await repos.leases.advanceLog(w.log.desk, w.log.seq, w.lease.now);
}
