// The sign-in check keeps the session and user rows in memory (accounts/sessions.ts): a change made in this
// process (sign-out, revocation, freezing, through any store) shows on the very next request; a change made by
// another process, which this one cannot see being made, shows within AUTH_CACHE_MS.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { sha256 } from '../../../server/accounts/secrets.ts';
import { createSessionService } from '../../../server/accounts/sessions.ts';
import { AUTH_CACHE_MS } from '../../../server/store/auth-revision.ts';
import { createStore, SQLITE_FILE_NAME } from '../../../server/store/index.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, SESSION_TTL_MS, type Harness } from '../harness.ts';

describeDialects('session cache', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await openHarness(dialect);
  });
  afterEach(async () => h.dispose());

  const info = async (ticket: string) => (await h.call('GET', API.getUserInfo, { ticket })).body.code;

  /** A write the way another process makes it: its own connection, none of this process's stores. */
  async function elsewhere(text: string, ...values: Array<string | number>): Promise<void> {
    if (h.target.databaseUrl !== undefined) {
      const client = new pg.Client({ connectionString: h.target.databaseUrl });
      await client.connect();
      try {
        await client.query(text.replace(/\?/g, (() => { let n = 0; return () => `$${++n}`; })()), values);
      } finally {
        await client.end();
      }
      return;
    }
    const db = new Database(join(h.target.dataDir!, SQLITE_FILE_NAME));
    try {
      db.prepare(text).run(...values);
    } finally {
      db.close();
    }
  }

  it('sees a revocation or a frozen account made in this process on the next request', async () => {
    const ticket = await h.signUp('a@example.com');
    expect(await info(ticket)).toBe('success');
    await h.store.users.setFrozen((await h.store.users.findByEmail('a@example.com'))!.id, true, h.clock.now());
    expect(await info(ticket)).toBe('account.frozen');
    await h.store.users.setFrozen((await h.store.users.findByEmail('a@example.com'))!.id, false, h.clock.now());
    expect(await info(ticket)).toBe('success');
    // Another store of this process (the admin CLI run in-process opens its own).
    const other = await createStore({ dataDir: h.target.dataDir, databaseUrl: h.target.databaseUrl, clock: h.clock.now });
    try {
      await other.sessions.revoke(sha256(ticket), h.clock.now());
    } finally {
      await other.close();
    }
    expect(await info(ticket)).toBe('login.user.not.login');
  });

  it('sees a revocation made by another process within AUTH_CACHE_MS', async () => {
    const ticket = await h.signUp('b@example.com');
    expect(await info(ticket)).toBe('success');
    await elsewhere('update sessions set revoked_at = ? where token_hash = ?', h.clock.now(), sha256(ticket));
    await new Promise((resolve) => setTimeout(resolve, AUTH_CACHE_MS + 50));
    expect(await info(ticket)).toBe('login.user.not.login');
  });

  it("makes one read for a session's requests that find it expired together, and a new one after a write", async () => {
    const ticket = await h.signUp('d@example.com');
    let reads = 0;
    const sessions = { ...h.store.sessions, findWithUser: (hash: string) => (reads++, h.store.sessions.findWithUser(hash)) };
    const service = createSessionService({ ...h.store, sessions }, h.clock.now, SESSION_TTL_MS);
    const codes = async (n: number) =>
      new Set(await Promise.all([...Array(n).keys()].map(() => service.authenticate(ticket).then(() => 'success', (e: { code?: string }) => e.code))));
    expect(await codes(20)).toEqual(new Set(['success']));
    expect(reads).toBe(1);
    expect(await codes(5)).toEqual(new Set(['success'])); // from memory
    expect(reads).toBe(1);
    // Expired together again, and a freeze in this process while that read is in flight: the requests after the
    // freeze do not share the read begun before it; they read again and see it.
    await new Promise((resolve) => setTimeout(resolve, AUTH_CACHE_MS + 50));
    const before = codes(5);
    await h.store.users.setFrozen((await h.store.users.findByEmail('d@example.com'))!.id, true, h.clock.now());
    const after = codes(5);
    await before;
    expect(await after).toEqual(new Set(['account.frozen']));
    expect(reads).toBe(3);
  });

  it('still checks expiry against the clock on every request', async () => {
    const ticket = await h.signUp('c@example.com');
    expect(await info(ticket)).toBe('success');
    expect(await info(ticket)).toBe('success'); // now from memory
    h.clock.advance(SESSION_TTL_MS);
    expect(await info(ticket)).toBe('login.session.expired');
  });
});
