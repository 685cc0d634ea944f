// Crash test of the earn desk's accrual (issue 23): the exchange as a child process (`node server/main.ts`, custody
// off), users buying wealth products and mining pools over /app/earn/purchase and /app/mining/purchase until the
// process is killed with SIGKILL mid-burst; the purchases not answered are sent again with the same client ids to
// the restarted server (each answered once: a duplicate of what the kill committed, or new). Then the child's clock
// is moved days ahead (a `--import` preload shifts Date.now, which the server's clock reads, as crash-perp does) so
// thousands of payments fall due at once, and it is killed with SIGKILL while the accrual job is paying them (at a
// seeded share of them, watched in the store from outside), restarted on the same data, killed again, and so on,
// until a last start past every term's end runs them all. Then, against the store:
// - every acknowledged purchase is one order with the terms its answer gave; every client id made one order;
// - every order settled, paying exactly its periods, each (order, period) once, each with the amounts and instant
//   of contract/earn.ts's schedule, paid at or after it, the incomes adding up to the promised total to the unit
//   (the total itself the contract's formula over the product's rate);
// - the journal holds each payment's entries once (reference earn:<order>:<k>, one earn.income and one earn.return
//   at most), and one earn.purchase per order;
// - each user's wealth account holds what was credited plus every income of their orders, nothing frozen; the
//   treasury paid exactly what users received; `npm run admin -- ledger verify` passes.
// CRASH_SEED=n replays one run. A SIGKILL loses the process, not the machine (see crash.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin } from '../../../server/cli/admin.ts';
import {
  DAY_MS, dueAtOf, EARN_PATHS, HOUR_MS, MINING_PATHS, paymentOf, periodsOf, totalIncome, type EarnKind, type EarnPurchaseResult,
} from '../../../server/contract/earn.ts';
import { PAY_CHUNK, TREASURY } from '../../../server/desks/earn/desk.ts';
import { termsOf } from '../../../server/desks/earn/state.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import type { EarnOrderRow, EarnProductRow } from '../../../server/store/earn.ts';
import { createStore, SQLITE_FILE_NAME, type Store } from '../../../server/store/index.ts';
import { money, toAmount } from '../../../server/store/money.ts';
import { mulberry32 } from '../../tools/random.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { REPO, seedUsers, spawnServer, type SeededUser, type ServerProcess, type Where } from './server-process.ts';

const SEED = Number(process.env['CRASH_SEED'] ?? 20261130);
const USERS = 8;
const ORDERS_PER_USER = 375; // 3,000 orders
/** Each user's wealth-account credit and the treasury's (USDT): far more than any run buys or pays. */
const CREDIT = 400_000n;
const TREASURY_CREDIT = 100_000n;
const E8 = 100_000_000n;
/** Days after the latest order's start at which each start's clock stands (01:00 and a minute, GMT+8): the kills
 *  come while what is due by then is being paid; the last start is past every term and runs to the end. */
const ROUND_DAYS = [3, 5, 5, 8, 10, 13] as const;
const OFFSET_ENV = 'OPENEX_TEST_CLOCK_OFFSET_MS';
/** Loaded before server/main.ts: the child's Date.now (its systemClock) runs OFFSET_ENV ms ahead of the real one. */
const CLOCK_PRELOAD = 'data:text/javascript,' + encodeURIComponent(`const o=Number(process.env.${OFFSET_ENV}??0);const n=Date.now;Date.now=()=>n()+o;`);

/** The products, added with the operator CLI before the first start (so the demo's aren't). */
const PRODUCTS = [
  ['--kind', 'mining', '--name', 'pool 10d', '--term', '10', '--rate', '0.0013', '--release', 'daily', '--rebate', 'end'],
  ['--kind', 'mining', '--name', 'pool 8d daily back', '--term', '8', '--rate', '0.0021', '--release', 'daily', '--rebate', 'daily'],
  ['--kind', 'wealth', '--name', 'fixed 5d', '--term', '5', '--rate', '0.08', '--release', 'end'],
  ['--kind', 'wealth', '--name', 'fixed 12d daily', '--term', '12', '--rate', '0.0733', '--release', 'daily'],
] as const;

interface Plan {
  user: number;
  n: number;
  kind: EarnKind;
  productId: number;
  amount: string;
  clientId: string;
}

const units = (text: string): bigint => {
  const [w, f = ''] = text.split('.');
  return BigInt(w!) * E8 + BigInt(f.padEnd(8, '0'));
};
const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x));

/** The child without waiting for it to answer: the accrual starts before it listens, and the kill must catch it. */
function spawnChild(where: Where, offset: number, logName: string): { child: ChildProcess; exited: Promise<unknown>; log: string } {
  const log = join(where.dataDir, logName);
  const fd = openSync(log, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: where.dataDir, BOTS: 'false', FEEDS: 'false', CUSTODY: 'off', LOG_LEVEL: 'warn',
    [OFFSET_ENV]: String(offset),
  };
  delete env['DATABASE_URL'];
  delete env['NODE_OPTIONS'];
  delete env['VITEST'];
  if (where.databaseUrl) env['DATABASE_URL'] = where.databaseUrl;
  const child = spawn(process.execPath, ['--import', CLOCK_PRELOAD, join(REPO, 'server/main.ts')], { cwd: REPO, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  return { child, exited, log };
}

/** Counts in the store while a child writes it: a read-only SQLite connection (WAL), or a PostgreSQL client. */
async function storeReader(where: Where): Promise<{ count(sql: string): Promise<number>; close(): Promise<void> }> {
  if (where.databaseUrl) {
    const client = new pg.Client({ connectionString: where.databaseUrl });
    await client.connect();
    return {
      count: async (q) => Number((await client.query<{ n: string }>(q)).rows[0]!.n),
      close: () => client.end(),
    };
  }
  const db = new Database(join(where.dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return {
    count: async (q) => Number((db.prepare(q).get() as { n: number | bigint }).n),
    close: async () => {
      db.close();
    },
  };
}

describeDialects('earn accrual crash', (dialect) => {
  let target: Target;
  let where: Where;
  let users: SeededUser[] = [];
  let products: EarnProductRow[] = [];
  const children: Array<{ child: ChildProcess; exited: Promise<unknown> }> = [];
  let server: ServerProcess | null = null;
  const at = () => ({ dataDir: where.dataDir, databaseUrl: where.databaseUrl });
  const admin = async (...argv: string[]) => {
    const r = await runAdmin(argv, at());
    if (r.exitCode !== 0) throw new Error(`${argv.join(' ')}: ${r.output}`);
    return r.output;
  };
  const withStore = async <T>(work: (store: Store) => Promise<T>): Promise<T> => {
    const store = await createStore({ dataDir: where.dataDir, databaseUrl: where.databaseUrl });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  };

  beforeAll(async () => {
    target = await newTarget(dialect);
    where = { dataDir: target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-crash-earn-')), databaseUrl: target.databaseUrl };
    users = await seedUsers(where, USERS, {}, 'earncrash');
    for (const u of users) {
      await admin('balance', 'credit', '--email', u.email, '--asset', 'USDT', '--amount', String(CREDIT), '--account', 'earn', '--memo', 'seed', '--reason', 'test seed');
    }
    for (const p of PRODUCTS) await admin('earn', 'product', 'add', ...p, '--asset', 'USDT', '--min', '1', '--max', '10000000', '--quota', '1000000000', '--reason', 'crash test');
    await admin('earn', 'treasury', 'credit', '--asset', 'USDT', '--amount', String(TREASURY_CREDIT), '--reason', 'crash test treasury');
    products = await withStore((store) => store.earn.products());
    expect(products.map((p) => p.name)).toEqual(PRODUCTS.map((p) => p[3]));
  }, 240_000);

  afterAll(async () => {
    await server?.kill('SIGKILL').catch(() => undefined);
    for (const c of children) {
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await c.exited;
    }
    await target?.dispose();
    if (target?.dataDir === undefined && where !== undefined) rmSync(where.dataDir, { recursive: true, force: true });
  });

  it('pays every order\'s periods exactly once through SIGKILLs while paying, and keeps every acknowledged purchase', async () => {
    const random = mulberry32(SEED);
    // ---- purchases: a burst over HTTP, killed mid-way; the rest sent again, with the same client ids ----
    const plans: Plan[] = [];
    for (let u = 0; u < USERS; u++) {
      for (let n = 0; n < ORDERS_PER_USER; n++) {
        const p = products[Math.floor(random() * products.length)]!;
        const fraction = String(Math.floor(random() * 100_000_000)).padStart(8, '0');
        plans.push({ user: u, n, kind: p.kind, productId: p.id, amount: `${10 + Math.floor(random() * 590)}.${fraction}`, clientId: `e${u}-${n}` });
      }
    }
    const acks = new Map<string, EarnPurchaseResult>();
    // Through the server's own fetch: a purchase refused a connection fails with whether the child died and its log.
    const purchase = async (to: ServerProcess, plan: Plan) => {
      const r = await to.fetch(plan.kind === 'wealth' ? EARN_PATHS.purchase : MINING_PATHS.purchase, {
        method: 'POST', headers: { 'content-type': 'application/json', ticket: users[plan.user]!.ticket },
        body: JSON.stringify({ productId: plan.productId, amount: plan.amount, clientId: plan.clientId }),
      });
      const env = (await r.json()) as { code: string; data: EarnPurchaseResult };
      if (env.code !== 'success') throw new Error(`purchase ${plan.clientId} refused: ${json(env)}`);
      return env.data;
    };
    const killAfter = Math.floor(plans.length * (0.35 + 0.3 * random()));
    server = await spawnServer(where, { logName: 'purchase-1.log', nodeArgs: ['--import', CLOCK_PRELOAD], env: { [OFFSET_ENV]: '0' } });
    const first = server;
    let killing: Promise<unknown> | null = null;
    const sentUnanswered = new Set<string>();
    await Promise.all(
      users.map(async (_u, k) => {
        for (const plan of plans.filter((p) => p.user === k)) {
          if (killing !== null) return;
          try {
            acks.set(plan.clientId, await purchase(first, plan));
          } catch (error) {
            if (killing !== null) {
              sentUnanswered.add(plan.clientId);
              return;
            }
            throw error;
          }
          if (acks.size >= killAfter) killing ??= first.kill('SIGKILL');
        }
      }),
    );
    await killing;
    server = null;
    expect(acks.size).toBeGreaterThanOrEqual(killAfter);
    expect(acks.size).toBeLessThan(plans.length);
    const firstAcks = new Map(acks);
    server = await spawnServer(where, { logName: 'purchase-2.log', nodeArgs: ['--import', CLOCK_PRELOAD], env: { [OFFSET_ENV]: '0' } });
    const second = server;
    let duplicates = 0;
    await Promise.all(
      users.map(async (_u, k) => {
        for (const plan of plans.filter((p) => p.user === k && !firstAcks.has(p.clientId))) {
          const again = await purchase(second, plan);
          // Only one the kill cut off can have been committed before: anything never sent is new.
          if (!sentUnanswered.has(plan.clientId)) expect(again.duplicate, plan.clientId).toBe(false);
          if (again.duplicate) duplicates++;
          acks.set(plan.clientId, again);
        }
      }),
    );
    // Sending an acknowledged one again answers the same order.
    const sample = plans[0]!;
    const repeat = await purchase(second, { ...sample, amount: '11' });
    expect([repeat.duplicate, repeat.order.id, repeat.order.principal]).toEqual([true, firstAcks.get(sample.clientId)!.order.id, firstAcks.get(sample.clientId)!.order.principal]);
    await second.kill('SIGKILL');
    server = null;

    // The orders as stored, and what each start's clock makes due.
    const orders: EarnOrderRow[] = await withStore(async (store) => {
      const all: EarnOrderRow[] = [];
      for (const u of users) {
        for (const kind of ['wealth', 'mining'] as const) {
          all.push(...(await store.earn.byUser({ user: u.id, kind, statuses: ['in_progress', 'settled', 'redeemed', 'cancelled'], offset: 0, limit: 100_000 })).rows);
        }
      }
      return all;
    });
    expect(orders).toHaveLength(plans.length);
    const latestStart = Math.max(...orders.map((o) => o.startAt));
    const dueBy = (t: number) => orders.reduce((n, o) => n + Array.from({ length: o.periods }, (_, i) => i + 1).filter((k) => dueAtOf(termsOf(o), o.startAt, k) <= t).length, 0);
    const totalPayments = orders.reduce((n, o) => n + o.periods, 0);
    expect(totalPayments).toBeGreaterThan(20_000);

    // ---- accrual: each start's clock days ahead, killed at a seeded share of what it has to pay ----
    const reader = await storeReader(where);
    const rounds: Array<{ days: number; before: number; due: number; threshold: number; after: number }> = [];
    try {
      for (let r = 0; r < ROUND_DAYS.length - 1; r++) {
        const days = ROUND_DAYS[r]!;
        const clockAt = latestStart + days * DAY_MS + HOUR_MS + 60_000;
        const due = dueBy(clockAt);
        const before = await reader.count('select count(*) as n from earn_payments');
        // Seeded within what leaves at least one chunk of payments to make after it (when there is more than one).
        const span = due - before;
        const threshold = before + Math.max(1, Math.ceil((span > PAY_CHUNK ? span - PAY_CHUNK : span) * (0.1 + 0.8 * random())));
        const c = spawnChild(where, clockAt - Date.now(), `accrual-${r + 1}.log`);
        children.push(c);
        let gone = false;
        void c.exited.then(() => (gone = true));
        const deadline = Date.now() + 120_000;
        for (;;) {
          if (gone) throw new Error(`the server exited before the kill; log:\n${readFileSync(c.log, 'utf8').slice(-4000)}`);
          const n = await reader.count('select count(*) as n from earn_payments');
          // Nothing left to pay at this clock (the round before finished it): kill it anyway, once it has started.
          if (n >= threshold || (before >= due && Date.now() > deadline - 110_000)) break;
          if (Date.now() > deadline) throw new Error(`${n} payments of ${due} after 120 s; log:\n${readFileSync(c.log, 'utf8').slice(-4000)}`);
          await new Promise((ok) => setTimeout(ok, 5));
        }
        // A little later, seeded: between two commits or inside the next chunk's (a chunk takes ~160 ms here).
        await new Promise((ok) => setTimeout(ok, Math.floor(random() * 40)));
        c.child.kill('SIGKILL');
        await c.exited;
        rounds.push({ days, before, due, threshold, after: await reader.count('select count(*) as n from earn_payments') });
      }
    } finally {
      await reader.close();
    }
    // Kills came while payments were still to make (fewer committed than were due): at least two of the starts that
    // had more than a chunk to pay.
    expect(rounds.filter((x) => x.due - x.before > PAY_CHUNK && x.after < x.due).length, json(rounds)).toBeGreaterThanOrEqual(2);
    // The payments the kills cut off were not made twice, nor lost: the last start pays the rest.
    const finalAt = latestStart + ROUND_DAYS[ROUND_DAYS.length - 1]! * DAY_MS + HOUR_MS + 60_000;
    expect(dueBy(finalAt)).toBe(totalPayments);
    // Fresh sessions for the last start's clock (the seeded ones expire in 7 days).
    const tickets = await withStore(async (store) => {
      const out: string[] = [];
      for (const u of users) {
        const ticket = randomBytes(32).toString('base64url');
        await store.sessions.insert({ token_hash: createHash('sha256').update(ticket).digest('hex'), user_id: u.id, created_at: finalAt, expires_at: finalAt + 30 * DAY_MS, revoked_at: null });
        out.push(ticket);
      }
      return out;
    });
    server = await spawnServer(where, { logName: 'accrual-final.log', nodeArgs: ['--import', CLOCK_PRELOAD], env: { [OFFSET_ENV]: String(finalAt - Date.now()) } });
    const last = server;
    const reader2 = await storeReader(where);
    try {
      for (let i = 0; ; i++) {
        const paid = await reader2.count('select count(*) as n from earn_payments');
        const open = await reader2.count(`select count(*) as n from earn_orders where status = 'in_progress'`);
        if (paid === totalPayments && open === 0) break;
        if (i > 1200) throw new Error(`${paid} of ${totalPayments} payments, ${open} orders open after 60 s; log:\n${readFileSync(last.logFile, 'utf8').slice(-4000)}`);
        await new Promise((ok) => setTimeout(ok, 50));
      }
    } finally {
      await reader2.close();
    }
    // The restarted server's own pages say the same: a user's pools all settled, paid to the promised total.
    const get = async (path: string, query: Record<string, string>, ticket: string) =>
      (await (await last.fetch(`${path}?${new URLSearchParams(query)}`, { headers: { ticket } })).json()) as { code: string; data: any };
    const page = await get(MINING_PATHS.orders, { status: 'all', pageIndex: '1', pageSize: '200' }, tickets[0]!);
    expect(page.code).toBe('success');
    const minedByFirst = orders.filter((o) => o.user === users[0]!.id && o.kind === 'mining').length;
    expect(page.data.total).toBe(minedByFirst);
    for (const o of page.data.list as Array<{ status: string; paidIncome: string; totalIncome: string; periodsPaid: number; periods: number }>) {
      expect([o.status, o.paidIncome, o.periodsPaid]).toEqual(['settled', o.totalIncome, o.periods]);
    }
    await last.kill('SIGKILL');
    server = null;

    // ---- the checks, against the store ----
    await withStore(async (store) => {
      const byId = new Map<number, EarnOrderRow>();
      for (const u of users) {
        for (const kind of ['wealth', 'mining'] as const) {
          for (const o of (await store.earn.byUser({ user: u.id, kind, statuses: ['in_progress', 'settled', 'redeemed', 'cancelled'], offset: 0, limit: 100_000 })).rows) byId.set(o.id, o);
        }
      }
      expect(byId.size).toBe(plans.length);
      // Every acknowledged purchase: one order, the terms its answer gave; every client id one order.
      const userIndex = new Map(users.map((u, i) => [u.id, i]));
      const byClient = new Map<string, EarnOrderRow>();
      for (const o of byId.values()) {
        const key = `${userIndex.get(o.user)}:${o.clientId}`;
        expect(byClient.has(key), key).toBe(false);
        byClient.set(key, o);
      }
      for (const plan of plans) {
        const ack = acks.get(plan.clientId)!;
        const o = byId.get(ack.order.id)!;
        expect(o, plan.clientId).toBeDefined();
        expect([o.user, o.clientId, o.productId, o.kind, o.principal, o.totalIncome, o.purchasedAt, o.startAt]).toEqual([
          users[plan.user]!.id, plan.clientId, plan.productId, plan.kind, units(plan.amount), units(ack.order.totalIncome), ack.order.purchasedAt, ack.order.startAt,
        ]);
      }
      // Payments: each (order, period) once, the schedule's amounts and instants.
      const rows = await store.db
        .selectFrom('earn_payments')
        .select(['order_id', 'period', 'user_id', 'due_at', 'paid_at', money('income').as('income'), money('principal').as('principal')])
        .execute();
      expect(rows).toHaveLength(totalPayments);
      const paid = new Map<string, { income: bigint; principal: bigint; dueAt: number; paidAt: number; user: number }>();
      for (const r of rows) {
        const key = `${r.order_id}:${r.period}`;
        expect(paid.has(key), key).toBe(false);
        paid.set(key, { income: toAmount(r.income), principal: toAmount(r.principal), dueAt: Number(r.due_at), paidAt: Number(r.paid_at), user: Number(r.user_id) });
      }
      const productOf = new Map(products.map((p) => [p.id, p]));
      const incomeOf = new Map<number, bigint>();
      let incomes = 0n;
      const incomeRefs = new Set<string>();
      const returnRefs = new Set<string>();
      for (const o of byId.values()) {
        const p = productOf.get(o.productId)!;
        const terms = termsOf(p);
        expect(o.totalIncome).toBe(totalIncome(terms, o.principal));
        expect(o.periods).toBe(periodsOf(terms));
        expect([o.status, o.periodsPaid, o.paidIncome, o.paidPrincipal]).toEqual(['settled', o.periods, o.totalIncome, o.principal]);
        let sumIncome = 0n;
        let sumPrincipal = 0n;
        for (let k = 1; k <= o.periods; k++) {
          const made = paid.get(`${o.id}:${k}`);
          expect(made, `${o.id}:${k}`).toBeDefined();
          const due = paymentOf(terms, o.principal, o.totalIncome, o.startAt, k);
          expect([made!.income, made!.principal, made!.dueAt, made!.user]).toEqual([due.income, due.principal, due.dueAt, o.user]);
          expect(made!.paidAt).toBeGreaterThanOrEqual(made!.dueAt);
          sumIncome += made!.income;
          sumPrincipal += made!.principal;
          if (due.income > 0n) incomeRefs.add(`earn:${o.id}:${k}`);
          if (due.principal > 0n) returnRefs.add(`earn:${o.id}:${k}`);
        }
        expect([sumIncome, sumPrincipal]).toEqual([o.totalIncome, o.principal]);
        incomeOf.set(o.user, (incomeOf.get(o.user) ?? 0n) + sumIncome);
        incomes += sumIncome;
      }
      // The journal: each payment's entries once, one purchase entry per order.
      const entries = await store.db.selectFrom('ledger_entries').select(['reason', 'ref']).where('desk', '=', 'earn').where('ref', 'like', 'earn:%').execute();
      const seen = new Set<string>();
      for (const e of entries) {
        const key = `${e.reason} ${e.ref}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
      const refsOf = (reason: string) => new Set(entries.filter((e) => e.reason === reason).map((e) => e.ref));
      expect(refsOf('earn.income')).toEqual(incomeRefs);
      expect(refsOf('earn.return')).toEqual(returnRefs);
      expect(refsOf('earn.purchase')).toEqual(new Set([...byId.keys()].map((id) => `earn:${id}`)));
      expect(entries).toHaveLength(incomeRefs.size + returnRefs.size + byId.size);
      // Balances: the credit, every principal back, every income in; the treasury paid exactly that.
      const balances = (await store.ledger.walletBalances('earn')).filter((b) => b.asset === 'USDT');
      for (const u of users) {
        const b = balances.find((x) => x.user === u.id);
        expect([b?.available, b?.frozen], u.email).toEqual([CREDIT * E8 + (incomeOf.get(u.id) ?? 0n), 0n]);
      }
      const treasury = (await store.ledger.systemBalances()).find((b) => b.account === TREASURY && b.asset === 'USDT');
      expect(treasury?.amount).toBe(TREASURY_CREDIT * E8 - incomes);
      expect((await verifyLedger(store)).problems).toEqual([]);
      console.log(
        `earn crash [${dialect}]: ${plans.length} orders (${firstAcks.size} acknowledged before the purchase kill, ${duplicates} of the cut-off ones committed), ` +
          `${totalPayments} payments; kills at ${rounds.map((x) => `${x.after - x.before} of ${x.due - x.before} (day ${x.days})`).join(', ')}; ${textOf(incomes)} USDT paid`,
      );
    });
    const verified = await runAdmin(['ledger', 'verify'], at());
    expect(verified.exitCode, verified.output).toBe(0);
  }, 300_000);
});

function textOf(v: bigint): string {
  const frac = (v % E8).toString().padStart(8, '0').replace(/0+$/, '');
  return `${v / E8}${frac ? `.${frac}` : ''}`;
}
