// `npm run cluster -- --gateways 2`: a local cluster on the PostgreSQL and nats-server that DATABASE_URL and NATS_URL
// name (README "Run as a cluster"). It starts, for every desk and for the jobs, an active process and a standby
// (server/cluster/desk-main.ts, jobs-main.ts), and N gateways (gateway-main.ts) on PORT, PORT+1, …; it supervises them: a desk
// process that ends is replaced by a new standby, a gateway that ends is started again. Ctrl-C stops them all.
// The operator console and the admin channel are the active jobs process's: the console on the port after the
// gateways' unless --ops-port (OPS_PORT) says otherwise or `off` (as `npm start` puts it on PORT+1), every jobs
// process given the same port; the admin socket in DATA_DIR (or ADMIN_SOCKET), as for `npm start`. `--demo` gives the
// jobs processes theirs (jobs-main.ts --demo): the active one seeds a fresh store and runs the market-maker bots.
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
  readonly env?: NodeJS.ProcessEnv | undefined;
}

const USAGE = `usage: DATABASE_URL=postgres://user@host:5432/db NATS_URL=host:4222 npm run cluster -- [options]
  --gateways N     gateways on PORT, PORT+1, … (1 to 64, default 2)
  --port P         the first gateway's port (default PORT, else 8080)
  --standbys N     standbys of each desk and of the jobs (0 to 4, default 1)
  --prefix P       the cluster's NATS subject prefix (default CLUSTER_PREFIX, else ex)
  --ops-port P     the operator console's port, opened by the active jobs process on OPS_HOST (default 127.0.0.1);
                   default OPS_PORT, else the port after the last gateway's; off: no console
  --demo           the demo of npm start: the active jobs process seeds a fresh store (articles, seconds durations,
                   earn products, the house and treasury) and runs the market-maker bots (not the 7-day history)
The admin channel (npm run admin) is the active jobs process's too: DATA_DIR/admin.sock (or ADMIN_SOCKET).`;

function usage(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function main(): void {
  let parsed;
  try {
    parsed = parseArgs({ options: { gateways: { type: 'string' }, port: { type: 'string' }, prefix: { type: 'string' }, standbys: { type: 'string' }, 'ops-port': { type: 'string' }, demo: { type: 'boolean' }, help: { type: 'boolean' } } });
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const gateways = Number(values.gateways ?? 2);
  const port = Number(values.port ?? process.env.PORT ?? 8080);
  const standbys = Number(values.standbys ?? 1);
  if (!Number.isSafeInteger(gateways) || gateways < 1 || gateways > 64) usage('--gateways must be 1 to 64');
  if (!Number.isSafeInteger(port) || port < 1 || port + gateways - 1 > 65_535) usage('--port must be a port number');
  if (!Number.isSafeInteger(standbys) || standbys < 0 || standbys > 4) usage('--standbys must be 0 to 4');
  const opsText = (values['ops-port'] ?? process.env.OPS_PORT ?? '').trim();
  const opsPort = opsText.toLowerCase() === 'off' ? null : opsText === '' ? Math.min(65_535, port + gateways) : Number(opsText);
  if (opsPort !== null && (!Number.isSafeInteger(opsPort) || opsPort < 1 || opsPort > 65_535)) usage('--ops-port must be a port number or off');
  if (opsPort !== null && opsPort >= port && opsPort < port + gateways) usage(`--ops-port must not be a gateway's port (${port} to ${port + gateways - 1}): the console never listens there`);
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
  // Every jobs process the same console port: only the one holding the lease listens on it.
  // PORT: the first gateway's, which the jobs process's console check refuses as its port too.
  const jobsArgs = [`--prefix=${prefix}`, `--ops-port=${opsPort ?? 'off'}`, ...(values.demo === true ? ['--demo'] : [])];
  const jobsEnv = { ...process.env, PORT: String(port) };
  for (let i = 0; i <= standbys; i++) roles.push({ name: `jobs${i === 0 ? '' : ` (${i + 1})`}`, script: 'jobs-main.ts', args: jobsArgs, env: jobsEnv });
  for (let i = 0; i < gateways; i++) roles.push({ name: `gateway ${port + i}`, script: 'gateway-main.ts', args: [`--port=${port + i}`, `--prefix=${prefix}`, `--name=gw-${port + i}`] });

  const running = new Map<Role, ChildProcess>();
  let stopping = false;
  const start = (role: Role): void => {
    const child = spawn(process.execPath, [join(HERE, role.script), ...role.args], { env: role.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  process.stdout.write(
    `cluster "${prefix}": ${Object.keys(DESK_SPECS).length} desks and the jobs with ${standbys} standby each, ${gateways} gateway(s) on ${Array.from({ length: gateways }, (_, i) => `http://127.0.0.1:${port + i}`).join(', ')}; ` +
      (opsPort === null ? 'no operator console (--ops-port off)' : `operator console on port ${opsPort} of OPS_HOST (default 127.0.0.1)`) +
      ' and the admin channel in the active jobs process (its "active" line says where)' +
      (values.demo === true ? '; the demo (seeding and market-maker bots) in the active jobs process' : '') +
      '\n',
  );
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
