// The store on each dialect: migrations, ids, 64-bit timestamps, constraints and the atomic updates.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createStore, type Store } from '../../../server/store/index.ts';
import { CompiledQuery, sql } from 'kysely';
import { isUniqueViolation } from '../../../server/store/errors.ts';
import { OPEN_CONDITION, type SpotOrder } from '../../../server/store/spot.ts';
import { DEMO_BASES } from '../../../server/store/migrations/0002_markets.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';

const NOW = Date.UTC(2026, 0, 15);

function user(email: string, extra: Partial<Parameters<Store['users']['insert']>[0]> = {}) {
  return {
    email,
    phone: null,
    password_hash: 'hash',
    fund_password_hash: null,
    nickname: 'nick',
    invite_code: `INV${email.length}${email[0]}`.toUpperCase().padEnd(8, 'X'),
    referrer_id: null,
    real_name_status: 'none',
    credit_score: 100,
    frozen: 0,
    has_recharge: 0,
    created_at: NOW,
    updated_at: NOW,
    ...extra,
  };
}

describeDialects('store', (dialect) => {
  let t: TestStore;
  let store: Store;
  beforeEach(async () => {
    t = await openStore(dialect);
    store = t.store;
  });
  afterEach(async () => t.dispose());

  it('migrates an already migrated database without changes', async () => {
    const again = await createStore({ dataDir: t.target.dataDir, databaseUrl: t.target.databaseUrl });
    expect((await again.markets.page(0, 100)).total).toBe(DEMO_BASES.length);
    await again.close();
  });

  it('numbers users from 10000001 and keeps 64-bit millisecond timestamps as numbers', async () => {
    const later = 4_102_444_800_000; // 2100-01-01, well past 32 bits
    const first = await store.users.insert(user('a@x.com'));
    const second = await store.users.insert(user('bb@x.com', { created_at: later }));
    expect([first, second]).toEqual([10_000_001, 10_000_002]);
    const row = await store.users.findById(second);
    expect(row?.created_at).toBe(later);
    expect(typeof row?.id).toBe('number');
  });

  it('rejects a second user with the same e-mail as a unique violation', async () => {
    await store.users.insert(user('a@x.com'));
    const error = await store.users.insert(user('a@x.com', { invite_code: 'OTHER234' })).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('counts referrals on two levels', async () => {
    const top = await store.users.insert(user('top@x.com'));
    const mid = await store.users.insert(user('mid@x.com', { referrer_id: top }));
    await store.users.insert(user('low1@x.com', { referrer_id: mid }));
    await store.users.insert(user('low22@x.com', { referrer_id: mid }));
    expect(await store.users.countReferrals(top)).toEqual({ level1: 1, level2: 2 });
    expect(await store.users.countReferrals(mid)).toEqual({ level1: 2, level2: 0 });
  });

  it('rolls a transaction back when its work throws', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.users.insert(user('a@x.com'));
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await store.users.count()).toBe(0);
  });

  it('counts rate-limit hits per window and starts a new window when it ends', async () => {
    expect(await store.rateLimits.hit('k', 1000, NOW)).toEqual({ count: 1, resetAt: NOW + 1000 });
    expect(await store.rateLimits.hit('k', 1000, NOW + 10)).toEqual({ count: 2, resetAt: NOW + 1000 });
    expect(await store.rateLimits.peek('k', NOW + 999)).toEqual({ count: 2, resetAt: NOW + 1000 });
    expect(await store.rateLimits.peek('k', NOW + 1000)).toBeNull();
    expect(await store.rateLimits.hit('k', 1000, NOW + 1000)).toEqual({ count: 1, resetAt: NOW + 2000 });
    await store.rateLimits.clear('k');
    expect(await store.rateLimits.peek('k', NOW + 1001)).toBeNull();
  });

  it('keeps one code per key, counts failures, and consumes a code once', async () => {
    const key = { channel: 'email', account: 'a@x.com', purpose: 'register' };
    const row = { ...key, code_hash: 'h1', created_at: NOW, expires_at: NOW + 1, attempts: 0, consumed_at: null };
    await store.codes.replace(row);
    expect(await store.codes.recordFailure(key)).toBe(1);
    expect(await store.codes.recordFailure(key)).toBe(2);
    await store.codes.replace({ ...row, code_hash: 'h2' });
    expect(await store.codes.count()).toBe(1);
    expect((await store.codes.find(key))?.attempts).toBe(0);
    expect(await store.codes.consume(key, 'h1', NOW)).toBe(false);
    expect(await store.codes.consume(key, 'h2', NOW)).toBe(true);
    expect(await store.codes.consume(key, 'h2', NOW)).toBe(false);
  });

  it('revokes one session or all of a user', async () => {
    const id = await store.users.insert(user('a@x.com'));
    for (const h of ['s1', 's2', 's3']) {
      await store.sessions.insert({ token_hash: h, user_id: id, created_at: NOW, expires_at: NOW + 10, revoked_at: null });
    }
    await store.sessions.revoke('s1', NOW);
    expect(await store.sessions.countLive(id, NOW)).toBe(2);
    expect(await store.sessions.revokeAllForUser(id, NOW)).toBe(2);
    expect(await store.sessions.countLive(id, NOW)).toBe(0);
    expect((await store.sessions.find('s2'))?.revoked_at).toBe(NOW);
  });

  it('lists the outbox newest first and records delivery', async () => {
    const base = { channel: 'email', subject: 's', body: 'b 123456', status: 'stored' as const, created_at: NOW };
    const a = await store.outbox.insert({ ...base, recipient: 'a@x.com' });
    const b = await store.outbox.insert({ ...base, recipient: 'b@x.com' });
    expect((await store.outbox.list(10)).map((m) => m.id)).toEqual([b, a]);
    await store.outbox.markSent(a, 'b ******', NOW + 5);
    await store.outbox.markFailed(b, 'refused');
    expect(await store.outbox.find(a)).toMatchObject({ status: 'sent', body: 'b ******', sent_at: NOW + 5 });
    expect(await store.outbox.find(b)).toMatchObject({ status: 'failed', error: 'refused', body: 'b 123456' });
  });

  it('sets, overwrites and removes operator settings', async () => {
    expect(await store.config.get('custom_line')).toBeNull();
    await store.config.set('custom_line', 'one', NOW);
    await store.config.set('custom_line', 'two', NOW);
    expect(await store.config.get('custom_line')).toBe('two');
    expect(await store.config.remove('custom_line')).toBe(true);
    expect(await store.config.get('custom_line')).toBeNull();
  });

  it('seeds the demo USDT markets, open and not under maintenance, in a stable order', async () => {
    const { rows, total } = await store.markets.page(0, 100);
    expect(total).toBe(12);
    expect(rows.map((m) => m.base)).toEqual(DEMO_BASES);
    expect(rows.every((m) => m.quote === 'USDT' && m.is_open === 0 && m.maintenance === 0)).toBe(true);
    expect((await store.markets.page(10, 5)).rows.map((m) => m.base)).toEqual(['LINK', 'AVAX']);
  });

  it('keeps client order ids unique per user only where given, and reads resting orders back in time priority', async () => {
    const order = (id: number, user: number, status: SpotOrder['status'], priority: number | null, clientOrderId: string | null = null): SpotOrder => ({
      id, user, symbol: 'BTCUSDT', clientOrderId, side: 'buy', kind: 'limit', tif: 'gtc', postOnly: false, stp: 'none',
      price: 6_000_000_000_000n, bound: null, qty: 100_000n, quoteQty: null, openQty: status === 'filled' ? 0n : 100_000n,
      filledQty: status === 'filled' ? 100_000n : 0n, filledQuote: 0n, fee: 0n, feeAsset: 'BTC', makerPpm: 1000, takerPpm: 1000,
      status, closeCode: null, priority, createdAt: NOW, updatedAt: NOW, closedAt: status === 'filled' ? NOW : null,
      condition: null, stopPrice: null, trailingBips: null, trailPrice: null, held: null, triggeredAt: null, listId: null,
      strategyId: null, strategyType: null, preventedMatchId: null,
    });
    await store.spot.write({
      orders: [
        order(1, 7, 'new', 3), order(2, 7, 'filled', 1), order(3, 7, 'partially_filled', 2, 'mine'), order(4, 8, 'new', 5, 'mine'),
        order(5, 7, 'canceled', 4), order(6, 7, 'new', 6), order(7, 7, 'filled', null),
      ],
      trades: [],
      events: [],
    });
    expect((await store.spot.openOrders()).map((o) => o.id)).toEqual([3, 1, 4, 6]);
    expect((await store.spot.findByClientId(7, 'mine'))?.id).toBe(3);
    expect((await store.spot.findByClientId(8, 'mine'))?.id).toBe(4);
    expect(await store.spot.findByClientId(9, 'mine')).toBeUndefined();
    // Closing an order takes it out of the resting set; a second order of one user with the same client id is refused.
    await store.spot.write({ orders: [{ ...order(1, 7, 'filled', 3), closedAt: NOW + 1 }], trades: [], events: [] });
    expect((await store.spot.openOrders()).map((o) => o.id)).toEqual([3, 4, 6]);
    const clash = await store.spot.write({ orders: [order(9, 7, 'new', 9, 'mine')], trades: [], events: [] }).catch((e: unknown) => e);
    expect(isUniqueViolation(clash)).toBe(true);
    // Both indexes hold only the rows they serve (migration 0010), and the restart's read needs no sort of its own.
    const defs = dialect === 'sqlite'
      ? (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'spot_orders'`.execute(store.db)).rows
      : (await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes where tablename = 'spot_orders' and schemaname = current_schema()`.execute(store.db)).rows;
    const def = (name: string) => defs.find((d) => d.name === name)?.sql.toLowerCase().replace(/[()"]/g, '') ?? '';
    expect(def('spot_orders_open')).toMatch(/ where .*status.*'new'.*'partially_filled'/);
    expect(def('spot_orders_client_id')).toMatch(/ where .*client_order_id is not null/);
    if (dialect === 'sqlite') {
      const plan = async (q: { sql: string; parameters: readonly unknown[] }) =>
        (await store.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows.map((r) => r.detail).join('; ');
      const open = await plan(store.db.selectFrom('spot_orders').select('id').where(OPEN_CONDITION).orderBy('priority').orderBy('id').compile());
      expect(open).toContain('spot_orders_open');
      expect(open).not.toContain('TEMP B-TREE');
    }
  });
});
