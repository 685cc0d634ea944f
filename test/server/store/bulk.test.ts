// The desks' multi-row inserts on PostgreSQL send each column as array text built by store/bulk.ts (not by the
// driver). What goes in must come back as it was: quotes, backslashes, braces, commas, blanks, the word NULL, text
// beside real nulls, bigints past 2^53, booleans, JSON; a column of anything else goes to the driver as an array.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { arrayLiteral, insertRows } from '../../../server/store/bulk.ts';
import { openStore, PG_SKIP_REASON, PG_URL, type TestStore } from '../dialects.ts';

const TRICKY = ['plain', '', 'NULL', 'null', 'a "quoted" word', 'back\\slash', 'ends with \\', '{braces}', 'a,b', ' spaced ', 'line\nbreak', 'tab\there', '中文 ไทย', '{"k":"v\\"x"}'];

describe('arrayLiteral', () => {
  it('writes numbers, bigints, booleans and nulls bare, and every string quoted', () => {
    const rows = [{ v: 1 }, { v: null }, { v: 12345678901234567890n }, { v: true }, { v: 'x"y' }, { v: undefined }, { v: false }, { v: -2.5 }];
    expect(arrayLiteral(rows, 'v')).toBe('{1,NULL,12345678901234567890,t,"x\\"y",NULL,f,-2.5}');
  });

  it('hands a column it cannot write to the driver as an array', () => {
    const when = new Date(0);
    expect(arrayLiteral([{ v: 1 }, { v: when }], 'v')).toEqual([1, when]);
    expect(arrayLiteral([{ v: Number.NaN }], 'v')).toEqual([Number.NaN]);
  });
});

const suite = PG_URL ? describe : describe.skip;

suite(`insertRows on PostgreSQL${PG_URL ? '' : ` ${PG_SKIP_REASON}`}`, () => {
  let t: TestStore | undefined;
  afterEach(async () => {
    await t?.dispose();
  });

  it('stores every value as it was given', async () => {
    t = await openStore('postgres');
    const db = t.store.db;
    await sql`create table bulk_check (id bigint primary key, t text, n bigint, b boolean, j jsonb)`.execute(db);
    const rows = TRICKY.map((text, i) => ({ id: i + 1, t: text, n: i % 3 === 0 ? null : 9_007_199_254_740_993n + BigInt(i), b: i % 2 === 0, j: JSON.stringify({ text }) }));
    rows.push({ id: 100, t: null as unknown as string, n: null, b: null as unknown as boolean, j: null as unknown as string });
    // insertRows is typed to the schema's tables; this one exists only for the test.
    await insertRows(db, 'bulk_check' as never, rows);
    const back = await sql<{ id: string; t: string | null; n: string | null; b: boolean | null; j: { text: string } | null }>`select id::text as id, t, n::text as n, b, j from bulk_check order by bulk_check.id`.execute(db);
    expect(back.rows).toEqual(rows.map((r) => ({ id: String(r.id), t: r.t, n: r.n === null ? null : String(r.n), b: r.b, j: r.j === null ? null : JSON.parse(r.j) })));
  });
});
