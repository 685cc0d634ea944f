// A desk's single-threaded sequencer with group commit. Commands run one at a time in arrival order: an optional
// async `prepare` (store look-ups), then a synchronous `apply` that changes memory and adds its writes and events
// to the open batch. The batch commits in one transaction; commands that arrive while a commit is in flight fill
// the next batch. Callers are answered only after their batch committed (acknowledged = durable), then the
// batch's events are published. A failed commit, or an apply that throws, stops the sequencer for good.
// Pipelining (maxInFlight > 1): a closed batch is handed to the store while earlier ones are still being written,
// so the writer never waits for this thread to answer the last batch before it gets the next. The store writes
// them in the order handed over and, once one fails, refuses every later one (never writes it); answers and events
// still go out strictly in batch order, each batch's only after its own commit and its predecessor's.
import { performance } from 'node:perf_hooks';
import { DeskUnavailableError } from './codes.ts';

/** What the operator console's health page shows of a desk (ops/health.ts): its queue and its commits' latency. */
export interface DeskMetrics {
  readonly running: boolean;
  /** Commands waiting to be applied. */
  readonly queue: number;
  /** Commit latency (handed to the store → durable) of the last minute's batches, ms; null: no batch. */
  readonly commitP50Ms: number | null;
  readonly commitP99Ms: number | null;
  readonly batchesPerMinute: number;
}

/** Commit latencies kept for the metrics (a ring): enough for a minute of a busy desk's batches. */
const LATENCY_RING = 4096;
const MINUTE_MS = 60_000;

export interface Batch {
  /** Number of commands in the batch. */
  size: number;
  /**
   * The command-log seq of the batch's last logged command (a clustered desk, issue 26; null: none): committed with
   * the batch's effects, so a desk that restarts resumes right after the last command it made durable.
   */
  logSeq?: number | null;
}

export interface SequencerOptions<B extends Batch> {
  readonly name: string;
  newBatch(): B;
  /** Called once when a batch closes, before its commit: the moment memory equals the state after it. */
  seal?(batch: B): void;
  /** Writes the batch in one transaction; throwing means nothing of it is in the store. False: nothing to write. */
  commit(batch: B): Promise<boolean | void>;
  /** After commit and after the callers are answered: publish the batch's events. */
  publish(batch: B): void;
  /** Told once when the sequencer stops. */
  onStop?(error: unknown): void;
  /** Most commands per batch, so one transaction stays bounded (default 1000). */
  readonly maxBatch?: number;
  /**
   * Most batches handed to the store and not yet answered (default 1). Above 1 only with a store that writes
   * commits in the order given and refuses all later ones after a failure (the SQLite writer thread).
   */
  readonly maxInFlight?: number;
  /**
   * Commands a batch needs before it is handed over while another is still in flight (default 1). An idle store
   * always takes the open batch at once; a busy one gets the next only once it is worth a commit of its own, so
   * a steady load makes fewer, fuller commits (each has a fixed cost: the fsync, the balance rows, the WAL pages).
   */
  readonly minPipelinedBatch?: number;
}

interface Item<B> {
  readonly logSeq: number | null;
  /** The time of the command-log entry the command came in (ms since the epoch), null for a command not logged. */
  readonly logTime: number | null;
  readonly prepare: (() => unknown) | null;
  readonly apply: (prepared: unknown, batch: B, logTime: number | null) => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

interface Waiter {
  readonly value: unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

export class Sequencer<B extends Batch> {
  private readonly o: SequencerOptions<B>;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly minPipelinedBatch: number;
  private queue: Array<Item<B> | undefined> = [];
  /** Index of the next queued item: shifting a long array is O(n) per call. */
  private head = 0;
  private batch: B;
  private waiters: Waiter[] = [];
  private running = false;
  /** Batches handed to the store and not yet answered. */
  private inFlight = 0;
  /** The last handed-over batch's outcome (true: committed), which the next one waits for before answering. */
  private tail: Promise<boolean> = Promise.resolve(true);
  private stopError: unknown = undefined;
  private stopped = false;
  private closed = false;
  private idle: Array<() => void> = [];
  /** The command-log seq and time for the next command enqueued (set only for the length of a `logged` call). */
  private nextLogSeq: number | null = null;
  private nextLogTime: number | null = null;
  /** Transactions committed so far. */
  commits = 0;
  /** The latest commits' [monotonic end, latency] in ms, a ring (metrics only: never read by the desk's logic). */
  private readonly latencies = new Float64Array(LATENCY_RING * 2);
  private latencyCount = 0;

  constructor(options: SequencerOptions<B>) {
    this.o = options;
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 1);
    this.minPipelinedBatch = Math.max(1, options.minPipelinedBatch ?? 1);
    this.batch = options.newBatch();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Queue length and the last minute's commit latencies (monotonic time: wall-clock measurements, not the desk's clock). */
  metrics(): DeskMetrics {
    const now = performance.now();
    const recent: number[] = [];
    const n = Math.min(this.latencyCount, LATENCY_RING);
    for (let i = 0; i < n; i++) {
      const slot = ((this.latencyCount - 1 - i) % LATENCY_RING) * 2;
      if (now - this.latencies[slot]! > MINUTE_MS) break;
      recent.push(this.latencies[slot + 1]!);
    }
    recent.sort((a, b) => a - b);
    const at = (q: number) => (recent.length === 0 ? null : Math.round(recent[Math.min(recent.length - 1, Math.floor(q * recent.length))]! * 100) / 100);
    return { running: !this.stopped && !this.closed, queue: this.queued(), commitP50Ms: at(0.5), commitP99Ms: at(0.99), batchesPerMinute: recent.length };
  }

  /** Sequences a command with no store look-up; `apply` gets the time of its log entry (null: not logged). */
  run<R>(apply: (batch: B, logTime: number | null) => R): Promise<R> {
    return this.enqueue(null, (_p, b, t) => apply(b, t));
  }

  /**
   * Sequences a command whose `prepare` reads the store first; `apply` gets what it found (and the log time).
   * `prepare` runs at the command's turn; one that answers from memory (not a promise) is applied at once, without
   * cutting the batch short.
   */
  runPrepared<P, R>(prepare: () => P | Promise<P>, apply: (prepared: P, batch: B, logTime: number | null) => R): Promise<R> {
    return this.enqueue(prepare, apply as (p: unknown, b: B, t: number | null) => R);
  }

  /**
   * Calls `call` (a desk method) with `seq` as the command-log seq of the command it enqueues: the batch that
   * applies it commits the seq with its effects; `time` (the log entry's, when given) is what its apply is told
   * (`run`/`runPrepared`), so a desk that applies the log again applies it at the same times. True when the call did
   * enter the sequence, synchronously; false when it answered without (a request refused before any look-up), which
   * changed nothing.
   */
  logged<R>(seq: number, call: () => R, time: number | null = null): { readonly value: R; readonly sequenced: boolean } {
    this.nextLogSeq = seq;
    this.nextLogTime = time;
    try {
      const value = call();
      return { value, sequenced: this.nextLogSeq === null };
    } finally {
      this.nextLogSeq = null;
      this.nextLogTime = null;
    }
  }

  /** Stops from outside (e.g. the desk lost its lease): everything not yet committed is refused. */
  stopWith(error: unknown): void {
    this.stop(error);
    this.notifyIdle();
  }

  /** Refuses new commands, finishes the queued ones and waits for the last commit. */
  async close(): Promise<void> {
    this.closed = true;
    await this.drained();
  }

  /** Resolves when nothing is queued, applied-but-uncommitted or committing. */
  drained(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private isIdle(): boolean {
    return this.queued() === 0 && !this.running && this.inFlight === 0 && this.waiters.length === 0;
  }

  private unavailable(): DeskUnavailableError {
    if (this.stopped) {
      const why = this.stopError instanceof Error ? this.stopError.message : String(this.stopError);
      return new DeskUnavailableError('desk.stopped', `the ${this.o.name} desk stopped (${why}); restart the process to rebuild it from the store`, {
        cause: this.stopError,
      });
    }
    return new DeskUnavailableError('desk.closed', `the ${this.o.name} desk is closed`);
  }

  private enqueue<R>(prepare: (() => unknown) | null, apply: (prepared: unknown, batch: B, logTime: number | null) => R): Promise<R> {
    const logSeq = this.nextLogSeq;
    const logTime = this.nextLogTime;
    this.nextLogSeq = null;
    this.nextLogTime = null;
    if (this.stopped || this.closed) return Promise.reject(this.unavailable());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ logSeq, logTime, prepare, apply, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // A microtask, so commands submitted in the same tick are applied together and share a batch.
        queueMicrotask(() => void this.loop());
      }
    });
  }

  private async loop(): Promise<void> {
    while (this.queued() > 0 && !this.stopped) {
      if (this.waiters.length >= this.maxBatch) {
        if (!this.canFlush()) break; // a commit's end flushes this batch and restarts the loop
        this.flush();
      }
      const item = this.take();
      let prepared: unknown;
      if (item.prepare !== null) {
        let found: unknown;
        try {
          found = item.prepare();
        } catch (error) {
          found = Promise.reject(error);
        }
        if (isThenable(found)) {
          // Commit what is applied before waiting on the store, so those callers don't wait on this look-up.
          if (this.canFlush() && this.waiters.length > 0) this.flush();
        }
        try {
          prepared = isThenable(found) ? await found : found;
        } catch (error) {
          // A failed read changed nothing: refuse this command only. A logged one is refused only once its seq is
          // committed with the batch, so a restart does not apply it after all.
          if (item.logSeq === null || this.stopped) item.reject(error);
          else {
            this.batch.logSeq = item.logSeq;
            this.batch.size++;
            this.waiters.push({ value: undefined, resolve: () => item.reject(error), reject: item.reject });
          }
          continue;
        }
        if (this.stopped) {
          item.reject(this.unavailable());
          continue;
        }
      }
      let value: unknown;
      try {
        value = item.apply(prepared, this.batch, item.logTime);
      } catch (error) {
        // Memory may be half-changed: nothing after this may be trusted or committed.
        this.stop(error);
        item.reject(this.unavailable());
        break;
      }
      this.batch.size++;
      if (item.logSeq !== null) this.batch.logSeq = item.logSeq;
      this.waiters.push({ value, resolve: item.resolve, reject: item.reject });
    }
    this.running = false;
    if (this.canFlush() && this.waiters.length > 0 && !this.stopped) this.flush();
    this.notifyIdle();
  }

  private canFlush(): boolean {
    return this.inFlight === 0 || (this.inFlight < this.maxInFlight && this.waiters.length >= this.minPipelinedBatch);
  }

  private queued(): number {
    return this.queue.length - this.head;
  }

  private take(): Item<B> {
    const item = this.queue[this.head]!;
    this.queue[this.head++] = undefined; // let it be collected
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head >= 4096 && this.head * 2 >= this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  private flush(): void {
    const batch = this.batch;
    const waiters = this.waiters;
    this.batch = this.o.newBatch();
    this.waiters = [];
    this.inFlight++;
    this.tail = this.commitBatch(batch, waiters, this.tail);
  }

  /** Hands the batch to the store now; answers and publishes it once it and every earlier batch committed. */
  private async commitBatch(batch: B, waiters: Waiter[], previous: Promise<boolean>): Promise<boolean> {
    let writing: Promise<boolean | void>;
    const handedAt = performance.now();
    try {
      this.o.seal?.(batch); // memory equals the state after this batch only now, before the next one applies
      writing = this.o.commit(batch);
    } catch (error) {
      writing = Promise.reject(error);
    }
    const earlierCommitted = await previous;
    let wrote: boolean | void = false;
    let failure: { error: unknown } | null = null;
    try {
      wrote = await writing;
    } catch (error) {
      failure = { error };
    }
    this.inFlight--;
    if (failure !== null || !earlierCommitted) {
      // An earlier batch failed (the store refused this one after it) or this one did: none of it is durable.
      if (failure !== null) this.stop(failure.error);
      for (const w of waiters) w.reject(this.unavailable());
      this.notifyIdle();
      return false;
    }
    if (wrote !== false) {
      this.commits++;
      const end = performance.now();
      const slot = (this.latencyCount++ % LATENCY_RING) * 2;
      this.latencies[slot] = end;
      this.latencies[slot + 1] = end - handedAt;
    }
    // The open batch goes to the store before this one's answers are written, so the writer is not left idle.
    if (!this.stopped && this.waiters.length > 0 && this.canFlush()) this.flush();
    for (const w of waiters) w.resolve(w.value);
    try {
      this.o.publish(batch);
    } catch (error) {
      // Durable but unpublished: subscribers would silently miss events, so stop rather than carry on.
      this.stop(error);
    }
    if (!this.stopped) {
      if (this.waiters.length > 0 && this.canFlush()) this.flush();
      if (this.queued() > 0 && !this.running) {
        this.running = true;
        queueMicrotask(() => void this.loop());
      }
    }
    this.notifyIdle();
    return true;
  }

  private stop(error: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.stopError = error;
    const err = this.unavailable();
    // Applied but uncommitted commands, and everything queued, are refused: none of it will ever be written.
    for (const w of this.waiters.splice(0)) w.reject(err);
    for (const item of this.queue.splice(this.head)) item?.reject(err);
    this.queue = [];
    this.head = 0;
    this.batch = this.o.newBatch();
    this.o.onStop?.(error);
  }

  private notifyIdle(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as { then?: unknown }).then === 'function';
