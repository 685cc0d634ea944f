// /app/seconds/* and /app/priceRecord/* over the app with a real seconds desk and a real price record (ticked by
// hand under the harness's clock): every refusal answers its code with the message in the user's language (the
// minimum's number in it, a timed order's horizon) and changes nothing; a contract placed shows in holding (opening
// until the record's next entry), reaches `secondsContracts` on /ws, settles on the record and shows in history and
// settlements with its acceptance time; the table filters by market; the record's range is bounded per call.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../../server/contract/api.ts';
import type { ServerErrorCode } from '../../../server/contract/errors.ts';
import { SECONDS_PATHS, SECONDS_TOPIC, type PriceRecordEntry, type SecondsContractItem } from '../../../server/contract/seconds.ts';
import { startPriceRecord, type PriceRecord } from '../../../server/jobs/price-record.ts';
import { describeDialects } from '../dialects.ts';
import { E8, messages, openHarness, type Harness, type Reply, type User } from './contract-harness.ts';

describeDialects('seconds API', (dialect) => {
  let h: Harness;
  let record: PriceRecord;
  let alice: User;
  const price = new Map<string, bigint>([['BTCUSDT', 50_000n * E8]]);
  const pass = async (ms: number) => {
    for (let left = ms; left > 0; left -= 1000) {
      h.clock.advance(Math.min(1000, left));
      await record.tick();
    }
    await h.desks.seconds.runDue();
  };

  beforeAll(async () => {
    h = await openHarness(dialect);
    record = await startPriceRecord({
      store: h.store, clock: h.clock.now, markets: ['BTCUSDT'], timer: false, bus: h.bus, onError: (e) => { throw e; },
      sources: (m) => [{ name: 'ext', price: price.get(m) ?? null, weight: 1n, updatedAt: h.clock.now() }],
    });
    record.onAppend(() => h.desks.seconds.kick());
    h.desks.seconds.attachRecord(record);
    await record.tick();
    await h.desks.seconds.seedDefaults(['BTCUSDT']);
    const house = await h.desks.seconds.fundHouse({ action: 'credit', amount: '1000000', memo: 'test-house', requestId: 'api-house-1' });
    expect(house.ok).toBe(true);
    alice = await h.signUp('seconds-alice@example.com');
    const credit = await h.desks.seconds.adjust({ user: alice.id, asset: 'USDT', amount: '50000', action: 'credit', memo: 'test' });
    expect(credit.ok).toBe(true);
    h.clock.advance(200);
  });
  afterAll(async () => {
    await record.stop();
    await h.dispose();
  });

  const ok = (r: Reply) => {
    expect(r.body.code, JSON.stringify(r.body)).toBe('success');
    return r.body.data;
  };
  const get = (url: string, query: Record<string, string> = {}, who: User | null = alice) =>
    h.call('GET', `${url}?${new URLSearchParams(query)}`, who ? { ticket: who.ticket } : {});
  const post = (url: string, body: unknown, lang?: string) => h.call('POST', url, { body, ticket: alice.ticket, ...(lang ? { lang } : {}) });
  const state = async () => ({
    wallet: (await h.desks.seconds.balances(alice.id)),
    holding: ok(await get(SECONDS_PATHS.holding)).list,
    pending: ok(await get(SECONDS_PATHS.pending)).list,
    history: ok(await get(SECONDS_PATHS.history)).total,
  });
  const refuses = async (send: (lang: string) => Promise<Reply>, code: ServerErrorCode, data: Record<string, unknown> | null = null) => {
    const before = await state();
    for (const lang of ['en', 'zh-CN', 'ja']) {
      const r = await send(lang);
      expect(r.body.code, JSON.stringify(r.body)).toBe(code);
      expect(r.body.msg).toBe(messages.t(lang as 'en', code, { product: PRODUCT_NAME, ...data }));
      expect(r.body.data).toEqual(data);
    }
    expect(await state()).toEqual(before);
  };

  it('lists the table publicly, the demo durations with their payouts', async () => {
    const list = ok(await get(SECONDS_PATHS.config, {}, null)).list;
    expect(list.map((r: { durationS: number; payoutRatio: string }) => [r.durationS, r.payoutRatio])).toEqual([
      [60, '0.8'], [300, '0.82'], [600, '0.85'], [1800, '0.85'], [3600, '0.85'], [86400, '0.85'],
    ]);
    expect(list[0]).toEqual({ market: 'BTCUSDT', durationS: 60, payoutRatio: '0.8', lossRatio: '1', minAmount: '1000', maxAmount: '9999999', feeRate: '0.001', enabled: true });
    // Like the other seconds reads, it takes a market (any case); an unknown one has no rows.
    expect(ok(await get(SECONDS_PATHS.config, { market: 'btcusdt' }, null)).list).toEqual(list);
    expect(ok(await get(SECONDS_PATHS.config, { market: 'ETHUSDT', all: '1' }, null)).list).toEqual([]);
    expect((await get(SECONDS_PATHS.config, { market: 'BTC-USDT' }, null)).body.code).toBe('request.invalid');
  });

  it('refuses bad input with a clear message in the user language and changes nothing', async () => {
    const base = { market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000' };
    await refuses((lang) => post(SECONDS_PATHS.place, { ...base, market: 'DOGEUSDT' }, lang), 'seconds.market.unknown');
    await refuses((lang) => post(SECONDS_PATHS.place, { ...base, durationS: 90 }, lang), 'seconds.duration.unknown');
    await refuses((lang) => post(SECONDS_PATHS.place, { ...base, amount: '999' }, lang), 'seconds.amount.below.min', { min: '1000' });
    await refuses((lang) => post(SECONDS_PATHS.place, { ...base, amount: '10000000' }, lang), 'seconds.amount.above.max', { max: '9999999' });
    await refuses((lang) => post(SECONDS_PATHS.place, { ...base, amount: '60000' }, lang), 'funds.insufficient');
    await refuses((lang) => post(SECONDS_PATHS.schedule, { ...base, startTs: h.clock.now() - 1000 }, lang), 'seconds.start.in.past');
    // A start past the horizon (24 h), a century ahead, or past the safe integers and the dates: the bound named.
    for (const startTs of [h.clock.now() + 86_400_001, h.clock.now() + 100 * 365 * 86_400_000, 2 ** 53, 1e300]) {
      await refuses((lang) => post(SECONDS_PATHS.schedule, { ...base, startTs }, lang), 'seconds.start.beyond.horizon', { maxStartTs: h.clock.now() + 86_400_000, horizonS: 86_400 });
    }
    await refuses((lang) => post(SECONDS_PATHS.place, { ...base, direction: 'sideways' }, lang), 'request.invalid');
    await refuses((lang) => post(SECONDS_PATHS.place, { market: 'BTCUSDT', amount: '1000' }, lang), 'validate.required');
    await refuses((lang) => post(SECONDS_PATHS.cancelScheduled, { id: '999' }, lang), 'seconds.not.found');
    const disabled = await h.desks.seconds.setConfig({ market: 'BTCUSDT', durationS: 600, enabled: false });
    expect(disabled.ok).toBe(true);
    await refuses((lang) => post(SECONDS_PATHS.place, { ...base, durationS: 600 }, lang), 'seconds.duration.disabled');
    expect(ok(await get(SECONDS_PATHS.config, {}, null)).list.map((r: { durationS: number }) => r.durationS)).not.toContain(600);
    // The zh-CN message names the minimum.
    expect(messages.t('zh-CN', 'seconds.amount.below.min', { min: '1000' })).toContain('1000');
  });

  it('places, tells the socket, settles on the record, and the public data shows it', async () => {
    const ws = new WebSocket(h.wsUrl);
    const frames: Array<{ op: string; topic?: string; data?: SecondsContractItem }> = [];
    ws.addEventListener('message', (m) => frames.push(JSON.parse(String(m.data))));
    await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
    ws.send(JSON.stringify({ op: 'auth', id: 1, ticket: alice.ticket }));
    ws.send(JSON.stringify({ op: 'subscribe', id: 2, topics: [SECONDS_TOPIC, 'priceRecord@BTCUSDT'] }));
    await expect.poll(() => frames.some((f) => f.op === 'ack' && (f as { id?: number }).id === 2)).toBe(true);

    const placed: SecondsContractItem = ok(await post(SECONDS_PATHS.place, { market: 'btcusdt', direction: 'down', durationS: 60, amount: '2000', clientId: 'api-1' }));
    expect(placed).toMatchObject({ market: 'BTCUSDT', status: 'opening', amount: '2000', fee: '2', openPrice: null, openTs: null, acceptedTs: h.clock.now(), reason: null });
    expect(ok(await get(SECONDS_PATHS.holding)).list.map((x: SecondsContractItem) => x.id)).toEqual([placed.id]);
    expect(ok(await get(SECONDS_PATHS.detail, { id: placed.id }))).toEqual(placed);
    await expect.poll(() => frames.some((f) => f.topic === SECONDS_TOPIC && f.data?.id === placed.id)).toBe(true);
    price.set('BTCUSDT', 50_001n * E8);
    await pass(1_000);
    const c: SecondsContractItem = ok(await get(SECONDS_PATHS.detail, { id: placed.id }));
    expect(c).toMatchObject({ status: 'holding', openPrice: '50001', openTs: placed.acceptedTs! + 1_000 });
    await expect.poll(() => frames.some((f) => f.topic === SECONDS_TOPIC && f.data?.id === c.id && f.data.status === 'holding')).toBe(true);

    const timed: SecondsContractItem = ok(await post(SECONDS_PATHS.schedule, { market: 'BTCUSDT', direction: 'up', durationS: 300, amount: '1000', startTs: h.clock.now() + 3_600_000 }));
    expect(ok(await get(SECONDS_PATHS.pending)).list.map((x: SecondsContractItem) => x.id)).toEqual([timed.id]);
    expect(ok(await post(SECONDS_PATHS.cancelScheduled, { id: timed.id }))).toMatchObject({ status: 'cancelled' });
    await refuses((lang) => post(SECONDS_PATHS.cancelScheduled, { id: timed.id }, lang), 'seconds.not.found');

    price.set('BTCUSDT', 49_900n * E8);
    await pass(61_000);
    await expect.poll(() => frames.some((f) => f.topic === 'priceRecord@BTCUSDT')).toBe(true);
    const done = ok(await get(SECONDS_PATHS.detail, { id: c.id }));
    expect(done).toMatchObject({ status: 'settled', outcome: 'win', settlePrice: '49900', payout: '3600', profit: '1598', acceptedTs: placed.acceptedTs });
    await expect.poll(() => frames.some((f) => f.topic === SECONDS_TOPIC && f.data?.id === c.id && f.data.status === 'settled')).toBe(true);
    const history = ok(await get(SECONDS_PATHS.history));
    expect(history.list.map((x: SecondsContractItem) => [x.id, x.status, x.reason])).toEqual([[timed.id, 'cancelled', 'user'], [c.id, 'settled', null]]);

    // Public: the record's range and head, the settlements, with no session.
    const range: PriceRecordEntry[] = ok(await get(SECONDS_PATHS.priceRecordRange, { market: 'BTCUSDT', from: String(c.openTs! - 5_000), to: String(c.deliveryTs + 5_000) }, null)).list;
    expect(range.length).toBeGreaterThan(60);
    expect(range.find((e) => e.hash === done.settleRecordHash)?.price).toBe('49900');
    const head = ok(await get(SECONDS_PATHS.priceRecordHead, {}, null)).list;
    expect(head).toEqual([range.at(-1)]);
    const settled = ok(await get(SECONDS_PATHS.settlements, { from: String(c.deliveryTs - 1), to: String(c.deliveryTs + 1) }, null));
    expect(settled).toEqual({ list: [done], more: false });
    ws.close();
  });

  it('bounds the span of one record or settlements call, with a clear error', async () => {
    await refuses((lang) => h.call('GET', `${SECONDS_PATHS.priceRecordRange}?market=BTCUSDT&from=0&to=3600001`, { lang }), 'seconds.range.invalid', { maxMs: 3_600_000 });
    await refuses((lang) => h.call('GET', `${SECONDS_PATHS.settlements}?from=10&to=5`, { lang }), 'seconds.range.invalid', { maxMs: 3_600_000 });
    await refuses((lang) => h.call('GET', `${SECONDS_PATHS.priceRecordRange}?market=BTCUSDT&from=x&to=5`, { lang }), 'request.invalid');
  });
});
