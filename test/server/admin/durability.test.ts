// The admin channel under fire: the exchange runs as a child process (test/server/reliability/server-process.ts)
// with clients placing HMAC-signed orders on its Binance API; meanwhile the operator credits a user over the admin
// channel (answered), and sends a second credit whose answer the SIGKILL that follows cuts off. After a restart:
// the answered credit is there exactly once (its audit row, its one journal entry and record, the balance), the
// cut-off one was settled at the start (done if it reached the journal, interrupted if not) and a repeat with its
// request id finishes it without applying it twice; the ledger verifies. On SQLite and PostgreSQL.
import { createHmac } from 'node:crypto';
import { lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin } from '../../../server/cli/admin.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import { createStore } from '../../../server/store/index.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { seedUsers, spawnServer, type ServerProcess, type Where } from '../reliability/server-process.ts';
import { exchange, request, socketOf } from './wire.ts';

const CLIENTS = 4;
const MAX_PER_CLIENT = 2000;
const RECIPIENT = 'recipient@example.com';
const ANSWERED = 'durability-answered-1';
const CUT_OFF = 'durability-cut-off-1';

interface Key {
  apiKey: string;
  secret: string;
}

describeDialects('admin channel: a credit during a signed-order load survives SIGKILL exactly once', (dialect) => {
  let target: Target;
  let where: Where;
  let scratch: string | undefined;
  let server: ServerProcess | undefined;
  let keys: Key[];

  beforeAll(async () => {
    target = await newTarget(dialect);
    if (target.dataDir === undefined) scratch = mkdtempSync(join(tmpdir(), 'openex-admin-crash-'));
    where = { dataDir: target.dataDir ?? scratch ?? '', databaseUrl: target.databaseUrl };
    const users = await seedUsers(where, CLIENTS, { USDT: '50000000', BTC: '1000' }, 'dur');
    keys = [];
    for (const u of users) {
      const made = await runAdmin(['apikey', 'create', '--email', u.email, '--trade', '--json'], where);
      expect(made.exitCode, made.output).toBe(0);
      keys.push(JSON.parse(made.output) as Key);
    }
    expect((await runAdmin(['user', 'create', '--email', RECIPIENT, '--password', 'Secret12345'], where)).exitCode).toBe(0);
  }, 240_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await target?.dispose();
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  });

  const admin = (...argv: string[]) => runAdmin(argv, { ...where, operator: 'durability-test' });
  const credit = (amount: string, id: string) => ['balance', 'credit', '--email', RECIPIENT, '--asset', 'USDT', '--amount', amount, '--request-id', id, '--reason', 'crash drill'];

  it('keeps the answered credit once, settles the cut-off one, and a repeat applies nothing twice', async () => {
    server = await spawnServer(where, { logName: 'admin-crash-1.log' });
    const first = server;
    let acked = 0;
    const refused: string[] = [];
    let stop = false;
    let started: () => void = () => undefined;
    const running = new Promise<void>((ok) => (started = ok));
    const WARM_UP = 100;
    const client = async (c: number) => {
      const key = keys[c]!;
      for (let i = 0; i < MAX_PER_CLIENT && !stop; i++) {
        const side = i % 2 === 0 ? 'BUY' : 'SELL';
        const price = (60_000 + (side === 'BUY' ? -1 : 1) * (i % 40) + (i % 7 === 0 ? (side === 'BUY' ? 30 : -30) : 0)).toFixed(2);
        const params = `symbol=BTCUSDT&side=${side}&type=LIMIT&timeInForce=GTC&quantity=0.001&price=${price}&newClientOrderId=d${c}-${i}&timestamp=${Date.now()}`;
        const signature = createHmac('sha256', key.secret).update(params).digest('hex');
        try {
          const res = await fetch(`${first.url}/api/v3/order`, {
            method: 'POST',
            headers: { 'X-MBX-APIKEY': key.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
            body: `${params}&signature=${signature}`,
            signal: AbortSignal.timeout(10_000),
          });
          if (res.ok) {
            if (++acked >= WARM_UP) started();
          } else {
            refused.push(`${res.status} ${await res.text()}`);
          }
        } catch (error) {
          if (stop) return; // the kill
          throw error;
        }
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    await running;
    const ackedBefore = acked;

    // Answered while orders pour in: through the server (its desk holds the coin wallet; there is no other way).
    const answered = await admin(...credit('123.45', ANSWERED), '--verbose');
    expect(answered.exitCode, answered.output).toBe(0);
    expect(answered.output).toBe(`credited 123.45 USDT to user 10000005 (${RECIPIENT}), coin account: available 123.45, frozen 0`);
    expect(answered.log?.[0]).toMatch(/^admin: done by the server through its admin channel/);
    expect(acked).toBeGreaterThan(ackedBefore); // the load really ran around it
    const ackedAtCredit = acked;
    await new Promise((r) => setTimeout(r, 300));

    // Sent, and the server dies before anyone reads an answer.
    const cut = request(where, 'balance credit', { email: RECIPIENT, asset: 'USDT', amount: '6.5' }, { id: CUT_OFF, operator: 'durability-test', reason: 'crash drill' });
    await exchange(socketOf(where), `${JSON.stringify(cut)}\n`, { hangUp: true });
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 10))); // somewhere in its journey
    stop = true;
    const exit = await first.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    await load;
    // The killed server left its socket file; nobody listens on it, so the CLI works on the store meanwhile.
    expect(lstatSync(socketOf(where)).isSocket()).toBe(true);
    const meanwhile = await admin('market', 'list', '--verbose');
    expect(meanwhile.exitCode).toBe(0);
    expect(meanwhile.log).toEqual([expect.stringMatching(/^admin: no server answers on .+ \(nobody listens on it\); working on the store directly$/)]);
    console.info(`admin durability [${dialect}]: ${acked} signed orders acknowledged (${ackedBefore} before the credit, ${ackedAtCredit} at its answer), ${refused.length} refused${refused.length > 0 ? ` (first: ${refused[0]})` : ''}`);
    expect(refused).toEqual([]);

    server = await spawnServer(where, { logName: 'admin-crash-2.log' });
    const second = server;
    const store = await createStore({ dataDir: where.dataDir, databaseUrl: where.databaseUrl });
    try {
      const entries = async (id: string) =>
        (await store.db.selectFrom('ledger_entries').select(['desk', 'seq', 'reason', 'ref']).where('ref', 'like', `%#${id}`).execute()).map((e) => `${e.desk} ${e.reason} ${e.ref}`);
      const row = await store.audit.find(ANSWERED);
      expect(row).toMatchObject({ status: 'done', via: 'server', operator: 'durability-test', command: 'balance credit', reason: 'crash drill' });
      expect(await entries(ANSWERED)).toEqual([`coin admin.credit admin:operator credit#${ANSWERED}`]);
      const [entry] = await store.db.selectFrom('ledger_entries').select('seq').where('ref', '=', `admin:operator credit#${ANSWERED}`).execute();
      const records = await store.records.page({ user: 10_000_005 }, 0, 10);
      expect(records.rows.filter((r) => r.desk === 'coin' && r.seq === Number(entry?.seq)).map((r) => [r.type, r.amount, r.ref])).toEqual([['admin_credit', 12_345_000_000n, 'admin:operator credit']]);

      // The cut-off one never reached the server (no row), or was settled by the restart: never left pending.
      const cutRow = await store.audit.find(CUT_OFF);
      const applied = (await entries(CUT_OFF)).length;
      expect(applied).toBeLessThanOrEqual(1);
      expect(cutRow?.status).toBe(applied === 1 ? 'done' : cutRow === undefined ? undefined : 'interrupted');
      const fate = cutRow === undefined ? 'never reached the server' : applied === 1 ? 'was in the journal (settled done)' : 'was audited but not applied (settled interrupted)';
      console.info(`admin durability [${dialect}]: the cut-off credit ${fate} when the server was killed`);

      // Repeats: the answered one is replayed, the cut-off one finished; each exactly once.
      const again = await admin(...credit('123.45', ANSWERED));
      expect(again.output).toBe(answered.output);
      expect(again.log).toEqual([`admin: request ${ANSWERED} was answered before; this is its recorded outcome, nothing was done again`]);
      const finished = await admin(...credit('6.5', CUT_OFF));
      expect(finished.exitCode, finished.output).toBe(0);
      expect(await entries(CUT_OFF)).toHaveLength(1);
      expect(await entries(ANSWERED)).toHaveLength(1);
      expect(await store.ledger.userBalances(10_000_005)).toEqual([{ user: 10_000_005, wallet: 'coin', asset: 'USDT', available: 12_995_000_000n, frozen: 0n }]);
      const report = await verifyLedger(store);
      expect(report.problems).toEqual([]);
    } finally {
      await store.close();
    }
    expect((await second.kill('SIGTERM')).code).toBe(0);
    const verify = await runAdmin(['ledger', 'verify'], where);
    expect(verify.exitCode, verify.output).toBe(0);
  }, 90_000);
});
