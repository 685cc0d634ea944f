// A clustered seconds desk knows the public price record only from its command log (issue 26,
// desks/seconds/logged-record.ts): the jobs send each durable round (`recordEntries`) and then the deliveries it made
// due (`deliverDue`). So a placement's acceptance, its opening entry and its settlement are a function of the log:
// the same calls at the same log times, applied by two desks on two stores whose clocks differ by an hour, write the
// same contracts, journal, records and balances; a restart in between opens with the record the desk had seen.
// Entries that break a market's chain, or are malformed, change nothing. Both dialects.
import { expect, it } from 'vitest';
import { GENESIS_HASH, priceRecordHash } from '../../../server/contract/seconds-record.ts';
import type { PriceRecordEntry } from '../../../server/contract/seconds.ts';
import { LoggedRecord, RECORD_SEEN_KEY } from '../../../server/desks/seconds/logged-record.ts';
import { describeDialects } from '../dialects.ts';
import { loggedWorlds } from './log-worlds.ts';
import { U1, U2, value, type World } from '../desks/world.ts';

/** The log's first entry: 2026-03-01 00:00 UTC; the worlds' clocks stand in January. */
const T0 = Date.UTC(2026, 2, 1);

/** A chain of BTCUSDT entries at the given instants and prices, hashed as the record job hashes them. */
async function chain(points: ReadonlyArray<readonly [number, string]>): Promise<PriceRecordEntry[]> {
  const out: PriceRecordEntry[] = [];
  for (const [ts, price] of points) {
    const prev = out.at(-1);
    const body = { seq: (prev?.seq ?? 0) + 1, market: 'BTCUSDT', ts, price, sources: `ext:${price}`, prevHash: prev?.hash ?? GENESIS_HASH };
    out.push({ ...body, hash: await priceRecordHash(body) });
  }
  return out;
}

describeDialects('a clustered seconds desk on the record of its log', (dialect) => {
  const t = loggedWorlds(dialect);
  const world = async (clockOffset: number) => {
    const w = await t.world(clockOffset);
    w.desks.seconds.attachRecord(await LoggedRecord.open(w.store));
    return w;
  };

  it('places, opens and settles from the log alone: the same rows wherever and whenever it is applied', async () => {
    const e = await chain([[T0 + 1_000, '50000'], [T0 + 2_000, '50010'], [T0 + 62_000, '50100'], [T0 + 63_000, '50090']]);
    const apply = async (w: World, restartAfterOpening: boolean) => {
      let seq = 0;
      const at = <R>(time: number, call: () => Promise<R>): Promise<R> => t.logged(w.desks.seconds, ++seq, time, call);
      const desk = () => w.desks.seconds;
      expect(await at(T0, () => desk().seedDefaults(['BTCUSDT']))).toBe(6);
      value(await at(T0, () => desk().fundHouse({ action: 'credit', amount: '1000000', memo: 'test-house', requestId: 'house-0001' })));
      for (const user of [U1, U2]) value(await at(T0, () => desk().adjust({ user, asset: 'USDT', amount: '10000', action: 'credit', memo: 'test deposit' })));
      // No entry yet: nothing to open on.
      expect(await at(T0 + 500, () => desk().place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000' }))).toMatchObject({ ok: false, code: 'seconds.price.unavailable' });
      expect(value(await at(T0 + 1_005, () => desk().recordEntries([e[0]!])))).toEqual({ added: 1 });
      expect(value(await at(T0 + 1_005, () => desk().deliverDue()))).toEqual({ handled: 0, more: false });
      // Placed at 1.5 s: accepted then, it opens on the first entry after that (2 s), not the one seen (1 s).
      const up = value(await at(T0 + 1_500, () => desk().place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000', clientId: 'up-1' })));
      const down = value(await at(T0 + 1_600, () => desk().place({ user: U2, market: 'BTCUSDT', direction: 'down', durationS: 60, amount: '2000' })));
      expect(up.contract).toMatchObject({ status: 'opening', acceptedTs: T0 + 1_500 });
      // Bad rounds change nothing: malformed, a broken chain (the next entry not linked to the last), a seen seq
      // with another hash.
      const broken = { ...e[1]!, prevHash: 'f'.repeat(64) };
      const forged = { ...e[0]!, hash: 'a'.repeat(64) };
      for (const bad of [null, [], [{ ...e[1]!, price: '5e4' }], [{ ...e[1]!, market: 'NOPEUSDT' }], [broken], [forged]]) {
        expect(await desk().recordEntries(bad as PriceRecordEntry[])).toEqual({ ok: false, code: 'action.invalid' });
      }
      expect(value(await at(T0 + 2_005, () => desk().recordEntries([e[0]!, e[1]!])))).toEqual({ added: 1 });
      expect(value(await at(T0 + 2_005, () => desk().deliverDue()))).toEqual({ handled: 2, more: false });
      if (restartAfterOpening) {
        // A restart opens with the record the desk had seen (its setting), so the rest of the log applies the same.
        await w.restart();
        w.desks.seconds.attachRecord(await LoggedRecord.open(w.store));
      }
      const opened = desk().openOf(U1, 'holding');
      expect(opened.map((c) => [c.id, c.openPrice, c.openTs])).toEqual([[up.contract.id, '50010', T0 + 2_000]]);
      // The round at the delivery instant makes it known only through the instant before: the next one settles.
      value(await at(T0 + 62_005, () => desk().recordEntries([e[2]!])));
      expect(value(await at(T0 + 62_005, () => desk().deliverDue()))).toEqual({ handled: 0, more: false });
      value(await at(T0 + 63_005, () => desk().recordEntries([e[3]!])));
      expect(value(await at(T0 + 63_005, () => desk().deliverDue()))).toEqual({ handled: 2, more: false });
      expect(desk().openOf(U1, 'holding')).toEqual([]);
      return { up: up.contract.id, down: down.contract.id };
    };
    const a = await world(0);
    const b = await world(3_600_000);
    expect(await apply(a, false)).toEqual(await apply(b, true));
    const rows = async (w: World) => ({
      contracts: await w.store.db.selectFrom('seconds_contracts').selectAll().orderBy('id').execute(),
      entries: await w.store.db.selectFrom('ledger_entries').selectAll().orderBy('desk').orderBy('seq').execute(),
      records: (await w.store.db.selectFrom('asset_records').selectAll().orderBy('id').execute()).map(({ id: _, ...r }) => r),
      balances: await w.store.db.selectFrom('balances').selectAll().orderBy('user_id').orderBy('wallet').orderBy('asset').execute(),
      seen: (await w.store.config.get(RECORD_SEEN_KEY)) ?? null,
    });
    const ra = await rows(a);
    // Up won (50,100 at delivery over 50,010), down lost; both on the entry at their delivery instant, 62 s.
    expect(ra.contracts.map((c) => [c.direction, c.status, c.settle_price === null ? null : String(c.settle_price)])).toEqual([
      ['up', 'settled', expect.stringMatching(/^5010000000000$|^50100$/)], ['down', 'settled', expect.stringMatching(/^5010000000000$|^50100$/)],
    ]);
    expect(ra.contracts.map((c) => Number(c.settle_record_seq))).toEqual([3, 3]);
    expect(JSON.parse(ra.seen!)).toEqual({ BTCUSDT: { seq: 4, ts: T0 + 63_000 } });
    expect(await rows(b)).toEqual(ra);
    await a.check();
    await b.check();
  });

  it('takes no round on a desk whose record is not its log\'s', async () => {
    const w = await t.world(0);
    const e = await chain([[T0, '50000']]);
    expect(await w.desks.seconds.recordEntries(e)).toEqual({ ok: false, code: 'action.invalid' });
    expect(await w.desks.seconds.deliverDue()).toEqual({ ok: false, code: 'action.invalid' });
  });
});
