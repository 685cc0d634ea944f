// How /api/v3 reads parameters, as Binance does: empty values are errors (-1105 for an optional parameter, -1102 for
// a mandatory one, -1118 for an empty newClientOrderId), recvWindow takes up to three decimals, a body counts only
// as an application/x-www-form-urlencoded form on POST/PUT/DELETE (any other body is neither read nor signed), and
// a parameter in both the query and the body takes the query's value. Every refusal changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openBinance, sign, type BinanceHarness, type Key, type Res } from './harness.ts';

const ORDER = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=49000&quantity=0.01';

describeDialects('binance request parameters', (dialect) => {
  let h: BinanceHarness;
  let user: number;
  let key: Key;

  beforeAll(async () => {
    h = await openBinance(dialect);
    user = await h.user('params@example.com');
    await h.credit(user, 'USDT', '10000');
    key = await h.key(user, { trade: true });
  });
  afterAll(() => h?.dispose());

  const refused = async (r: Promise<Res>, code: number, msg?: string) => {
    const before = await h.state(user);
    const res = await r;
    expect(res.body).toEqual({ code, msg: msg ?? expect.any(String) });
    expect(res.status).toBe(400);
    expect(await h.state(user)).toEqual(before);
  };
  /** A POST /order sent exactly as given: `query` and `body` (under content type `type`, none when null). */
  const post = async (query: string, body: string, type: string | null): Promise<Res> => {
    const raw = await h.app.inject({
      method: 'POST',
      url: `/api/v3/order${query === '' ? '' : `?${query}`}`,
      headers: { 'x-mbx-apikey': key.apiKey, ...(type === null ? {} : { 'content-type': type }) },
      payload: body,
    });
    return { status: raw.statusCode, body: raw.json(), raw };
  };
  const signedText = (text: string) => `${text}&signature=${sign(key.secret, text)}`;

  it('an empty recvWindow is refused, not taken as the default', async () => {
    await refused(h.signed('POST', '/order', key, `${ORDER}&recvWindow=`), -1105, "Parameter 'recvWindow' was empty.");
    await refused(h.signed('GET', '/account', key, 'recvWindow='), -1105, "Parameter 'recvWindow' was empty.");
    await refused(h.signed('POST', '/order', key, `${ORDER}&recvWindow=`, { body: true }), -1105);
  });

  it('recvWindow takes up to three decimals within (0, 60000]', async () => {
    const now = h.clock.now();
    expect((await h.signed('POST', '/order', key, `${ORDER}&timestamp=${now - 5000}&recvWindow=5000.5`)).status).toBe(200);
    await refused(h.signed('POST', '/order', key, `${ORDER}&timestamp=${now - 5001}&recvWindow=5000.999`), -1021);
    await refused(h.signed('POST', '/order', key, `${ORDER}&recvWindow=5000.1234`), -1100);
    await refused(h.signed('POST', '/order', key, `${ORDER}&recvWindow=5e3`), -1100);
    await refused(h.signed('POST', '/order', key, `${ORDER}&recvWindow=-1`), -1100);
    await refused(h.signed('POST', '/order', key, `${ORDER}&recvWindow=0`), -1130);
    await refused(h.signed('POST', '/order', key, `${ORDER}&recvWindow=60000.001`), -1131);
    expect((await h.signed('GET', '/account', key, 'recvWindow=60000')).status).toBe(200);
  });

  it('empty mandatory parameters are -1102, empty optional ones -1105', async () => {
    await refused(h.signed('POST', '/order', key, `${ORDER}&timestamp=`), -1102, "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed.");
    await refused(h.signed('POST', '/order', key, ORDER.replace('price=49000', 'price=')), -1102, "Mandatory parameter 'price' was not sent, was empty/null, or malformed.");
    await refused(h.signed('POST', '/order', key, ORDER.replace('symbol=BTCUSDT', 'symbol=')), -1102);
    await refused(h.signed('POST', '/order', key, `${ORDER}&newClientOrderId=`), -1118, 'New client order ID was empty.');
    await refused(h.signed('DELETE', '/order', key, 'symbol=BTCUSDT&origClientOrderId='), -1119);
    await refused(h.signed('GET', '/openOrders', key, 'symbol='), -1105, "Parameter 'symbol' was empty.");
    await refused(h.signed('POST', '/order', key, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.01&price='), -1106);
    expect(await h.get('/depth', 'symbol=BTCUSDT&limit=')).toMatchObject({ status: 400, body: { code: -1105, msg: "Parameter 'limit' was empty." } });
    expect(await h.get('/depth', 'symbol=')).toMatchObject({ status: 400, body: { code: -1102 } });
  });

  it('a form body counts, with or without a charset, in any letter case', async () => {
    const body = `${ORDER}&newClientOrderId=form-charset&timestamp=${h.clock.now() - 11}`;
    const r = await post('', signedText(body), 'Application/X-WWW-Form-Urlencoded;charset=utf-8');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ clientOrderId: 'form-charset', status: 'NEW' });
  });

  it('a body under any other content type is neither read nor signed', async () => {
    const form = signedText(`${ORDER}&timestamp=${h.clock.now() - 21}`);
    for (const type of ['text/plain', 'application/json', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencodedx', null]) {
      await refused(post('', form, type), -1102, "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed.");
    }
    await refused(post('', JSON.stringify(Object.fromEntries(new URLSearchParams(form))), 'application/json'), -1102);
    // The whole request in the query, something else in a JSON body: the body is ignored, the order placed.
    const placed = await post(signedText(`${ORDER}&newClientOrderId=query-only&timestamp=${h.clock.now() - 22}`), '{"newClientOrderId":"from-json"}', 'application/json');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ clientOrderId: 'query-only' });
    // GET reads only the query string, even with a form body.
    const get = await h.app.inject({
      method: 'GET', url: '/api/v3/account', headers: { 'x-mbx-apikey': key.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      payload: signedText(`timestamp=${h.clock.now() - 23}`),
    });
    expect(get.json()).toMatchObject({ code: -1102 });
  });

  it('a parameter in both query and body takes the query value; a repeat within one part is -1101', async () => {
    const query = `${ORDER}&newClientOrderId=from-query`;
    const body = `newClientOrderId=from-body&timestamp=${h.clock.now() - 31}`;
    const ok = await post(query, `${body}&signature=${sign(key.secret, query + body)}`, 'application/x-www-form-urlencoded');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ clientOrderId: 'from-query' });
    const twice = `timestamp=${h.clock.now() - 32}&newClientOrderId=a&newClientOrderId=b`;
    await refused(post(ORDER, `${twice}&signature=${sign(key.secret, ORDER + twice)}`, 'application/x-www-form-urlencoded'), -1101);
  });
});
