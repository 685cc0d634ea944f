// The perpetuals' asset records on the app API (issue 20): every trading fee says what it paid for — opening or
// closing, a long or a short — by what the fill did to the position, not by the order's side (a sell that closes a
// long pays a closing fee); a fill that closes one side and opens the other pays its one fee in two records split
// exactly by lots; each record names its market. The records API narrows to one market (the terminal's funding
// panel asks for its market's payments), a bad market is refused in the user's language and an unknown one finds
// nothing, as an unknown coin does.
import { expect, it } from 'vitest';
import { API, type AssetRecordItem } from '../../../server/contract/api.ts';
import { feeParts } from '../../../server/desks/perp/settle.ts';
import { rate } from '../../../server/kernel/index.ts';
import { describeDialects } from '../dialects.ts';
import { contractCalls, contractHooks, usdt, type Harness, type User } from './contract-harness.ts';

const FEE_TYPES = ['open_long_fee', 'open_short_fee', 'close_long_fee', 'close_short_fee'];

it('splits a fill’s fee between closing and opening by lots, the closing part rounded down, adding up exactly', () => {
  // 4 of 10 lots closed a long, 6 opened a short: 0.4 of the fee closes (exact here).
  expect(feeParts({ side: 'sell', fee: 250_000_000n, closed: 4 }, 10)).toEqual([
    { type: 'close_long_fee', amount: 100_000_000n },
    { type: 'open_short_fee', amount: 150_000_000n },
  ]);
  // 1 of 3 lots closed a short: 10 / 3 rounds down to 3 for the close, the open part takes the other 7.
  expect(feeParts({ side: 'buy', fee: 10n, closed: 1 }, 3)).toEqual([
    { type: 'close_short_fee', amount: 3n },
    { type: 'open_long_fee', amount: 7n },
  ]);
  // All closed, none closed: one part.
  expect(feeParts({ side: 'sell', fee: 5n, closed: 3 }, 3)).toEqual([{ type: 'close_long_fee', amount: 5n }]);
  expect(feeParts({ side: 'buy', fee: 5n, closed: 0 }, 3)).toEqual([{ type: 'open_long_fee', amount: 5n }]);
  // Every split adds up.
  for (let lots = 1; lots <= 12; lots++) {
    for (let closed = 0; closed <= lots; closed++) {
      for (const fee of [0n, 1n, 7n, 99_999n]) {
        const parts = feeParts({ side: 'sell', fee, closed }, lots);
        expect(parts.reduce((s, p) => s + p.amount, 0n)).toBe(fee);
        expect(parts.every((p) => p.amount >= 0n)).toBe(true);
      }
    }
  }
});

describeDialects('perpetual asset records', (dialect) => {
  let h: Harness;
  let maker: User;
  let taker: User;
  contractHooks(
    dialect,
    {
      prefix: 'rec',
      eachTest: async (x) => {
        await x.mark('BTCUSDT', 50_000);
        await x.mark('ETHUSDT', 3_000);
      },
    },
    (s) => ({ h, maker, taker } = s),
  );
  const { post, limit, ok, state, refuses } = contractCalls(() => h);

  const records = async (who: User, body: object = {}): Promise<{ list: AssetRecordItem[]; total: number }> =>
    ok(await post(API.assetRecords, who, { pageSize: 200, ...body }));
  /** A user's fee records, oldest first, as [type, amount, ref, symbol]. */
  const fees = async (who: User) =>
    (await records(who, { type: FEE_TYPES, account: 'contract' })).list.reverse().map((r) => [r.type, r.amount, r.ref, r.symbol]);
  const trade = (n: number) => `perp:trade:BTCUSDT:${n}`;
  const lastTrade = async () => Number((await h.store.db.selectFrom('perp_trades').select((eb) => eb.fn.max('trade_no').as('n')).executeTakeFirstOrThrow()).n);

  it('labels each fee open or close, long or short, by what the fill did, splits a flip, and names the market', async () => {
    // The taker opens a long of 0.04 (maker 0.02 % of 2,000, taker 0.05 %).
    ok(await limit(maker, 'sell', '50000', '0.04'));
    ok(await limit(taker, 'buy', '50000', '0.04'));
    const t1 = await lastTrade();
    // The taker sells 0.1: 0.04 close the long, 0.06 open a short. The maker, short 0.04, buys 0.1: closes its short,
    // opens a long. One fee each on 5,000 (taker 2.5, maker 1), split 4 : 6.
    ok(await limit(maker, 'buy', '50000', '0.1'));
    ok(await limit(taker, 'sell', '50000', '0.1'));
    const t2 = await lastTrade();
    // The taker closes its short of 0.06 with a buy: a closing fee only (0.05 % of 3,000).
    ok(await limit(maker, 'sell', '50000', '0.06'));
    ok(await limit(taker, 'buy', '50000', '0.06'));
    const t3 = await lastTrade();
    expect(await fees(taker)).toEqual([
      ['open_long_fee', '-1', trade(t1), 'BTCUSDT'],
      ['close_long_fee', '-1', trade(t2), 'BTCUSDT'],
      ['open_short_fee', '-1.5', trade(t2), 'BTCUSDT'],
      ['close_short_fee', '-1.5', trade(t3), 'BTCUSDT'],
    ]);
    expect(await fees(maker)).toEqual([
      ['open_short_fee', '-0.4', trade(t1), 'BTCUSDT'],
      ['close_short_fee', '-0.4', trade(t2), 'BTCUSDT'],
      ['open_long_fee', '-0.6', trade(t2), 'BTCUSDT'],
      ['close_long_fee', '-0.6', trade(t3), 'BTCUSDT'],
    ]);
    // The records add up to the fees the trades charged, to the unit.
    const charged = await h.store.db.selectFrom('perp_trades').select(['trade_no', 'taker_fee', 'maker_fee']).where('trade_no', 'in', [t1, t2, t3]).execute();
    expect(charged.map((t) => [Number(t.trade_no), String(t.taker_fee), String(t.maker_fee)])).toEqual([
      [t1, String(usdt(1)), String(usdt(0.4))],
      [t2, String(usdt(2.5)), String(usdt(1))],
      [t3, String(usdt(1.5)), String(usdt(0.6))],
    ]);
    // Filtered by the new types as by the old.
    expect((await records(taker, { type: 'close_long_fee' })).list.map((r) => r.amount)).toEqual(['-1']);
    // Every contract record of the fills names BTCUSDT, the orders' margin records too; the operator's credit none.
    const all = (await records(taker, { account: 'contract' })).list;
    for (const r of all) expect([r.type, r.symbol]).toEqual([r.type, r.type === 'admin_credit' ? null : 'BTCUSDT']);
    expect(all.some((r) => r.ref.startsWith('perp:order:'))).toBe(true);
  });

  it('narrows the records to one market: funding payments, fills and orders of that market only', async () => {
    for (const [symbol, price] of [['BTCUSDT', '50000'], ['ETHUSDT', '3000']] as const) {
      ok(await post(API.contractPlaceOrder, maker, { symbol, side: 'sell', type: 'limit', price, amount: '0.1' }));
      ok(await post(API.contractPlaceOrder, taker, { symbol, side: 'buy', type: 'limit', price, amount: '0.1' }));
    }
    // An order resting in ETHUSDT: its margin record names only the order.
    ok(await post(API.contractPlaceOrder, taker, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2900', amount: '0.1' }));
    const at = Date.UTC(2026, 0, 1, 8);
    for (const [symbol, mark] of [['BTCUSDT', 50_000], ['ETHUSDT', 3_000]] as const) {
      const r = await h.desks.perp.funding({ symbol, rate: rate(10_000n), mark: usdt(mark), fundingTime: at });
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
    const funding = { type: 'holding_fee', account: 'contract' };
    const every = await records(taker, funding);
    expect(every.list.map((r) => r.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    const btc = await records(taker, { ...funding, symbol: 'BTCUSDT' });
    expect(btc.total).toBe(1);
    expect(btc.list.map((r) => [r.ref, r.symbol])).toEqual([[`perp:funding:BTCUSDT:${at}`, 'BTCUSDT']]);
    // A long pays: 0.01 % of 5,000.
    expect(btc.list[0]!.amount).toBe('-0.5');
    // The symbol's case does not matter, as in the other history filters.
    expect((await records(taker, { ...funding, symbol: 'ethusdt' })).list.map((r) => r.ref)).toEqual([`perp:funding:ETHUSDT:${at}`]);

    // All of a market's records: its fills, fees, funding and its orders' margin held, and nothing of the other's.
    const eth = await records(taker, { symbol: 'ETHUSDT' });
    expect(eth.list.length).toBeGreaterThanOrEqual(4);
    for (const r of eth.list) expect(r.symbol, r.ref).toBe('ETHUSDT');
    expect(eth.list.some((r) => r.ref.startsWith('perp:order:') && r.type === 'long_margin')).toBe(true);
    expect(eth.list.some((r) => r.type === 'open_long_fee')).toBe(true);
    const whole = await records(taker);
    expect(eth.total + (await records(taker, { symbol: 'BTCUSDT' })).total + whole.list.filter((r) => r.symbol === null).length).toBe(whole.total);
    // Another user's records are never among them.
    expect((await records(maker, { symbol: 'ETHUSDT' })).list.every((r) => r.symbol === 'ETHUSDT')).toBe(true);
    const theirs = new Set((await records(maker, { symbol: 'ETHUSDT' })).list.map((r) => r.id));
    expect(eth.list.filter((r) => theirs.has(r.id))).toEqual([]);

    // A market with nothing recorded, or none such: nothing, as a coin with nothing does.
    expect(await records(taker, { symbol: 'SOLUSDT' })).toMatchObject({ list: [], total: 0 });
    expect(await records(taker, { symbol: 'NOSUCH1' })).toMatchObject({ list: [], total: 0 });
    // Not a symbol at all: refused in the user's language, nothing changed.
    const before = await state(taker);
    for (const symbol of ['BTC/USDT', 'BTC_USDT', 'BTC%', '', 'X'.repeat(33)]) {
      await refuses(taker, (lang) => post(API.assetRecords, taker, { symbol }, lang), 'request.invalid');
    }
    expect(await state(taker)).toEqual(before);
  });
});
