// The main thread's side of the SQLite writer thread (sqlite-writer-worker.ts): desk commits are posted to it and
// answered when durable, so their statements, the COMMIT's fsync and WAL checkpoints run on another core while this
// thread keeps serving requests and applying the next batch. One writer per store, commits in the order posted.
// Readers on the main connection see a commit once its answer arrives (WAL: the next read transaction sees it).
// If the thread dies, every commit in flight and every later one fails, which stops the desks (never a silent loss).
// A desk may hand over its next batch before the last one is answered (sequencer.ts, maxInFlight): commits are
// written in the order posted, and once one of a desk's commits fails, every later one of that desk is refused, so
// no batch is ever written after a failed one. The thread keeps that record for what it failed to write; this side
// only for a batch it refused before sending (flatten), which the thread never saw.
import { Worker } from 'node:worker_threads';
import type { DeskWrites } from './desk-writes.ts';
import { deskOf, flatten } from './sqlite-desk-writes.ts';
import type { WriterInit, WriterQuery, WriterReply, WriterRequest } from './sqlite-writer-worker.ts';

interface Pending {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

export class SqliteWriter {
  private worker: Worker | null = null;
  private readonly init: WriterInit;
  private readonly pending = new Map<number, Pending>();
  private next = 1;
  private broken: Error | null = null;
  /** Desks whose batch was refused here before sending: their later commits are refused too (see above). */
  private readonly failedDesks = new Map<string, Error>();

  constructor(init: WriterInit) {
    this.init = init;
  }

  /** Writes one desk batch in one transaction on the writer thread; resolves once it is committed. */
  commit(writes: DeskWrites): Promise<void> {
    const desk = deskOf(writes.lease);
    const failed = this.failedDesks.get(desk);
    if (failed !== undefined) return Promise.reject(failed);
    let flat;
    try {
      flat = flatten(writes); // a value past 64 bits is refused here, before anything is sent
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      this.failedDesks.set(desk, e);
      return Promise.reject(e);
    }
    return this.send((id) => ({ id, writes: flat }));
  }

  /** Runs compiled statements in one transaction on the writer thread, in line with the desk commits. */
  run(queries: readonly WriterQuery[]): Promise<void> {
    const plain = queries.map((q) => ({ sql: q.sql, parameters: [...q.parameters] }));
    return this.send((id) => ({ id, queries: plain }));
  }

  /** Lets the commits in flight finish, then closes the writer's connection and ends the thread. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (worker === null) return;
    if (this.broken === null) await this.send((id) => ({ id, close: true })).catch(() => undefined);
    this.broken ??= new Error('the store is closed');
    this.worker = null;
    await worker.terminate();
  }

  private send(request: (id: number) => WriterRequest): Promise<void> {
    if (this.broken !== null) return Promise.reject(this.broken);
    const worker = this.start();
    const id = this.next++;
    return new Promise<void>((resolve, reject) => {
      if (this.pending.size === 0) worker.ref(); // a commit in flight keeps the process alive until it is answered
      this.pending.set(id, { resolve, reject });
      worker.postMessage(request(id));
    });
  }

  private start(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = new Worker(new URL('./sqlite-writer-worker.ts', import.meta.url), { name: 'sqlite-writer', workerData: { sqliteWriter: this.init } });
    worker.unref();
    worker.on('message', (m: WriterReply) => {
      const p = this.pending.get(m.id);
      if (p === undefined) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      if (m.ok) p.resolve();
      else p.reject(Object.assign(new Error(m.message), { name: m.name }));
    });
    const fail = (error: Error) => {
      this.broken ??= error;
      for (const p of this.pending.values()) p.reject(this.broken);
      this.pending.clear();
    };
    worker.on('error', (error: Error) => fail(new Error(`the SQLite writer thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => fail(new Error(`the SQLite writer thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
