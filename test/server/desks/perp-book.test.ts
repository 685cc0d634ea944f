// The perp desk's book events (`perp.<SYMBOL>.book`, as the spot desk's): each command's changed levels at their new
// totals, a seq without gaps per desk lifetime (epoch), and depth() answering the book with the epoch and the seq it
// reflects. A book rebuilt from the events alone is the desk's after every step: a reduce-only order the engine
// cuts in place when its position shrinks (its `amended` event), fills, cancels, liquidations, random orders; a
// restart is a new epoch whose seq starts again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { epochTime } from '../../../server/desks/epoch.ts';
import type { DeskEvent } from '../../../server/desks/index.ts';
import { openWorld, U1, U2, U3, value, type World } from './world.ts';

const S = 'BTCUSDT';
const E8 = 100_000_000n;
const usdt = (n: number) => BigInt(n) * E8;
type BookEvent = Extract<DeskEvent, { type: 'book' }>;

/** A consumer of the book events: the levels they set, and the epoch and seq it is at. */
class Follower {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  epoch: string | null = null;
  seq = 0;

  apply(e: BookEvent): void {
    if (e.epoch !== this.epoch) {
      this.epoch = e.epoch;
      this.seq = 0;
    }
    expect(e.seq, `seq after ${this.seq}`).toBe(this.seq + 1);
    this.seq = e.seq;
    for (const [side, levels] of [[this.bids, e.bids], [this.asks, e.asks]] as const) for (const [p, q] of levels) q === '0' ? side.delete(p) : side.set(p, q);
  }

  view() {
    const sorted = (m: Map<string, string>, desc: boolean) => [...m].sort(([x], [y]) => (desc ? Number(y) - Number(x) : Number(x) - Number(y)));
    return { bids: sorted(this.bids, true), asks: sorted(this.asks, false) };
  }
}

describe('perp desk book events', () => {
  let w: World;
  let follower: Follower;
  beforeEach(async () => {
    w = await openWorld('sqlite');
    follower = new Follower();
    w.bus.subscribe(`perp.${S}.book`, (e) => {
      if (e.type === 'book') follower.apply(e);
    });
    for (const u of [U1, U2, U3]) {
      await w.credit(u, 'USDT', '100000');
      value(await w.desks.transfers.transfer({ user: u, asset: 'USDT', amount: '50000', from: 'coin', to: 'contract' }));
    }
    value(await w.desks.perp.mark({ symbol: S, mark: usdt(50_000), index: usdt(50_000), fundingRate: null }));
  });
  afterEach(async () => w.dispose());

  /** The events rebuilt the desk's book, at the seq its snapshot names, and its memory agrees with itself. */
  const same = async () => {
    const d = value(await w.desks.perp.depth(S, 5000));
    expect({ epoch: d.epoch, seq: d.seq }).toEqual({ epoch: follower.epoch ?? d.epoch, seq: follower.seq });
    expect(follower.view()).toEqual({ bids: d.bids, asks: d.asks });
    await w.desks.perp.checkInvariants();
    return d;
  };
  const place = (user: number, side: 'buy' | 'sell', price: string | null, qty: string, extra: { reduceOnly?: boolean } = {}) =>
    w.desks.perp.place({ user, symbol: S, side, type: price === null ? 'market' : 'limit', ...(price === null ? {} : { price }), qty, ...extra });

  it('publishes each change of the book, a reduce-only order shrunk in place with its position included', async () => {
    const first = await same();
    expect(epochTime(first.epoch)).toBe(w.clock.now()); // a v7 UUID carrying the desk's opening time
    expect(first.seq).toBe(0);

    // U1 goes long 0.05 from U2's ask.
    value(await place(U2, 'sell', '50000', '0.05'));
    value(await place(U1, 'buy', '50000', '0.05'));
    await same();
    // A reduce-only ask for the whole position rests; U3's bid rests below.
    const closing = value(await place(U1, 'sell', '50500', '0.05', { reduceOnly: true }));
    value(await place(U3, 'buy', '49900', '0.1'));
    await same();
    expect(follower.asks.get('50500')).toBe('0.05');
    // U1 sells 0.03 to U3's bid: the position is 0.02, and the engine shrinks the reduce-only ask to it in place.
    value(await place(U1, 'sell', '49900', '0.03'));
    const after = await same();
    expect(after.asks).toEqual([['50500', '0.02']]);
    expect(after.bids).toEqual([['49900', '0.07']]);
    expect((await w.desks.perp.openOrders(U1)).map((o) => o.id)).toEqual([closing.order.id]);

    // A cancel, and a cancel of everything.
    value(await w.desks.perp.cancel({ user: U1, orderId: closing.order.id }));
    await same();
    value(await w.desks.perp.cancelAll({ user: U3 }));
    const empty = await same();
    expect(empty).toMatchObject({ bids: [], asks: [] });
    // A command that changes no level publishes nothing: the seq stays.
    value(await w.desks.perp.setLeverage({ user: U2, symbol: S, leverage: 5 }));
    expect((await same()).seq).toBe(empty.seq);
  });

  it('follows random orders, fills, cancels, marks and liquidations, and starts a new epoch after a restart', async () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const users = [U1, U2, U3];
    let mark = 50_000;
    for (let step = 0; step < 300; step++) {
      const user = users[Math.floor(rnd() * users.length)]!;
      const side = rnd() < 0.5 ? 'buy' : 'sell';
      const roll = rnd();
      if (roll < 0.6) {
        const price = String(mark + Math.floor(rnd() * 41) - 20);
        await place(user, side, price, (0.001 + Math.floor(rnd() * 30) / 1000).toFixed(3), { reduceOnly: rnd() < 0.25 });
      } else if (roll < 0.72) {
        await place(user, side, null, (0.001 + Math.floor(rnd() * 20) / 1000).toFixed(3), { reduceOnly: rnd() < 0.3 });
      } else if (roll < 0.9) {
        const open = await w.desks.perp.openOrders(user, S);
        const o = open[Math.floor(rnd() * open.length)];
        if (o !== undefined) value(await w.desks.perp.cancel({ user, orderId: o.id }));
      } else {
        mark += Math.floor(rnd() * 401) - 200;
        value(await w.desks.perp.mark({ symbol: S, mark: usdt(mark), index: usdt(mark), fundingRate: null }));
      }
      if (step % 10 === 0) await same();
    }
    const before = await same();
    expect(before.seq).toBeGreaterThan(50);
    expect(before.bids.length + before.asks.length).toBeGreaterThan(0);

    // A restart: a new lifetime, the same book at seq 0 of its epoch; its events go on from there.
    w.clock.advance(1_000);
    await w.restart();
    const restarted = value(await w.desks.perp.depth(S, 5000));
    expect(restarted.epoch).not.toBe(before.epoch);
    expect(epochTime(restarted.epoch)).toBeGreaterThan(epochTime(before.epoch)!);
    expect(restarted.seq).toBe(0);
    expect({ bids: restarted.bids, asks: restarted.asks }).toEqual({ bids: before.bids, asks: before.asks });
    value(await place(U1, 'buy', String(mark - 30), '0.004'));
    expect(follower.epoch).toBe(restarted.epoch);
    expect(follower.seq).toBe(1);
    await same();
  });
});
