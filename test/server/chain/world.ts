// The chain tests' world: the desks' test world (store on a dialect, spot desk, hand-moved clock) plus deposit
// addresses from the vector wallet, a credit function that goes to the real spot desk's `deposit` (and remembers
// every call), and reads of what the journal holds.
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { ChainSource, CreditRequest } from '../../../server/chain/watcher.ts';
import { Watcher } from '../../../server/chain/watcher.ts';
import { assetRules } from '../../../server/chain/index.ts';
import { loadChainConfig } from '../../../server/chain/config.ts';
import { btcDeriver, ethDeriver } from '../../../server/chain/derive.ts';
import type { BtcNetwork, NetworkId } from '../../../server/chain/networks.ts';
import type { Reply } from '../../../server/desks/codes.ts';
import type { Store } from '../../../server/store/index.ts';
import { openWorld, value, type World } from '../desks/world.ts';
import type { DialectName } from '../dialects.ts';
import { BTC_VPUB, ETH_XPUB } from './vectors.ts';

export interface ChainWorld {
  w: World;
  store: Store;
  /** Every credit call, in order (duplicates too). */
  credits: CreditRequest[];
  errors: string[];
  /** Refuse the next n credits (a desk that says no). */
  refuseNext(n: number): void;
  address(user: number, network?: NetworkId): Promise<string>;
  watcher(source: ChainSource, confirmations?: number, network?: NetworkId): Watcher;
  /** The user's coin balance (available) as text, '0' when none. */
  balance(user: number, asset: string): Promise<string>;
  /** ref → how many times the journal holds it (reason wallet.deposit). */
  journal(): Promise<Map<string, number>>;
  /** Users nobody used yet in this world (tests share one world: each takes its own users). */
  users(n: number): number[];
  /** Forgets the chain tables (addresses, deposits, blocks, cursors, reserves) and the recorded calls. */
  reset(): Promise<void>;
  dispose(): Promise<void>;
}

export async function depositJournal(store: Store): Promise<Map<string, number>> {
  const rows = await sql<{ ref: string; n: number | string }>`
    select ref, count(*) as n from ledger_entries where desk = 'coin' and reason = 'wallet.deposit' group by ref`.execute(store.db);
  return new Map(rows.rows.map((r) => [r.ref, Number(r.n)]));
}

export async function openChainWorld(dialect: DialectName, btcNetwork: BtcNetwork = 'regtest'): Promise<ChainWorld> {
  const w = await openWorld(dialect);
  // The SQLite writer thread starts at the first desk commit (about a second): start it now.
  await w.store.writeQueries([]);
  const credits: CreditRequest[] = [];
  const errors: string[] = [];
  let refusals = 0;
  let nextUser = 10_000_001;
  const eth = ethDeriver(ETH_XPUB);
  const btc = btcDeriver(BTC_VPUB, btcNetwork);
  const config = loadChainConfig({});
  const credit = async (req: CreditRequest): Promise<Reply<unknown>> => {
    credits.push(req);
    if (refusals > 0) {
      refusals--;
      return { ok: false, code: 'test.refused' };
    }
    return w.desks.spot.deposit(req);
  };
  return {
    w,
    get store() {
      return w.store;
    },
    credits,
    errors,
    refuseNext(n) {
      refusals = n;
    },
    async address(user, network = 'ETH') {
      const derive = (i: number) => (network === 'ETH' ? eth.address(i) : btc.address(i));
      return (await w.store.transaction((r) => r.chain.assignAddress(user, network, derive, w.clock.now()))).address;
    },
    watcher(source, confirmations = 12) {
      const rules = new Map(assetRules(config, '0x0000000000000000000000000000000000000001').filter((r) => r.network === source.network).map((r) => [r.asset as string, r]));
      return new Watcher({
        store: w.store, clock: w.clock.now, source, rules, confirmations, credit,
        log: (error, context) => errors.push(`${context}: ${error instanceof Error ? error.message : String(error)}`),
      });
    },
    async balance(user, asset) {
      const b = value(await w.desks.spot.balances(user)).find((x) => x.asset === asset);
      return b?.available ?? '0';
    },
    journal: () => depositJournal(w.store),
    users(n) {
      const out = Array.from({ length: n }, (_, i) => nextUser + i);
      nextUser += n;
      return out;
    },
    async reset() {
      for (const table of ['chain_address_counters', 'chain_addresses', 'chain_deposits', 'chain_blocks', 'chain_cursors', 'chain_reserves'] as const) {
        await w.store.db.deleteFrom(table).execute();
      }
      credits.length = 0;
      errors.length = 0;
      refusals = 0;
    },
    async dispose() {
      await w.check();
      await w.dispose();
    },
  };
}

/** Each ref at most once in the journal. */
export async function expectOnce(cw: ChainWorld): Promise<Map<string, number>> {
  const j = await cw.journal();
  for (const [ref, n] of j) expect(n, ref).toBe(1);
  return j;
}
