// `order list` and `order cancel-all` with conditional orders, against a running in-process server through its
// admin channel and against the store directly once the server is gone: a user's working orders and the
// conditional ones waiting for their trigger (condition, stop price or trailing delta and best price so far, OCO
// list), one that fired and rests, the same answer both ways; a read leaves no audit row; cancel-all's lines show
// what each cancelled order was waiting for. On SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { verifyLedger, type Reply } from '../../../server/desks/index.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

const TRADER = 'trader@example.com';
const PHONE = '+6580001234';
const R = ['--reason', 'ticket 12: account review'];

function value<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`refused: ${reply.code}`);
  return reply.value;
}

describeDialects('operator order list and cancel-all with conditional orders', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;

  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-orders-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'alice' };
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
  }, 30_000);
  afterEach(async () => {
    await server?.close();
    await target.dispose();
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = (...argv: string[]) => runAdmin(argv, where);
  const ok = async (...argv: string[]) => {
    const r = await admin(...argv, '--verbose');
    expect(r.exitCode, r.output).toBe(0);
    expect(r.log?.[0], 'went through the server').toMatch(/^admin: done by the server through its admin channel /);
    return r.output;
  };
  const running = () => {
    if (server === undefined) throw new Error('no server');
    return server;
  };

  it("lists a user's working and waiting orders from the running desk, the same from the store, and cancel-all shows the triggers", async () => {
    const users: number[] = [];
    for (const [email, extra] of [[TRADER, ['--phone', PHONE]], ['maker@example.com', []], ['taker@example.com', []]] as const) {
      expect((await admin('user', 'create', '--email', email, '--password', 'Secret12345', '--verified', ...extra)).exitCode).toBe(0);
      for (const [asset, amount] of [['USDT', '1000000'], ['BTC', '10']] as const) await ok('balance', 'credit', '--email', email, '--asset', asset, '--amount', amount, ...R);
      users.push((await running().store.users.findByEmail(email))!.id);
    }
    const [trader, maker, taker] = users as [number, number, number];
    const spot = running().desks.spot;
    const limit = (user: number, symbol: string, side: 'buy' | 'sell', price: string, qty: string) => spot.place({ type: 'limit', user, symbol, side, price, qty });
    /** The maker rests 0.001 at `price`, the taker buys it: the last price becomes `price`. */
    const print = async (price: string) => {
      value(await limit(maker, 'BTCUSDT', 'sell', price, '0.001'));
      expect(value(await limit(taker, 'BTCUSDT', 'buy', price, '0.001')).fills).toHaveLength(1);
    };
    const conditional = async (o: { side: 'buy' | 'sell'; condition: 'stop_loss' | 'take_profit'; kind: 'limit' | 'market'; stopPrice?: string; trailingDelta?: number; price?: string; qty: string }) =>
      value(await spot.place({ type: 'conditional', user: trader, symbol: 'BTCUSDT', ...o })).order.orderId;

    await print('60000');
    const resting = value(await limit(trader, 'BTCUSDT', 'buy', '50000', '0.1')).order.orderId;
    const stopLimit = await conditional({ side: 'sell', condition: 'stop_loss', kind: 'limit', stopPrice: '59000', price: '58900', qty: '0.5' });
    const trailing = await conditional({ side: 'sell', condition: 'stop_loss', kind: 'market', trailingDelta: 100, qty: '0.1' });
    const takeProfit = await conditional({ side: 'sell', condition: 'take_profit', kind: 'limit', stopPrice: '65000', trailingDelta: 50, price: '64000', qty: '0.1' });
    const oco = value(await spot.placeOco({
      user: trader, symbol: 'BTCUSDT', side: 'sell', qty: '0.2', clientListId: 'exit-1',
      above: { type: 'limit_maker', price: '62000' }, below: { type: 'conditional', condition: 'stop_loss', kind: 'market', stopPrice: '58000' },
    }));
    const list = oco.list.orderListId;
    const [ocoLimit, ocoStop] = oco.orders.map((o) => o.orderId) as [number, number];
    const fires = await conditional({ side: 'buy', condition: 'stop_loss', kind: 'limit', stopPrice: '60500', price: '60400', qty: '0.01' });
    const eth = value(await limit(trader, 'ETHUSDT', 'buy', '2000', '0.1')).order.orderId;
    // 61 000: the buy stop fires and rests at 60 400; the trailing sell's best price moves up to 61 000.
    await print('61000');

    const lines = (await ok('order', 'list', '--email', TRADER)).split('\n');
    expect(lines[0]).toBe(`8 open order(s) of user ${trader} (${TRADER}): 4 working, 4 waiting for their trigger`);
    const line = (id: number) => lines.find((l) => l.startsWith(`  #${id} `)) ?? `no line for order ${id}`;
    expect(lines.slice(1).map((l) => Number(/^ {2}#(\d+) /.exec(l)?.[1]))).toEqual([resting, stopLimit, trailing, takeProfit, ocoLimit, ocoStop, fires, eth]);
    expect(line(resting)).toBe(`  #${resting}  BTCUSDT   buy  limit  price 50000         qty 0.1           filled 0`);
    expect(line(stopLimit)).toMatch(new RegExp(`^ {2}#${stopLimit} {2}BTCUSDT {3}sell limit {2}price 58900 {9}qty 0\\.5 {11}filled 0 +waits: stop_loss at last ≤ 59000$`));
    expect(line(trailing)).toMatch(/price - +qty 0\.1 +filled 0 +waits: stop_loss trailing 1% \(100 bps\), best so far 61000$/);
    expect(line(takeProfit)).toMatch(/price 64000 +qty 0\.1 +filled 0 +waits: take_profit at last ≥ 65000, then trailing 0\.5% \(50 bps\), not tracking yet$/);
    expect(line(ocoLimit)).toMatch(new RegExp(`price 62000 +qty 0\\.2 +filled 0 +OCO list #${list}$`));
    expect(line(ocoStop)).toMatch(new RegExp(`sell market price - +qty 0\\.2 +filled 0 +waits: stop_loss at last ≤ 58000  OCO list #${list}$`));
    expect(line(fires)).toMatch(/buy +limit +price 60400 +qty 0\.01 +filled 0 +stop_loss fired$/);
    expect(line(eth)).toMatch(/^ {2}#\d+ {2}ETHUSDT {3}buy {2}limit {2}price 2000 {10}qty 0\.1 {11}filled 0$/);

    const viaServer = JSON.parse(await ok('order', 'list', '--email', TRADER, '--json')) as { userId: number; symbol: string | null; orders: Array<Record<string, unknown>> };
    expect(viaServer).toMatchObject({ userId: trader, symbol: null });
    expect(viaServer.orders).toHaveLength(8);
    const byId = new Map(viaServer.orders.map((o) => [o['orderId'], o]));
    expect(byId.get(resting)).toMatchObject({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.1', status: 'new', working: true, trigger: null, orderListId: null });
    expect(byId.get(trailing)).toMatchObject({ type: 'market', price: null, working: false, trigger: { condition: 'stop_loss', stopPrice: null, trailingDelta: 100, trailPrice: '61000' } });
    expect(byId.get(takeProfit)).toMatchObject({ working: false, trigger: { condition: 'take_profit', stopPrice: '65000', trailingDelta: 50, trailPrice: null } });
    expect(byId.get(ocoStop)).toMatchObject({ working: false, orderListId: list, trigger: { condition: 'stop_loss', stopPrice: '58000', trailingDelta: null } });
    expect(byId.get(ocoLimit)).toMatchObject({ working: true, orderListId: list, trigger: null });
    expect(byId.get(fires)).toMatchObject({ working: true, status: 'new', trigger: { condition: 'stop_loss', stopPrice: '60500' } });

    // One market, by phone; an unknown market, an unknown user, no user at all.
    const ethOnly = await ok('order', 'list', '--phone', PHONE, '--symbol', 'ethusdt');
    expect(ethOnly.split('\n')).toEqual([`1 open order(s) of user ${trader} (${TRADER}) in ETHUSDT: 1 working, 0 waiting for their trigger`, line(eth)]);
    expect(await ok('order', 'list', '--email', 'maker@example.com', '--symbol', 'ETHUSDT')).toBe(`no open orders of user ${maker} (maker@example.com) in ETHUSDT`);
    expect(await admin('order', 'list', '--email', TRADER, '--symbol', 'NOPEUSDT')).toMatchObject({ exitCode: 1, output: 'error: no market NOPEUSDT' });
    expect(await admin('order', 'list', '--email', 'nobody@example.com')).toMatchObject({ exitCode: 1, output: 'error: no user with e-mail nobody@example.com' });
    expect(await admin('order', 'list')).toMatchObject({ exitCode: 2, output: 'error: --email or --phone is required' });
    // A read: no audit row, no reason asked.
    expect((await running().store.audit.list(50)).map((a) => a.command)).not.toContain('order list');

    // The server stops: the same answer from the store, without any desk's lease.
    await running().close();
    server = undefined;
    const fromStore = await admin('order', 'list', '--email', TRADER, '--json', '--verbose');
    expect(fromStore.exitCode, fromStore.output).toBe(0);
    expect(fromStore.log).toEqual([expect.stringMatching(/working on the store directly$/)]);
    expect(JSON.parse(fromStore.output)).toEqual(viaServer);
    expect((await admin('order', 'list', '--email', TRADER)).output.split('\n')).toEqual(lines);
    expect((await admin('order', 'list', '--phone', PHONE, '--symbol', 'ETHUSDT')).output).toBe(ethOnly);
    expect(await admin('order', 'list', '--email', TRADER, '--symbol', 'NOPEUSDT')).toMatchObject({ exitCode: 1, output: 'error: no market NOPEUSDT' });

    // cancel-all (on the store, under the spot desk's lease): each cancelled order's line says what it waited for.
    const cancelled = (await admin('order', 'cancel-all', '--email', TRADER, '--symbol', 'BTCUSDT', ...R)).output.split('\n');
    expect(cancelled[0]).toBe(`cancelled 7 open order(s) of user ${trader} (${TRADER}) in BTCUSDT`);
    const cancelledLine = (id: number) => cancelled.find((l) => l.startsWith(`  #${id} `)) ?? `no line for order ${id}`;
    expect(cancelledLine(stopLimit)).toMatch(/filled 0 +waited: stop_loss at last ≤ 59000$/);
    expect(cancelledLine(trailing)).toMatch(/waited: stop_loss trailing 1% \(100 bps\), best so far 61000$/);
    expect(cancelledLine(ocoStop)).toMatch(new RegExp(`waited: stop_loss at last ≤ 58000  OCO list #${list}$`));
    expect(cancelledLine(fires)).toMatch(/stop_loss fired$/);
    expect(cancelledLine(resting)).toMatch(/filled 0$/);
    const after = JSON.parse((await admin('order', 'list', '--email', TRADER, '--json')).output) as { orders: Array<{ orderId: number }> };
    expect(after.orders.map((o) => o.orderId)).toEqual([eth]);

    const restarted = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
    server = restarted;
    expect(await ok('order', 'list', '--email', TRADER, '--symbol', 'BTCUSDT')).toBe(`no open orders of user ${trader} (${TRADER}) in BTCUSDT`);
    expect((await restarted.store.spot.findList(list))?.status).toBe('all_done');
    expect((await verifyLedger(restarted.store)).problems).toEqual([]);
    await restarted.desks.spot.checkInvariants();
  }, 60_000);
});
