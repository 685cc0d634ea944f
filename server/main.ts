// `npm start` / `npm run serve`: the exchange from the environment's configuration, stopped cleanly by a signal.
import { loadConfig, loadLiveConfig, loadOpsConfig } from './config.ts';
import { startServer } from './server.ts';
import { adminSettingsFromEnv } from './admin/index.ts';
import { DEFAULT_BACKFILL_MS } from './bots/backfill.ts';
import { loadChainConfig } from './chain/config.ts';
import { defaultSeedFile, operatorKeysFromEnv } from './chain/keys.ts';

const config = loadConfig();
const live = loadLiveConfig();
// The operator console: its own listener, 127.0.0.1:PORT+1 unless OPS_PORT/OPS_HOST say otherwise (OPS_PORT=off: none).
const ops = loadOpsConfig();
// Custody (server/custody.ts): on unless CUSTODY=off. Keys and chain from the environment (server/chain/README.md).
const chainConfig = loadChainConfig(process.env);
const custody =
  process.env['CUSTODY']?.trim().toLowerCase() === 'off'
    ? undefined
    : {
        config: chainConfig,
        operatorKeys: operatorKeysFromEnv(process.env, chainConfig.btc.network),
        seedFile: process.env['WALLET_SEED_FILE']?.trim() || defaultSeedFile(),
        ...(process.env['SIGNER_KEY_FILE']?.trim() ? { signerKeyFile: process.env['SIGNER_KEY_FILE'].trim() } : {}),
      };
const handle = await startServer({
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
  feeds: live.feeds,
  bots: live.bots,
  admin: adminSettingsFromEnv(process.env),
  // A fresh store first replays a week of simulated trading (bots/backfill.ts), so charts open with history.
  backfillMs: DEFAULT_BACKFILL_MS,
  // The demo's seconds house: 10,000,000 USDT credited once through the ledger (an operator credit).
  secondsDemo: live.bots ? { houseFund: '10000000' } : {},
  // The demo's earn treasury (USDT 2,000,000, BTC 20, ETH 500), credited once through the ledger (an operator credit).
  earnDemo: live.bots ? { treasury: true } : {},
  contentDemo: { seed: true },
  ...(live.seed === undefined ? {} : { seed: live.seed }),
  custody,
  liabilities: true,
  ops: ops ?? false,
});
handle.app.log.info(
  `OpenEx listening on ${handle.url} (store: ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})` +
    (handle.opsUrl === null ? '; no operator console (OPS_PORT=off)' : `; operator console on ${handle.opsUrl}`),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal means "now": don't wait for slow requests a second time.
    if (stopping) process.exit(1);
    stopping = true;
    handle.app.log.info(`${signal}: shutting down`);
    handle.close().then(
      () => process.exit(0),
      (error: unknown) => {
        handle.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
