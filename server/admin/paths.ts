// Where the admin channel lives and what opens it: the socket DATA_DIR/admin.sock and the token DATA_DIR/admin.token
// (32 random bytes, hex, mode 0600, made at the server's first start), unless ADMIN_SOCKET / ADMIN_TOKEN say
// otherwise (a PostgreSQL deployment whose CLI runs without the server's DATA_DIR). And the store identity both
// ends compare, so a CLI pointed at one database never sends commands to a server running on another.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SQLITE_FILE_NAME } from '../store/index.ts';

export const SOCKET_FILE_NAME = 'admin.sock';
export const TOKEN_FILE_NAME = 'admin.token';
/** sun_path holds 108 bytes on Linux (104 on macOS), the terminating NUL included. */
export const MAX_SOCKET_PATH_BYTES = 103;
export const MIN_TOKEN_LENGTH = 32;

export class AdminSetupError extends Error {
  override name = 'AdminSetupError';
}

export interface AdminLocation {
  socketPath: string;
  /** The token itself when ADMIN_TOKEN gives it; otherwise read from (or, by the server, made at) tokenFile. */
  token: string | undefined;
  tokenFile: string;
}

/** The channel of a data directory, with the environment's overrides (ADMIN_SOCKET, ADMIN_TOKEN). */
export function adminLocation(dataDir: string, env: NodeJS.ProcessEnv = process.env): AdminLocation {
  const socket = env['ADMIN_SOCKET']?.trim();
  const token = env['ADMIN_TOKEN']?.trim();
  if (token !== undefined && token !== '' && token.length < MIN_TOKEN_LENGTH) {
    throw new AdminSetupError(`ADMIN_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters`);
  }
  return {
    socketPath: resolve(socket ? socket : resolve(dataDir, SOCKET_FILE_NAME)),
    token: token ? token : undefined,
    tokenFile: resolve(dataDir, TOKEN_FILE_NAME),
  };
}

export function checkSocketPath(path: string): void {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new AdminSetupError(`the admin socket path ${path} is longer than ${MAX_SOCKET_PATH_BYTES} bytes; set ADMIN_SOCKET to a shorter path`);
  }
}

/** The server's side: the token file's content, made (0600, never overwritten) if there is none. */
export function loadOrCreateToken(file: string): string {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // An existing file someone made readable to others is narrowed back to its owner.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return readToken(file);
}

/** The CLI's side: the token file's content; a clear error if it can't be read. */
export function readToken(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new AdminSetupError(
      code === 'ENOENT'
        ? `no admin token at ${file} (the server makes it at its first start; set ADMIN_TOKEN if it uses another)`
        : `cannot read the admin token ${file} (${code ?? String(error)}); run as the server's user`,
    );
  }
  if (text.length < MIN_TOKEN_LENGTH) throw new AdminSetupError(`the admin token in ${file} is shorter than ${MIN_TOKEN_LENGTH} characters`);
  return text;
}

/**
 * Which store a process works on, as a short hash: the SQLite file's absolute path, or the PostgreSQL server,
 * database and search path (never the password). Server and CLI compare these before a command is taken.
 */
export function storeIdentity(o: { databaseUrl?: string | undefined; dataDir: string }): string {
  let what: string;
  if (o.databaseUrl) {
    const url = new URL(o.databaseUrl);
    const options = url.searchParams.get('options') ?? '';
    what = `postgres|${url.hostname}|${url.port || '5432'}|${decodeURIComponent(url.pathname)}|${options}`;
  } else {
    what = `sqlite|${resolve(o.dataDir, SQLITE_FILE_NAME)}`;
  }
  return createHash('sha256').update(what).digest('hex').slice(0, 32);
}
