// /app/reserves/* through the app: the public record newest first, paged, a hash chain anyone can check; a signed-in
// user's proof, theirs alone (the session decides; a query naming anyone else is refused, changing nothing), that
// verifies against the root the public record gives in a separate request; a user absent from a snapshot, an
// unknown snapshot and malformed queries refused with their codes in the user's language; the reserves beside the
// liabilities per asset with the ratio, from the chain's latest readings (store.chain.recordReserves here, what the
// watcher writes). On SQLite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { publishedRoot, verifyProof, verifyRecord, type LiabilitiesProof, type LiabilitiesRecordEntry } from '../../../server/contract/liabilities.ts';
import { takeSnapshot } from '../../../server/reserves/snapshot.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, type Harness } from '../harness.ts';

const E8 = 100_000_000n;

describeDialects('reserves routes', (dialect) => {
  let h: Harness;
  let a: string;
  let b: string;
  let c: string;
  let ids: { a: number; b: number; c: number };

  beforeEach(async () => {
    h = await openHarness(dialect);
    a = await h.signUp('alice@example.com');
    b = await h.signUp('bob@example.com');
    c = await h.signUp('carol@example.com');
    const id = async (email: string) => (await h.store.users.findByEmail(email))!.id;
    ids = { a: await id('alice@example.com'), b: await id('bob@example.com'), c: await id('carol@example.com') };
    // Balances as the desks leave them (this app runs without desks): Alice in two wallets, Bob in one, Carol none.
    const row = (user: number, wallet: string, asset: string, available: bigint, frozen = 0n) => ({ user_id: user, wallet, asset, available, frozen, updated_at: 0 });
    await h.store.db.insertInto('balances').values([
      row(ids.a, 'coin', 'USDT', 1_000n * E8, 5n * E8),
      row(ids.a, 'contract', 'USDT', 250n * E8),
      row(ids.a, 'coin', 'BTC', E8 / 4n),
      row(ids.b, 'coin', 'BTC', 2n * E8),
      row(ids.c, 'coin', 'ETH', 0n),
    ]).execute();
  }, 60_000);
  afterEach(async () => h.dispose());

  const snapshot = () => takeSnapshot({ store: h.store, clock: h.clock.now, cause: 'operator' });
  const list = async (query?: Record<string, string>) => (await h.call('GET', '/app/reserves/snapshots', query ? { query } : {})).body;

  it('publishes the record newest first, paged, as a chain anyone can check', async () => {
    expect((await list()).data).toEqual({ list: [], more: false });
    const first = await snapshot();
    h.clock.advance(60_000);
    const second = await snapshot();
    const all = await list();
    expect(all.code).toBe('success');
    const entries: LiabilitiesRecordEntry[] = all.data.list;
    expect(entries.map((e) => [e.seq, e.snapshotId])).toEqual([[2, second.snapshotId], [1, first.snapshotId]]);
    expect(all.data.more).toBe(false);
    expect(entries[0]).toMatchObject({ rootHash: second.rootHash, leafCount: 2, assets: ['BTC', 'USDT'], sums: { BTC: String(E8 / 4n + 2n * E8), USDT: String(1_255n * E8) }, prevHash: entries[1]!.hash });
    expect(await verifyRecord([...entries].reverse())).toEqual([]);
    const page = await list({ limit: '1' });
    expect(page.data).toMatchObject({ list: [{ seq: 2 }], more: true });
    expect((await list({ limit: '1', beforeSeq: '2' })).data).toMatchObject({ list: [{ seq: 1 }], more: false });
    const bad: Array<Record<string, string>> = [{ limit: '0' }, { limit: '1001' }, { limit: 'x' }, { beforeSeq: '-1' }, { user: String(ids.a) }];
    for (const query of bad) {
      expect((await list(query)).code, JSON.stringify(query)).toBe('request.invalid');
    }
    // Nothing secret in the public record.
    expect(JSON.stringify(all)).not.toContain((await h.store.reserves.byId(first.snapshotId))!.seed);
  });

  it("answers a signed-in user's own proof, which verifies against the separately published root", async () => {
    expect((await h.call('GET', '/app/reserves/proof', { ticket: a })).body.code).toBe('reserves.snapshot.unknown');
    const first = await snapshot();
    h.clock.advance(60_000);
    const second = await snapshot();
    const published = (await list()).data.list as LiabilitiesRecordEntry[];

    const mine = await h.call('GET', '/app/reserves/proof', { ticket: a });
    expect(mine.body.code).toBe('success');
    expect(mine.raw.headers['cache-control']).toBe('no-store');
    const proof: LiabilitiesProof = mine.body.data;
    expect(proof).toMatchObject({ version: 1, snapshotId: second.snapshotId, assets: ['BTC', 'USDT'], leaf: { balances: { BTC: String(E8 / 4n), USDT: String(1_255n * E8) } } });
    const entry = published.find((e) => e.snapshotId === proof.snapshotId)!;
    expect(await verifyProof(proof, publishedRoot(entry))).toMatchObject({ ok: true, root: { hash: entry.rootHash } });
    // An older snapshot by its id: that snapshot's proof.
    const older = (await h.call('GET', '/app/reserves/proof', { ticket: a, query: { snapshot: String(first.snapshotId) } })).body.data as LiabilitiesProof;
    expect(older.snapshotId).toBe(first.snapshotId);
    expect(await verifyProof(older, publishedRoot(published.find((e) => e.snapshotId === first.snapshotId)!))).toMatchObject({ ok: true });
    expect((await verifyProof(older, publishedRoot(entry))).ok).toBe(false);
  });

  it("never answers another user's proof, whatever the request adds", async () => {
    await snapshot();
    const bobs = (await h.call('GET', '/app/reserves/proof', { ticket: b })).body.data as LiabilitiesProof;
    expect(bobs.leaf.balances).toEqual({ BTC: String(2n * E8), USDT: '0' });
    const alices = (await h.call('GET', '/app/reserves/proof', { ticket: a })).body.data as LiabilitiesProof;
    expect(alices.leaf.nonce).not.toBe(bobs.leaf.nonce);
    // Bob names Alice in every shape a parameter could take: each refused, none answers Alice's leaf.
    const guesses: Array<Record<string, string>> = [{ user: String(ids.a) }, { userId: String(ids.a) }, { uid: String(ids.a) }, { email: 'alice@example.com' }, { snapshot: '1', user: String(ids.a) }];
    for (const query of guesses) {
      const r = await h.call('GET', '/app/reserves/proof', { ticket: b, query });
      expect(r.body.code, JSON.stringify(query)).toBe('request.invalid');
      expect(JSON.stringify(r.body)).not.toContain(alices.leaf.nonce);
    }
    // The ticket decides, nothing else: without one, nothing.
    expect((await h.call('GET', '/app/reserves/proof')).body.code).toBe('login.user.not.login');
    expect((await h.call('GET', '/app/reserves/proof', { ticket: 'not-a-ticket' })).body.code).toBe('login.user.not.login');
  });

  it('refuses an absent user, an unknown snapshot and a malformed one, in the user\'s language', async () => {
    await snapshot();
    const absent = await h.call('GET', '/app/reserves/proof', { ticket: c });
    expect(absent.body).toMatchObject({ code: 'reserves.proof.absent', data: null });
    expect(absent.body.msg).toMatch(/not in this snapshot/);
    const zh = await h.call('GET', '/app/reserves/proof', { ticket: c, headers: { lang: 'zh-CN' } });
    expect(zh.body.msg).toBe('您的账户不在此快照中：快照时您没有任何余额，或账户是之后开立的。');
    expect((await h.call('GET', '/app/reserves/proof', { ticket: a, query: { snapshot: '999' } })).body.code).toBe('reserves.snapshot.unknown');
    for (const snapshotId of ['0', 'abc', '-1', '1.5', '1'.repeat(20)]) {
      expect((await h.call('GET', '/app/reserves/proof', { ticket: a, query: { snapshot: snapshotId } })).body.code, snapshotId).toBe('request.invalid');
    }
  });

  it('shows the on-chain reserves beside the liabilities per asset, with the ratio', async () => {
    const empty = (await h.call('GET', '/app/reserves/reserves')).body;
    expect(empty).toMatchObject({ code: 'success', data: { snapshot: null, assets: [] } });
    const s = await snapshot();
    await h.store.chain.recordReserves([
      { asset: 'BTC', network: 'BTC', amount: 3n * E8, addresses: 4, block: 120, readAt: h.clock.now() },
      { asset: 'USDT', network: 'ETH', amount: 1_000n * E8, addresses: 2, block: 9_000, readAt: h.clock.now() },
      { asset: 'ETH', network: 'ETH', amount: E8 / 2n, addresses: 2, block: 9_000, readAt: h.clock.now() },
    ]);
    const r = (await h.call('GET', '/app/reserves/reserves')).body;
    expect(r.code).toBe('success');
    expect(r.data.snapshot).toEqual({ snapshotId: s.snapshotId, ts: s.takenAt, rootHash: s.rootHash, seq: s.seq });
    expect(r.data.assets).toEqual([
      { asset: 'BTC', liabilities: '2.25', reserves: '3', ratio: '1.3333', networks: [{ network: 'BTC', amount: '3', addresses: 4, block: 120, readAt: h.clock.now() }] },
      { asset: 'ETH', liabilities: null, reserves: '0.5', ratio: null, networks: [{ network: 'ETH', amount: '0.5', addresses: 2, block: 9_000, readAt: h.clock.now() }] },
      { asset: 'USDT', liabilities: '1255', reserves: '1000', ratio: '0.7968', networks: [{ network: 'ETH', amount: '1000', addresses: 2, block: 9_000, readAt: h.clock.now() }] },
    ]);
    expect((await h.call('GET', '/app/reserves/reserves', { query: { asset: 'BTC' } })).body.code).toBe('request.invalid');
  });
});
