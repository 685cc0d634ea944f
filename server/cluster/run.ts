// `npm run cluster -- --gateways 2`: a local cluster on the PostgreSQL and nats-server that DATABASE_URL and NATS_URL
// name (README "Run as a cluster"). It starts, for every desk and for the jobs, an active process and a standby
// (server/cluster/desk-main.ts, jobs-main.ts), and N gateways (gateway-main.ts) on PORT, PORT+1, …; it supervises them: a desk
// process that ends is replaced by a new standby, a gateway that ends is started again. Ctrl-C stops them all.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DESK_SPECS } from './desks.ts';

const HERE = import.meta.dirname;
const RESTART_MS = 1_000;

interface Role {
  readonly name: string;
  readonly script: string;
  readonly args: readonly string[];
}

function usage(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function main(): void {
  const { values } = parseArgs({ options: { gateways: { type: 'string' }, port: { type: 'string' }, prefix: { type: 'string' }, standbys: { type: 'string' } } });
  const gateways = Number(values.gateways ?? 2);
  const port = Number(values.port ?? process.env.PORT ?? 8080);
  const standbys = Number(values.standbys ?? 1);
  if (!Number.isSafeInteger(gateways) || gateways < 1 || gateways > 64) usage('--gateways must be 1 to 64');
  if (!Number.isSafeInteger(port) || port < 1 || port + gateways - 1 > 65_535) usage('--port must be a port number');
  if (!Number.isSafeInteger(standbys) || standbys < 0 || standbys > 4) usage('--standbys must be 0 to 4');
  if (!process.env.DATABASE_URL || !process.env.NATS_URL) {
    usage(
      'a cluster needs PostgreSQL and NATS with JetStream:\n' +
        '  DATABASE_URL=postgres://user@host:5432/db NATS_URL=host:4222 npm run cluster -- --gateways 2\n' +
        "(on Debian: apt-get install postgresql nats-server; run nats-server with -js; README 'Run as a cluster')",
    );
  }
  const prefix = values.prefix ?? process.env.CLUSTER_PREFIX ?? 'ex';
  const roles: Role[] = [];
  for (const desk of Object.keys(DESK_SPECS)) {
    for (let i = 0; i <= standbys; i++) roles.push({ name: `desk ${desk}${i === 0 ? '' : ` (${i + 1})`}`, script: 'desk-main.ts', args: [`--desk=${desk}`, `--prefix=${prefix}`] });
  }
  for (let i = 0; i <= standbys; i++) roles.push({ name: `jobs${i === 0 ? '' : ` (${i + 1})`}`, script: 'jobs-main.ts', args: [`--prefix=${prefix}`] });
  for (let i = 0; i < gateways; i++) roles.push({ name: `gateway ${port + i}`, script: 'gateway-main.ts', args: [`--port=${port + i}`, `--prefix=${prefix}`, `--name=gw-${port + i}`] });

  const running = new Map<Role, ChildProcess>();
  let stopping = false;
  const start = (role: Role): void => {
    const child = spawn(process.execPath, [join(HERE, role.script), ...role.args], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.set(role, child);
    const print = (line: string) => process.stdout.write(`[${role.name}] ${line}\n`);
    createInterface({ input: child.stdout! }).on('line', print);
    createInterface({ input: child.stderr! }).on('line', print);
    child.once('exit', (code, signal) => {
      running.delete(role);
      if (stopping) return;
      print(`ended (${signal ?? code}); starting it again in ${RESTART_MS} ms`);
      setTimeout(() => {
        if (!stopping) start(role);
      }, RESTART_MS);
    });
  };
  for (const role of roles) start(role);
  process.stdout.write(`cluster "${prefix}": ${Object.keys(DESK_SPECS).length} desks and the jobs with ${standbys} standby each, ${gateways} gateway(s) on ${Array.from({ length: gateways }, (_, i) => `http://127.0.0.1:${port + i}`).join(', ')}\n`);
  const stop = () => {
    stopping = true;
    for (const child of running.values()) child.kill('SIGTERM');
    const forced = setTimeout(() => {
      for (const child of running.values()) child.kill('SIGKILL');
      process.exit(0);
    }, 5_000);
    forced.unref();
    const check = setInterval(() => {
      if (running.size === 0) process.exit(0);
    }, 50);
    check.unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main();
