// Asset-record pages over a user with 100,000 records (and a neighbour whose records interleave): every page is
// the right slice of the newest-first order (time, then id), totals and filters agree with the data, and on SQLite
// the plan reads the (user_id, time) index without sorting the user's history or fetching the rows an offset
// skips. The page times are printed, not asserted.
import { beforeAll, afterAll, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { recordPageQueries, type NewAssetRecord, type RecordFilter } from '../../../server/store/records.ts';
import type { Database } from '../../../server/store/schema.ts';
import type { Store } from '../../../server/store/index.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';

const ME = 10_000_001;
const NEIGHBOUR = 10_000_002;
const COUNT = 100_000;
const T0 = Date.UTC(2026, 0, 1);
const TYPES = ['buy_coin', 'sell_coin', 'cancel_buy', 'fee', 'transfer_in', 'transfer_out', 'admin_credit'] as const;
const ASSETS = ['USDT', 'BTC', 'ETH'] as const;
const WALLETS = ['coin', 'coin', 'coin', 'contract', 'earn'] as const;

/** Record n of a user: two records share each instant (as the records of one journal entry do). */
function record(user: number, n: number): NewAssetRecord {
  return {
    user,
    wallet: WALLETS[n % WALLETS.length]!,
    asset: ASSETS[n % ASSETS.length]!,
    type: TYPES[n % TYPES.length]!,
    amount: BigInt(n % 2 ? -n : n) * 1_000n,
    frozen: 0n,
    // Every tenth a perpetual's fill, in BTCUSDT and ETHUSDT by turns (the market filter's records).
    ref: n % 10 === 0 ? `perp:trade:${n % 20 === 0 ? 'BTCUSDT' : 'ETHUSDT'}:${n}` : `order:${n}`,
    desk: 'coin',
    seq: n,
    time: T0 + Math.floor(n / 2) * 1_000,
  };
}

describeDialects('asset-record pages over 100,000 records', (dialect) => {
  let t: TestStore;
  let store: Store;
  /** Inserted in id order: [n, id] for every record of ME. */
  const mine: Array<{ n: number; id: number; r: NewAssetRecord }> = [];

  beforeAll(async () => {
    t = await openStore(dialect);
    store = t.store;
    const started = performance.now();
    for (let i = 0; i < COUNT; i += 2_000) {
      const rows: NewAssetRecord[] = [];
      for (let n = i; n < i + 2_000; n += 1) {
        rows.push(record(ME, n));
        if (n % 100 === 0) rows.push(record(NEIGHBOUR, n));
      }
      await store.records.insert(rows);
    }
    console.log(`[${dialect}] inserted ${COUNT} records in ${(performance.now() - started).toFixed(0)} ms`);
    const ids = await store.db.selectFrom('asset_records').select(['id']).where('user_id', '=', ME).orderBy('id', 'asc').execute();
    ids.forEach((row, n) => mine.push({ n, id: Number(row.id), r: record(ME, n) }));
  }, 240_000);
  afterAll(async () => t?.dispose());

  /** The expected order: newest first by time, ties by id, descending. */
  const ordered = (keep: (r: NewAssetRecord) => boolean) =>
    mine.filter((m) => keep(m.r)).sort((a, b) => b.r.time - a.r.time || b.id - a.id);

  async function expectPage(filter: RecordFilter, keep: (r: NewAssetRecord) => boolean, offset: number, limit: number) {
    const expected = ordered(keep);
    const started = performance.now();
    const page = await store.records.page(filter, offset, limit);
    const ms = performance.now() - started;
    expect(page.total).toBe(expected.length);
    expect(page.rows.map((r) => r.id)).toEqual(expected.slice(offset, offset + limit).map((m) => m.id));
    return ms;
  }

  it('pages the whole history newest first, the first and the last page alike', async () => {
    expect(mine).toHaveLength(COUNT);
    const all = () => true;
    const first = await expectPage({ user: ME }, all, 0, 200);
    const middle = await expectPage({ user: ME }, all, 50_000, 200);
    const last = await expectPage({ user: ME }, all, COUNT - 100, 200);
    // Ties of one instant: the later id first.
    const top = await store.records.page({ user: ME }, 0, 2);
    expect(top.rows[0]!.time).toBe(top.rows[1]!.time);
    expect(top.rows[0]!.id).toBeGreaterThan(top.rows[1]!.id);
    expect(top.rows[0]!.amount).toBe(record(ME, COUNT - 1).amount);
    console.log(`[${dialect}] page of 200 at offset 0: ${first.toFixed(1)} ms, 50,000: ${middle.toFixed(1)} ms, ${COUNT - 100}: ${last.toFixed(1)} ms`);
  });

  it('agrees with the data for every filter and their combination, deep pages included', async () => {
    const from = T0 + 10_000 * 1_000;
    const to = T0 + 30_000 * 1_000;
    const cases: Array<[RecordFilter, (r: NewAssetRecord) => boolean, number]> = [
      [{ user: ME, types: ['fee'] }, (r) => r.type === 'fee', 10_000],
      [{ user: ME, types: ['transfer_in', 'transfer_out'] }, (r) => r.type === 'transfer_in' || r.type === 'transfer_out', 20_000],
      [{ user: ME, asset: 'BTC' }, (r) => r.asset === 'BTC', 30_000],
      [{ user: ME, wallet: 'contract' }, (r) => r.wallet === 'contract', 19_000],
      [{ user: ME, from, to }, (r) => r.time >= from && r.time < to, 39_950],
      [{ user: ME, types: ['buy_coin'], asset: 'ETH', wallet: 'coin', from, to }, (r) => r.type === 'buy_coin' && r.asset === 'ETH' && r.wallet === 'coin' && r.time >= from && r.time < to, 0],
      [{ user: NEIGHBOUR }, () => false, 0],
      // A market: the records whose reference names it (the orders' records would join the orders tables: none here).
      [{ user: ME, market: 'BTCUSDT' }, (r) => r.ref.startsWith('perp:trade:BTCUSDT:'), 4_000],
      [{ user: ME, market: 'ETHUSDT', wallet: 'coin', from, to }, (r) => r.ref.startsWith('perp:trade:ETHUSDT:') && r.wallet === 'coin' && r.time >= from && r.time < to, 0],
      [{ user: ME, market: 'SOLUSDT' }, () => false, 0],
    ];
    for (const [filter, keep, offset] of cases) {
      if (filter.user === NEIGHBOUR) {
        const page = await store.records.page(filter, 0, 200);
        expect(page.total).toBe(COUNT / 100);
        expect(page.rows.every((r) => r.user === NEIGHBOUR)).toBe(true);
        continue;
      }
      const ms = await expectPage(filter, keep, offset, 200);
      if (filter.market !== undefined) {
        const page = await store.records.page(filter, offset, 200);
        expect(new Set(page.rows.map((r) => r.symbol))).toEqual(new Set(page.rows.length > 0 ? [filter.market] : []));
      }
      console.log(`[${dialect}] ${JSON.stringify({ ...filter, user: undefined })} offset ${offset}: ${ms.toFixed(1)} ms`);
    }
  });

  it.skipIf(dialect !== 'sqlite')('reads the user-and-time index without sorting the history or fetching skipped rows', async () => {
    const db = store.db as Kysely<Database>;
    const plan = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
      const compiled = query.compile();
      const result = await sql.raw<{ detail: string }>(`explain query plan ${inline(compiled.sql, compiled.parameters)}`).execute(db);
      return result.rows.map((r) => r.detail);
    };
    const q = recordPageQueries(db, { user: ME }, 99_800, 200);
    const ids = await plan(q.ids);
    expect(ids.join(' | ')).toMatch(/COVERING INDEX asset_records_user_time \(user_id=\?\)/);
    expect(ids.join(' | ')).not.toMatch(/TEMP B-TREE|SCAN asset_records/);
    const count = await plan(q.count);
    expect(count.join(' | ')).toMatch(/COVERING INDEX asset_records_user_time/);
    const rows = await plan(q.rows);
    // The outer read finds the page's 200 rows by primary key (sorting those 200 is all it sorts).
    expect(rows.join(' | ')).toMatch(/PRIMARY KEY/);
    expect(rows.join(' | ')).not.toMatch(/SCAN asset_records/);
    // A market filter reads the same index (its order subqueries read the orders tables by user, once).
    const market = await plan(recordPageQueries(db, { user: ME, market: 'BTCUSDT' }, 4_000, 200).ids);
    expect(market.join(' | ')).toMatch(/INDEX asset_records_user_time \(user_id=\?\)/);
    expect(market.join(' | ')).not.toMatch(/SCAN asset_records|TEMP B-TREE FOR ORDER BY/);
    const timed = recordPageQueries(db, { user: ME, from: T0, to: T0 + 1_000_000_000 }, 0, 200);
    expect((await plan(timed.ids)).join(' | ')).toMatch(/INDEX asset_records_user_time \(user_id=\? AND time>\? AND time<\?\)|INDEX asset_records_user_time \(user_id=\? AND time>=\? AND time<\?\)/);
  });
});

/** Parameters written into the SQL for EXPLAIN (numbers and simple strings only, as these queries have). */
function inline(text: string, parameters: readonly unknown[]): string {
  let i = 0;
  return text.replace(/\?/g, () => {
    const p = parameters[i++];
    return typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`;
  });
}
