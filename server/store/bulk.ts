// Multi-row inserts for the desks' group commit, written as SQL text directly instead of through Kysely's query
// builder: building and compiling a 100-row insert walked every value through the builder, about a tenth of the
// server's time under load. On SQLite a VALUES list of a parameter per cell, its text depending only on the table,
// columns and row count, so it is cached (and so is the prepared statement behind it); on PostgreSQL one array per
// column, unnested into rows. Columns are quoted identifiers from our own code, never from input; values travel as
// parameters.
import { CompiledQuery, type Kysely } from 'kysely';
import { chunks } from './chunks.ts';
import { named } from './prepared.ts';
import type { Database } from './schema.ts';

type Row = Readonly<Record<string, unknown>>;

/** Items as rows of named columns, from each item's values in column order (the same values the SQLite writer binds). */
export function rowsOf<T, V>(items: readonly T[], columns: readonly string[], values: (item: T) => V[]): Record<string, V>[] {
  return items.map((item) => {
    const v = values(item);
    const row: Record<string, V> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = v[i]!;
    return row;
  });
}

const texts = new Map<string, string>();
const MAX_TEXTS = 4_000;
/** Dialect of a Kysely instance (a transaction shares its parent's executor adapter class). */
const dialects = new WeakMap<object, boolean>();

/** Whether `db` is PostgreSQL's (numbered parameters), told from a compiled query once per executor adapter. */
export function usesDollar(db: Kysely<Database>): boolean {
  const adapter = db.getExecutor().adapter;
  let dollar = dialects.get(adapter);
  if (dollar === undefined) {
    dollar = db.selectFrom('users').select('id').where('id', '=', 0).compile().sql.includes('$1');
    dialects.set(adapter, dollar);
  }
  return dollar;
}

function insertText(dollar: boolean, table: string, columns: readonly string[], count: number, tail: string): string {
  const key = `${dollar ? '$' : '?'}|${table}|${columns.join(',')}|${count}|${tail}`;
  let text = texts.get(key);
  if (text !== undefined) return text;
  const parts: string[] = [];
  let n = 0;
  for (let r = 0; r < count; r++) {
    const marks: string[] = [];
    for (let c = 0; c < columns.length; c++) marks.push(dollar ? `$${++n}` : '?');
    parts.push(`(${marks.join(', ')})`);
  }
  text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${parts.join(', ')}${tail ? ` ${tail}` : ''}`;
  if (texts.size >= MAX_TEXTS) texts.delete(texts.keys().next().value as string);
  texts.set(key, text);
  return text;
}

const types = new Map<string, Promise<ReadonlyMap<string, string>>>();

/** A PostgreSQL table's column types as the catalogue spells them (`bigint`, `text`, …), read once per table. */
function columnTypes(db: Kysely<Database>, table: string): Promise<ReadonlyMap<string, string>> {
  let known = types.get(table);
  if (known === undefined) {
    known = db
      .executeQuery<{ name: string; type: string }>(
        CompiledQuery.raw('select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped', [table]),
      )
      .then((r) => new Map(r.rows.map((c) => [c.name, c.type])));
    // A failed read is not kept: the next insert asks again.
    known.catch(() => types.delete(table));
    types.set(table, known);
  }
  return known;
}

const unnestTexts = new Map<string, string>();

function unnestText(table: string, columns: readonly string[], typed: ReadonlyMap<string, string>, tail: string, offset = 0): string {
  const key = `${table}|${columns.join(',')}|${tail}|${offset}`;
  let text = unnestTexts.get(key);
  if (text !== undefined) return text;
  const arrays = columns.map((c, i) => {
    const type = typed.get(c);
    if (type === undefined) throw new Error(`insert into ${table}: no column ${c}`);
    return `$${offset + i + 1}::${type}[]`;
  });
  text = (offset === 0 ? named : (t: string) => t)(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) select * from unnest(${arrays.join(', ')})${tail ? ` ${tail}` : ''}`);
  if (unnestTexts.size >= MAX_TEXTS) unnestTexts.delete(unnestTexts.keys().next().value as string);
  unnestTexts.set(key, text);
  return text;
}

const QUOTE_OR_BACKSLASH = /["\\]/;

/**
 * One column of `rows` as PostgreSQL's array text (`{1,NULL,"a b"}`), what node-postgres would send for a JS array but
 * without its per-element escaping by regular expressions (a fifth of a desk process's CPU under load, profiled). A
 * column holding anything but numbers, bigints, booleans, strings and nulls goes to the driver as an array.
 */
export function arrayLiteral(rows: readonly Row[], column: string): string | unknown[] {
  let out = '{';
  for (let i = 0; i < rows.length; i++) {
    const v = rows[i]![column];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'string') out += QUOTE_OR_BACKSLASH.test(v) ? `"${v.replace(/[\\"]/g, '\\$&')}"` : `"${v}"`;
    else if (typeof v === 'bigint' || (typeof v === 'number' && Number.isFinite(v))) out += String(v);
    else if (typeof v === 'boolean') out += v ? 't' : 'f';
    else return rows.map((row) => row[column]);
  }
  return `${out}}`;
}

/**
 * Inserts `rows` (all with the keys of the first, in its order) into `table`, split so no statement passes the
 * drivers' parameter limits; `tail` is appended verbatim (an `on conflict …` clause).
 */
export async function insertRows(db: Kysely<Database>, table: keyof Database & string, rows: readonly Row[], tail = ''): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const dollar = usesDollar(db);
  if (dollar) {
    // PostgreSQL: one array parameter per column, unnested into rows. The server then parses and plans one small
    // statement instead of a VALUES list of a parameter per cell: measured on a spot_orders-shaped upsert of 250 rows,
    // 9–10 µs of its CPU per row against 21–25.
    const types = await columnTypes(db, table);
    const arrays = columns.map((c) => arrayLiteral(rows, c));
    await db.executeQuery(CompiledQuery.raw(unnestText(table, columns, types, tail), arrays));
    return;
  }
  for (const part of chunks(rows)) {
    const parameters: unknown[] = new Array(part.length * columns.length);
    let i = 0;
    for (const row of part) for (const c of columns) parameters[i++] = row[c];
    await db.executeQuery(CompiledQuery.raw(insertText(dollar, table, columns, part.length, tail), parameters));
  }
}

/** One insert of `rows` as a part of a larger PostgreSQL statement: its text with parameters from `$offset+1`, and them. */
export interface InsertPart {
  readonly text: string;
  readonly params: readonly unknown[];
}

/** `rows` (all with the keys of the first) as an unnested insert into `table` for a combined statement (pg-commit.ts). */
export async function insertPart(db: Kysely<Database>, table: keyof Database & string, rows: readonly Row[], tail: string, offset: number): Promise<InsertPart> {
  const columns = Object.keys(rows[0]!);
  const types = await columnTypes(db, table);
  return { text: unnestText(table, columns, types, tail, offset), params: columns.map((c) => arrayLiteral(rows, c)) };
}
