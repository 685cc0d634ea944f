// A test client of /ws: Node's global WebSocket, every frame queued (a batching connection's arrays of frames
// unpacked, their sizes kept), and waits for the frame a test expects.
import { sha256 } from '../../../server/accounts/secrets.ts';
import type { Store } from '../../../server/store/index.ts';

export interface Frame {
  op: string;
  id?: number;
  topic?: string;
  seq?: number;
  code?: string;
  data?: unknown;
  time?: number;
}

export class WsClient {
  readonly frames: Frame[] = [];
  /** How many frames each message held (1 for a frame alone). */
  readonly messageSizes: number[] = [];
  /** The frames of each message, in arrival order. */
  readonly messages: Frame[][] = [];
  closed = false;
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];

  readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (e) => {
      const value = JSON.parse(String(e.data)) as Frame | Frame[];
      const frames = Array.isArray(value) ? value : [value];
      this.messageSizes.push(frames.length);
      this.messages.push(frames);
      this.frames.push(...frames);
      this.wake();
    });
    socket.addEventListener('close', (e) => {
      this.closed = true;
      this.closeCode = e.code;
      this.wake();
    });
  }

  static async open(url: string): Promise<WsClient> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', () => reject(new Error('cannot connect')), { once: true });
    });
    return new WsClient(socket);
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Removes and answers the first queued frame matching `match`, waiting up to `ms` for it. */
  async take(match: (f: Frame) => boolean, ms = 3000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.frames.findIndex(match);
      if (i >= 0) return this.frames.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) throw new Error(`no matching frame; have ${JSON.stringify(this.frames.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends a request with `id` and answers its ack or error. */
  async request(frame: { op: string; id: number; [k: string]: unknown }): Promise<Frame> {
    this.send(frame);
    return this.take((f) => (f.op === 'ack' || f.op === 'error') && f.id === frame.id);
  }

  /** Events of a topic queued so far, removed from the queue. */
  drain(topic: string): Frame[] {
    const out = this.frames.filter((f) => f.op === 'event' && f.topic === topic);
    for (const f of out) this.frames.splice(this.frames.indexOf(f), 1);
    return out;
  }

  close(): void {
    this.socket.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/** A user row and a session ticket for it, as sign-in would leave them. */
export async function userWithTicket(store: Store, email: string, now = Date.now()): Promise<{ user: number; ticket: string }> {
  const user = await store.users.insert({
    email, phone: null, password_hash: 'x', fund_password_hash: null, nickname: email, invite_code: email.slice(0, 8).toUpperCase(),
    referrer_id: null, real_name_status: 'none', credit_score: 100, frozen: 0, has_recharge: 0, created_at: now, updated_at: now,
  });
  const ticket = `ticket-${email}`;
  await store.sessions.insert({ token_hash: sha256(ticket), user_id: user, created_at: now, expires_at: now + 3_600_000, revoked_at: null });
  return { user, ticket };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
