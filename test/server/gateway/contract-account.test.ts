// The contract account on the app API: positions with their exact entry notional and margin ratio (an isolated
// position's own, a cross position's account's), the account the positions reply carries, the contractAccount topic
// after each change of the wallet or the margins, and an order's funding: what the position it opened or added to
// paid and received from its first fill until it was next flat, each settlement with the position's size then.
import { expect, it } from 'vitest';
import { API, type ContractAccountItem } from '../../../server/contract/api.ts';
import { rate } from '../../../server/kernel/index.ts';
import { describeDialects } from '../dialects.ts';
import { WsClient } from '../live/ws-client.ts';
import { contractCalls, contractHooks, usdt, type Harness, type User } from './contract-harness.ts';

describeDialects('contract account', (dialect) => {
  let h: Harness;
  let maker: User;
  let taker: User;
  let n = 0;
  // Every test starts at a mark of 50,000.
  contractHooks(dialect, { prefix: 'a', eachTest: (x) => x.mark('BTCUSDT', 50_000) }, (s) => ({ h, maker, taker, n } = s));

  const { post, place, limit, ok, positions, refuses } = contractCalls(() => h);
  const detail = async (who: User, orderNo: number) => ok(await post(API.contractOrderDetail, who, { orderNo }));
  /** Settles BTCUSDT's funding at a mark of 50,000 and `ratio` (× 10^8), for the period that ended `at` (default now). */
  const settle = async (ratio: bigint, o: { at?: number } = {}) => {
    const r = await h.desks.perp.funding({ symbol: 'BTCUSDT', rate: rate(ratio), mark: usdt(50_000), fundingTime: o.at });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };

  it('shows each position\'s entry notional and margin ratio, and the account (cross and isolated)', async () => {
    ok(await limit(maker, 'sell', '50000', '0.06'));
    ok(await limit(taker, 'buy', '50000', '0.04'));
    // An order resting on the same side: its entrust margin is held (⌈490 / 20⌉ + ⌈490 × 0.05 %⌉).
    ok(await limit(taker, 'buy', '49000', '0.01'));
    const cross = await positions(taker);
    expect(cross.positions[0]).toMatchObject({ entryNotional: '2000', marginRatio: '0.080008', margin: '100', entrustMargin: '24.745' });
    expect(cross.account).toEqual({
      asset: 'USDT', walletBalance: '9999', crossWalletBalance: '9999', unrealizedPnl: '0', marginBalance: '9999', positionMargin: '100',
      entrustMargin: '24.745', crossMaintenance: '8', crossMarginRatio: '0.080008', available: '9874.255', time: expect.any(Number),
    } satisfies Record<keyof ContractAccountItem, unknown>);

    const iso = await h.signUp(`aiso${n}@example.com`);
    await h.fund(iso.id, '10000');
    ok(await post(API.contractSetMarginType, iso, { symbol: 'BTCUSDT', marginType: 'isolated' }));
    ok(await post(API.contractSetLeverage, iso, { symbol: 'BTCUSDT', leverage: 10 }));
    ok(await limit(iso, 'buy', '50000', '0.02'));
    const isolated = await positions(iso);
    // Its own ratio: 4 maintenance over its 100 margin. No cross position: no cross ratio.
    expect(isolated.positions[0]).toMatchObject({ marginType: 'isolated', entryNotional: '1000', marginRatio: '4', maintenanceMargin: '4' });
    expect(isolated.account).toMatchObject({
      walletBalance: '9999.5', crossWalletBalance: '9899.5', positionMargin: '100', entrustMargin: '0', crossMaintenance: '0', crossMarginRatio: null, available: '9899.5',
    });

    // The mark falls 1,000: both lose, the ratios rise with the maintenance over what is left.
    await h.mark('BTCUSDT', 49_000);
    const later = await positions(taker);
    expect(later.positions[0]).toMatchObject({ unrealizedPnl: '-40', maintenanceMargin: '7.84', marginRatio: '0.078723' });
    expect(later.account).toMatchObject({ unrealizedPnl: '-40', marginBalance: '9959', crossMaintenance: '7.84', crossMarginRatio: '0.078723', walletBalance: '9999' });
    expect((await positions(iso)).positions[0]).toMatchObject({ unrealizedPnl: '-20', marginRatio: '4.9' });
    expect((await positions(iso)).account).toMatchObject({ unrealizedPnl: '-20', marginBalance: '9979.5' });
  });

  it('streams the account on contractAccount after fills, margin changes, funding and an operator\'s credit, after auth', async () => {
    ok(await post(API.contractSetMarginType, taker, { symbol: 'BTCUSDT', marginType: 'isolated' }));
    const c = await WsClient.open(h.wsUrl);
    try {
      expect(await c.request({ op: 'subscribe', id: 1, topics: ['contractAccount'] })).toMatchObject({ op: 'error', code: 'login.user.not.login' });
      expect(await c.request({ op: 'auth', id: 2, ticket: taker.ticket })).toEqual({ op: 'ack', id: 2 });
      expect(await c.request({ op: 'subscribe', id: 3, topics: ['contractAccount'] })).toEqual({ op: 'ack', id: 3 });
      const seqs: Array<number | undefined> = [];
      const frame = async () => {
        const f = await c.take((x) => x.topic === 'contractAccount');
        seqs.push(f.seq);
        return f.data as ContractAccountItem;
      };
      ok(await limit(maker, 'sell', '50000', '0.02'));
      ok(await limit(taker, 'buy', '50000', '0.02'));
      expect(await frame()).toMatchObject({ positionMargin: '50', available: '9949.5', walletBalance: '9999.5' });
      ok(await post(API.contractAdjustMargin, taker, { symbol: 'BTCUSDT', amount: '10', type: 'add' }));
      expect(await frame()).toMatchObject({ positionMargin: '60', available: '9939.5', walletBalance: '9999.5' });
      await h.fund(taker.id, '100');
      expect(await frame()).toMatchObject({ available: '10039.5', walletBalance: '10099.5' });
      h.clock.advance(1);
      await settle(10_000n);
      // An isolated position pays funding from its margin: 0.02 × 50,000 × 0.01 %.
      expect(await frame()).toMatchObject({ positionMargin: '59.9', walletBalance: '10099.4' });
      // One frame per change, none between.
      expect(seqs).toEqual([1, 2, 3, 4]);
    } finally {
      c.close();
    }
  });

  it('gives an opening order the funding of its position from its first fill until it was next flat', async () => {
    const bidder = await h.signUp(`abid${n}@example.com`);
    await h.fund(bidder.id, '10000');
    const m = ok(await limit(maker, 'sell', '50000', '0.2')).order.orderNo;
    const a = ok(await limit(taker, 'buy', '50000', '0.04')).order.orderNo;
    h.clock.advance(10);
    const f1 = h.clock.now();
    await settle(10_000n); // longs pay 0.01 %
    h.clock.advance(10);
    const b = ok(await limit(taker, 'buy', '50000', '0.02')).order.orderNo;
    // A period that ended before that fill, settled after it: the position it pays on is 0.06.
    const f2 = h.clock.now() - 5;
    h.clock.advance(10);
    await settle(-20_000n, { at: f2 }); // shorts pay 0.02 %
    h.clock.advance(10);
    ok(await limit(bidder, 'buy', '49990', '0.06'));
    const [close] = ok(await post(API.contractCloseAll, taker, {})).orders;
    h.clock.advance(10);
    const f3 = h.clock.now();
    await settle(10_000n); // the taker is flat: nothing for it
    h.clock.advance(10);
    const d = ok(await limit(taker, 'buy', '50000', '0.01')).order.orderNo;
    h.clock.advance(10);
    const f4 = h.clock.now();
    await settle(10_000n);
    const resting = ok(await limit(taker, 'buy', '49000', '0.01')).order.orderNo;

    const item = (time: number, fundingRate: string, quantity: string, amount: string) => ({ time, fundingRate, markPrice: '50000', quantity, amount });
    expect(await detail(taker, a)).toMatchObject({
      funding: [item(f1, '0.01', '0.04', '-0.2'), item(f2, '-0.02', '0.06', '0.6')], holdingFee: '0.4',
    });
    expect(await detail(taker, b)).toMatchObject({ funding: [item(f2, '-0.02', '0.06', '0.6')], holdingFee: '0.6' });
    expect(await detail(taker, close.orderNo)).toMatchObject({ order: { closing: true }, funding: [], holdingFee: '0' });
    expect(await detail(taker, d)).toMatchObject({ funding: [item(f4, '0.01', '0.01', '-0.05')], holdingFee: '-0.05' });
    expect(await detail(taker, resting)).toMatchObject({ trades: [], funding: [], holdingFee: '0' });
    // The maker's short never closed: every settlement since its first fill, until now.
    expect(await detail(maker, m)).toMatchObject({
      funding: [item(f1, '0.01', '0.04', '0.2'), item(f2, '-0.02', '0.06', '-0.6'), item(f3, '0.01', '0.06', '0.3'), item(f4, '0.01', '0.07', '0.35')],
      holdingFee: '0.25',
    });
    await refuses(maker, (lang) => post(API.contractOrderDetail, maker, { orderNo: a }, lang), 'order.not.found');
    await refuses(maker, (lang) => post(API.contractOrderDetail, maker, { orderNo: -1 }, lang), 'request.invalid');
  });
  it('shows a cross account that owes: a negative wallet, nothing available, the profit still carrying it; the profit repays it', async () => {
    const a = await h.signUp(`adebt${n}@example.com`);
    await h.fund(a.id, '2000');
    await h.mark('ETHUSDT', 3_000);
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) ok(await post(API.contractSetLeverage, a, { symbol, leverage: 50 }));
    const eth = (who: User, side: 'buy' | 'sell', price: string, amount: string) => place(who, { symbol: 'ETHUSDT', side, type: 'limit', price, amount });
    // A: long 1 BTC and short 10 ETH (taker fees 25 + 15). ETH falls to 2,700 (+3,000), BTC to 47,600 (−2,400).
    ok(await limit(maker, 'sell', '50000', '1'));
    ok(await limit(a, 'buy', '50000', '1'));
    ok(await eth(maker, 'buy', '3000', '10'));
    ok(await eth(a, 'sell', '3000', '10'));
    await h.mark('ETHUSDT', 2_700);
    await h.mark('BTCUSDT', 47_600);
    ok(await limit(maker, 'buy', '47600', '1'));
    ok(await limit(a, 'sell', '47600', '1'));
    // The −2,400 takes all 1,960 of cash; the 440 past it is owed, carried by the ETH profit.
    const owing = await positions(a);
    expect(owing.account).toMatchObject({ walletBalance: '-440', crossWalletBalance: '-440', unrealizedPnl: '3000', marginBalance: '2560', available: '0', positionMargin: '0' });
    // 100 more arrives (an operator's credit): it is A's cash, but A owes 440, so none of it is available and a
    // transfer out of any of it is refused in the user's language, changing nothing.
    await h.fund(a.id, '100');
    expect((await positions(a)).account).toMatchObject({ walletBalance: '-340', available: '0', marginBalance: '2660' });
    await refuses(a, (lang) => post(API.assetTransfer, a, { asset: 'USDT', amount: '1', from: 'contract', to: 'coin', clientId: `debt-${lang}` }, lang), 'funds.insufficient');
    ok(await eth(maker, 'sell', '2700', '10'));
    ok(await eth(a, 'buy', '2700', '10'));
    // +3,000 realized repays the 340 still owed; the taker fee 13.5 is paid: 2,646.5 left.
    expect((await positions(a)).account).toMatchObject({ walletBalance: '2646.5', available: '2646.5' });
  });
});
