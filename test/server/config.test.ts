// Configuration from the environment: defaults, parsing and loud failures.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      smtpFrom: 'OpenEx <no-reply@localhost>',
      sessionTtlHours: 168,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000', HOST: '127.0.0.1', DATA_DIR: '/var/lib/openex', DATABASE_URL: 'postgres://db/x',
      SMTP_URL: 'smtp://mail', SMTP_FROM: 'Ex <ex@x.com>', SESSION_TTL_HOURS: '24', LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    });
    expect(config).toEqual({
      port: 9000, host: '127.0.0.1', dataDir: '/var/lib/openex', databaseUrl: 'postgres://db/x',
      smtpUrl: 'smtp://mail', smtpFrom: 'Ex <ex@x.com>', sessionTtlHours: 24, logLevel: 'warn', trustProxy: true,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535'],
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false'],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
