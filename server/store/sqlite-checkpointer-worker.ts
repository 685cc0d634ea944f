// The WAL checkpointer thread, started by the SQLite writer thread: its own connection copies committed WAL frames
// into the database file in the background (PASSIVE: it never blocks the writer or a reader), so no desk commit
// waits behind a checkpoint. A checkpoint on the writer's own connection holds up every commit queued behind it for
// as long as it copies (tens to hundreds of milliseconds for a WAL of a few thousand pages), which is what the
// slowest answers were made of.
// The WAL only starts over from its beginning once every frame in it is copied, and under steady load frames keep
// arriving while a copy runs. So the copying is done here, pass after pass, until what a pass leaves behind is a
// small tail; then the writer is asked to copy that tail itself between two commits (`finish`), after which its next
// transaction restarts the WAL. The writer's own automatic checkpoint stays on at a far higher mark, as a bound
// should this thread fall behind or die.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { deprioritiseThisThread } from '../threads.ts';

export interface CheckpointerInit {
  readonly file: string;
  readonly busyTimeoutMs: number;
  /** Pause between passes once the WAL is copied. */
  readonly intervalMs: number;
  /** WAL size (frames) from which a fully copied WAL is worth restarting. */
  readonly restartFrames: number;
  /** A pass leaving at most this many frames uncopied hands the rest to the writer. */
  readonly tailFrames: number;
}

/** Sent to the writer: copy the WAL's last frames on your connection, so your next transaction restarts the WAL. */
export interface CheckpointFinish {
  readonly finish: true;
  readonly frames: number;
}

interface CheckpointResult {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}

const init = (workerData as { sqliteCheckpointer?: CheckpointerInit } | null)?.sqliteCheckpointer;
if (parentPort && init) {
  // Copying the WAL can wait for an idle core; commits and requests can't (threads.ts).
  deprioritiseThisThread();
  const port = parentPort;
  const db = new Database(init.file);
  db.pragma('synchronous = FULL'); // the database file is synced before the WAL may start over
  db.pragma(`busy_timeout = ${init.busyTimeoutMs}`);
  let timer: NodeJS.Timeout | null = null;
  let askedAt = -1;
  const pass = () => {
    timer = null;
    let wait = init.intervalMs;
    try {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
      if (r !== undefined && r.log > 0) {
        const left = r.log - r.checkpointed;
        if (left > init.tailFrames) wait = 0; // frames arrived during the pass: go again at once
        else if (r.log >= init.restartFrames && r.log !== askedAt) {
          askedAt = r.log; // once per WAL length: after the restart it is short again
          port.postMessage({ finish: true, frames: r.log } satisfies CheckpointFinish);
        }
      }
    } catch {
      // Busy or gone for a moment: the next pass tries again, and the writer's own bound still holds.
    }
    timer = setTimeout(pass, wait);
  };
  timer = setTimeout(pass, init.intervalMs);
  port.on('message', (m: unknown) => {
    if (m !== 'close') return;
    if (timer !== null) clearTimeout(timer);
    db.close();
    port.close();
  });
}
