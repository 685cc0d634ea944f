// The Binance sockets' keepalive: one sweep pings each socket every pingMs, terminates one silent for pongTimeoutMs
// (a pong or a message counts as heard), closes one normally after maxConnectionMs, and forgets a stopped one.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CLOSE_NORMAL, KeepAlive, MAX_TICK_MS, type PingSocket } from '../../../server/gateway/binance/keepalive.ts';

class FakeSocket extends EventEmitter implements PingSocket {
  readyState = 1;
  pings = 0;
  terminated = 0;
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.terminated++;
    this.readyState = 3;
  }
}

function world(limits = { pingMs: 180_000, pongTimeoutMs: 600_000, maxConnectionMs: 86_400_000 }) {
  let now = 0;
  const keep = new KeepAlive(limits, () => now);
  /** Moves the clock by `ms`, sweeping at every tick on the way, as the timer does. */
  const pass = (ms: number) => {
    const end = now + ms;
    while (now + keep.tickMs <= end) {
      now += keep.tickMs;
      keep.sweep();
    }
    now = end;
  };
  const open = () => {
    const socket = new FakeSocket();
    const closes: Array<[number, string]> = [];
    let dead = 0;
    const alive = keep.watch(socket, (code, reason) => closes.push([code, reason]), () => dead++);
    return { socket, alive, closes, dead: () => dead };
  };
  return { keep, pass, open };
}

describe('keepalive sweep', () => {
  it('ticks at most every second, and at the shortest limit when that is shorter', () => {
    expect(world().keep.tickMs).toBe(MAX_TICK_MS);
    expect(world({ pingMs: 50, pongTimeoutMs: 200, maxConnectionMs: 10_000 }).keep.tickMs).toBe(50);
  });

  it('pings every pingMs and keeps a socket that answers', () => {
    const w = world();
    const a = w.open();
    w.pass(179_000);
    expect(a.socket.pings).toBe(0);
    w.pass(1_000);
    expect(a.socket.pings).toBe(1);
    for (let i = 0; i < 10; i++) {
      a.socket.emit('pong');
      w.pass(180_000);
    }
    expect(a.socket.pings).toBe(11);
    expect(a.socket.terminated).toBe(0);
    expect(a.dead()).toBe(0);
  });

  it('terminates a socket silent for pongTimeoutMs, after telling its owner, and forgets it', () => {
    const w = world();
    const a = w.open();
    const b = w.open();
    w.pass(300_000);
    b.alive.heard(); // b sent a message
    w.pass(299_000);
    expect(a.socket.terminated).toBe(0);
    w.pass(1_000);
    expect(a.socket.terminated).toBe(1);
    expect(a.dead()).toBe(1);
    expect(b.socket.terminated).toBe(0);
    expect(w.keep.size).toBe(1);
    w.pass(600_000);
    expect(a.socket.terminated).toBe(1); // not twice
    expect(b.socket.terminated).toBe(1);
    expect(w.keep.size).toBe(0);
  });

  it('closes a socket normally once at the end of its lifetime', () => {
    const w = world({ pingMs: 1_000, pongTimeoutMs: 10_000, maxConnectionMs: 5_000 });
    const a = w.open();
    for (let i = 0; i < 8; i++) {
      w.pass(1_000);
      a.socket.emit('pong');
    }
    expect(a.closes).toEqual([[CLOSE_NORMAL, 'connection lifetime reached']]);
    expect(a.socket.terminated).toBe(0);
  });

  it('does nothing more for a stopped socket, and stops its timer when none is left', () => {
    const w = world();
    const a = w.open();
    a.alive.stop();
    expect(w.keep.size).toBe(0);
    w.pass(3_600_000);
    expect(a.socket.pings).toBe(0);
    expect(a.socket.terminated).toBe(0);
    // A pong after the stop is ignored.
    a.socket.emit('pong');
    const b = w.open();
    w.pass(180_000);
    expect(b.socket.pings).toBe(1);
    w.keep.close();
  });
});
