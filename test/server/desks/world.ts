// A store, an in-process bus that records every event, and the desks over them, with a hand-moved clock; plus the
// checks tests run after every step (the ledger verifies from the journal, the desk's memory agrees with itself).
import { expect } from 'vitest';
import { createInProcessBus, type Bus } from '../../../server/bus/index.ts';
import { createDesks, verifyLedger, type DeskEvent, type LocalDesks, type DesksOptions, type Reply } from '../../../server/desks/index.ts';
import type { FeeRates } from '../../../server/kernel/index.ts';
import type { Store } from '../../../server/store/index.ts';
import { openStore, testClock, type DialectName, type TestStore } from '../dialects.ts';

export const U1 = 10_000_001;
export const U2 = 10_000_002;
export const U3 = 10_000_003;

export interface World {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock: ReturnType<typeof testClock>;
  readonly events: Array<{ topic: string; event: DeskEvent }>;
  desks: LocalDesks;
  /** Closes the desks and opens new ones over the same store, as a restart does. */
  restart(options?: Partial<DesksOptions>): Promise<LocalDesks>;
  /** verifyLedger finds nothing wrong and the spot desk's memory is consistent. */
  check(): Promise<void>;
  credit(user: number, asset: string, amount: string, wallet?: 'coin' | 'contract' | 'earn' | 'seconds' | 'fiat'): Promise<void>;
  /**
   * Puts users' spot fee rates in force as the fee-level job does: a recompute (one level per distinct rate, level 0
   * at 0.1 % / 0.1 % for everybody else) stored and applied, then the desks' setFeeLevels command.
   */
  setFeeRates(rates: ReadonlyMap<number, FeeRates>): Promise<void>;
  dispose(): Promise<void>;
  readonly t: TestStore;
}

export function value<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`refused: ${reply.code}`);
  return reply.value;
}

export async function openWorld(dialect: DialectName, options: Partial<DesksOptions> = {}): Promise<World> {
  const clock = testClock();
  const t = await openStore(dialect, clock.now);
  const events: World['events'] = [];
  const bus = createInProcessBus<DeskEvent>({ onError: (e) => { throw e; } });
  bus.subscribe('>', (event, topic) => events.push({ topic, event }));
  const open = (extra: Partial<DesksOptions> = {}) =>
    createDesks({ store: t.store, bus, clock: clock.now, ...options, ...extra });
  let recomputes = 0;
  const world: World = {
    store: t.store,
    bus,
    clock,
    events,
    t,
    desks: await open(),
    async restart(extra) {
      await world.desks.close();
      world.desks = await open(extra);
      return world.desks;
    },
    async check() {
      const report = await verifyLedger(t.store);
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      if (!world.desks.spot.stopped) await world.desks.spot.checkInvariants();
    },
    async credit(user, asset, amount, wallet = 'coin') {
      value(await world.desks.byWallet[wallet].adjust({ user, asset, amount, action: 'credit', memo: 'test deposit' }));
    },
    async setFeeRates(rates) {
      const table: FeeRates[] = [{ makerPpm: 1_000, takerPpm: 1_000 }];
      const levels = [...rates].map(([user, r]) => {
        let level = table.findIndex((t) => t.makerPpm === r.makerPpm && t.takerPpm === r.takerPpm);
        if (level < 0) level = table.push(r) - 1;
        return { user, level, volume: 0n };
      });
      recomputes += 1;
      const recomputeAt = recomputes * 86_400_000;
      const rows = table.map((r, level) => ({ level, minVolume: BigInt(level), makerPpm: r.makerPpm, takerPpm: r.takerPpm }));
      await t.store.transaction((repos) => repos.feeLevels.insertRun({ recomputeAt, computedAt: clock.now(), table: rows, users: levels.length }, levels));
      await t.store.feeLevels.markApplied(recomputeAt, clock.now());
      const inForce = { recomputeAt, table };
      expect(value(await world.desks.spot.setFeeLevels(inForce))).toEqual(inForce);
      expect(value(await world.desks.perp.setFeeLevels(inForce))).toEqual(inForce);
    },
    async dispose() {
      await world.desks.close().catch(() => undefined);
      await t.dispose();
    },
  };
  return world;
}

/**
 * The store with its desk commits held back while `gate.held` (as a slow disk or database would): the desk's batches
 * stay in flight, not yet in the store, their callers unanswered, while later commands apply. `release()` lets them
 * through in order. Open desks over it with `world.restart({ store })`.
 */
export function heldCommits(store: Store): { store: Store; gate: { held: boolean; release(): void } } {
  const waiting: Array<() => void> = [];
  const gate = {
    held: false,
    release() {
      gate.held = false;
      for (const go of waiting.splice(0)) go();
    },
  };
  const commitDesk: Store['commitDesk'] = async (writes, after) => {
    if (gate.held) await new Promise<void>((go) => waiting.push(go));
    return store.commitDesk(writes, after);
  };
  return { store: { ...store, commitDesk } as Store, gate };
}
