// The in-process bus: NATS-style patterns, delivery order, unsubscribe, and handler failures kept away from the
// publisher.
import { describe, expect, it } from 'vitest';
import { createInProcessBus, matches } from '../../../server/bus/index.ts';

describe('topic patterns', () => {
  it.each([
    ['spot.BTCUSDT.trade', 'spot.BTCUSDT.trade', true],
    ['spot.*.trade', 'spot.BTCUSDT.trade', true],
    ['spot.*.trade', 'spot.BTCUSDT.book', false],
    ['spot.>', 'spot.BTCUSDT.book', true],
    ['spot.>', 'spot', false],
    ['>', 'user.1.order', true],
    ['user.*', 'user.1.order', false],
    ['user.1.order', 'user.1', false],
  ])('%s matches %s: %s', (pattern, topic, expected) => {
    expect(matches(pattern, topic)).toBe(expected);
  });
});

describe('in-process bus', () => {
  it('delivers in publish order to matching subscribers only, until they unsubscribe', () => {
    const bus = createInProcessBus<number>();
    const seen: string[] = [];
    const off = bus.subscribe('spot.*.trade', (n, topic) => seen.push(`a ${topic} ${n}`));
    bus.subscribe('user.>', (n, topic) => seen.push(`b ${topic} ${n}`));
    bus.publish('spot.BTCUSDT.trade', 1);
    bus.publish('user.7.order', 2);
    bus.publish('spot.BTCUSDT.book', 3);
    off();
    bus.publish('spot.ETHUSDT.trade', 4);
    expect(seen).toEqual(['a spot.BTCUSDT.trade 1', 'b user.7.order 2']);
  });

  it('reports a failing handler and still delivers to the others', () => {
    const errors: string[] = [];
    const bus = createInProcessBus<number>({ onError: (e, topic) => errors.push(`${topic}: ${(e as Error).message}`) });
    const seen: number[] = [];
    bus.subscribe('x', () => {
      throw new Error('boom');
    });
    bus.subscribe('x', (n) => seen.push(n));
    expect(() => bus.publish('x', 1)).not.toThrow();
    expect(seen).toEqual([1]);
    expect(errors).toEqual(['x: boom']);
  });

  it('refuses malformed topics and patterns, and goes quiet when closed', async () => {
    const bus = createInProcessBus<number>();
    expect(() => bus.publish('a..b', 1)).toThrow(RangeError);
    expect(() => bus.subscribe('a.>.b', () => undefined)).toThrow(RangeError);
    const seen: number[] = [];
    bus.subscribe('a', (n) => seen.push(n));
    await bus.close();
    bus.publish('a', 1);
    expect(seen).toEqual([]);
  });
});
