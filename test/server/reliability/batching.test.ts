// Group commit through HTTP: requests that reach the server together share a commit even on SQLite, whose driver
// is synchronous (without the desk yielding to the event loop before it writes, each request ran to its commit
// before the next socket was read: one order per transaction). And the SQLite statement cache behind it.
import { mkdtempSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { cachingDatabase } from '../../../server/store/sqlite.ts';
import { seedUsers, type SeededUser } from './server-process.ts';

describe('group commit over HTTP [sqlite]', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-batching-'));
  let server: ServerHandle;
  let users: SeededUser[];
  beforeAll(async () => {
    users = await seedUsers({ dataDir }, 4, { USDT: '10000000', BTC: '100' }, 'batch');
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, feeds: false, bots: false, logger: false });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts concurrent orders into fewer transactions than orders, each answered after its commit', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const post = (u: SeededUser, i: number) =>
      new Promise<{ code: string }>((ok, ko) => {
        const body = JSON.stringify({ symbol: 'BTCUSDT', side: i % 2 === 0 ? 'buy' : 'sell', type: 'limit', price: String(50_000 + (i % 2) * 20_000 + i), amount: '0.001' });
        const req = request(`${server.url}${API.spotPlaceOrder}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', ticket: u.ticket } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => ok(JSON.parse(text) as { code: string }));
        });
        req.on('error', ko);
        req.end(body);
      });
    const before = server.desks.spot.commits;
    const n = 64;
    const replies = await Promise.all(Array.from({ length: n }, (_, i) => post(users[i % users.length]!, i)));
    agent.destroy();
    expect(replies.every((r) => r.code === 'success')).toBe(true);
    const commits = server.desks.spot.commits - before;
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThan(n);
    const open = await server.store.spot.openOrders();
    expect(open.filter((o) => o.symbol === 'BTCUSDT')).toHaveLength(n);
  });
});

describe('SQLite statement cache', () => {
  it('reuses a prepared statement per SQL text, iterates on a statement of its own, and bounds its size', () => {
    const raw = new Database(':memory:');
    let prepared = 0;
    const counting = new Proxy(raw, {
      get: (target, key) => {
        if (key === 'prepare') return (sql: string) => (prepared++, target.prepare(sql));
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const db = cachingDatabase(counting, 2);
    db.prepare('create table t (a integer)').run([]);
    const insert = 'insert into t (a) values (?)';
    for (let i = 0; i < 5; i++) db.prepare(insert).run([i]);
    const select = 'select a from t order by a';
    expect(db.prepare(select).all([])).toEqual([0, 1, 2, 3, 4].map((a) => ({ a })));
    expect(prepared).toBe(3); // create, insert once, select
    // Iterating while the cached statement runs again: no "statement busy".
    const seen: unknown[] = [];
    for (const row of db.prepare(select).iterate([])) seen.push(row, db.prepare(select).all([]).length);
    expect(seen).toHaveLength(10);
    db.prepare('select 1 as x').all([]); // evicts the oldest (size 2)
    db.prepare('create table t2 (b integer)').run([]);
    db.close();
    expect(raw.open).toBe(false);
  });
});
