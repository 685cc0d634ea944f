// Migrated stores for tests without migrating each one. A test's store used to be a new PostgreSQL schema taken
// through every migration (0.4 s alone, over a second on a loaded CI machine) and dropped after (0.1 s), and a
// new SQLite file migrated the same way (0.13 s); with ~1,700 store-backed tests that was a large share of the run.
//
// - PostgreSQL: schemas migrated once are kept in a pool (a table in `public`, shared by every test process and
//   every run on this database, keyed by a hash of the migration sources). A test claims one (an atomic delete of
//   its pool row); when it is done the schema is emptied and put back, but only if it still has exactly the
//   structure of a freshly migrated one (a catalogue fingerprint compared with the template's) and no connection
//   is left on it (every test connection names its schema as application_name); otherwise it is dropped, as before.
//   Emptying restores the rows the migrations seed (markets) and every sequence from a template schema.
// - SQLite: a migrated file, made once per migration set in the temp directory, copied into the test's directory.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createStore, SQLITE_FILE_NAME } from '../../server/store/index.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, '../../server/store/migrations');

let versionMemo: string | undefined;
/** A hash of every migration source: a pooled store is only ever handed to a run with the same migrations. */
export function migrationVersion(): string {
  if (versionMemo !== undefined) return versionMemo;
  const h = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    h.update(file).update('\0').update(readFileSync(join(MIGRATIONS_DIR, file))).update('\0');
  }
  versionMemo = h.digest('hex').slice(0, 12);
  return versionMemo;
}

// ---------------------------------------------------------------- SQLite

let sqliteTemplateMemo: string | undefined;
async function sqliteTemplate(): Promise<string> {
  if (sqliteTemplateMemo !== undefined && existsSync(sqliteTemplateMemo)) return sqliteTemplateMemo;
  const file = join(tmpdir(), `openex-test-template-${migrationVersion()}.db`);
  if (!existsSync(file)) {
    // Built aside and renamed into place, so a process never copies a half-made template.
    const dir = mkdtempSync(join(tmpdir(), 'openex-template-'));
    try {
      const store = await createStore({ dataDir: dir });
      await store.close();
      const leftovers = readdirSync(dir).filter((f) => f !== SQLITE_FILE_NAME);
      if (leftovers.length > 0) throw new Error(`a closed SQLite store left ${leftovers.join(', ')} beside its file`);
      renameSync(join(dir, SQLITE_FILE_NAME), file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  sqliteTemplateMemo = file;
  return file;
}

/** Puts a migrated, empty SQLite store into dataDir. */
export async function seedSqlite(dataDir: string): Promise<void> {
  copyFileSync(await sqliteTemplate(), join(dataDir, SQLITE_FILE_NAME));
}

// ---------------------------------------------------------------- PostgreSQL

export function schemaUrl(base: string, schema: string): string {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema} -c application_name=${schema}`);
  return url.toString();
}

async function withClient<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// One connection per process for claims and releases (a new connection reads the catalogue cold: a release took
// 70 ms on one instead of 15). Its socket doesn't keep the process alive; an error (a test that ends every idle
// connection) drops it, and the next use opens another.
let adminMemo: Promise<pg.Client> | undefined;
async function withAdmin<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  adminMemo ??= (async () => {
    const client = new pg.Client({ connectionString: base });
    const forget = () => {
      if (adminMemo === opened) adminMemo = undefined;
    };
    client.on('error', forget);
    client.on('end', forget);
    await client.connect();
    return client;
  })();
  const opened = adminMemo;
  let client: pg.Client;
  try {
    client = await opened;
  } catch (error) {
    if (adminMemo === opened) adminMemo = undefined;
    throw error;
  }
  const socket = (client as unknown as { connection?: { stream?: { ref?: () => void; unref?: () => void } } }).connection?.stream;
  inFlight++;
  socket?.ref?.();
  try {
    return await work(client);
  } finally {
    if (--inFlight === 0) socket?.unref?.();
  }
}
let inFlight = 0;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What a schema's structure is: tables, columns, indexes, constraints, sequences. Two equal prints, one schema. */
async function fingerprint(c: pg.Client, schema: string): Promise<string> {
  const { rows } = await c.query<{ x: string }>(
    `select 'c ' || cl.relname || ' ' || cl.relkind::text || ' ' || coalesce(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), '') as x
       from pg_class cl join pg_namespace n on n.oid = cl.relnamespace
       left join pg_attribute a on a.attrelid = cl.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = cl.oid and d.adnum = a.attnum
      where n.nspname = $1
     union all
     select 'i ' || indexdef from pg_indexes where schemaname = $1
     union all
     select 'k ' || con.conname || ' ' || pg_get_constraintdef(con.oid)
       from pg_constraint con join pg_namespace n on n.oid = con.connamespace where n.nspname = $1`,
    [schema],
  );
  // Definitions name their own schema (an index's table, a default's sequence): the print is of the shape alone.
  const lines = rows.map((r) => r.x.replaceAll(`${ident(schema)}.`, '').replaceAll(`${schema}.`, '')).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

interface Template {
  schema: string;
  print: string;
  /** One statement that empties a claimed schema back to the template's rows and sequences ({s} is its name). */
  reset: string;
}

const POOL = 'public.openex_test_schema_pool';
const TEMPLATES = 'public.openex_test_schema_templates';
/** Pooled schemas of another migration set, unused this long, are dropped. */
const STALE_MS = 30 * 60_000;

let templateMemo: Promise<Template> | undefined;

async function template(base: string): Promise<Template> {
  templateMemo ??= makeTemplate(base).catch((error: unknown) => {
    templateMemo = undefined;
    throw error;
  });
  return templateMemo;
}

async function makeTemplate(base: string): Promise<Template> {
  const version = migrationVersion();
  const schema = `openex_tpl_${version}`;
  return withClient(base, async (c) => {
    // One process at a time sets up the pool tables and the template of this migration set.
    await c.query(`select pg_advisory_lock(hashtext('openex test schema pool'))`);
    try {
      await c.query(`create table if not exists ${POOL} (schema text primary key, version text not null, released_at bigint not null)`);
      await c.query(`create table if not exists ${TEMPLATES} (version text primary key, schema text not null, print text not null, used_at bigint not null)`);
      let row = (await c.query<{ print: string }>(`select print from ${TEMPLATES} where version = $1`, [version])).rows[0];
      if (row === undefined) {
        await c.query(`drop schema if exists ${ident(schema)} cascade`);
        await c.query(`create schema ${ident(schema)}`);
        const store = await createStore({ databaseUrl: schemaUrl(base, schema) });
        await store.close();
        const print = await fingerprint(c, schema);
        await c.query(`insert into ${TEMPLATES} (version, schema, print, used_at) values ($1, $2, $3, $4)`, [version, schema, print, Date.now()]);
        row = { print };
      }
      await c.query(`update ${TEMPLATES} set used_at = $2 where version = $1`, [version, Date.now()]);
      await dropStale(c, version);
      const tables = (
        await c.query<{ name: string }>(
          `select tablename as name from pg_tables where schemaname = $1 and tablename not like 'kysely_migration%' order by tablename`,
          [schema],
        )
      ).rows;
      // Deleted children first (a row that references another goes before it), seeds inserted parents first.
      const edges = (
        await c.query<{ child: string; parent: string }>(
          `select ch.relname as child, pa.relname as parent from pg_constraint con
             join pg_class ch on ch.oid = con.conrelid join pg_class pa on pa.oid = con.confrelid
             join pg_namespace n on n.oid = con.connamespace
            where con.contype = 'f' and n.nspname = $1 and ch.oid <> pa.oid`,
          [schema],
        )
      ).rows;
      const order: string[] = [];
      const placed = new Set<string>();
      const place = (name: string, path: Set<string>) => {
        if (placed.has(name)) return;
        if (path.has(name)) throw new Error(`foreign keys form a cycle through ${name}`);
        path.add(name);
        for (const e of edges) if (e.parent === name) place(e.child, path);
        path.delete(name);
        placed.add(name);
        order.push(name);
      };
      for (const t of tables) place(t.name, new Set());
      const seeded: string[] = [];
      for (const t of tables) {
        const has = (await c.query<{ has: boolean }>(`select exists (select 1 from ${ident(schema)}.${ident(t.name)}) as has`)).rows[0]?.has;
        if (has === true) seeded.push(t.name);
      }
      // A sequence's own row, not pg_sequences: a sequence restarted at a value (users from 10000001) and not yet
      // called shows no last_value there.
      const sequences: Array<{ name: string; value: string; called: boolean }> = [];
      for (const { name } of (await c.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = $1 order by sequencename`, [schema])).rows) {
        const state = (await c.query<{ value: string; called: boolean }>(`select last_value::text as value, is_called as called from ${ident(schema)}.${ident(name)}`)).rows[0]!;
        sequences.push({ name, ...state });
      }
      const parts = [
        ...order.map((t) => `delete from {s}.${ident(t)};`),
        ...[...seeded].sort((a, b) => order.indexOf(b) - order.indexOf(a)).map((t) => `insert into {s}.${ident(t)} select * from ${ident(schema)}.${ident(t)};`),
        ...sequences.map((q) => `select setval('{s}.${ident(q.name)}', ${q.value}, ${q.called});`),
      ];
      return { schema, print: row.print, reset: `begin; ${parts.join(' ')} commit;` };
    } finally {
      await c.query(`select pg_advisory_unlock(hashtext('openex test schema pool'))`);
    }
  });
}

/** Drops the pooled schemas and templates of other migration sets nobody has used for a while. */
async function dropStale(c: pg.Client, version: string): Promise<void> {
  const before = Date.now() - STALE_MS;
  const pooled = await c.query<{ schema: string }>(`delete from ${POOL} where version <> $1 and released_at < $2 returning schema`, [version, before]);
  const templates = await c.query<{ schema: string }>(`delete from ${TEMPLATES} where version <> $1 and used_at < $2 returning schema`, [version, before]);
  for (const { schema } of [...pooled.rows, ...templates.rows]) await c.query(`drop schema if exists ${ident(schema)} cascade`);
}

export interface PooledSchema {
  url: string;
  release(): Promise<void>;
}

/** A migrated, empty schema of this migration set: from the pool when one is free, else a new one. */
export async function claimSchema(base: string): Promise<PooledSchema> {
  const tpl = await template(base);
  const version = migrationVersion();
  return withAdmin(base, async (c) => {
    const claimed = (
      await c.query<{ schema: string }>(
        `delete from ${POOL} where schema = (select schema from ${POOL} where version = $1 order by schema limit 1 for update skip locked) returning schema`,
        [version],
      )
    ).rows[0]?.schema;
    let schema: string;
    if (claimed !== undefined) {
      schema = claimed;
    } else {
      schema = `openex_t_${version}_${randomBytes(5).toString('hex')}`;
      await c.query(`create schema ${ident(schema)}`);
      const store = await createStore({ databaseUrl: schemaUrl(base, schema) });
      await store.close();
    }
    return { url: schemaUrl(base, schema), release: () => releaseSchema(base, tpl, version, schema) };
  });
}

async function releaseSchema(base: string, tpl: Template, version: string, schema: string): Promise<void> {
  await withAdmin(base, async (c) => {
    // A connection still on the schema (a server not closed, a child process not yet gone) could write after the
    // reset: such a schema is not reused. Connections just closed can linger a moment in pg_stat_activity.
    let busy = true;
    for (let i = 0; i < 20 && busy; i++) {
      const n = (await c.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = $1`, [schema])).rows[0]?.n ?? 0;
      busy = n > 0;
      if (busy) await new Promise((r) => setTimeout(r, 25));
    }
    const shaped = !busy && (await fingerprint(c, schema)) === tpl.print && (await migrationsComplete(c, schema));
    if (process.env['OPENEX_POOL_LOG']) process.stderr.write(`schema pool: ${schema} ${shaped ? 'returned' : busy ? 'dropped (connections left on it)' : 'dropped (not as migrated)'}\n`);
    if (shaped) {
      await c.query(tpl.reset.replaceAll('{s}', ident(schema)));
      await c.query(`insert into ${POOL} (schema, version, released_at) values ($1, $2, $3)`, [schema, version, Date.now()]);
      return;
    }
    await c.query(`drop schema if exists ${ident(schema)} cascade`);
  });
}

async function migrationsComplete(c: pg.Client, schema: string): Promise<boolean> {
  const count = (s: string) => c.query<{ n: number }>(`select count(*)::int as n from ${ident(s)}.kysely_migration`).then((r) => r.rows[0]?.n ?? -1);
  const tpl = `openex_tpl_${migrationVersion()}`;
  return (await count(schema)) === (await count(tpl));
}
