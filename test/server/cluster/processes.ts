// The processes of a cluster, started by a test (server/cluster/*-main.ts): each prints one JSON line per step, and
// `ready` resolves at the step asked for (a desk's 'active' or 'caught-up', a gateway's 'listening', the jobs'
// 'active') with its time and, for a gateway, its url; it rejects when the process fails or ends before it.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const REPO = join(import.meta.dirname, '../../..');

export interface ClusterProcess {
  readonly child: ChildProcess;
  readonly ready: Promise<{ at: number; url?: string | undefined }>;
  readonly exited: Promise<void>;
}

export function startClusterProcess(script: 'desk-main.ts' | 'gateway-main.ts' | 'jobs-main.ts', args: readonly string[], readyEvent: string, env: NodeJS.ProcessEnv): ClusterProcess {
  const child = spawn(process.execPath, [join(REPO, 'server/cluster', script), ...args], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<{ at: number; url?: string | undefined }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let msg: { event?: string; at?: number; url?: string; error?: string };
      try {
        msg = JSON.parse(line) as typeof msg;
      } catch {
        return;
      }
      if (msg.event === readyEvent) resolve({ at: msg.at ?? Date.now(), url: msg.url });
      if (msg.event === 'failed') reject(new Error(`${script} ${args.join(' ')}: ${msg.error}`));
    });
    void exited.then(() => reject(new Error(`${script} ${args.join(' ')} ended (${child.exitCode ?? child.signalCode})`)));
  });
  ready.catch(() => undefined);
  return { child, ready, exited };
}

/** Stops them all (SIGTERM, then SIGKILL after 5 s) and waits until they are gone. */
export async function stopClusterProcesses(list: Iterable<ClusterProcess>): Promise<void> {
  const all = [...list];
  for (const p of all) p.child.kill('SIGTERM');
  const forced = setTimeout(() => {
    for (const p of all) p.child.kill('SIGKILL');
  }, 5_000);
  await Promise.all(all.map((p) => p.exited));
  clearTimeout(forced);
}
