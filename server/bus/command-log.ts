// The durable command log on NATS JetStream: gateways append commands, the desk that owns a partition applies them
// in stream order. One JetStream stream holds every desk's commands, one subject per desk and partition:
// `<prefix>.cmd.<desk>.<partition>` (partition = a market symbol, or 'all' for a desk that is not split).
//
// What JetStream gives: an append is durable once acknowledged (file storage); a retried command with the same id
// inside the duplicate window is dropped and answered with the first append's seq; and an append can be fenced on the
// subject's last seq, so a writer that lost its place (a second desk after a takeover) fails instead of interleaving.
// What it does not give is exactly-once application: a desk stores `last_applied_seq` in the same transaction as a
// command's effects, resumes with read(…, lastApplied, …) after a restart or a takeover, and skips seq ≤ last
// applied. See README.md in this folder.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { checkTopic } from './bus.ts';
import { decode, encode } from './codec.ts';
import { FenceError, LogGapError } from './errors.ts';

export { FenceError, LogGapError };

export interface CommandLogOptions {
  /** Comma-separated NATS server addresses, e.g. '127.0.0.1:4222'. */
  servers: string;
  /** The connection's name as the server's monitoring shows it. */
  name?: string;
  /** Subject prefix (dotted tokens); default 'ex', so subjects are ex.cmd.<desk>.<partition>. */
  prefix?: string;
  /** The stream's name; default CMD_<prefix> with dots as '_'. */
  stream?: string;
  /** How long a command id is remembered for deduplication; default 2 minutes. */
  duplicateWindowMs?: number;
  /** Copies of the stream on a clustered NATS (1 on a single server). */
  replicas?: number;
}

/** A command as it sits in the log. `seq` is the stream's sequence: increasing across all subjects, never reused. */
export interface LoggedCommand {
  seq: number;
  /** When the log server stored it (ms since the epoch): a desk applies the command at this time (desks/core.ts). */
  time: number;
  desk: string;
  partition: string;
  commandId: string;
  payload: unknown;
}

export interface Appended {
  seq: number;
  /** The id was already in the log (within the duplicate window): nothing was added, `seq` is the first append's. */
  duplicate: boolean;
}

/** Handles one command; the next one is not delivered until the returned promise settles. */
export type CommandHandler = (command: LoggedCommand) => void | Promise<void>;

export interface Reader {
  /** Resolves with the seq reached once every command logged before the read began has been handled. */
  readonly caughtUp: Promise<number>;
  /** Settles when reading ends: resolves after stop(), rejects with the handler's (or the decoder's) error. */
  readonly done: Promise<void>;
  /** Stops after the command in hand, if any; resolves once the handler has returned. */
  stop(): Promise<void>;
}

export interface DurableOptions {
  /** Where a new consumer starts: after this seq (default 0, the whole partition). Ignored when it exists already. */
  afterSeq?: number;
  /** How long a delivered command may stay unacknowledged before it goes to another reader; default 30 s. */
  ackWaitMs?: number;
}

export interface CommandLog {
  readonly stream: string;
  readonly connection: NatsConnection;
  /** The subject of a desk's partition ('*' as the partition: all of them, for read and durable). */
  subject(desk: string, partition: string): string;
  /**
   * Appends a command, durably, once per `commandId` (within the duplicate window). With `expectLastSeq` (the seq
   * of the partition's last command as this writer knows it, 0 for none) the append is refused with a FenceError
   * when another append came in between. A retry of an append that did land still answers its seq (duplicate).
   */
  append(desk: string, partition: string, commandId: string, payload: unknown, options?: { expectLastSeq?: number }): Promise<Appended>;
  /** The seq of the partition's (or with '*' the desk's) last command; 0 when there is none. */
  lastSeq(desk: string, partition: string): Promise<number>;
  /**
   * Replays the partition's commands after `afterSeq` in order, then follows new ones as they are appended, one at a
   * time: what a desk uses to resume from the `last_applied_seq` it committed with its effects, and a standby to
   * rebuild. Holds no server-side position (nothing to ack, nothing left behind when the process dies).
   */
  read(desk: string, partition: string, afterSeq: number, handler: CommandHandler): Promise<Reader>;
  /**
   * A named consumer the server keeps: each command is acknowledged after the handler returns, and the ack is
   * confirmed by the server before the next one is taken; a command whose handler never returned (the process
   * died) is delivered again after ackWait. For work that keeps no position of its own.
   */
  durable(desk: string, partition: string, name: string, handler: CommandHandler, options?: DurableOptions): Promise<Reader>;
  /**
   * Deletes the partition's commands before `seq` (log retention: every one of them applied and committed by its
   * desk), after recording the floor beside them (`trimmedBefore`), so a reader asked to start below it fails with a
   * LogGapError instead of missing commands. A floor at or below the recorded one changes nothing. Answers how many
   * commands it deleted.
   */
  trimBefore(desk: string, partition: string, seq: number): Promise<number>;
  /** The partition's retention floor: its commands before this seq are deleted (0: none ever). */
  trimmedBefore(desk: string, partition: string): Promise<number>;
  /** Closes the connection after in-flight work; the stream stays. */
  close(): Promise<void>;
  /** Deletes the stream and everything in it, then closes (tests). */
  destroy(): Promise<void>;
}

const NS_PER_MS = 1_000_000;
const MSG_ID = 'Nats-Msg-Id';
/** The partition a partition's retention floor is recorded on: `<partition>-trim`. */
const TRIM_SUFFIX = '-trim';
/** One subject token: a desk's name, a market symbol. */
const TOKEN = /^[A-Za-z0-9_-]+$/;

export async function createCommandLog(options: CommandLogOptions): Promise<CommandLog> {
  const prefix = options.prefix ?? 'ex';
  checkTopic(prefix);
  const stream = options.stream ?? `CMD_${prefix.replaceAll('.', '_')}`;
  const base = `${prefix}.cmd`;
  const nc = await connect({ servers: options.servers.split(','), ...(options.name ? { name: options.name } : {}) });
  try {
    const jsm = await jetstreamManager(nc);
    const js = jetstream(nc);
    const config = {
      name: stream,
      subjects: [`${base}.>`],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      duplicate_window: (options.duplicateWindowMs ?? 120_000) * NS_PER_MS,
      num_replicas: options.replicas ?? 1,
    };
    // Adding a stream that exists with the same configuration succeeds, so every process can ensure it at start;
    // one that exists differently is an error an operator must look at, not something to overwrite.
    await jsm.streams.add(config);

    const subject = (desk: string, partition: string): string => {
      if (!TOKEN.test(desk) || (partition !== '*' && !TOKEN.test(partition))) throw new RangeError(`bad desk or partition: ${desk} ${partition}`);
      return `${base}.${desk}.${partition}`;
    };

    const parse = (m: JsMsg): LoggedCommand => {
      const [desk = '', partition = ''] = m.subject.slice(base.length + 1).split('.');
      return { seq: m.seq, time: Number(m.timestampNanos / 1_000_000n), desk, partition, commandId: m.headers?.get(MSG_ID) ?? '', payload: decode(m.data) };
    };

    const lastSeq = async (desk: string, partition: string): Promise<number> => {
      const m = await jsm.streams.getMessage(stream, { last_by_subj: subject(desk, partition) });
      return m?.seq ?? 0;
    };

    // A partition's retention floor is recorded on a subject of its own beside it (`<partition>-trim`), which no
    // desk reads: the latest record says below which seq its commands are gone.
    const trimSubject = (desk: string, partition: string): string => subject(desk, `${partition}${TRIM_SUFFIX}`);
    const trimmedBefore = async (desk: string, partition: string): Promise<number> => {
      if (partition === '*') throw new RangeError('a floor is one partition\'s');
      const m = await jsm.streams.getMessage(stream, { last_by_subj: trimSubject(desk, partition) });
      if (m === null || m === undefined) return 0;
      const before = (decode(m.data) as { before?: unknown } | null)?.before;
      return typeof before === 'number' && Number.isSafeInteger(before) ? before : 0;
    };

    // Runs `handler` over `messages` one at a time; `ack` after each when the consumer is a durable one.
    function run(messages: ConsumerMessages, afterSeq: number, target: number, handler: CommandHandler, ack: boolean): Reader {
      let reached: (seq: number) => void = () => undefined;
      let failed: (error: unknown) => void = () => undefined;
      const caughtUp = new Promise<number>((resolve, reject) => {
        reached = resolve;
        failed = reject;
      });
      // Nobody may await caughtUp (a plain consumer): its rejection must not become an unhandled one.
      caughtUp.catch(() => undefined);
      if (target <= afterSeq) reached(afterSeq);
      let stopped = false;
      const done = (async () => {
        for await (const m of messages) {
          const command = parse(m);
          // A retention floor's record (a reader of every partition sees them) is not a command.
          if (!command.partition.endsWith(TRIM_SUFFIX)) await handler(command);
          if (ack && !(await m.ackAck())) throw new Error(`command log: ack of seq ${m.seq} was not confirmed`);
          if (command.seq >= target) reached(command.seq);
          if (stopped) break;
        }
      })();
      const ended = done.then(
        () => failed(new Error('command log reader stopped before catching up')),
        (error: unknown) => {
          failed(error);
          messages.stop();
        },
      );
      return {
        caughtUp,
        done,
        async stop() {
          stopped = true;
          messages.stop();
          await ended;
        },
      };
    }

    return Object.freeze({
      stream,
      connection: nc,
      subject,
      async append(desk: string, partition: string, commandId: string, payload: unknown, opts: { expectLastSeq?: number } = {}): Promise<Appended> {
        if (partition === '*') throw new RangeError('append needs one partition');
        if (partition.endsWith(TRIM_SUFFIX)) throw new RangeError(`${partition} is a retention record, not a partition`);
        const s = subject(desk, partition);
        if (commandId === '') throw new RangeError('a command needs an id');
        const data = encode(payload);
        try {
          const ack = await js.publish(s, data, {
            msgID: commandId,
            ...(opts.expectLastSeq === undefined ? {} : { expect: { lastSubjectSequence: opts.expectLastSeq } }),
          });
          return { seq: ack.seq, duplicate: ack.duplicate };
        } catch (error) {
          // "wrong last sequence". The server checks the id first, so a retried fenced append that landed comes back
          // as a duplicate above, never as this.
          if (opts.expectLastSeq !== undefined && error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamWrongLastSequence) {
            throw new FenceError(s, opts.expectLastSeq, error);
          }
          throw error;
        }
      },
      lastSeq,
      trimmedBefore,
      async trimBefore(desk: string, partition: string, seq: number): Promise<number> {
        if (partition === '*') throw new RangeError('trimBefore needs one partition');
        if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`bad trim floor ${seq}`);
        const s = subject(desk, partition);
        if (seq <= (await trimmedBefore(desk, partition))) return 0;
        // The floor first, durably: a crash between the two leaves a floor above commands still there (harmless:
        // the next pass deletes them), never commands gone below a floor nobody recorded.
        await js.publish(trimSubject(desk, partition), encode({ before: seq }), { msgID: `trim-${s}-${seq}` });
        const r = await jsm.streams.purge(stream, { filter: s, seq });
        await jsm.streams.purge(stream, { filter: trimSubject(desk, partition), keep: 1 });
        return r.purged;
      },
      async read(desk: string, partition: string, afterSeq: number, handler: CommandHandler): Promise<Reader> {
        const s = subject(desk, partition);
        if (partition !== '*' && partition.endsWith(TRIM_SUFFIX)) throw new RangeError(`${partition} is a retention record, not a partition`);
        // The stream's only deletions are the retention's (trimBefore: no limits are configured, and nobody purges by
        // hand), each recorded beside the partition before it happens: a reader that starts below the floor would
        // miss commands. (The stream's own first seq says nothing about one partition: others' trims move it.)
        const floor = partition === '*' ? 0 : await trimmedBefore(desk, partition);
        if (afterSeq + 1 < floor) {
          throw new LogGapError(`command log ${stream}: ${s} keeps its commands from seq ${floor}; a reader after ${afterSeq} would miss commands`);
        }
        const target = await lastSeq(desk, partition);
        const consumer = await js.consumers.get(stream, {
          // A string, not an array: a single filter_subject is what servers before 2.10 understand.
          filter_subjects: s,
          ...(afterSeq > 0 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: afterSeq + 1 } : { deliver_policy: DeliverPolicy.All }),
        });
        return run(await consumer.consume(), afterSeq, target, handler, false);
      },
      async durable(desk: string, partition: string, name: string, handler: CommandHandler, opts: DurableOptions = {}): Promise<Reader> {
        const s = subject(desk, partition);
        let info;
        try {
          info = await jsm.consumers.info(stream, name);
        } catch (error) {
          if (!(error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound)) throw error;
          const afterSeq = opts.afterSeq ?? 0;
          info = await jsm.consumers.add(stream, {
            durable_name: name,
            filter_subject: s,
            ack_policy: AckPolicy.Explicit,
            ack_wait: (opts.ackWaitMs ?? 30_000) * NS_PER_MS,
            // One at a time: a second command is not handed out while the first is unacknowledged, so a
            // redelivery never overtakes a later command.
            max_ack_pending: 1,
            ...(afterSeq > 0 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: afterSeq + 1 } : { deliver_policy: DeliverPolicy.All }),
          });
        }
        if (info.config.filter_subject !== s) throw new RangeError(`consumer ${name} reads ${info.config.filter_subject}, not ${s}`);
        // Caught up once past what the consumer had acknowledged and what was logged when it started.
        const acked = Math.max(info.ack_floor.stream_seq, (info.config.opt_start_seq ?? 1) - 1);
        const target = await lastSeq(desk, partition);
        const consumer = await js.consumers.get(stream, name);
        return run(await consumer.consume({ max_messages: 1 }), acked, target, handler, true);
      },
      async close(): Promise<void> {
        if (!nc.isClosed()) await nc.drain();
      },
      async destroy(): Promise<void> {
        try {
          await jsm.streams.delete(stream);
        } finally {
          if (!nc.isClosed()) await nc.close();
        }
      },
    });
  } catch (error) {
    await nc.close();
    throw error;
  }
}
