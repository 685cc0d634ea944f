// Who may trade and what a refusal answers: session, frozen account, real-name requirement, closed and maintained
// markets, each mapped desk code as its catalogue key in the requested language; bad input changes nothing.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { API } from '../../../../server/contract/api.ts';
import { REQUIRE_REAL_NAME_KEY } from '../../../../server/gateway/routes/spot/guard.ts';
import { describeDialects } from '../../dialects.ts';
import { openSpotHarness, type SpotHarness } from './harness.ts';

describeDialects('spot trading rules', (dialect) => {
  let h: SpotHarness;
  let me: { ticket: string; id: number };
  beforeAll(async () => {
    h = await openSpotHarness(dialect);
    me = await h.signUp('trader@example.com');
    await h.credit(me.id, 'USDT', '1000');
    await h.credit(me.id, 'BTC', '1');
  });
  afterAll(async () => h.dispose());
  beforeEach(async () => {
    await h.call('POST', API.spotCancelAll, { ticket: me.ticket, body: {} });
  });

  const order = (over: object = {}) => ({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', amount: '0.01', ...over });
  const place = (body: unknown, lang?: string, ticket = me.ticket) => h.call('POST', API.spotPlaceOrder, { ticket, body, ...(lang ? { lang } : {}) });
  /** Everything a refused request could have changed. */
  const snapshot = async () => ({
    balances: (await h.call('GET', API.assetBalances, { ticket: me.ticket })).body.data,
    orders: (await h.call('POST', API.spotOrderList, { ticket: me.ticket, body: { active: 2 } })).body.data.total,
    open: (await h.call('POST', API.spotOrderList, { ticket: me.ticket, body: { active: 1 } })).body.data.total,
    records: (await h.call('POST', API.assetRecords, { ticket: me.ticket, body: {} })).body.data.total,
  });

  it('needs a session for every call', async () => {
    for (const [method, url] of [['POST', API.spotPlaceOrder], ['POST', API.spotOrderList], ['GET', API.assetBalances], ['POST', API.assetTransfer]] as const) {
      const r = await h.call(method, url, { body: method === 'POST' ? {} : undefined });
      expect([r.body.code, url]).toEqual([url === API.spotPlaceOrder || url === API.assetTransfer || url === API.spotOrderList ? 'validate.required' : 'login.user.not.login', url]);
    }
    expect((await place(order(), undefined, '')).body.code).toBe('login.user.not.login');
    expect((await place(order(), 'zh', 'not-a-ticket')).body).toMatchObject({ code: 'login.user.not.login', msg: '请先登录。' });
  });

  it('refuses closed and maintained markets with the spec messages', async () => {
    await h.desks.spot.setMarketStatus('BTCUSDT', { isOpen: 1 });
    expect((await place(order(), 'en')).body).toMatchObject({ code: 'currency.not.open', msg: 'This currency is not open for trading.' });
    await h.desks.spot.setMarketStatus('BTCUSDT', { isOpen: 0, maintenance: true });
    expect((await place(order(), 'jp')).body).toMatchObject({ code: 'currency.maintenance', msg: 'この通貨はメンテナンス中です。' });
    await h.desks.spot.setMarketStatus('BTCUSDT', { maintenance: false });
    expect((await place(order())).body.code).toBe('success');
  });

  it('requires real-name verification when the operator says so', async () => {
    await h.store.config.set(REQUIRE_REAL_NAME_KEY, '1', h.clock.now());
    expect((await place(order(), 'kr')).body).toMatchObject({ code: 'account.not.authenticated', msg: '계정이 인증되지 않았습니다. 먼저 실명 인증을 완료해 주세요.' });
    await h.store.users.setRealNameStatus(me.id, 'certified', h.clock.now());
    expect((await place(order())).body.code).toBe('success');
    await h.store.users.setRealNameStatus(me.id, 'none', h.clock.now());
    await h.store.config.set(REQUIRE_REAL_NAME_KEY, '0', h.clock.now());
    expect((await place(order())).body.code).toBe('success');
  });

  it('refuses a frozen account', async () => {
    const other = await h.signUp('frozen@example.com');
    await h.store.users.setFrozen(other.id, true, h.clock.now());
    expect((await place(order(), 'tc', other.ticket)).body).toMatchObject({ code: 'account.frozen', msg: '此帳戶已被凍結，請聯絡客服。' });
  });

  it.each([
    ['funds.insufficient', { amount: '1' }, 'es', 'Saldo insuficiente.'],
    ['order.notional.below.min', { amount: '0.00001', price: '50000' }, 'en', 'The order total is below the minimum of 5 USDT.'],
    ['order.price.off.tick', { price: '50000.001' }, 'en', 'The price must be a multiple of 0.01.'],
    ['order.qty.off.lot', { amount: '0.000011' }, 'it', 'La quantità deve essere un multiplo di 0.00001.'],
    ['number.too.precise', { amount: '0.000000001' }, 'pt', 'Casas decimais demais.'],
    ['number.not.positive', { amount: '-1' }, 'th', 'จำนวนต้องมากกว่า 0'],
    ['order.qty.invalid', { amount: '0' }, 'en', 'The quantity must be greater than 0.'],
    ['order.price.invalid', { price: '0' }, 'en', 'The price must be greater than 0.'],
    ['number.too.large', { amount: '99999999999999999999999' }, 'en', null],
    ['number.format', { amount: '1.2.3' }, 'en', null],
    ['order.qty.above.max', { amount: '9001', price: '1' }, 'en', 'The quantity is above the maximum of 9000.'],
    ['market.unknown', { symbol: 'NOPEUSDT' }, 'en', 'This trading pair does not exist.'],
    ['order.fok.not.fillable', { side: 'sell', price: '40000', timeInForce: 'FOK' }, 'en', null],
    ['order.post.only.needs.gtc', { postOnly: true, timeInForce: 'IOC' }, 'en', null],
    ['request.invalid', { amount: 12 }, 'en', null],
    ['request.invalid', { price: '1e5' }, 'en', null],
    ['request.invalid', { side: 'long' }, 'en', null],
    ['request.invalid', { total: '100' }, 'en', null],
    ['validate.required', { price: undefined }, 'en', null],
  ])('answers %s for %j and changes nothing', async (code, over, lang, msg) => {
    const before = await snapshot();
    const r = await place(order(over), lang);
    expect(r.body.code).toBe(code);
    if (msg !== null) expect(r.body.msg).toBe(msg);
    expect(await snapshot()).toEqual(before);
  });

  it('answers post-only would take without placing', async () => {
    const other = await h.signUp('maker@example.com');
    await h.credit(other.id, 'BTC', '1');
    await place(order({ side: 'sell', price: '50000' }), undefined, other.ticket);
    const before = await snapshot();
    const r = await place(order({ price: '50000', postOnly: true }), 'zh');
    expect(r.body).toMatchObject({ code: 'order.post.only.would.take', msg: '该只做 Maker 的委托会立即成交，因此未下单。' });
    expect(await snapshot()).toEqual(before);
    await h.call('POST', API.spotCancelAll, { ticket: other.ticket, body: {} });
  });

  it('refuses malformed JSON and page sizes outside the offered ones', async () => {
    const raw = await h.call('POST', API.spotPlaceOrder, { ticket: me.ticket, rawBody: '{"symbol":' });
    expect([raw.status, raw.body.code]).toEqual([400, 'request.invalid']);
    const page = await h.call('POST', API.assetRecords, { ticket: me.ticket, body: { pageSize: 15 }, lang: 'en' });
    expect(page.body.code).toBe('page.size.invalid');
  });
});
