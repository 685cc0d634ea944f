// A gateway process of a cluster (issue 26): `node server/cluster/gateway-main.ts --port=8080`, with DATABASE_URL
// (PostgreSQL), NATS_URL, optional CLUSTER_PREFIX (default 'ex') and DATA_DIR (the API-key master key, which every
// gateway of a cluster shares, unless API_KEY_SECRET is set). It waits for the desk processes to answer, then serves
// the public API; it keeps nothing a client needs, so it can be killed at any time. One JSON line on stdout when it
// listens: { event: 'listening', url, at }.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startGateway } from './gateway.ts';
import { closeOnSignal, runMain, say } from './process-main.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, prefix: { type: 'string' }, name: { type: 'string' } } });
  const natsUrl = process.env.NATS_URL;
  const databaseUrl = process.env.DATABASE_URL;
  if (!natsUrl || !databaseUrl) throw new Error('a gateway needs NATS_URL and DATABASE_URL');
  const port = Number(values.port ?? process.env.PORT ?? 8080);
  if (!Number.isSafeInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be a port number, not ${values.port}`);
  const gateway = await startGateway({
    databaseUrl,
    natsUrl,
    prefix: values.prefix ?? process.env.CLUSTER_PREFIX,
    port,
    host: values.host ?? process.env.HOST ?? '0.0.0.0',
    dataDir: resolve(process.env.DATA_DIR ?? './data'),
    name: values.name,
    logger: process.env.LOG_LEVEL !== undefined,
  });
  say('listening', { url: gateway.url, port: gateway.port });
  closeOnSignal(() => gateway.close());
}

runMain(main);
