// Crash test: clients send a burst of orders to the exchange running as a child process, which is killed with
// SIGKILL at a seeded random moment, then restarted on the same data. Everything acknowledged must be there (the
// order with at least the state and fills its ack reported, every reported trade), nothing unacknowledged may be
// half applied (every order row has its journal, every journal reference its row; frozen balances equal exactly
// what the open orders hold; the ledger verifies), and the restarted server keeps trading.
// CRASH_SEED=n replays one run. A SIGKILL loses the process, not the machine: the OS page cache survives, so this
// checks commit atomicity and "answer only after commit", not the disk's fsync (see test/bench/fsync.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { runAdmin } from '../../../server/cli/admin.ts';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { createDesks, verifyLedger, type DeskEvent } from '../../../server/desks/index.ts';
import { kernelMarket } from '../../../server/desks/spot/market.ts';
import { notional, baseAmount, parseDecimal, type Market, type Price, type Qty } from '../../../server/kernel/index.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import type { SpotOrder } from '../../../server/store/spot.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { seedUsers, spawnServer, type SeededUser, type ServerProcess, type Where } from './server-process.ts';
import { mulberry32 } from '../../tools/random.ts';

const SEED = Number(process.env['CRASH_SEED'] ?? 20261122);
const CLIENTS = 6;
/** Most orders one client sends: the burst ends by itself even if the kill came late. */
const MAX_PER_CLIENT = 1500;
const MARKETS = [
  { symbol: 'BTCUSDT', mid: 60_000, step: 1, qty: [0.001, 0.01] as const, qtyDecimals: 5 },
  { symbol: 'ETHUSDT', mid: 3_000, step: 0.1, qty: [0.01, 0.1] as const, qtyDecimals: 4 },
];

interface Sent {
  user: number;
  clientOrderId: string;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
}

interface Ack extends Sent {
  orderNo: number;
  status: string;
  tradedQuantity: string;
  fills: Array<{ tradeId: number; price: string; quantity: string }>;
}

const dec = (text: string): bigint => {
  const r = parseDecimal(text);
  if (!r.ok) throw new Error(`bad decimal ${text}`);
  return r.value;
};

describeDialects('crash: SIGKILL mid-burst, restart, nothing acknowledged lost, nothing half applied', (dialect) => {
  let target: Target;
  let where: Where;
  let users: SeededUser[];
  /** The child running now, killed in afterAll whatever happened, so a failed run leaves no server behind. */
  let server: ServerProcess | undefined;
  /** On PostgreSQL the child still needs a directory (its log, the API-key master key file). */
  let scratch: string | undefined;

  beforeAll(async () => {
    target = await newTarget(dialect);
    if (target.dataDir === undefined) scratch = mkdtempSync(join(tmpdir(), 'openex-crash-'));
    where = { dataDir: target.dataDir ?? scratch ?? '', databaseUrl: target.databaseUrl };
    // Two more than the clients: a seller and a buyer that take no part in the burst, to trade after the restart.
    users = await seedUsers(where, CLIENTS + 2, { USDT: '50000000', BTC: '1000', ETH: '20000', SOL: '1000' }, 'crash');
  }, 240_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await target?.dispose();
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps every acknowledged order and trade, applies nothing by half, and trades on after the restart', async () => {
    const random = mulberry32(SEED);
    server = await spawnServer(where, { logName: 'crash-1.log' });
    const first = server;
    const acks: Ack[] = [];
    const unknown: Sent[] = [];
    const refused: string[] = [];
    let firstAck: () => void = () => undefined;
    const acked = new Promise<void>((ok) => (firstAck = ok));

    const client = async (c: number) => {
      const user = users[c]!;
      const r = mulberry32(SEED * 31 + c);
      for (let i = 0; i < MAX_PER_CLIENT; i++) {
        const m = MARKETS[Math.floor(r() * MARKETS.length)]!;
        const side = r() < 0.5 ? 'buy' : 'sell';
        // Mostly resting a little away from mid, about a quarter crossing it.
        const away = Math.round(-10 + r() * 40) * m.step;
        const price = (side === 'buy' ? m.mid - away : m.mid + away).toFixed(2);
        const amount = (m.qty[0] + r() * (m.qty[1] - m.qty[0])).toFixed(m.qtyDecimals);
        const sent: Sent = { user: user.id, clientOrderId: `c${c}-${i}`, symbol: m.symbol, side, price, amount };
        let body: { code: string; message?: string; data?: { order: { orderNo: number; status: string; tradedQuantity: string }; fills: Ack['fills'] } };
        try {
          const res = await fetch(`${first.url}${API.spotPlaceOrder}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ticket: user.ticket },
            body: JSON.stringify({ symbol: m.symbol, side, type: 'limit', price, amount, clientOrderId: sent.clientOrderId }),
            signal: AbortSignal.timeout(10_000),
          });
          body = (await res.json()) as typeof body;
        } catch {
          unknown.push(sent); // sent, never answered: it may or may not have been applied
          return;
        }
        if (body.code === 'success' && body.data) {
          const { order, fills } = body.data;
          acks.push({ ...sent, orderNo: order.orderNo, status: order.status, tradedQuantity: order.tradedQuantity, fills });
          firstAck();
        } else {
          refused.push(`${sent.clientOrderId}: ${body.code} ${body.message ?? ''}`);
        }
      }
    };
    const burst = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    await acked;
    const delay = 150 + Math.floor(random() * 1200);
    await new Promise((r) => setTimeout(r, delay));
    const killedAfter = acks.length;
    const exit = await first.kill('SIGKILL');
    await burst;
    expect(exit.signal).toBe('SIGKILL');
    // The report a failure needs to be replayed.
    console.info(`crash [${dialect}] seed ${SEED}: killed ${delay} ms after the first ack; ${acks.length} acked (${killedAfter} when the kill was sent), ${unknown.length} unanswered, ${refused.length} refused`);
    expect(acks.length).toBeGreaterThan(0);
    expect(refused).toEqual([]);

    server = await spawnServer(where, { logName: 'crash-2.log' });
    const second = server;
    const store = await createStore({ dataDir: where.dataDir, databaseUrl: where.databaseUrl });
    try {
      // Every acknowledged order exists, as its ack said or further along; every trade it reported exists.
      for (const a of acks) {
        const o = await store.spot.find(a.orderNo);
        expect(o, `acked order ${a.orderNo}`).toBeDefined();
        if (!o) continue;
        expect({ user: o.user, symbol: o.symbol, side: o.side, clientOrderId: o.clientOrderId, price: o.price, qty: o.qty }).toEqual({
          user: a.user, symbol: a.symbol, side: a.side, clientOrderId: a.clientOrderId, price: dec(a.price), qty: dec(a.amount),
        });
        expect(o.filledQty >= dec(a.tradedQuantity), `order ${a.orderNo} filled ${o.filledQty} < acked ${a.tradedQuantity}`).toBe(true);
        if (a.status === 'completed') expect(['filled', 'expired']).toContain(o.status);
        if (a.fills.length > 0) {
          const trades = new Map((await store.spot.orderTrades(a.orderNo)).map((t) => [t.tradeNo, t]));
          for (const f of a.fills) {
            const t = trades.get(f.tradeId);
            expect(t, `trade ${a.symbol}#${f.tradeId} of order ${a.orderNo}`).toBeDefined();
            expect([t?.price, t?.qty, t?.takerOrder]).toEqual([dec(f.price), dec(f.quantity), a.orderNo]);
          }
        }
      }
      // Orders sent but never answered: either absent or whole (the checks below cover "whole").
      let landed = 0;
      for (const u of unknown) if (await store.spot.findByClientId(u.user, u.clientOrderId)) landed++;
      console.info(`crash [${dialect}]: ${landed} of ${unknown.length} unanswered orders were committed before the kill`);
      await checkWhole(store);
      const report = await verifyLedger(store);
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
    } finally {
      await store.close();
    }

    // The restarted server trades: on a market the burst left alone, a resting sell, then a buy that crosses it.
    const place = async (u: SeededUser, side: string, price: string) => {
      const res = await fetch(`${second.url}${API.spotPlaceOrder}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ticket: u.ticket },
        body: JSON.stringify({ symbol: 'SOLUSDT', side, type: 'limit', price, amount: '1' }),
        signal: AbortSignal.timeout(10_000),
      });
      return (await res.json()) as { code: string; data: { order: { status: string }; fills: unknown[] } };
    };
    expect((await place(users[CLIENTS]!, 'sell', '150')).code).toBe('success');
    const buy = await place(users[CLIENTS + 1]!, 'buy', '150');
    expect(buy.code).toBe('success');
    expect(buy.data.fills.length).toBeGreaterThan(0);

    // A clean stop, then the operator's check and a rebuild in this process (which refuses uncovered orders).
    expect((await second.kill('SIGTERM')).code).toBe(0);
    const verify = await runAdmin(['ledger', 'verify'], { dataDir: where.dataDir, databaseUrl: where.databaseUrl });
    expect(verify.exitCode, verify.output).toBe(0);
    const store2 = await createStore({ dataDir: where.dataDir, databaseUrl: where.databaseUrl });
    try {
      const desks = await createDesks({ store: store2, bus: createInProcessBus<DeskEvent>() });
      await desks.spot.checkInvariants();
      await desks.close();
      await checkWhole(store2);
    } finally {
      await store2.close();
    }
  }, 60_000);
});

/**
 * Nothing half applied: every order row has its journal entries and every `order:`/`trade:` journal reference its
 * row; every trade row is journalled; and each user's frozen coin balance is exactly what their open orders hold.
 */
async function checkWhole(store: Store): Promise<void> {
  const markets = new Map<string, Market>((await store.markets.configs('spot')).map((c) => [c.symbol, kernelMarket(c)]));
  const refs = new Set((await store.db.selectFrom('ledger_entries').select('ref').where('desk', '=', 'coin').execute()).map((r) => r.ref));
  const orderIds = (await store.db.selectFrom('spot_orders').select('id').execute()).map((r) => Number(r.id));
  const orders: SpotOrder[] = [];
  for (const id of orderIds) {
    const o = await store.spot.find(id);
    if (o) orders.push(o);
  }
  const ids = new Set(orders.map((o) => o.id));
  for (const o of orders) expect(refs.has(`order:${o.id}`) || o.filledQty > 0n, `order ${o.id} has no journal entry`).toBe(true);
  const trades = await store.db.selectFrom('spot_trades').select(['symbol', 'trade_no']).execute();
  const tradeKeys = new Set(trades.map((t) => `trade:${t.symbol}:${Number(t.trade_no)}`));
  for (const k of tradeKeys) expect(refs.has(k), `${k} is not journalled`).toBe(true);
  for (const ref of refs) {
    if (ref.startsWith('order:')) expect(ids.has(Number(ref.slice(6))), `${ref} has no order row`).toBe(true);
    if (ref.startsWith('trade:')) expect(tradeKeys.has(ref), `${ref} has no trade row`).toBe(true);
  }
  const held = new Map<string, bigint>();
  for (const o of orders) {
    if (o.status !== 'new' && o.status !== 'partially_filled') continue;
    const m = markets.get(o.symbol)!;
    const lots = Number(o.openQty / m.lotSize) as Qty;
    const ticks = Number((o.price ?? 0n) / m.tickSize) as Price;
    const asset = o.side === 'buy' ? m.quote : m.base;
    const key = `${o.user}:${asset}`;
    held.set(key, (held.get(key) ?? 0n) + (o.side === 'buy' ? notional(m, ticks, lots) : baseAmount(m, lots)));
  }
  const frozen = new Map<string, bigint>();
  for (const b of await store.ledger.walletBalances('coin')) if (b.frozen !== 0n) frozen.set(`${b.user}:${b.asset}`, b.frozen);
  expect(Object.fromEntries(frozen)).toEqual(Object.fromEntries([...held].filter(([, v]) => v !== 0n)));
}
