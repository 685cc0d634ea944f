// API keys: made by users (app API) or the operator (CLI), checked on every signed request. The HMAC secret must
// be recoverable to verify signatures, so it is stored encrypted (AES-256-GCM, the key id as associated data so
// a row's ciphertext can't be moved to another key). The master key comes from API_KEY_SECRET (several servers
// over one PostgreSQL must share it) or else from DATA_DIR/api-key.secret, created on first use with mode 0600.
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isIP } from 'node:net';
import type { Clock } from '../../clock.ts';
import type { Store } from '../../store/index.ts';
import type { ApiKeyRow } from '../../store/apiKeys.ts';

export const API_KEY_SECRET_FILE = 'api-key.secret';
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const KEY_LENGTH = 64;
export const KEY_FORMAT = /^[A-Za-z0-9]{64}$/;
export const MAX_IPS = 30;

const randomText = (n: number) => Array.from({ length: n }, () => ALPHANUM[randomInt(ALPHANUM.length)]).join('');

/** The 32-byte master key: API_KEY_SECRET (at least 32 characters) or the secret file in dataDir. */
export function loadMasterKey(options: { env?: NodeJS.ProcessEnv; dataDir?: string } = {}): Buffer {
  const env = options.env ?? process.env;
  const fromEnv = env['API_KEY_SECRET']?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('API_KEY_SECRET must be at least 32 characters');
    return createHash('sha256').update(fromEnv).digest();
  }
  const dir = resolve(options.dataDir ?? env['DATA_DIR']?.trim() ?? 'data');
  const file = join(dir, API_KEY_SECRET_FILE);
  mkdirSync(dir, { recursive: true });
  try {
    // 'wx': two processes starting together can't both write one; the loser reads the winner's.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} must hold 64 hex digits`);
  return Buffer.from(hex, 'hex');
}

export function encryptSecret(master: Buffer, keyId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', master, iv);
  cipher.setAAD(Buffer.from(keyId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The secret, or null when it can't be decrypted (another master key, or a tampered row). */
export function decryptSecret(master: Buffer, keyId: string, stored: string): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', master, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(keyId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface ApiKeyOptions {
  /** Trade permission (place and cancel orders); without it the key only reads. */
  trade: boolean;
  /** Allowed client addresses; none = any. */
  ips?: readonly string[] | undefined;
}

/** A key as its owner may see it after creation: never the secret. */
export interface ApiKeyInfo {
  apiKey: string;
  canTrade: boolean;
  ips: string[];
  createdAt: number;
  revokedAt: number | null;
}

export class ApiKeyInputError extends Error {
  override name = 'ApiKeyInputError';
}

const info = (r: ApiKeyRow): ApiKeyInfo => ({ apiKey: r.id, canTrade: r.canTrade, ips: [...r.ips], createdAt: r.createdAt, revokedAt: r.revokedAt });

export function createApiKeys(deps: { store: Store; clock: Clock; master: Buffer | (() => Buffer) }) {
  // A function is called once, on first use: a server whose Binance API is never used never reads or makes the file.
  let loaded: Buffer | null = null;
  const master = () => (loaded ??= typeof deps.master === 'function' ? deps.master() : deps.master);
  return Object.freeze({
    /** Makes a key; the secret is shown this once. Throws ApiKeyInputError for a bad address list. */
    async create(user: number, options: ApiKeyOptions): Promise<{ apiKey: string; secret: string }> {
      const ips = [...new Set(options.ips ?? [])];
      if (ips.length > MAX_IPS) throw new ApiKeyInputError(`at most ${MAX_IPS} addresses`);
      for (const ip of ips) if (isIP(ip) === 0) throw new ApiKeyInputError(`"${ip}" is not an IP address`);
      const apiKey = randomText(KEY_LENGTH);
      const secret = randomText(KEY_LENGTH);
      await deps.store.apiKeys.insert({
        id: apiKey, user, secret: encryptSecret(master(), apiKey, secret), canTrade: options.trade, ips, createdAt: deps.clock(),
      });
      return { apiKey, secret };
    },
    list: async (user: number): Promise<ApiKeyInfo[]> => (await deps.store.apiKeys.list(user)).map(info),
    revoke: (user: number, apiKey: string): Promise<boolean> => deps.store.apiKeys.revoke(user, apiKey, deps.clock()),
    /** A live key with its decrypted secret, for checking a signature. */
    async lookup(apiKey: string): Promise<{ row: ApiKeyRow; secret: string } | null> {
      const row = await deps.store.apiKeys.findActive(apiKey);
      if (row === undefined) return null;
      const secret = decryptSecret(master(), row.id, row.secret);
      return secret === null ? null : { row, secret };
    },
  });
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
