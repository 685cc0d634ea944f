// Where identity photos live: DATA_DIR/identity/, outside the web root (dist/), the folder 0700 and each file 0600,
// named by 128 random bits (never by anything the user sent). A file is written and synced (with its folder) before
// the row naming it is committed, and removed after its row is; a crash in between leaves at worst a file no row
// names, never a row without its file. An app given no data folder (some tests) uses a temporary folder of its own.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Store } from '../../store/index.ts';

export const IDENTITY_FOLDER = 'identity';

/** A random id: 32 hex digits (128 bits). */
export const randomId = (): string => randomBytes(16).toString('hex');
export const RANDOM_ID = /^[0-9a-f]{32}$/;

export interface PhotoFiles {
  readonly folder: string;
  write(name: string, bytes: Buffer): Promise<void>;
  read(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

export function photoFiles(folder: string): PhotoFiles {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  const path = (name: string) => {
    // Names are ours (randomId + .jpg); anything else is a bug, never a path to follow.
    if (!/^[0-9a-f]{32}\.jpg$/.test(name)) throw new Error(`not a photo file name: ${name}`);
    return join(folder, name);
  };
  return Object.freeze({
    folder,
    async write(name: string, bytes: Buffer): Promise<void> {
      const file = await open(path(name), 'wx', 0o600);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      const dir = await open(folder, 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    },
    async read(name: string): Promise<Buffer | null> {
      try {
        return await readFile(path(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(name: string): Promise<void> {
      await rm(path(name), { force: true });
    },
  });
}

// The folder each store's photos are in, as the running app set it up: the admin channel's commands run in the
// same process and read the photos from there.
const folders = new WeakMap<Store, PhotoFiles>();

/** The app's photo folder: DATA_DIR/identity, or a temporary folder when the app has no data folder. */
export function appPhotoFiles(store: Store, dataDir: string | undefined): PhotoFiles {
  const folder = dataDir === undefined ? join(mkdtempSync(join(tmpdir(), 'openex-identity-')), IDENTITY_FOLDER) : join(resolve(dataDir), IDENTITY_FOLDER);
  const files = photoFiles(folder);
  folders.set(store, files);
  return files;
}

/**
 * The photo folder for an operator's command: the running app's (same process), else the folder of the SQLite
 * file the CLI opened (DATA_DIR), else DATA_DIR from the environment (or ./data, the CLI's default) for PostgreSQL.
 */
export async function operatorPhotoFiles(store: Store): Promise<PhotoFiles> {
  const known = folders.get(store);
  if (known !== undefined) return known;
  let dataDir: string | undefined;
  if (store.dialect === 'sqlite') {
    const rows = await sql<{ name: string; file: string }>`pragma database_list`.execute(store.db);
    const main = rows.rows.find((r) => r.name === 'main')?.file;
    if (main) dataDir = dirname(main);
  }
  const files = photoFiles(join(resolve(dataDir ?? process.env['DATA_DIR'] ?? 'data'), IDENTITY_FOLDER));
  folders.set(store, files);
  return files;
}
