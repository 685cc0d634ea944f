// A Binance-style WebSocket client and a local order book, for the spot and futures stream tests (sstream*, fstream).
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// `any`: each test reads the fields of the message it asked for.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Msg = any;

/** A Binance-style client: every message queued; waits for the one a test expects. */
export class Client {
  readonly messages: Msg[] = [];
  closed = false;
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];
  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (e) => {
      this.messages.push(JSON.parse(String(e.data)));
      this.wake();
    });
    socket.addEventListener('close', (e) => {
      this.closed = true;
      this.closeCode = e.code;
      this.wake();
    });
  }

  static async open(url: string): Promise<Client> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true });
    });
    return new Client(socket);
  }

  /** Whether a connection to `url` is refused (the server answered the upgrade with an HTTP error). */
  static async refused(url: string): Promise<boolean> {
    const socket = new WebSocket(url);
    return new Promise((resolve) => {
      socket.addEventListener('open', () => {
        socket.close();
        resolve(false);
      });
      socket.addEventListener('error', () => resolve(true));
    });
  }

  send(value: unknown): void {
    this.socket.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** Removes and answers the first queued message matching `match`, waiting up to `ms`. */
  async take(match: (m: Msg) => boolean, ms = 4000): Promise<Msg> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.messages.findIndex(match);
      if (i >= 0) return this.messages.splice(i, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) throw new Error(`no matching message; have ${JSON.stringify(this.messages.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends a request and answers the reply carrying its id. */
  request(body: { method: string; id: number; params?: unknown }): Promise<Msg> {
    this.send(body);
    return this.take((m) => m.id === body.id && ('result' in m || 'error' in m));
  }

  /** Messages of an event type queued so far, removed from the queue. */
  drain(match: (m: Msg) => boolean): Msg[] {
    const out = this.messages.filter(match);
    for (const m of out) this.messages.splice(this.messages.indexOf(m), 1);
    return out;
  }

  async waitClosed(ms = 4000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.closed && Date.now() < deadline) await sleep(20);
    if (!this.closed) throw new Error('still open');
  }

  close(): void {
    this.socket.close();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

/** A local order book, kept as Binance's procedure says: absolute quantities, "0" removes. */
export class LocalBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  constructor(snapshot: { bids: string[][]; asks: string[][] }) {
    for (const [p, q] of snapshot.bids) this.bids.set(p!, q!);
    for (const [p, q] of snapshot.asks) this.asks.set(p!, q!);
  }
  apply(event: { b: string[][]; a: string[][] }): void {
    for (const [side, levels] of [[this.bids, event.b], [this.asks, event.a]] as const) {
      for (const [p, q] of levels) {
        if (Number(q) === 0) side.delete(p!);
        else side.set(p!, q!);
      }
    }
  }
  top(n: number): { b: string[][]; a: string[][] } {
    const sorted = (m: Map<string, string>, desc: boolean) =>
      [...m.entries()].sort(([x], [y]) => (desc ? Number(y) - Number(x) : Number(x) - Number(y))).slice(0, n).map(([p, q]) => [p, q]);
    return { b: sorted(this.bids, true), a: sorted(this.asks, false) };
  }
}

