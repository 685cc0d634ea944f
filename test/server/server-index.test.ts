// The index as the running exchange makes it (server.ts indexSources → kernel indexParts → the public price record →
// the perpetuals' marks): the external price alone. Our own spot book is recorded beside it (`mid`, `last`) but cannot
// move it: a user who trades our thin book 8 % under the external price moves neither the record nor the marks, so
// cannot liquidate anyone with it (issue 27 §5: before, our mid and last outvoted the external price in the median).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { topics } from '../../server/desks/index.ts';
import type { PriceRecordEntry } from '../../server/contract/seconds.ts';
import { startTestServer, type TestServer } from '../e2e/server.ts';

const U1 = 9_101;
const U2 = 9_102;

async function until<T>(get: () => T | undefined | Promise<T | undefined>, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `ext:3301.5,mid:3037,last:3037` → { ext: 3301.5, mid: 3037, last: 3037 }. */
const sourcesOf = (e: PriceRecordEntry): Record<string, number> =>
  Object.fromEntries(e.sources.split(',').filter((x) => x !== '').map((x) => [x.split(':')[0]!, Number(x.split(':')[1])]));

let t: TestServer;
const marks: Array<{ index: number; time: number }> = [];
beforeAll(async () => {
  t = await startTestServer();
  t.handle.bus.subscribe(topics.perpMark('ETHUSDT'), (e) => {
    if (e.type === 'perp.mark') marks.push({ index: Number(e.index), time: e.time });
  });
});
afterAll(async () => t.close());

it('records the external price as the index while our own book trades 8 % under it; the marks follow the record', async () => {
  const { desks, priceRecord } = t.handle;
  const record = priceRecord!;
  const first = await until(() => record.latest('ETHUSDT'), 'the first ETHUSDT record entry');
  const ext = sourcesOf(first)['ext']!;
  expect(Number(first.price)).toBe(ext);
  // Our book: a trade, a bid and an ask, all around 92 % of the external price.
  const ours = Math.round(ext * 0.92 * 100) / 100;
  const text = (n: number) => n.toFixed(2);
  for (const [user, asset, amount] of [[U1, 'USDT', '10000'], [U2, 'ETH', '10']] as const) {
    const r = await desks.spot.adjust({ user, asset, amount, action: 'credit', memo: 'index test' });
    expect(r.ok).toBe(true);
  }
  const place = async (user: number, side: 'buy' | 'sell', price: number) => {
    const r = await desks.spot.place({ type: 'limit', user, symbol: 'ETHUSDT', side, price: text(price), qty: '0.1' });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };
  await place(U2, 'sell', ours);
  await place(U1, 'buy', ours);
  await place(U1, 'buy', ours - 0.01);
  await place(U2, 'sell', ours + 0.01);

  // An entry that saw our book there: its index is still the external price, 8 % above ours.
  const seen = await until(async () => {
    const e = record.latest('ETHUSDT');
    const s = e === undefined ? undefined : sourcesOf(e);
    return s !== undefined && s['last'] === ours && s['mid'] === ours ? e : undefined;
  }, 'an entry with our book in its sources');
  const s = sourcesOf(seen);
  expect(Number(seen.price)).toBe(s['ext']);
  expect(Number(seen.price)).toBeGreaterThan(ours * 1.07);
  // The perpetual's marks take that index (never ours).
  const after = await until(() => marks.find((m) => m.time >= seen.ts), 'a mark after that entry');
  expect(after.index).toBeGreaterThan(ours * 1.07);
  expect(marks.every((m) => m.index > ours * 1.05)).toBe(true);
});
