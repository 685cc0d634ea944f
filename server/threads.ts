// Background threads give way to the threads that answer orders. On a small machine (two cores, say) V8's platform
// workers (concurrent GC marking and sweeping, background compiling, several at once for every isolate in the
// process) and the WAL checkpointer wake up together and take both cores for tens of milliseconds, and the request
// thread and the SQLite writer wait in the run queue meanwhile: the slowest answers were exactly those waits. So
// those threads run at a lower priority (a higher nice value): they still get every idle cycle, and the request path
// gets a core whenever it is ready. Lowering a thread's own priority needs no privilege. Linux only (threads are
// found by name in /proc); elsewhere, or if the system refuses, nothing changes.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value background threads run at (0 is the default, 19 the lowest priority). */
export const BACKGROUND_NICE = 10;

/** The name the kernel shows for V8's platform worker threads. */
const V8_WORKER = 'V8Worker';

/** Lowers V8's platform worker threads of this process to BACKGROUND_NICE; how many it lowered. */
export function deprioritiseV8Workers(): number {
  let lowered = 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== V8_WORKER) continue;
      setPriority(Number(tid), BACKGROUND_NICE);
      lowered++;
    } catch {
      // the thread ended, or the system refuses: it keeps its priority
    }
  }
  return lowered;
}

/** Lowers the calling thread (a worker thread's own) to BACKGROUND_NICE; false if it could not. */
export function deprioritiseThisThread(): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}
