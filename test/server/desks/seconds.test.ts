// The seconds desk over a real store and a real price record (its job, ticked by hand under a hand-moved clock):
// contracts open on the record's first entry after their acceptance (refunded in full when none comes within
// SECONDS_OPEN_WAIT_MS) and settle on the entry at or before delivery, with the ledger balanced after every step;
// timed orders start at most the horizon ahead, count in the house's exposure only from their reservation, open on
// the first entry after their start and can be cancelled before their reservation; bad input changes nothing; the
// house's limits and the per-user cap refuse; a restart opens, refunds and settles each contract on its own entries.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { secondsRecord } from '../../../server/contract/index.ts';
import { SECONDS_OPEN_WAIT_MS, SECONDS_RESERVE_BEFORE_MS, type SecondsContractItem } from '../../../server/contract/seconds.ts';
import { assetRecords } from '../../../server/desks/queries.ts';
import { startPriceRecord, type PriceRecord } from '../../../server/jobs/price-record.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from './world.ts';

const E8 = 100_000_000n;

describeDialects('seconds desk', (dialect) => {
  let w: World;
  let record: PriceRecord;
  const price = new Map<string, bigint>([['BTCUSDT', 50_000n * E8], ['ETHUSDT', 3_000n * E8]]);

  const openRecord = async () => {
    record = await startPriceRecord({
      store: w.store, clock: w.clock.now, markets: ['BTCUSDT', 'ETHUSDT'], timer: false, onError: (e) => { throw e; },
      sources: (m) => [{ name: 'ext', price: price.get(m) ?? null, weight: 1n, updatedAt: w.clock.now() }],
    });
    record.onAppend(() => w.desks.seconds.kick());
    w.desks.seconds.attachRecord(record);
  };
  /** Moves the clock by `ms` in one-second record ticks, then lets the desk settle what is due. */
  const pass = async (ms: number) => {
    for (let left = ms; left > 0; left -= 1000) {
      w.clock.advance(Math.min(1000, left));
      await record.tick();
    }
    await w.desks.seconds.runDue();
  };
  const balances = async (user: number) => {
    const list = value(await w.desks.seconds.balances(user));
    const usdt = list.find((b) => b.asset === 'USDT');
    return { available: usdt?.available ?? '0', frozen: usdt?.frozen ?? '0' };
  };

  beforeEach(async () => {
    w = await openWorld(dialect);
    price.set('BTCUSDT', 50_000n * E8);
    price.set('ETHUSDT', 3_000n * E8);
    await openRecord();
    await record.tick();
    expect(await w.desks.seconds.seedDefaults(['BTCUSDT', 'ETHUSDT'])).toBe(12);
    value(await w.desks.seconds.fundHouse({ action: 'credit', amount: '1000000', memo: 'test-house', requestId: 'house-0001' }));
    await w.credit(U1, 'USDT', '100000', 'seconds');
    await w.credit(U2, 'USDT', '100000', 'seconds');
  });
  afterEach(async () => {
    await record.stop();
    await w.dispose();
  });

  it('opens on the first entry after acceptance, settles a win on the entry at delivery, and the verifier agrees', async () => {
    w.clock.advance(500);
    const before = record.latest('BTCUSDT')!;
    const placed = value(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000', clientId: 'c-1' }));
    const c = placed.contract;
    // Accepted, not open: the entry anyone could see at placing (50,000) is not its price.
    expect(c).toMatchObject({ status: 'opening', amount: '1000', fee: '1', openPrice: null, openTs: null, openRecordSeq: null, acceptedTs: w.clock.now() });
    expect(await balances(U1)).toEqual({ available: '98999', frozen: '1000' });
    // A repeat with the same client id answers the first contract.
    const again = value(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'down', durationS: 300, amount: '5000', clientId: 'c-1' }));
    expect(again).toMatchObject({ duplicate: true, contract: { id: c.id, direction: 'up' } });
    await w.check();

    price.set('BTCUSDT', 50_010n * E8);
    await pass(1_000); // the first entry after acceptance, at 50,010
    const openEntry = record.latest('BTCUSDT')!;
    expect(openEntry.seq).toBe(before.seq + 1);
    const opened = w.desks.seconds.openOf(U1, 'holding')[0]!;
    expect(opened).toMatchObject({ status: 'holding', openPrice: '50010', openTs: openEntry.ts, openRecordSeq: openEntry.seq, openRecordHash: openEntry.hash, acceptedTs: c.acceptedTs });
    expect(opened.deliveryTs).toBe(openEntry.ts + 60_000);

    await pass(30_000);
    price.set('BTCUSDT', 50_100n * E8);
    await pass(29_000);
    expect(w.desks.seconds.openOf(U1, 'holding')).toHaveLength(1); // not yet: delivery is a second away
    await pass(1_000); // the entry at the delivery instant itself
    price.set('BTCUSDT', 40_000n * E8); // after delivery: must not count
    await pass(5_000);
    const settled = (await w.store.seconds.byId(Number(c.id)))!;
    expect(settled).toMatchObject({ status: 'settled', outcome: 'win', settlePrice: '50100', payout: 1_800n * E8 });
    const settleEntry = (await w.store.seconds.atOrBefore('BTCUSDT', opened.deliveryTs))!;
    expect(settled.settleRecordHash).toBe(settleEntry.hash);
    expect(settleEntry.price).toBe('50100');
    expect(await balances(U1)).toEqual({ available: '100799', frozen: '0' });
    expect(w.desks.seconds.house()).toMatchObject({ balance: '999200', required: '0' });
    await w.check();

    // The public data recomputes: the chain and the settlement, opening on the first entry after acceptance.
    const entries = await w.store.seconds.range('BTCUSDT', { from: 0, to: Number.MAX_SAFE_INTEGER, limit: 10_000 });
    expect((await secondsRecord.verifyChain(entries)).mismatches).toEqual([]);
    const list = await w.store.seconds.settled({ from: 0, to: Number.MAX_SAFE_INTEGER, limit: 100 });
    const { contractView } = await import('../../../server/desks/seconds/state.ts');
    const check = secondsRecord.verifySettlements(list.map(contractView), new Map([['BTCUSDT', entries]]));
    expect(check).toEqual({ checked: 1, mismatches: [] });
    // Had it opened on the entry at acceptance (the one anyone could see), the verifier would say so.
    const early = { ...contractView(list[0]!), openTs: before.ts, openPrice: before.price, openRecordSeq: before.seq, openRecordHash: before.hash, deliveryTs: before.ts + 60_000 };
    expect(secondsRecord.verifySettlements([early], new Map([['BTCUSDT', entries]])).mismatches.length).toBeGreaterThan(0);

    // The user's records: stake, fee, payout.
    const page = value(await assetRecords(w.store, { user: U1, wallet: 'seconds' }));
    expect(page.list.map((r) => [r.type, r.amount]).sort()).toEqual(
      [['admin_credit', '100000'], ['seconds_fee', '-1'], ['seconds_payout', '1800'], ['seconds_stake', '-1000']].sort(),
    );
  });

  it('refunds stake and fee in full when no entry comes within the bound after acceptance, and the verifier agrees', async () => {
    const placed = value(await w.desks.seconds.place({ user: U1, market: 'ETHUSDT', direction: 'up', durationS: 60, amount: '2000' })).contract;
    const timed = value(await w.desks.seconds.place({ user: U1, market: 'ETHUSDT', direction: 'up', durationS: 60, amount: '1000', startTs: w.clock.now() + 2_000 })).contract;
    expect(await balances(U1)).toEqual({ available: '96997', frozen: '3001' });
    expect(w.desks.seconds.house().required).toBe('2400'); // both reserved (the timed one starts within the window)
    // The ETHUSDT feed goes quiet: the record writes no entry for it.
    price.delete('ETHUSDT');
    await pass(SECONDS_OPEN_WAIT_MS - 1_000);
    expect((await w.store.seconds.byId(Number(placed.id)))!.status).toBe('opening');
    await pass(10_000);
    const refunded = (await w.store.seconds.byId(Number(placed.id)))!;
    expect(refunded).toMatchObject({ status: 'refunded', endReason: 'no.price', openPrice: null, payout: null });
    expect(await w.store.seconds.byId(Number(timed.id))).toMatchObject({ status: 'refunded', endReason: 'no.price' });
    expect(await balances(U1)).toEqual({ available: '100000', frozen: '0' });
    expect(w.desks.seconds.house()).toMatchObject({ balance: '1000000', required: '0' });
    await w.check();
    const page = value(await assetRecords(w.store, { user: U1, wallet: 'seconds' }));
    expect(page.list.filter((r) => r.ref === `seconds:${placed.id}`).map((r) => [r.type, r.amount]).sort()).toEqual(
      [['seconds_cancel', '2000'], ['seconds_fee', '-2'], ['seconds_fee', '2'], ['seconds_stake', '-2000']].sort(),
    );
    // The public list has both; the record proves no entry came in time.
    const { contractView } = await import('../../../server/desks/seconds/state.ts');
    const list = (await w.store.seconds.settled({ from: 0, to: Number.MAX_SAFE_INTEGER, limit: 100 })).map(contractView);
    expect(list.map((c) => c.status)).toEqual(['refunded', 'refunded']);
    const entries = await w.store.seconds.range('ETHUSDT', { from: 0, to: Number.MAX_SAFE_INTEGER, limit: 10_000 });
    expect(secondsRecord.verifySettlements(list, new Map([['ETHUSDT', entries]]))).toEqual({ checked: 2, mismatches: [] });
    // A refund the record does not justify is reported.
    const late = { ...list[0]!, acceptedTs: entries.at(-1)!.ts - 1 };
    expect(secondsRecord.verifySettlements([late], new Map([['ETHUSDT', entries]])).mismatches).toHaveLength(1);
  });

  it('settles a loss and a tie by the rule (loss ratio, stake back on a tie, the fee kept)', async () => {
    value(await w.desks.seconds.setConfig({ market: 'ETHUSDT', durationS: 60, lossRatio: '0.9' }));
    const loss = value(await w.desks.seconds.place({ user: U1, market: 'ETHUSDT', direction: 'up', durationS: 60, amount: '2000' })).contract;
    const tie = value(await w.desks.seconds.place({ user: U2, market: 'BTCUSDT', direction: 'down', durationS: 60, amount: '1000' })).contract;
    await pass(1_000); // both open at 3,000 and 50,000
    price.set('ETHUSDT', 2_999n * E8);
    await pass(61_000);
    expect(await w.store.seconds.byId(Number(loss.id))).toMatchObject({ outcome: 'loss', payout: 200n * E8 });
    expect(await w.store.seconds.byId(Number(tie.id))).toMatchObject({ outcome: 'tie', payout: 1_000n * E8 });
    expect(await balances(U1)).toEqual({ available: '98198', frozen: '0' });
    expect(await balances(U2)).toEqual({ available: '99999', frozen: '0' });
    await w.check();
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const before = await balances(U1);
    const seq = await w.store.ledger.lastSeq('seconds');
    const refusal = async (req: Parameters<typeof w.desks.seconds.place>[0]) => {
      const r = await w.desks.seconds.place(req);
      expect(r.ok).toBe(false);
      return r as { ok: false; code: string; data?: { min?: string; max?: string } };
    };
    const base = { user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000' };
    expect((await refusal({ ...base, market: 'NOPEUSDT' })).code).toBe('seconds.market.unknown');
    expect((await refusal({ ...base, durationS: 61 })).code).toBe('seconds.duration.unknown');
    expect((await refusal({ ...base, amount: '999.99' }))).toMatchObject({ code: 'seconds.amount.below.min', data: { min: '1000' } });
    expect((await refusal({ ...base, amount: '10000000' }))).toMatchObject({ code: 'seconds.amount.above.max', data: { max: '9999999' } });
    expect((await refusal({ ...base, amount: '200000' })).code).toBe('funds.insufficient');
    expect((await refusal({ ...base, startTs: w.clock.now() - 1 })).code).toBe('seconds.start.in.past');
    expect((await refusal({ ...base, direction: 'sideways' })).code).toBe('order.side.invalid');
    value(await w.desks.seconds.setConfig({ market: 'BTCUSDT', durationS: 60, enabled: false }));
    expect((await refusal(base)).code).toBe('seconds.duration.disabled');
    value(await w.desks.seconds.setConfig({ market: 'BTCUSDT', durationS: 300, minAmount: '2500' }));
    expect((await refusal({ ...base, durationS: 300, amount: '2000' }))).toMatchObject({ code: 'seconds.amount.below.min', data: { min: '2500' } });
    // A stale record: no price to open on.
    w.clock.advance(10_000);
    expect((await refusal({ ...base, durationS: 300, amount: '3000' })).code).toBe('seconds.price.unavailable');
    expect(await balances(U1)).toEqual(before);
    expect(await w.store.ledger.lastSeq('seconds')).toBe(seq);
    expect(w.desks.seconds.openCount).toBe(0);
  });

  it('refuses a contract past the net exposure limit of its market and direction, and past what the house holds', async () => {
    // 0.8 × 5,000 = 4,000 of exposure up; the limit is 5,000.
    value(await w.desks.seconds.setLimit('BTCUSDT', 'up', '5000'));
    value(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '5000' }));
    const refused = await w.desks.seconds.place({ user: U2, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '2000' });
    expect(refused).toMatchObject({ ok: false, code: 'seconds.exposure.limit' });
    // A down contract nets against it: its loss would pay the house 2,000 if the price goes up.
    value(await w.desks.seconds.place({ user: U2, market: 'BTCUSDT', direction: 'down', durationS: 60, amount: '2000' }));
    value(await w.desks.seconds.place({ user: U2, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '2000' }));
    // The house: 1,000,000 held; a debit may not leave less than the open contracts' worst case.
    const house = w.desks.seconds.house();
    expect(house.required).toBe('3600');
    expect((await w.desks.seconds.fundHouse({ action: 'debit', amount: '999000', memo: 'too-much', requestId: 'house-0002' })).ok).toBe(false);
    value(await w.desks.seconds.fundHouse({ action: 'debit', amount: '990000', memo: 'some', requestId: 'house-0003' }));
    // 10,000 left, 3,600 needed: a 10,000 up contract (8,000 more up) is more than the house holds.
    value(await w.desks.seconds.setLimit('BTCUSDT', 'up', null));
    expect(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '10000' })).toMatchObject({ ok: false, code: 'seconds.exposure.limit' });
    await w.check();
  });

  it('opens a timed order on the first entry after its start, and cancels one only before its reservation', async () => {
    const start = w.clock.now() + 10_500;
    const timed = value(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'down', durationS: 60, amount: '1000', startTs: start })).contract;
    const later = w.clock.now() + 3_600_000;
    const other = value(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000', startTs: later })).contract;
    expect(timed).toMatchObject({ status: 'pending', scheduledTs: start, acceptedTs: start, openTs: null, deliveryTs: start + 60_000 });
    expect(await balances(U1)).toEqual({ available: '97998', frozen: '2002' });
    // The near one is reserved (the house counts it) and can no longer be cancelled; the far one is neither.
    expect(w.desks.seconds.house().required).toBe('800');
    expect(await w.desks.seconds.cancelScheduled({ user: U1, id: Number(timed.id) })).toMatchObject({ ok: false, code: 'seconds.not.cancellable' });
    expect(value(await w.desks.seconds.cancelScheduled({ user: U1, id: Number(other.id) }))).toMatchObject({ status: 'cancelled', reason: 'user' });
    expect(await w.desks.seconds.cancelScheduled({ user: U2, id: Number(timed.id) })).toMatchObject({ ok: false, code: 'seconds.not.found' });
    expect(await balances(U1)).toEqual({ available: '98999', frozen: '1001' });
    await pass(5_000);
    price.set('BTCUSDT', 49_000n * E8);
    await pass(5_000);
    expect(w.desks.seconds.openOf(U1, 'pending')).toHaveLength(1); // its start is half a second away
    await pass(1_000);
    const opened = (await w.store.seconds.byId(Number(timed.id)))!;
    const entry = (await w.store.seconds.firstAfter('BTCUSDT', start))!;
    expect(entry.ts).toBeGreaterThan(start);
    expect(opened).toMatchObject({ status: 'holding', openTs: entry.ts, deliveryTs: entry.ts + 60_000, openPrice: '49000', openRecordHash: entry.hash });
    price.set('BTCUSDT', 48_000n * E8);
    await pass(61_000);
    expect(await w.store.seconds.byId(Number(timed.id))).toMatchObject({ status: 'settled', outcome: 'win', payout: 1_800n * E8 });
    await w.check();
  });

  it('refuses a start beyond the horizon (a century ahead, 2^53, past the dates) with the bound, and the operator sets the horizon', async () => {
    const base = { user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000' };
    const now = w.clock.now();
    const century = now + 100 * 365 * 86_400_000;
    for (const startTs of [century, 2 ** 53, Number.MAX_SAFE_INTEGER, 8.64e15 + 1, now + 86_400_001]) {
      expect(await w.desks.seconds.place({ ...base, startTs })).toEqual({
        ok: false, code: 'seconds.start.beyond.horizon', data: { maxStartTs: now + 86_400_000, horizonS: 86_400 },
      });
    }
    value(await w.desks.seconds.place({ ...base, startTs: now + 86_400_000 }));
    expect(value(await w.desks.seconds.setSettings({ horizonS: 3_600 }))).toEqual({ horizonS: 3_600, userOrders: 20, userAmount: '10000000' });
    expect(await w.desks.seconds.place({ ...base, startTs: now + 3_600_001 })).toMatchObject({ ok: false, code: 'seconds.start.beyond.horizon', data: { horizonS: 3_600 } });
    expect((await w.desks.seconds.setSettings({ horizonS: 59 })).ok).toBe(false);
    // Persisted: a restart keeps it.
    await record.stop();
    await w.restart();
    await openRecord();
    expect(w.desks.seconds.settings()).toEqual({ horizonS: 3_600, userOrders: 20, userAmount: '10000000' });
    expect(w.desks.seconds.limitList()).toEqual([]);
    await w.check();
  });

  it('tells a new client id from memory and the stored ids without asking the store; a settled contract\'s id still answers it', async () => {
    let lookups = 0;
    const store = { ...w.store, seconds: { ...w.store.seconds, byClientId: (user: number, id: string) => (lookups++, w.store.seconds.byClientId(user, id)) } };
    await record.stop();
    await w.restart({ store });
    await openRecord();
    const placed = await Promise.all([...Array(20).keys()].map((i) => w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000', clientId: `n-${i}` })));
    expect(placed.map((r) => (r.ok ? r.value.duplicate : r.code))).toEqual(placed.map(() => false));
    expect(lookups).toBe(0);
    await pass(70_000); // opened, delivered and settled: the contracts left memory
    const first = placed[3]!.ok ? placed[3]!.value.contract : null;
    expect((await w.store.seconds.byId(Number(first!.id)))?.status).toBe('settled');
    const again = value(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'down', durationS: 60, amount: '2000', clientId: 'n-3' }));
    expect(again).toMatchObject({ duplicate: true, contract: { id: first!.id, direction: 'up' } });
    expect(lookups).toBe(1);
    await w.check();
  });

  it('counts a timed order in the house only from its reservation, cancels it in full then when the house has no room, and caps what one user holds', async () => {
    // A house of 10,000 free: far-ahead timed orders hold none of it, so others can still trade.
    value(await w.desks.seconds.fundHouse({ action: 'debit', amount: '990000', memo: 'small', requestId: 'house-0010' }));
    const start = w.clock.now() + 3_600_000;
    const far = [];
    for (let i = 0; i < 3; i++) far.push(value(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '10000', startTs: start })).contract);
    expect(w.desks.seconds.house()).toMatchObject({ required: '0', free: '10000' });
    value(await w.desks.seconds.place({ user: U2, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '10000' }));
    expect(w.desks.seconds.house()).toMatchObject({ required: '8000' });
    // The per-user cap: 3 orders, 25,000 of stakes.
    value(await w.desks.seconds.setSettings({ userOrders: 3, userAmount: '25000' }));
    const base = { user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000', startTs: start };
    expect(await w.desks.seconds.place(base)).toEqual({ ok: false, code: 'seconds.pending.limit', data: { maxCount: 3, maxAmount: '25000' } });
    value(await w.desks.seconds.cancelScheduled({ user: U1, id: Number(far[2]!.id) }));
    expect(await w.desks.seconds.place({ ...base, amount: '5001' })).toMatchObject({ ok: false, code: 'seconds.pending.limit' });
    far[2] = value(await w.desks.seconds.place({ ...base, amount: '5000', direction: 'down' })).contract;
    // U2's contract settles (a tie); at the reservation the house holds 10,000: one 10,000 up (8,000) fits, the
    // second does not and is cancelled with everything back; the down one nets against the first.
    await pass(62_000);
    expect(w.desks.seconds.house()).toMatchObject({ required: '0' });
    w.clock.advance(start - SECONDS_RESERVE_BEFORE_MS - w.clock.now() - 1_000);
    await pass(1_000);
    const byId = async (c: SecondsContractItem) => (await w.store.seconds.byId(Number(c.id)))!;
    expect(await byId(far[0]!)).toMatchObject({ status: 'pending', reservedTs: w.clock.now() });
    expect(await byId(far[1]!)).toMatchObject({ status: 'cancelled', endReason: 'exposure', settledAt: w.clock.now() });
    expect(await byId(far[2]!)).toMatchObject({ status: 'pending' });
    expect(w.desks.seconds.house()).toMatchObject({ required: '3000' });
    expect(await balances(U1)).toEqual({ available: '84985', frozen: '15015' });
    expect(await w.desks.seconds.cancelScheduled({ user: U1, id: Number(far[0]!.id) })).toMatchObject({ ok: false, code: 'seconds.not.cancellable' });
    await w.check();
    // A restart keeps the reservation (the house still counts it) and the cap.
    await record.stop();
    await w.restart();
    await openRecord();
    expect(w.desks.seconds.house()).toMatchObject({ required: '3000' });
    expect(await w.desks.seconds.place({ ...base, amount: '10001' })).toMatchObject({ ok: false, code: 'seconds.pending.limit' });
    await pass(SECONDS_RESERVE_BEFORE_MS + 1_000);
    expect(await byId(far[0]!)).toMatchObject({ status: 'holding' });
    await pass(61_000);
    expect(await byId(far[0]!)).toMatchObject({ status: 'settled', outcome: 'tie' });
    expect(await balances(U1)).toEqual({ available: '99985', frozen: '0' });
    await w.check();
  });

  it('after a SIGKILL-like stop, opens a contract that was opening on the first entry after its acceptance, or refunds it when none came in time', async () => {
    const a = value(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000' })).contract;
    const b = value(await w.desks.seconds.place({ user: U2, market: 'ETHUSDT', direction: 'up', durationS: 60, amount: '1000' })).contract;
    // The desk stops before it sees any entry; the record writes one more BTCUSDT entry within the bound (and,
    // with its ETHUSDT feed quiet, none for ETHUSDT) before it stops too.
    await w.desks.close();
    price.set('BTCUSDT', 50_200n * E8);
    price.delete('ETHUSDT');
    w.clock.advance(1_000);
    await record.tick();
    await record.stop();
    w.clock.advance(20_000);
    price.set('BTCUSDT', 51_000n * E8);
    await w.restart();
    await openRecord();
    await pass(1_000);
    const byId = async (c: SecondsContractItem) => (await w.store.seconds.byId(Number(c.id)))!;
    const first = (await w.store.seconds.firstAfter('BTCUSDT', a.acceptedTs!))!;
    expect(first.price).toBe('50200');
    expect(await byId(a)).toMatchObject({ status: 'holding', openPrice: '50200', openTs: first.ts, openRecordSeq: first.seq });
    expect(await byId(b)).toMatchObject({ status: 'refunded', endReason: 'no.price' });
    expect(await balances(U2)).toEqual({ available: '100000', frozen: '0' });
    await pass(61_000);
    expect(await byId(a)).toMatchObject({ status: 'settled', outcome: 'win', settlePrice: '51000' });
    await w.check();
  });

  it('after a stop, settles each contract that came due on the entry at its own delivery', async () => {
    const a = value(await w.desks.seconds.place({ user: U1, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000' })).contract;
    await pass(30_000);
    const b = value(await w.desks.seconds.place({ user: U2, market: 'BTCUSDT', direction: 'down', durationS: 60, amount: '1000' })).contract;
    await pass(1_000); // b opens at 50,000
    price.set('BTCUSDT', 50_500n * E8);
    await pass(39_000); // a's delivery passes here, at 50,500
    await record.stop();
    await w.desks.close();
    // Down for a long time; the price moved meanwhile (recorded once the record runs again).
    w.clock.advance(3_600_000);
    price.set('BTCUSDT', 49_000n * E8);
    await w.restart();
    await openRecord();
    await pass(1_000);
    const byId = async (c: SecondsContractItem) => (await w.store.seconds.byId(Number(c.id)))!;
    expect(await byId(a)).toMatchObject({ status: 'settled', outcome: 'win', settlePrice: '50500' });
    // b's delivery fell in the downtime: the last entry at or before it is the one before the stop.
    expect(await byId(b)).toMatchObject({ status: 'settled', outcome: 'loss', settlePrice: '50500' });
    const entries = await w.store.seconds.range('BTCUSDT', { from: 0, to: Number.MAX_SAFE_INTEGER, limit: 100_000 });
    const { contractView } = await import('../../../server/desks/seconds/state.ts');
    expect(secondsRecord.verifySettlements([await byId(a), await byId(b)].map(contractView), new Map([['BTCUSDT', entries]]))).toEqual({ checked: 2, mismatches: [] });
    expect((await secondsRecord.verifyChain(entries)).mismatches).toEqual([]);
    await w.check();
  });
});
