// Binance's keepalive and lifetime for the sockets of one endpoint (ws-streams.ts's streams, ws-api.ts's API): a
// ping frame every pingMs; a socket silent for pongTimeoutMs (no pong, no message) is terminated; after
// maxConnectionMs a socket is closed normally. One timer sweeps all of an endpoint's sockets (every tickMs, at most a
// second): a socket costs an entry, not two timers and their closures; at 10,000 sockets a sweep is a few
// comparisons each. Pings and ends are at most a tick late; silence is checked every tick, not only at pings.

export const CLOSE_NORMAL = 1000;
const OPEN = 1;
/** The longest time between two sweeps. */
export const MAX_TICK_MS = 1_000;

/** The part of a ws socket the keepalive needs. */
export interface PingSocket {
  readonly readyState: number;
  ping(): void;
  terminate(): void;
  on(event: 'pong', listener: (this: PingSocket) => void): void;
}

export interface KeepAliveLimits {
  readonly pingMs: number;
  readonly pongTimeoutMs: number;
  readonly maxConnectionMs: number;
}

/** One socket's entry: `heard()` when it sends something, `stop()` when it closes. */
export class Alive {
  readonly socket: PingSocket;
  heardAt: number;
  nextPingAt: number;
  endAt: number;
  private readonly keep: KeepAlive;
  private readonly closeWith: (code: number, reason: string) => void;
  private readonly dead: () => void;

  constructor(keep: KeepAlive, socket: PingSocket, closeWith: (code: number, reason: string) => void, dead: () => void, now: number) {
    this.keep = keep;
    this.socket = socket;
    this.closeWith = closeWith;
    this.dead = dead;
    this.heardAt = now;
    this.nextPingAt = now + keep.limits.pingMs;
    this.endAt = now + keep.limits.maxConnectionMs;
  }

  heard(): void {
    this.heardAt = this.keep.now();
  }

  stop(): void {
    this.keep.remove(this);
  }

  /** What is due at `now`. */
  check(now: number): void {
    const { pingMs, pongTimeoutMs } = this.keep.limits;
    if (now - this.heardAt >= pongTimeoutMs) {
      this.stop();
      this.dead();
      this.socket.terminate();
      return;
    }
    if (now >= this.endAt) {
      this.endAt = Number.POSITIVE_INFINITY;
      this.closeWith(CLOSE_NORMAL, 'connection lifetime reached');
      return;
    }
    if (now >= this.nextPingAt) {
      this.nextPingAt = now + pingMs;
      if (this.socket.readyState === OPEN) this.socket.ping();
    }
  }
}

const bySocket = new WeakMap<PingSocket, Alive>();
/** One listener for every socket's pongs (an emitter calls it with the socket as `this`). */
function onPong(this: PingSocket): void {
  bySocket.get(this)?.heard();
}

export class KeepAlive {
  readonly limits: KeepAliveLimits;
  readonly now: () => number;
  readonly tickMs: number;
  private readonly entries = new Set<Alive>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(limits: KeepAliveLimits, now: () => number = () => performance.now()) {
    this.limits = limits;
    this.now = now;
    this.tickMs = Math.max(1, Math.min(limits.pingMs, limits.pongTimeoutMs, limits.maxConnectionMs, MAX_TICK_MS));
  }

  /** Follows `socket` until its entry is stopped; `dead` is called before a silent socket is terminated. */
  watch(socket: PingSocket, closeWith: (code: number, reason: string) => void, dead: () => void): Alive {
    const alive = new Alive(this, socket, closeWith, dead, this.now());
    this.entries.add(alive);
    bySocket.set(socket, alive);
    socket.on('pong', onPong);
    if (this.timer === null) {
      this.timer = setInterval(() => this.sweep(), this.tickMs);
      this.timer.unref();
    }
    return alive;
  }

  /** One pass over the sockets (the timer's; tests call it with their own clock). */
  sweep(): void {
    const now = this.now();
    for (const alive of this.entries) alive.check(now);
  }

  get size(): number {
    return this.entries.size;
  }

  remove(alive: Alive): void {
    if (!this.entries.delete(alive)) return;
    bySocket.delete(alive.socket);
    if (this.entries.size === 0) this.close();
  }

  /** Stops the timer (it starts again with the next socket). */
  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
