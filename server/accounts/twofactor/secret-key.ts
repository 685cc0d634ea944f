// The key TOTP secrets are encrypted with at rest (AES-256-GCM, binance/keys.ts encryptSecret, with the user as the
// associated data so a row's secret can't be moved to another user), and the key WebAuthn user handles are derived
// with. It is derived (HKDF-SHA256, its own label) from the API-key master key, so it is kept like that one:
// API_KEY_SECRET (several servers over one PostgreSQL share it) or DATA_DIR/api-key.secret, created on first use
// with mode 0600. Nothing about it is in the database: a copy of the database alone reveals no secret.
//
// The account service builds the sign-in's second step without the data folder, so the key is looked up by store:
// the two-factor routes bind the store to the server's data folder when the app is built (bindTwoFactorKey); an app
// built without a data folder (only tests do that) gets a random key for the life of the process.
import { hkdfSync, randomBytes } from 'node:crypto';
import { loadMasterKey } from '../../gateway/binance/keys.ts';
import type { Store } from '../../store/index.ts';

export type KeySource = () => Buffer;

const bound = new WeakMap<Store, KeySource>();

function derived(master: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'openex two-factor secrets v1', 32));
}

/** The key source of a data folder (loaded on first use, once). */
export function twoFactorKeyFor(dataDir: string | undefined): KeySource {
  let key: Buffer | null = null;
  return () => (key ??= dataDir === undefined ? randomBytes(32) : derived(loadMasterKey({ dataDir })));
}

/** Binds `store` to the key of `dataDir` (the app's build does it once); returns that key source. */
export function bindTwoFactorKey(store: Store, dataDir: string | undefined): KeySource {
  const source = twoFactorKeyFor(dataDir);
  bound.set(store, source);
  return source;
}

/** The key source bound to `store`, or (nothing bound: a test's bare store) a process-lifetime random key. */
export function twoFactorKey(store: Store): KeySource {
  let source = bound.get(store);
  if (!source) {
    source = twoFactorKeyFor(undefined);
    bound.set(store, source);
  }
  return source;
}
