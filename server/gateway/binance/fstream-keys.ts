// Listen keys of Binance's user data streams, for both venues: USDⓈ-M futures (REST `POST`, `PUT`, `DELETE
// /fapi/v1/listenKey`; the WebSocket side is fstream.ts) and spot (`POST`, `PUT`, `DELETE /api/v3/userDataStream`; the
// WebSocket side is sstream-user.ts, and the WebSocket API's userDataStream.start / ping / stop). USER_STREAM security:
// the X-MBX-APIKEY header names a live key, nothing is signed, as on Binance. Each venue has its own registry, as on
// Binance (a spot key does not open the futures stream): one key per account and venue; POST answers the live key of
// the account, extending it, or makes a new one; a key lives 60 minutes and each PUT (or POST) extends it by 60 more;
// DELETE ends it; PUT and DELETE with none live answer -1125. `timestamp`, `recvWindow` and `signature` are taken and
// ignored (ccxt signs nothing here, other clients do).
//
// The venues differ where Binance's do: futures takes `listenKey` as optional on PUT and DELETE (when sent it must name
// the account's live key) and answers PUT with `{listenKey}`; spot requires it (-1102 without) and answers `{}`; spot
// requests weigh 2, futures ones 1.
//
// A key ends when it expires (the sweep runs every second against the server's clock), when it is deleted, and when
// the API key that last created or extended it is revoked or the account is frozen (checked every minute): the
// WebSocket side is told (onEnd) and sends `listenKeyExpired`. Keys live in this process's memory, like the rate
// limits and the replay guard: a restart ends them all (a client makes a new one with POST, as after an expiry).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import { authenticateKey, restCall, type AuthDeps } from './auth.ts';
import { BinanceError, errors, failure } from './errors.ts';
import { Params } from './params.ts';

/** How long a listen key lives after its creation or its last keepalive. */
export const LISTEN_KEY_TTL_MS = 60 * 60_000;
/** Binance's listen keys: 64 letters and digits. */
export const LISTEN_KEY_FORMAT = /^[A-Za-z0-9]{64}$/;
/** How often expiry is checked, and how often the API key behind each listen key is looked up again. */
export const LISTEN_KEY_SWEEP_MS = 1_000;
export const LISTEN_KEY_VALIDATE_MS = 60_000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Parameters of a signed request that the listen-key endpoints take and ignore. */
const IGNORED = ['timestamp', 'recvWindow', 'signature'];
const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

export const listenKeyErrors = {
  missing: () => new BinanceError(-1125, 'This listenKey does not exist.'),
};

/** 64 random letters and digits (rejection sampling: no bias towards the first letters). */
function newListenKey(): string {
  let out = '';
  while (out.length < 64) {
    for (const byte of randomBytes(96)) {
      if (byte >= 248) continue; // 248 = 4 × 62
      out += ALPHABET[byte % 62];
      if (out.length === 64) break;
    }
  }
  return out;
}

export interface ListenKey {
  readonly key: string;
  readonly user: number;
  /** The API key that last created or extended it (revoking that key ends the listen key). */
  apiKey: string;
  expiresAt: number;
}

/** Why a listen key ended: it expired (or its API key went), or its owner deleted it. */
export type ListenKeyEnd = 'expired' | 'deleted';
export type ListenKeyListener = (key: ListenKey, why: ListenKeyEnd) => void;

export interface ListenKeysOptions {
  readonly ttlMs?: number | undefined;
  readonly sweepMs?: number | undefined;
  readonly validateMs?: number | undefined;
}

/** The live listen keys, one per account at most. */
export class ListenKeys {
  readonly ttlMs: number;
  private readonly clock: Clock;
  private readonly byKey = new Map<string, ListenKey>();
  private readonly byUser = new Map<number, ListenKey>();
  private readonly listeners = new Set<ListenKeyListener>();
  private readonly sweeper: ReturnType<typeof setInterval>;
  private readonly validator: ReturnType<typeof setInterval>;
  private validate: ((key: ListenKey) => Promise<boolean>) | null = null;
  private validating = false;

  constructor(clock: Clock, o: ListenKeysOptions = {}) {
    this.clock = clock;
    this.ttlMs = o.ttlMs ?? LISTEN_KEY_TTL_MS;
    this.sweeper = setInterval(() => this.sweep(), o.sweepMs ?? LISTEN_KEY_SWEEP_MS);
    this.sweeper.unref();
    this.validator = setInterval(() => void this.revalidate(), o.validateMs ?? LISTEN_KEY_VALIDATE_MS);
    this.validator.unref();
  }

  /** How many keys are live (for tests and status). */
  get size(): number {
    return this.byKey.size;
  }

  /** POST: the account's live key, extended, or a new one. */
  open(user: number, apiKey: string): ListenKey {
    const live = this.live(user);
    if (live !== undefined) return this.extend(live, apiKey);
    const made: ListenKey = { key: newListenKey(), user, apiKey, expiresAt: this.clock() + this.ttlMs };
    this.byKey.set(made.key, made);
    this.byUser.set(user, made);
    return made;
  }

  /** PUT: extends the account's live key (the one named, when `key` is given); undefined when there is none. */
  keepAlive(user: number, apiKey: string, key?: string): ListenKey | undefined {
    const live = this.live(user);
    if (live === undefined || (key !== undefined && live.key !== key)) return undefined;
    return this.extend(live, apiKey);
  }

  /** DELETE: ends the account's live key (the one named, when `key` is given); false when there is none. */
  delete(user: number, key?: string): boolean {
    const live = this.live(user);
    if (live === undefined || (key !== undefined && live.key !== key)) return false;
    this.end(live, 'deleted');
    return true;
  }

  /** A live key by its text; an expired one is ended here rather than answered. */
  find(key: string): ListenKey | undefined {
    const found = this.byKey.get(key);
    if (found === undefined) return undefined;
    if (found.expiresAt <= this.clock()) {
      this.end(found, 'expired');
      return undefined;
    }
    return found;
  }

  /** Told of every key that ends; answers the way to stop being told. */
  onEnd(listener: ListenKeyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How the periodic check tells whether a key's API key and account are still good. */
  validateWith(check: (key: ListenKey) => Promise<boolean>): void {
    this.validate = check;
  }

  /** Ends every key past its expiry. */
  sweep(): void {
    const now = this.clock();
    for (const k of [...this.byKey.values()]) if (k.expiresAt <= now) this.end(k, 'expired');
  }

  /** Ends the keys whose API key was revoked or whose account was frozen since they were made or extended. */
  async revalidate(): Promise<void> {
    const check = this.validate;
    if (check === null || this.validating || this.byKey.size === 0) return;
    this.validating = true;
    try {
      for (const k of [...this.byKey.values()]) {
        let good = true;
        try {
          good = await check(k);
        } catch {
          continue; // the store is closing or failed: tried again at the next check
        }
        if (!good && this.byKey.get(k.key) === k) this.end(k, 'expired');
      }
    } finally {
      this.validating = false;
    }
  }

  dispose(): void {
    clearInterval(this.sweeper);
    clearInterval(this.validator);
    this.listeners.clear();
  }

  private live(user: number): ListenKey | undefined {
    const k = this.byUser.get(user);
    return k === undefined ? undefined : this.find(k.key);
  }

  private extend(k: ListenKey, apiKey: string): ListenKey {
    k.apiKey = apiKey;
    k.expiresAt = this.clock() + this.ttlMs;
    return k;
  }

  private end(k: ListenKey, why: ListenKeyEnd): void {
    if (this.byKey.get(k.key) !== k) return;
    this.byKey.delete(k.key);
    if (this.byUser.get(k.user) === k) this.byUser.delete(k.user);
    for (const listener of [...this.listeners]) listener(k, why);
  }
}

/** Which Binance venue a registry serves: USDⓈ-M futures (fstream) or spot (the /stream user stream, the WebSocket API). */
export type ListenKeyVenue = 'usdm' | 'spot';

// One registry per app and venue: the REST routes (binance/index.ts) and the WebSocket routes (fstream.ts,
// sstream-user.ts, ws-api.ts) find it here.
const registries = new WeakMap<FastifyInstance, Map<ListenKeyVenue, ListenKeys>>();

/** The app's listen keys of `venue`, made on first use (call it while the app is being built: it adds an onClose hook). */
export function listenKeysOf(app: FastifyInstance, clock: Clock, venue: ListenKeyVenue = 'usdm', o: ListenKeysOptions = {}): ListenKeys {
  let venues = registries.get(app);
  if (venues === undefined) {
    venues = new Map();
    registries.set(app, venues);
  }
  let keys = venues.get(venue);
  if (keys === undefined) {
    const made = new ListenKeys(clock, o);
    keys = made;
    venues.set(venue, made);
    app.addHook('onClose', async () => made.dispose());
  }
  return keys;
}

/** Where each venue's REST calls live and how they differ (see the top of the file). */
const VENUES: Readonly<Record<ListenKeyVenue, { prefix: string; path: string; weight: number; keyRequired: boolean }>> = {
  usdm: { prefix: '/fapi/v1', path: '/listenKey', weight: 1, keyRequired: false },
  spot: { prefix: '/api/v3', path: '/userDataStream', weight: 2, keyRequired: true },
};

/** Whether `key`'s API key is still live, still its account's, and the account not frozen. */
export async function listenKeyValid(auth: AuthDeps, k: { readonly apiKey: string; readonly user: number }): Promise<boolean> {
  const found = await auth.keys.lookup(k.apiKey);
  return found !== null && found.row.user === k.user && (await auth.userActive(k.user));
}

export interface ListenKeyRouteDeps {
  readonly auth: AuthDeps;
  readonly clock: Clock;
  /** Counts a request's weight against its address (binance/index.ts); throws -1003 past the limit. */
  readonly meter: (request: FastifyRequest, reply: FastifyReply, weight: number) => void;
  /** Which venue's calls to serve; default the USDⓈ-M ones. */
  readonly venue?: ListenKeyVenue | undefined;
}

/**
 * POST, PUT and DELETE /fapi/v1/listenKey (venue usdm) or /api/v3/userDataStream (venue spot), in a scope of their own
 * (the prefix scope's rules: form bodies read as text, `{code, msg}` errors, every request metered by address).
 */
export async function listenKeyRoutes(app: FastifyInstance, deps: ListenKeyRouteDeps): Promise<void> {
  const venue = deps.venue ?? 'usdm';
  const { prefix, path, weight, keyRequired } = VENUES[venue];
  const keys = listenKeysOf(app, deps.clock, venue);
  keys.validateWith((k) => listenKeyValid(deps.auth, k));
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      scope.setErrorHandler((error: unknown, request, reply) => {
        const known = failure(error);
        if (known === null) request.log.error({ err: error }, 'binance listenKey request failed');
        const e = known ?? errors.unknown();
        return reply.code(e.status).send({ code: e.code, msg: e.message });
      });
      const paramsOf = (request: FastifyRequest): Params => {
        const at = request.url.indexOf('?');
        const type = request.headers['content-type'];
        const form = typeof type === 'string' && FORM.test(type) && typeof request.body === 'string';
        return new Params(at < 0 ? '' : request.url.slice(at + 1), form ? (request.body as string) : '');
      };
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        scope.route({
          method,
          url: path,
          handler: async (request, reply) => {
            deps.meter(request, reply, weight);
            const params = paramsOf(request);
            const caller = await authenticateKey(deps.auth, restCall(request));
            // Spot: PUT and DELETE must name the key, POST takes none (one sent is unread: -1104). Futures: optional.
            let named: string | undefined;
            if (!keyRequired) named = params.text('listenKey');
            else if (method !== 'POST') named = params.required('listenKey');
            params.done(IGNORED);
            if (method === 'POST') return { listenKey: keys.open(caller.user, caller.apiKey).key };
            if (method === 'PUT') {
              const live = keys.keepAlive(caller.user, caller.apiKey, named);
              if (live === undefined) throw listenKeyErrors.missing();
              return keyRequired ? {} : { listenKey: live.key };
            }
            if (!keys.delete(caller.user, named)) throw listenKeyErrors.missing();
            return {};
          },
        });
      }
    },
    { prefix },
  );
}
