// A process-wide revision of the rows a request's sign-in check reads (sessions, users, system_config), so the
// gateway can keep those reads in memory (accounts/sessions.ts, gateway/routes/spot/guard.ts) and still see every
// change made in this process at once. Every store's Kysely instance carries `authWrites`: a query that inserts,
// updates or deletes one of those tables bumps the revision before it runs and again once it has run, and a cached
// read taken under an older revision is not used. Changes made by another process (the operator CLI run as its own
// process, another server) are not seen this way: the caches also expire after AUTH_CACHE_MS, the documented bound
// on how long such a change (a revoked session, a frozen account, a changed setting) can go unnoticed here.
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** How long a cached sign-in read may be used at most (another process's changes show within this). */
export const AUTH_CACHE_MS = 1_000;

const WATCHED = new Set(['sessions', 'users', 'system_config']);
const WATCHED_TEXT = /\b(sessions|users|system_config)\b/i;

let revision = 0;

/** The current revision: a cached read is valid only under the revision it was taken in. */
export function authRevision(): number {
  return revision;
}

/** Where reads in flight are kept by key (a Map, or a WeakMap keyed by a store). */
interface InFlight<K, V> {
  get(key: K): { readonly revision: number; readonly value: Promise<V> } | undefined;
  set(key: K, entry: { readonly revision: number; readonly value: Promise<V> }): unknown;
  delete(key: K): unknown;
}

/**
 * `read()`, or the same read already in flight for `key` when it began under the current revision: the requests that
 * find a cached entry expired together (a client's many sockets) share one read. One begun before a write of this
 * process (a sign-out, a freeze, a setting) is not shared after it.
 */
export function sharedRead<K, V>(inFlight: InFlight<K, V>, key: K, read: () => Promise<V>): Promise<V> {
  const now = revision;
  const pending = inFlight.get(key);
  if (pending !== undefined && pending.revision === now) return pending.value;
  const entry = { revision: now, value: read() };
  inFlight.set(key, entry);
  const done = () => {
    if (inFlight.get(key) === entry) inFlight.delete(key);
  };
  entry.value.then(done, done);
  return entry.value;
}

/** Table names a write names (its target, and for an update its FROM), looked up through the few node kinds used. */
function namesWatched(node: OperationNode | undefined, depth = 0): boolean {
  if (node === undefined || depth > 6) return false;
  const n = node as OperationNode & Record<string, unknown>;
  if (n.kind === 'IdentifierNode') return WATCHED.has(String(n['name']));
  for (const key of ['table', 'into', 'from', 'froms', 'identifier', 'node'] as const) {
    const child = n[key];
    if (Array.isArray(child)) {
      for (const c of child as OperationNode[]) if (namesWatched(c, depth + 1)) return true;
    } else if (child !== null && typeof child === 'object' && 'kind' in child && namesWatched(child as OperationNode, depth + 1)) return true;
  }
  return false;
}

function touchesAuth(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'SelectQueryNode':
      return false;
    case 'InsertQueryNode':
      return namesWatched(node.into);
    case 'UpdateQueryNode':
      return namesWatched(node.table) || namesWatched(node.from);
    case 'DeleteQueryNode':
      return namesWatched(node.from);
    case 'RawNode':
      return node.sqlFragments.some((f) => WATCHED_TEXT.test(f));
    default:
      return true; // anything else (schema changes, merge…): assume it may
  }
}

const pending = new WeakSet<object>();

export const authWrites: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (touchesAuth(args.node)) {
      revision++;
      pending.add(args.queryId);
    }
    return args.node;
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Again once it ran: a read that refilled a cache while the write was in flight holds the older state.
    if (pending.has(args.queryId)) {
      pending.delete(args.queryId);
      revision++;
    }
    return args.result;
  },
};
