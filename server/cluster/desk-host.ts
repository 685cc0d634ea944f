// A desk in its own process (issue 26): it applies the calls of its command log in stream order, each through the
// desk's ordinary method, with the call's log position (entry seq and index, protocol.ts) committed in the same
// transaction as its effects (Sequencer.logged), and sends each answer once its batch is durable. It starts reading
// right after the position the store has (`leases.logPosition`), so after a crash or a takeover no command is applied
// twice and none is skipped.
// Reads are NATS requests answered only by the process that holds the lease.
import type { Subscription } from '@nats-io/transport-node';
import { decode, encode, type CommandLog, type Reader } from '../bus/index.ts';
import type { FundsDesk, TransferRelay } from '../desks/core.ts';
import { relayedTransfer } from '../desks/funds.ts';
import type { Store } from '../store/index.ts';
import { WATCH_METHOD, parseWatch, type Interest } from './interest.ts';
import { answerAddress, failure, parseCall, parseEntry, positionAfter, resumeAt, type DeskAnswer, type DeskAnswers, type DeskEntry } from './protocol.ts';

/** At most this many answers in one message (an answer is a few hundred bytes; NATS takes 1 MB by default). */
const ANSWERS_PER_MESSAGE = 500;

export interface DeskHostOptions {
  /** The desk's name in the log, the lease and the log position: its wallet ('coin', 'contract', …). */
  readonly name: string;
  readonly desk: FundsDesk;
  /** Methods applied from the log, in order (they change state). */
  readonly commands: readonly string[];
  /** Methods answered on request, outside the log (they only read). */
  readonly queries: readonly string[];
  readonly log: CommandLog;
  readonly store: Store;
  /** Subject prefix of the reads (default: the log's own). */
  readonly prefix?: string | undefined;
  /** Calls applied and not yet answered before the reader waits (default 20,000). */
  readonly maxInFlight?: number | undefined;
  /**
   * The users the gateways watch (interest.ts), told by `$watch` messages on the reads' subject; activated once
   * the reads are answered. Without it the desk builds every user's events.
   */
  readonly interest?: Interest | undefined;
}

export interface DeskHost {
  /** The log position the desk resumed after (the store's when it took over; protocol.ts resumeAt reads it). */
  readonly resumedAfter: number;
  /** Resolves with the seq reached once everything logged before the start is applied (not necessarily committed). */
  readonly caughtUp: Promise<number>;
  /** Rejects when reading stops on an error (a malformed log entry never does: it is answered as refused). */
  readonly done: Promise<void>;
  /** Stops reading and answering reads; what is applied still commits and is answered. */
  stop(): Promise<void>;
}

/** Commands a desk takes only from another desk: a transfer's credit, relayed by its source desk. */
export const RELAYED_COMMANDS: readonly string[] = ['creditTransfer'];

/**
 * A desk's relay of its debits into their destinations' logs: one entry each, answered to no one, under the id
 * `credit-<transfer>` (a relay sent again within JetStream's duplicate window adds nothing; after it, the destination
 * pays a transfer once anyway). Resolves once every one is durable in the log.
 */
export function logRelay(log: CommandLog): TransferRelay {
  return async (transfers) => {
    for (const t of transfers) {
      const entry: DeskEntry = { c: [{ m: 'creditTransfer', a: [relayedTransfer(t)], r: null, n: 0 }] };
      await log.append(t.to, 'all', `credit-${t.id}`, entry);
    }
  };
}

/** The subject of a desk's reads. */
export const querySubject = (prefix: string, desk: string): string => `${prefix}.q.${desk}`;

export async function hostDesk(o: DeskHostOptions): Promise<DeskHost> {
  const nc = o.log.connection;
  const prefix = o.prefix ?? 'ex';
  // A desk host also takes the other desks' relays of their debits (creditTransfer, on no face), and relays its own.
  const commands = new Set([...o.commands, ...RELAYED_COMMANDS]);
  o.desk.relayTo(logRelay(o.log));
  const queries = new Set(o.queries);
  const maxInFlight = o.maxInFlight ?? 20_000;
  const desk = o.desk as unknown as Record<string, (...args: unknown[]) => unknown>;
  let inFlight = 0;
  let room: (() => void) | null = null;

  // Answers wait for the end of the turn (a commit answers its calls in one turn) and go out one message per
  // subject, so a gateway gets its answers of a commit together.
  const answers = new Map<string, Array<readonly [number, DeskAnswer]>>();
  let answering = false;
  const sendAnswers = (): void => {
    answering = false;
    for (const [subject, list] of answers) {
      for (let i = 0; i < list.length; i += ANSWERS_PER_MESSAGE) {
        const part: DeskAnswers = { b: list.slice(i, i + ANSWERS_PER_MESSAGE) };
        try {
          nc.publish(subject, encode(part));
        } catch {
          // Answers that can't be encoded or sent: the gateway times out and the client retries with its client id.
        }
      }
    }
    answers.clear();
  };
  const send = (to: { readonly r: string | null; readonly n: number } | null, answer: DeskAnswer): void => {
    if (to === null || to.r === null) return;
    let list = answers.get(to.r);
    if (list === undefined) answers.set(to.r, (list = []));
    list.push([to.n, answer]);
    if (!answering) {
      answering = true;
      queueMicrotask(sendAnswers);
    }
  };

  // The position says which entry to read first and how many of its calls are already applied (a commit can end
  // inside an entry).
  const resumedAfter = await o.store.leases.logPosition(o.name);
  const start = resumeAt(resumedAfter);
  const reader: Reader = await o.log.read(o.name, 'all', Math.max(0, start.seq - 1), async (command) => {
    let calls;
    try {
      calls = parseEntry(command.payload);
    } catch (error) {
      // Nothing to apply: refused, and the position moves past it with the next commit.
      const c = (command.payload as { c?: unknown } | null)?.c;
      if (Array.isArray(c)) for (const call of c) send(answerAddress(call), failure(error));
      return;
    }
    for (let i = command.seq === start.seq ? start.done : 0; i < calls.length; i++) {
      const call = calls[i]!;
      if ('error' in call) {
        send(answerAddress(call.payload), failure(call.error));
        continue;
      }
      const method = commands.has(call.m) ? desk[call.m] : undefined;
      if (typeof method !== 'function') {
        send(call, failure(new Error(`the ${o.name} desk has no command ${call.m}`)));
        continue;
      }
      const { value, sequenced } = o.desk.logged(
        positionAfter(command.seq, i),
        () => {
          try {
            return Promise.resolve(method.apply(o.desk, call.a as unknown[]));
          } catch (error) {
            return Promise.reject(error);
          }
        },
        command.time,
      );
      inFlight++;
      const answered = value.then(
        (v) => send(call, { ok: true, value: v }),
        (e: unknown) => send(call, failure(e)),
      ).finally(() => {
        inFlight--;
        if (room !== null && inFlight < maxInFlight) {
          const wake = room;
          room = null;
          wake();
        }
      });
      // A call answered without entering the sequence (refused on its face) changed nothing. Every command enters it
      // synchronously; one that did not (awaited first) could not be applied exactly once (its position would be
      // committed only with a later command's batch), so the desk stops rather than go on.
      if (!sequenced) {
        await answered;
        const v = await value.catch(() => null);
        const accepted = typeof v === 'object' && v !== null && (v as { ok?: unknown }).ok === true;
        if (accepted) {
          throw new Error(`the ${o.name} desk's ${call.m} was applied outside its sequence: it can't be applied exactly once from the log`);
        }
      }
    }
    if (inFlight >= maxInFlight) await new Promise<void>((wake) => (room = wake));
  });

  let sub: Subscription | null = nc.subscribe(querySubject(prefix, o.name), {
    queue: 'desk',
    callback: (err, msg) => {
      if (err) return;
      let answer: Promise<DeskAnswer>;
      try {
        const payload = decode(msg.data);
        if ((payload as { m?: unknown } | null)?.m === WATCH_METHOD) {
          // A gateway's users (never answered): in order with its reads, so a stream's snapshot comes after it.
          const watch = parseWatch(payload);
          if (watch !== null) o.interest?.watch(watch.users, watch.ttlMs);
          return;
        }
        const call = parseCall(payload, { query: true });
        const method = queries.has(call.m) ? desk[call.m] : undefined;
        if (typeof method !== 'function') throw new Error(`the ${o.name} desk has no read ${call.m}`);
        answer = Promise.resolve(method.apply(o.desk, call.a as unknown[])).then((value): DeskAnswer => ({ ok: true, value }), failure);
      } catch (error) {
        answer = Promise.resolve(failure(error));
      }
      void answer.then((a) => {
        try {
          msg.respond(encode(a));
        } catch {
          // the asker timed out or the answer can't be encoded: it retries
        }
      });
    },
  });

  // Answering reads now: the gateways' renewals reach this process from here on.
  o.interest?.activate();

  return {
    resumedAfter,
    caughtUp: reader.caughtUp,
    done: reader.done,
    async stop() {
      o.desk.relayTo(null);
      sub?.unsubscribe();
      sub = null;
      await reader.stop();
    },
  };
}
