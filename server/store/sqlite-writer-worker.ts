// The SQLite writer thread: its own connection to the store's file (WAL, synchronous = FULL), taking desk commits
// one at a time from the store on the main thread (sqlite-writer.ts) and answering each once it is durable.
// Checkpoints run on a thread of their own (sqlite-checkpointer-worker.ts); this one only copies the WAL's last few
// frames when that thread asks, between two commits, so the WAL starts over.
import Database from 'better-sqlite3';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import type { CheckpointerInit, CheckpointFinish } from './sqlite-checkpointer-worker.ts';
import { deskOf, SqliteDeskWriter, type FlatDeskWrites } from './sqlite-desk-writes.ts';

export interface WriterInit {
  readonly file: string;
  readonly busyTimeoutMs: number;
  /** This connection's automatic checkpoint: a bound on the WAL should the checkpointer thread fall behind. */
  readonly walAutocheckpointPages: number;
  /** The background checkpointer's settings; null: none, this connection checkpoints by itself. */
  readonly checkpointer: Omit<CheckpointerInit, 'file' | 'busyTimeoutMs'> | null;
}

/** Statements of other writers (candle bars), run in one transaction like a desk batch. */
export interface WriterQuery {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

export type WriterRequest =
  | { readonly id: number; readonly writes: FlatDeskWrites }
  | { readonly id: number; readonly queries: readonly WriterQuery[] }
  | { readonly id: number; readonly close: true };
export type WriterReply = { readonly id: number; readonly ok: true } | { readonly id: number; readonly ok: false; readonly name: string; readonly message: string };

/** How long the checkpointer has to stop when asked before it is terminated. */
const CHECKPOINTER_STOP_MS = 5_000;

const init = (workerData as { sqliteWriter?: WriterInit } | null)?.sqliteWriter;
if (parentPort && init) {
  const port = parentPort;
  const db = new Database(init.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${init.busyTimeoutMs}`);
  db.pragma(`wal_autocheckpoint = ${init.walAutocheckpointPages}`);
  // A multi-row insert keeps a statement journal (to undo its own rows should one fail): in memory, not a temp file.
  db.pragma('temp_store = MEMORY');
  let stopCheckpointer: () => Promise<void> = () => Promise.resolve();
  if (init.checkpointer !== null) {
    const checkpointer = new Worker(new URL('./sqlite-checkpointer-worker.ts', import.meta.url), {
      name: 'sqlite-checkpoint',
      workerData: { sqliteCheckpointer: { ...init.checkpointer, file: init.file, busyTimeoutMs: init.busyTimeoutMs } satisfies CheckpointerInit },
    });
    checkpointer.on('message', (m: CheckpointFinish) => {
      if (!m.finish || !db.open) return;
      try {
        db.pragma('wal_checkpoint(PASSIVE)');
      } catch {
        // busy: the checkpointer asks again after its next passes
      }
    });
    // Its failure leaves the WAL to this connection's automatic checkpoint; commits go on.
    checkpointer.on('error', () => undefined);
    const gone = new Promise<void>((resolve) => checkpointer.once('exit', () => resolve()));
    // Asked to stop, not terminated: a thread terminated while it still loads better-sqlite3 aborts the whole
    // process (napi's Error::New fails in a dying environment: FATAL ERROR, SIGABRT), which a store closed right
    // after it opened did. It stops between two passes; only one that has not after CHECKPOINTER_STOP_MS is cut.
    stopCheckpointer = () => {
      checkpointer.postMessage('close');
      const late = setTimeout(() => void checkpointer.terminate(), CHECKPOINTER_STOP_MS);
      return gone.then(() => clearTimeout(late));
    };
  }
  let writer: SqliteDeskWriter | null = null;
  /** Desks whose commit failed: their later commits, already posted behind it, are refused unwritten. */
  const failedDesks = new Map<string, string>();
  const statements = new Map<string, Database.Statement>();
  const runQueries = (queries: readonly WriterQuery[]) => {
    db.exec('begin immediate');
    try {
      for (const q of queries) {
        let stmt = statements.get(q.sql);
        if (stmt === undefined) {
          stmt = db.prepare(q.sql);
          if (statements.size >= 200) statements.clear();
          statements.set(q.sql, stmt);
        }
        stmt.run(...q.parameters);
      }
      db.exec('commit');
    } catch (error) {
      if (db.inTransaction) db.exec('rollback');
      throw error;
    }
  };
  port.on('message', (m: WriterRequest) => {
    if ('close' in m) {
      void stopCheckpointer().then(() => {
        db.close();
        port.postMessage({ id: m.id, ok: true } satisfies WriterReply);
        port.close();
      });
      return;
    }
    try {
      // Prepared on first use: the migrations (run on the main connection) have made the tables by then.
      if ('queries' in m) runQueries(m.queries);
      else {
        const desk = deskOf(m.writes.lease);
        const failed = failedDesks.get(desk);
        if (failed !== undefined) throw new Error(`not written: an earlier commit of the ${desk} failed (${failed})`);
        writer ??= new SqliteDeskWriter(db);
        try {
          writer.write(m.writes);
        } catch (error) {
          failedDesks.set(desk, error instanceof Error ? error.message : String(error));
          throw error;
        }
      }
      port.postMessage({ id: m.id, ok: true } satisfies WriterReply);
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ id: m.id, ok: false, name: e.name, message: e.message } satisfies WriterReply);
    }
  });
}
