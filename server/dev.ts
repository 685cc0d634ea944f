// `npm run dev`: the API in this process on PORT (8080) and Vite's dev server, whose proxy sends /app, /api
// and /ws here. One Ctrl-C stops both.
import { resolve } from 'node:path';
import { createServer } from 'vite';
import { loadConfig } from './config.ts';
import { REPO_ROOT } from './paths.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const api = await startServer({
  port: config.port,
  host: config.host,
  dataDir: config.dataDir,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
  smtpFrom: config.smtpFrom,
  sessionTtlHours: config.sessionTtlHours,
  logger: true,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
});
// vite.config.ts proxies to API_URL (default 127.0.0.1:8080); point it at the port actually taken.
process.env['API_URL'] ??= `http://127.0.0.1:${api.port}`;
const vite = await createServer({ configFile: resolve(REPO_ROOT, 'vite.config.ts') });
await vite.listen();
api.app.log.info(`API on ${api.url}`);
vite.printUrls();

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    Promise.all([vite.close(), api.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
