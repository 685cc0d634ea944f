// Closing positions on /app/contract with nothing to close: a user whose only business in a market is resting orders
// (they hold margin, so the desk lists the market among the user's holdings) has no position there. closePosition
// and closeAll say so (contract.position.not.found, in the user's language) and change nothing, instead of sending a
// zero-quantity order the desk refuses (order.qty.invalid); with a position, closeAll closes it and leaves the
// resting orders of other markets alone.
import { expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { describeDialects } from '../dialects.ts';
import { contractCalls, contractHooks, type Harness, type User } from './contract-harness.ts';

describeDialects('contract API: closing with no position', (dialect) => {
  let h: Harness;
  let maker: User;
  let taker: User;
  const setUp = async (x: Harness) => {
    await x.mark('BTCUSDT', 50_000);
    await x.mark('ETHUSDT', 2_000);
  };
  contractHooks(dialect, { prefix: 'close', setUp }, (s) => ({ h, maker, taker } = s));
  const { post, limit, ok, refuses } = contractCalls(() => h);

  it('answers contract.position.not.found to closePosition and closeAll while only orders rest, and changes nothing', async () => {
    ok(await limit(taker, 'buy', '49000', '0.01'));
    ok(await limit(taker, 'sell', '2100', '0.1', { symbol: 'ETHUSDT' }));
    await refuses(taker, (lang) => post(API.contractClosePosition, taker, { symbol: 'BTCUSDT' }, lang), 'contract.position.not.found');
    await refuses(taker, (lang) => post(API.contractCloseAll, taker, {}, lang), 'contract.position.not.found');
  });

  it('closes the position with closeAll and leaves the orders resting in another market', async () => {
    ok(await limit(maker, 'sell', '50000', '0.02'));
    ok(await limit(taker, 'buy', '50000', '0.02'));
    ok(await limit(taker, 'buy', '1900', '0.1', { symbol: 'ETHUSDT' }));
    ok(await limit(maker, 'buy', '49900', '0.02'));
    const closed = ok(await post(API.contractCloseAll, taker, {})).orders;
    expect(closed.map((o: { symbol: string; closing: boolean; tradedQuantity: string }) => [o.symbol, o.closing, o.tradedQuantity])).toEqual([['BTCUSDT', true, '0.02']]);
    // Nothing left to close: the ETH order is not a position.
    await refuses(taker, (lang) => post(API.contractCloseAll, taker, {}, lang), 'contract.position.not.found');
  });
});
