// The embedded mode's way to run the signer: a child process (main.ts) beside the server, so the hot key is never
// in the server's memory. The child is restarted when it dies (a crash, a lost lease), with a growing pause so a
// signer that can't start (no key file, the node away) does not spin; stop() asks it to finish (SIGTERM) and kills
// it if it does not within the timeout. The child also stops by itself when this process goes away (IPC channel).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

export const SIGNER_MAIN = join(import.meta.dirname, 'main.ts');

export interface SignerProcessOptions {
  /** Added to this process's environment for the child: EVM_RPC_URL, SIGNER_KEY_FILE, DATA_DIR or DATABASE_URL… */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Each line the child writes (stdout and stderr), and the supervisor's own notes. */
  readonly log: (line: string) => void;
  /** The entry to run (tests); default main.ts. */
  readonly entry?: string | undefined;
  /** First pause before a restart; doubles up to maxRestartDelayMs, back to this after a minute of running. */
  readonly restartDelayMs?: number | undefined;
  readonly maxRestartDelayMs?: number | undefined;
  /** How long stop() waits after SIGTERM before SIGKILL. */
  readonly stopTimeoutMs?: number | undefined;
}

export interface SignerProcess {
  stop(): Promise<void>;
  /** The running child's pid, if one runs now. */
  pid(): number | undefined;
  /** How many times the child was started. */
  starts(): number;
}

export function startSignerProcess(o: SignerProcessOptions): SignerProcess {
  const first = o.restartDelayMs ?? 1_000;
  const max = o.maxRestartDelayMs ?? 30_000;
  let delay = first;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;
  let count = 0;

  const launch = () => {
    timer = null;
    if (stopping) return;
    count++;
    const startedAt = performance.now();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const [k, v] of Object.entries(o.env)) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    const c = spawn(process.execPath, [o.entry ?? SIGNER_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    child = c;
    for (const stream of [c.stdout, c.stderr]) {
      if (stream !== null) createInterface({ input: stream }).on('line', (line) => o.log(line));
    }
    exited = new Promise<void>((resolve) => {
      c.once('exit', (code, signal) => {
        child = null;
        resolve();
        if (stopping) return;
        if (performance.now() - startedAt > 60_000) delay = first;
        o.log(`signer process ${c.pid} ended (${signal ?? `exit ${code}`}); restarting in ${delay} ms`);
        timer = setTimeout(launch, delay);
        delay = Math.min(max, delay * 2);
      });
    });
    c.once('error', (error) => o.log(`signer process could not start: ${error.message}`));
  };

  launch();

  return {
    async stop() {
      stopping = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const c = child;
      if (c === null) return;
      c.kill('SIGTERM');
      const killer = setTimeout(() => {
        o.log(`signer process ${c.pid} did not stop within ${o.stopTimeoutMs ?? 10_000} ms: SIGKILL`);
        c.kill('SIGKILL');
      }, o.stopTimeoutMs ?? 10_000);
      await exited;
      clearTimeout(killer);
    },
    pid: () => child?.pid,
    starts: () => count,
  };
}
