// Process configuration from the environment, read once at start-up and checked so a typo fails loudly.
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  sessionTtlHours: number;
  logLevel: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits are per address). */
  trustProxy: boolean;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_OPS_HOST = '127.0.0.1';
export const DEFAULT_SESSION_TTL_HOURS = 168;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  return {
    port: integer(env, 'PORT', DEFAULT_PORT, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: text(env, 'DATABASE_URL'),
    smtpUrl: text(env, 'SMTP_URL'),
    smtpFrom: text(env, 'SMTP_FROM') ?? 'OpenEx <no-reply@localhost>',
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', DEFAULT_SESSION_TTL_HOURS, 1, 24 * 365),
    logLevel,
    trustProxy: flag(env, 'TRUST_PROXY'),
  };
}

/** The live-market switches, apart from Config so its shape stays what existing tools expect. */
export interface LiveConfig {
  /** FEEDS: run the simulated index (default true). */
  feeds: boolean;
  /** BOTS: run the market maker (default true). */
  bots: boolean;
  /** SEED: the simulator's and the bots' seed (default: theirs). */
  seed: number | undefined;
}

export function loadLiveConfig(env: NodeJS.ProcessEnv = process.env): LiveConfig {
  const seed = text(env, 'SEED') === undefined ? undefined : integer(env, 'SEED', 0, 0, 2 ** 32 - 1);
  return { feeds: flag(env, 'FEEDS', true), bots: flag(env, 'BOTS', true), seed };
}

/**
 * The operator console's listener (server/ops/), apart from Config for the same reason as LiveConfig: OPS_PORT
 * (default PORT + 1, 8081; `off`: no console) on OPS_HOST (default 127.0.0.1: reach it through an SSH tunnel).
 * Never the public port: OPS_PORT equal to PORT is refused.
 */
export interface OpsConfig {
  port: number;
  host: string;
}

export function loadOpsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig | null {
  if (text(env, 'OPS_PORT')?.toLowerCase() === 'off') return null;
  const port = integer(env, 'PORT', DEFAULT_PORT, 0, 65535);
  // PORT=0 (any free port) gives the console any free port too.
  const opsPort = integer(env, 'OPS_PORT', port === 0 ? 0 : Math.min(65535, port + 1), 0, 65535);
  if (opsPort !== 0 && opsPort === port) throw new ConfigError(`OPS_PORT must not be the public port (${port}): the console never listens there`);
  return { port: opsPort, host: text(env, 'OPS_HOST') ?? DEFAULT_OPS_HOST };
}
