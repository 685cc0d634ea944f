// Background threads give way to the request path (server/threads.ts): V8's platform workers and the WAL
// checkpointer run at a lower priority, the threads that answer orders keep theirs. Linux only: /proc names them.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { createStore } from '../../server/store/index.ts';
import { BACKGROUND_NICE, deprioritiseV8Workers } from '../../server/threads.ts';

const linux = existsSync('/proc/self/task');

/** A thread's nice value from its stat file: field 19, the 17th after the command's closing parenthesis. */
const niceIn = (stat: string) => Number(readFileSync(stat, 'utf8').split(') ')[1]!.split(' ')[16]);

/** Nice value of each of this process's threads, by the kernel's name for it. */
function niceByName(): Array<{ name: string; nice: number }> {
  const out: Array<{ name: string; nice: number }> = [];
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      out.push({ name, nice: niceIn(`/proc/self/task/${tid}/stat`) });
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** Nice value of the calling thread. */
const ownNice = () => niceIn('/proc/thread-self/stat');

it.skipIf(!linux)('lowers V8 platform workers and leaves the calling thread as it was', () => {
  const before = ownNice();
  expect(deprioritiseV8Workers()).toBeGreaterThan(0);
  const v8 = niceByName().filter((t) => t.name === 'V8Worker');
  expect(v8.length).toBeGreaterThan(0);
  expect(v8.every((t) => t.nice === BACKGROUND_NICE)).toBe(true);
  expect(ownNice()).toBe(before);
});

it.skipIf(!linux)('lets a worker thread lower only itself, and the WAL checkpointer does so when it starts', async () => {
  const module = new URL('../../server/threads.ts', import.meta.url).href;
  // The worker says which thread it is (its kernel thread id): under load /proc has shown it without its name.
  const code = `const { parentPort } = require('node:worker_threads');
    const { readlinkSync } = require('node:fs');
    parentPort.once('message', () => import(${JSON.stringify(module)}).then((m) => parentPort.postMessage(m.deprioritiseThisThread())));
    parentPort.postMessage(readlinkSync('/proc/thread-self').split('/').pop());`;
  const worker = new Worker(code, { eval: true, name: 'nice-probe' });
  try {
    const tid = String(await new Promise((ok) => worker.once('message', ok)));
    const before = ownNice();
    expect(niceIn(`/proc/self/task/${tid}/stat`)).toBe(before);
    worker.postMessage('lower');
    expect(await new Promise((ok) => worker.once('message', ok))).toBe(true);
    expect(niceIn(`/proc/self/task/${tid}/stat`)).toBe(BACKGROUND_NICE);
    expect(ownNice()).toBe(before);
  } finally {
    await worker.terminate();
  }
  const dir = mkdtempSync(join(tmpdir(), 'openex-threads-'));
  const store = await createStore({ dataDir: dir });
  try {
    expect(await store.leases.acquire('coin', 'test', 1, 60_000)).toBe(true);
    // The first commit starts the writer thread, which starts the checkpointer.
    await store.commitDesk({
      lease: { desk: 'coin', holder: 'test', now: 1, ttlMs: 60_000 },
      ledger: { desk: 'coin', now: 1, entries: [], balances: [], system: [] },
      records: [], transfersOut: [], transfersIn: [], spot: null, perp: null,
    });
    // The thread is named before its module has run: wait (2 s at most) for it to have lowered itself.
    let threads = niceByName();
    for (let i = 0; i < 100 && threads.find((t) => t.name.startsWith('sqlite-checkpoi'))?.nice !== BACKGROUND_NICE; i++) {
      await new Promise((ok) => setTimeout(ok, 20));
      threads = niceByName();
    }
    expect(threads.find((t) => t.name.startsWith('sqlite-checkpoi'))?.nice).toBe(BACKGROUND_NICE);
    expect(threads.find((t) => t.name === 'sqlite-writer')?.nice).toBe(ownNice());
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
