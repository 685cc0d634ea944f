// The cluster under signed order load, killed again and again (issue 26's proof), on PostgreSQL and the machine's
// NATS JetStream. Processes: two gateways (`gateway-main.ts`), the spot desk active with a standby, and the other
// desks (`desk-main.ts`). Eight users' clients send signed Binance orders (`POST /api/v3/order`, each with its own
// newClientOrderId) to the gateways in turn. The active spot desk is SIGKILLed 20 times, a new standby started each
// time, and a gateway is SIGKILLed 5 times, started again each time. A client that gets no answer (its gateway died,
// or the desk did: a 503) sends the same order to the other gateway; "Duplicate order sent." there means the first
// was applied, and the client asks for it by its client id, as a Binance client does. Afterwards: every acknowledged
// order is in the store once with the id its client was told, nothing else was placed, the ledger verifies after
// every kill, and the takeover times (kill → standby active) and gateway restart times are reported.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyLedger } from '../../../server/desks/index.ts';
import { createApiKeys, loadMasterKey } from '../../../server/gateway/binance/keys.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { describeCluster, uniquePrefix } from '../bus/nats-env.ts';
import { newTarget, PG_SKIP_REASON, PG_URL, type Target } from '../dialects.ts';
import { seedUsers } from '../reliability/server-process.ts';
import { clusterStarter, signedCall, tearDownCluster, within, type ClusterProcess } from './processes.ts';

const DESK_KILLS = 20;
const GATEWAY_KILLS = 5;
const ORDERS_PER_ROUND = 30;
/** Most a step of a round may take (a takeover is well under 1 s, a gateway's restart about 4): past it the test fails naming the step. */
const STEP_MS = 60_000;
const MASTER = 'cluster-failover-master-key-0123456789abcdef';

interface Key {
  readonly apiKey: string;
  readonly secret: string;
}

const cluster = (title: string, body: (servers: string) => void) => describeCluster(title, PG_URL, PG_SKIP_REASON, body);

cluster('the cluster killed under signed order load', (servers) => {
  let target: Target;
  let dataDir: string;
  let store: Store;
  const prefix = uniquePrefix('cf');
  const procs = new Set<ClusterProcess>();
  const keys: Key[] = [];

  const start = clusterStarter(prefix, procs, () => ({
    ...process.env, DATABASE_URL: target.databaseUrl!, NATS_URL: servers, DATA_DIR: dataDir, API_KEY_SECRET: MASTER,
  }));
  const desk = (name: string) => start('desk-main.ts', [`--desk=${name}`], 'active');
  const gateway = (name: string) => start('gateway-main.ts', ['--port=0', '--host=127.0.0.1', `--name=${name}`], 'listening');

  beforeAll(async () => {
    target = await newTarget('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'openex-cluster-failover-'));
    // Eight users (even ones buy, odd ones sell), so no API key passes Binance's 100 new orders per 10 s.
    const users = await seedUsers({ dataDir, databaseUrl: target.databaseUrl }, 8, { USDT: '100000000', BTC: '10000' }, 'cf');
    store = await createStore({ databaseUrl: target.databaseUrl });
    const made = createApiKeys({ store, clock: store.clock, master: loadMasterKey({ env: { API_KEY_SECRET: MASTER } }) });
    for (const u of users) keys.push(await made.create(u.id, { trade: true }));
  }, 120_000);

  afterAll(() => tearDownCluster({ processes: procs, servers, prefix, store, target, dataDir }));


  it(`loses nothing and applies nothing twice across ${DESK_KILLS} desk and ${GATEWAY_KILLS} gateway SIGKILLs`, async () => {
    let active = desk('coin');
    await within(STEP_MS, 'the coin desk active', active.ready);
    let standby = desk('coin');
    for (const name of ['contract', 'earn', 'fiat', 'seconds']) await within(STEP_MS, `the ${name} desk active`, desk(name).ready);
    const gws: ClusterProcess[] = [gateway('gw-a'), gateway('gw-b')];
    const urls: string[] = [];
    for (const g of gws) urls.push((await within(STEP_MS, 'a gateway listening', g.ready)).url!);

    const acknowledged = new Map<string, number>(); // client order id → the order id its client was told
    let n = 0;
    let resent = 0;
    let duplicates = 0;
    const placeOne = async (): Promise<void> => {
      const i = n++;
      const side = i % 2 === 0 ? 'BUY' : 'SELL';
      const key = keys[i % keys.length]!;
      const clientOrderId = `cf-${i}`;
      const params = { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', quantity: '0.001', price: '50000', newClientOrderId: clientOrderId };
      const deadline = Date.now() + 60_000;
      for (let attempt = 0; Date.now() < deadline; attempt++) {
        const base = urls[(i + attempt) % urls.length]!;
        const r = await signedCall(base, key, 'POST', '/api/v3/order', params);
        if (r?.status === 200 && r.body.orderId !== undefined) {
          acknowledged.set(clientOrderId, r.body.orderId);
          return;
        }
        if (r?.body.code === -2010 && /Duplicate order sent/.test(r.body.msg ?? '')) {
          // Applied by an earlier try whose answer was lost: ask for it by its client id.
          duplicates++;
          const q = await signedCall(base, key, 'GET', '/api/v3/order', { symbol: 'BTCUSDT', origClientOrderId: clientOrderId });
          if (q?.status === 200 && q.body.orderId !== undefined) {
            acknowledged.set(clientOrderId, q.body.orderId);
            return;
          }
        } else if (r !== undefined && r.status < 500) {
          throw new Error(`order ${clientOrderId} refused: ${r.status} ${JSON.stringify(r.body)}`);
        }
        resent++;
        await new Promise((done) => setTimeout(done, 50));
      }
      throw new Error(`order ${clientOrderId}: no answer for 60 s`);
    };

    const takeovers: number[] = [];
    const restarts: number[] = [];
    let gatewayKills = 0;
    for (let round = 0; round < DESK_KILLS; round++) {
      // As in production, the standby is up and waiting when the active desk dies (its own start is not takeover).
      await within(STEP_MS, `round ${round}: the standby desk standing by`, standby.waiting);
      const inFlight = Array.from({ length: ORDERS_PER_ROUND }, () => placeOne());
      await new Promise((done) => setTimeout(done, 30 + (round % 5) * 20));
      let gatewayBack: Promise<void> = Promise.resolve();
      if (round % (DESK_KILLS / GATEWAY_KILLS) === 1) {
        // A gateway dies with requests in flight; its clients go to the other one, and it is started again.
        const g = gatewayKills++ % 2;
        const killedAt = Date.now();
        gws[g]!.child.kill('SIGKILL');
        await within(STEP_MS, `round ${round}: gateway ${g} ending after its SIGKILL`, gws[g]!.exited);
        gws[g] = gateway(g === 0 ? 'gw-a' : 'gw-b');
        gatewayBack = gws[g]!.ready.then((ready) => {
          restarts.push(ready.at - killedAt);
          urls[g] = ready.url!;
        });
      }
      const killedAt = Date.now();
      active.child.kill('SIGKILL');
      await within(STEP_MS, `round ${round}: the active desk ending after its SIGKILL`, active.exited);
      takeovers.push((await within(STEP_MS, `round ${round}: the standby desk taking over`, standby.ready)).at - killedAt);
      active = standby;
      standby = desk('coin');
      await within(2 * STEP_MS, `round ${round}: the round's orders answered`, Promise.all(inFlight));
      await within(STEP_MS, `round ${round}: the killed gateway listening again`, gatewayBack);
      const report = await within(STEP_MS, `round ${round}: the ledger verified`, verifyLedger(store));
      expect(report.problems).toEqual([]);
    }
    expect(gatewayKills).toBe(GATEWAY_KILLS);

    // Every acknowledged order is in the store once, under the id its client was told; nothing else was placed.
    const rows = await store.db.selectFrom('spot_orders').select(['id', 'client_order_id']).execute();
    expect(acknowledged.size).toBe(DESK_KILLS * ORDERS_PER_ROUND);
    expect(rows.length).toBe(acknowledged.size);
    const byClient = new Map(rows.map((r) => [r.client_order_id, Number(r.id)]));
    expect(byClient.size).toBe(rows.length);
    for (const [clientOrderId, orderId] of acknowledged) expect([clientOrderId, byClient.get(clientOrderId)]).toEqual([clientOrderId, orderId]);
    const report = await verifyLedger(store);
    expect(report.problems).toEqual([]);

    const pct = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!;
    console.log(
      `cluster failover: ${DESK_KILLS} desk kills, takeover p50 ${pct(takeovers, 0.5)} ms, p99 ${pct(takeovers, 0.99)} ms; ` +
        `${GATEWAY_KILLS} gateway kills, back in p50 ${pct(restarts, 0.5)} ms, max ${Math.max(...restarts)} ms; ` +
        `${acknowledged.size} orders, ${resent} sent again, ${duplicates} found applied by an earlier try`,
    );
    // The kills did land with orders in flight (the hard case this test is for).
    expect(resent).toBeGreaterThan(0);
  }, 600_000);
});
