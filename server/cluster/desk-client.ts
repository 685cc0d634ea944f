// A gateway's end of a desk in another process (issue 26): `command` appends a call to the desk's command log and
// resolves with the desk's answer, sent once the call's effects are durable; `query` asks the active desk process
// directly. A gateway holds nothing a client needs: an answer that does not come in time is DeskUnavailableError
// `desk.unreachable` (the call may or may not have been applied), and the client's retry with the same client id
// (clientOrderId, a transfer's clientId, a request id) is applied once by the desk.
import { randomUUID } from 'node:crypto';
import type { Subscription } from '@nats-io/transport-node';
import { decode, encode, type CommandLog } from '../bus/index.ts';
import { DeskUnavailableError } from '../desks/codes.ts';
import type { Wallet } from '../kernel/index.ts';
import { querySubject } from './desk-host.ts';
import { WATCH_METHOD } from './interest.ts';
import { parseAnswer, parseAnswers, unwrap, type DeskCall, type DeskEntry } from './protocol.ts';

export interface DeskClientOptions {
  readonly log: CommandLog;
  /** Subject prefix of answers and reads (default: 'ex', the log's). */
  readonly prefix?: string | undefined;
  /** How long a call waits for its answer (default 10 s: a standby takes over well within it). */
  readonly timeoutMs?: number | undefined;
  /** This gateway's name in answer subjects (default: a random one). */
  readonly gateway?: string | undefined;
}

export interface DeskClient {
  /** Appends `method(...args)` to the desk's log and resolves with what the desk's method resolved with. */
  command(desk: string, method: string, args: readonly unknown[]): Promise<unknown>;
  /** Asks the active desk process a read. */
  query(desk: string, method: string, args: readonly unknown[]): Promise<unknown>;
  /**
   * Tells the desks this gateway watches `users` (interest.ts), on the connection and subjects of the reads, so a
   * read made after it reaches each desk after it. Not answered; nothing happens once the client is closed.
   */
  watch(desks: readonly string[], users: readonly number[] | 'all', ttlMs: number): void;
  /** Calls still waiting for their answer. */
  readonly waiting: number;
  close(): Promise<void>;
}

interface Waiter {
  readonly desk: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  readonly timer: NodeJS.Timeout;
}

/** Calls to one desk in one entry at most (a few hundred bytes each, well inside NATS's 1 MB). */
const CALLS_PER_APPEND = 256;

export function connectDesks(o: DeskClientOptions): DeskClient {
  const nc = o.log.connection;
  const prefix = o.prefix ?? 'ex';
  const timeoutMs = o.timeoutMs ?? 10_000;
  const inbox = `${prefix}.rep.${o.gateway ?? randomUUID().replaceAll('-', '')}`;
  const waiting = new Map<number, Waiter>();
  // Calls waiting to be appended, by desk. One entry per desk is appended at a time: the calls made meanwhile go
  // together in the next (so under load an entry carries what came during one append, and idle, a call goes at the
  // end of its turn of the event loop: setImmediate runs after the turn's I/O).
  const outgoing = new Map<string, { calls: DeskCall[]; appending: boolean; scheduled: NodeJS.Immediate | null }>();
  let next = 1;
  let closed = false;

  const unreachable = (desk: string, why: string) =>
    new DeskUnavailableError('desk.unreachable', `no answer from the ${desk} desk (${why}); retry with the same client id`);

  const settle = (n: number, answer: () => unknown): void => {
    const w = waiting.get(n);
    if (w === undefined) return; // answered already, timed out, or an answer replayed by a desk that took over
    waiting.delete(n);
    clearTimeout(w.timer);
    try {
      w.resolve(answer());
    } catch (error) {
      w.reject(error);
    }
  };

  const sub: Subscription = nc.subscribe(inbox, {
    callback: (err, msg) => {
      if (err || !msg) return;
      let answers;
      try {
        answers = parseAnswers(decode(msg.data));
      } catch {
        return; // not a desk's answers: the calls it might have been for time out and are retried
      }
      for (const [n, answer] of answers) settle(n, () => unwrap(answer));
    },
  });

  const refuse = (calls: readonly DeskCall[], why: unknown): void => {
    for (const call of calls) {
      const w = waiting.get(call.n);
      if (w === undefined) continue;
      waiting.delete(call.n);
      clearTimeout(w.timer);
      w.reject(why);
    }
  };

  const appendNext = (desk: string): void => {
    const q = outgoing.get(desk);
    if (q === undefined) return;
    q.scheduled = null;
    if (q.appending || q.calls.length === 0 || closed) return;
    const calls = q.calls.splice(0, CALLS_PER_APPEND);
    q.appending = true;
    // The entry's id is its own: a retry of the append (a lost acknowledgement) is stored once; a client's retry is
    // a new call, which the desk answers from its client id.
    o.log
      .append(desk, 'all', randomUUID(), { c: calls } satisfies DeskEntry)
      .catch((error: unknown) => refuse(calls, unreachable(desk, `the log refused the command: ${error instanceof Error ? error.message : String(error)}`)))
      .finally(() => {
        q.appending = false;
        if (q.calls.length > 0) appendNext(desk);
      });
  };

  return {
    get waiting() {
      return waiting.size;
    },

    command(desk, method, args) {
      if (closed) return Promise.reject(unreachable(desk, 'the gateway is closing'));
      const n = next++;
      return new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(n);
          reject(unreachable(desk, `none within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(n, { desk, resolve, reject, timer });
        let q = outgoing.get(desk);
        if (q === undefined) outgoing.set(desk, (q = { calls: [], appending: false, scheduled: null }));
        q.calls.push({ m: method, a: args, r: inbox, n });
        if (!q.appending && q.scheduled === null) q.scheduled = setImmediate(appendNext, desk);
      });
    },

    async query(desk, method, args) {
      if (closed) throw unreachable(desk, 'the gateway is closing');
      let reply;
      try {
        reply = await nc.request(querySubject(prefix, desk), encode({ m: method, a: args }), { timeout: timeoutMs });
      } catch (error) {
        throw unreachable(desk, error instanceof Error ? error.message : String(error));
      }
      return unwrap(parseAnswer(decode(reply.data)));
    },

    watch(desks, users, ttlMs) {
      if (closed) return;
      const payload = encode({ m: WATCH_METHOD, a: [users, ttlMs] });
      for (const desk of desks) nc.publish(querySubject(prefix, desk), payload);
    },

    async close() {
      closed = true;
      // Calls not yet appended never will be: they are refused below, and were not applied.
      for (const q of outgoing.values()) if (q.scheduled !== null) clearImmediate(q.scheduled);
      outgoing.clear();
      sub.unsubscribe();
      for (const [n, w] of waiting) {
        waiting.delete(n);
        clearTimeout(w.timer);
        w.reject(unreachable(w.desk, 'the gateway closed'));
      }
    },
  };
}

/** The lists of a desk's face (desks/faces.ts) and how it is opened, from which the desk's type is read. */
interface RemoteSpec<D, C extends keyof D & string, Q extends keyof D & string, V extends keyof D & string, M extends keyof D & string> {
  readonly name: string;
  open(o: never): Promise<D>;
  readonly commands: readonly C[];
  readonly queries: readonly Q[];
  readonly drivers: readonly V[];
  readonly mirrored: readonly M[];
}

type Asked<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/** A desk in another process with the calls of its face: commands through the log, queries and drivers asked, mirrored reads at once. */
export type RemoteDesk<D, C extends keyof D, Q extends keyof D, V extends keyof D, M extends keyof D> = { readonly [K in C | M]: D[K] } & {
  readonly [K in Q | V]: Asked<D[K]>;
} & { readonly wallet: Wallet };

export interface RemoteFace<F> {
  readonly desk: F;
  /** Reads the mirrored values again (also done every `refreshMs`). */
  refresh(): Promise<void>;
  close(): void;
}

/**
 * The remote face of a desk of DESK_SPECS (desks.ts), typed as the desk's own. Its mirrored reads (the markets, say)
 * answer synchronously from a copy read before this resolves and again every `refreshMs` (default 1 s) and on
 * `refresh()`; the gateway refreshes on the desk's market events too.
 */
export async function remoteDesk<D, C extends keyof D & string, Q extends keyof D & string, V extends keyof D & string, M extends keyof D & string>(
  client: DeskClient,
  spec: RemoteSpec<D, C, Q, V, M>,
  o: { readonly refreshMs?: number | undefined } = {},
): Promise<RemoteFace<RemoteDesk<D, C, Q, V, M>>> {
  const face: Record<string, unknown> = { wallet: spec.name };
  for (const m of spec.commands) face[m] = (...args: unknown[]) => client.command(spec.name, m, args);
  for (const m of [...spec.queries, ...spec.drivers]) face[m] = (...args: unknown[]) => client.query(spec.name, m, args);
  const copies = new Map<string, unknown>();
  for (const m of spec.mirrored) {
    face[m] = (...args: unknown[]) => {
      if (args.length > 0) throw new TypeError(`${spec.name}.${m} is mirrored: it takes no arguments`);
      return copies.get(m);
    };
  }
  const refresh = async () => {
    const values = await Promise.all(spec.mirrored.map((m) => client.query(spec.name, m, [])));
    spec.mirrored.forEach((m, i) => copies.set(m, values[i]));
  };
  await refresh();
  const timer = spec.mirrored.length === 0 ? null : setInterval(() => void refresh().catch(() => undefined), o.refreshMs ?? 1_000);
  timer?.unref();
  return {
    desk: Object.freeze(face) as unknown as RemoteDesk<D, C, Q, V, M>,
    refresh,
    close: () => {
      if (timer !== null) clearInterval(timer);
    },
  };
}
