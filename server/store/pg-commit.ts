// PostgreSQL: a desk's commit in two statements instead of one per table. A spot desk's commit wrote about a dozen
// statements, each a round trip that cost the desk's process 75–90 µs of CPU and the server 26 µs before any row
// (measured on this machine's loopback server with a named `select`), so at the few dozen orders a commit holds under a
// gateway's load the round trips were a tenth of the desk's CPU per order. Here the rows go as data-modifying CTEs
// of one statement per phase, each named (prepared.ts): the rows keyed by the desk (journal entries and lines, trades)
// at once, then, in the commit's turn, the lease, asset records, order history, balances, system balances, orders and
// the log position (writeDeskRepos says why the two phases). The same rows as writeDeskRepos, built by the same
// functions; a perp desk's tables join the second statement. A commit with anything else in it (transfers,
// settings, lists, robots, market flags, the seconds or earn desk's tables) goes through writeDeskRepos. Test: test/server/store/pg-commit.test.ts.
import { CompiledQuery, type Kysely } from 'kysely';
import { insertPart } from './bulk.ts';
import { EarlierCommitFailedError, writeDeskRepos, type DeskWrites } from './desk-writes.ts';
import type { Repositories } from './index.ts';
import { LeaseLostError } from './leases.ts';
import { ADD_SYSTEM, balanceCtes, balanceParams, balanceRows, checkBalancesTouched, entryRows, lineRows, systemRows } from './ledger.ts';
import { perpParts } from './perp.ts';
import { named } from './prepared.ts';
import { recordRows } from './records.ts';
import type { Database } from './schema.ts';
import { eventRows, orderRows, tradeRows, UPSERT_ORDER } from './spot.ts';

type Row = Readonly<Record<string, unknown>>;

/** Whether `w` holds only what the combined statements write. */
export function combinable(w: DeskWrites): boolean {
  const spot = w.spot;
  return (
    w.transfersOut.length === 0 && w.transfersIn.length === 0 && (w.settings ?? []).length === 0 && (w.seconds ?? null) === null &&
    (w.earn ?? null) === null &&
    (spot === null || ((spot.lists ?? []).length === 0 && (spot.bots ?? []).length === 0 && (spot.marketFlags ?? []).length === 0))
  );
}

/** One statement of data-modifying CTEs, its parameters numbered across them. */
class Combined {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];
  private readonly counted: string[] = [];
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  get empty(): boolean {
    return this.parts.length === 0;
  }

  async insert(table: keyof Database & string, rows: readonly Row[], tail = ''): Promise<void> {
    if (rows.length === 0) return;
    const part = await insertPart(this.db, table, rows, tail, this.params.length);
    this.add(`w${this.parts.length} as (${part.text})`, part.params);
  }

  /** CTEs (`name as (…)`, comma-separated) whose parameters start at `$offset+1`; those named in `count` are counted. */
  add(ctes: string, params: readonly unknown[], count: readonly string[] = []): void {
    this.parts.push(ctes);
    this.counted.push(...count);
    this.params.push(...params);
  }

  get offset(): number {
    return this.params.length;
  }

  /** The statement, named (its text depends only on which parts and columns it has). */
  text(): string {
    const counts = this.counted.length === 0 ? 'select 1' : `select ${this.counted.map((n) => `(select count(*) from ${n})::int as ${n}`).join(', ')}`;
    return named(`with ${this.parts.join(', ')} ${counts}`);
  }

  async run(): Promise<Record<string, number>> {
    const result = await this.db.executeQuery<Record<string, number>>(CompiledQuery.raw(this.text(), this.params));
    return result.rows[0] ?? {};
  }
}

const $ = (o: number, i: number) => `$${o + i}`;
const leaseText = (o: number) =>
  `update "desk_leases" set "expires_at" = ${$(o, 1)}, "updated_at" = ${$(o, 2)} where "desk" = ${$(o, 3)} and "holder" = ${$(o, 4)} returning 1`;
const positionText = (o: number) =>
  `insert into "desk_log_positions" ("desk", "seq", "updated_at") values (${$(o, 1)}, ${$(o, 2)}, ${$(o, 3)}) on conflict ("desk") do update ` +
  `set "seq" = excluded."seq", "updated_at" = excluded."updated_at" where "desk_log_positions"."seq" < excluded."seq"`;

/**
 * A desk's commit on PostgreSQL, inside the transaction `db` is: in two combined statements when `w` allows
 * (combinable), else through the repositories. `after` as in writeDeskRepos.
 */
export async function writeDeskPg(db: Kysely<Database>, repos: Repositories, w: DeskWrites, after?: Promise<boolean>): Promise<void> {
  if (!combinable(w)) return writeDeskRepos(repos, w, after);
  const first = new Combined(db);
  await first.insert('ledger_entries', entryRows(w.ledger));
  await first.insert('ledger_lines', lineRows(w.ledger));
  if (w.spot !== null) await first.insert('spot_trades', tradeRows(w.spot));
  if (!first.empty) await first.run();
  if (after !== undefined && !(await after)) throw new EarlierCommitFailedError(`an earlier commit of the ${w.lease.desk} desk failed`);

  const second = new Combined(db);
  const { lease } = w;
  second.add(`lease as (${leaseText(second.offset)})`, [lease.now + lease.ttlMs, lease.now, lease.desk, lease.holder], ['lease']);
  await second.insert('asset_records', recordRows(w.records));
  if (w.spot !== null) await second.insert('spot_order_events', eventRows(w.spot));
  const balances = balanceRows(w.ledger);
  if (balances.length > 0) second.add(balanceCtes(second.offset), balanceParams(balances, w.ledger.now), ['added', 'fresh']);
  await second.insert('system_balances', systemRows(w.ledger), ADD_SYSTEM);
  if (w.spot !== null) await second.insert('spot_orders', orderRows(w.spot), UPSERT_ORDER);
  if (w.perp !== null) for (const part of perpParts(w.perp)) await second.insert(part.table, part.rows, part.tail);
  if (w.log !== undefined && w.log !== null) second.add(`position as (${positionText(second.offset)})`, [w.log.desk, w.log.seq, lease.now]);
  const counts = await second.run();
  if (counts['lease'] !== 1) throw new LeaseLostError(`the ${lease.desk} desk's lease is no longer held by ${lease.holder}`);
  if (balances.length > 0) checkBalancesTouched(counts['added'] ?? 0, counts['fresh'] ?? 0, balances.length);
}
