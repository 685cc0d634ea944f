// Signed requests (Binance's SIGNED security): X-MBX-APIKEY names a live key; `signature` is the hex
// HMAC-SHA256, under the key's secret, of the query string followed by the body with the signature parameter
// taken out; `timestamp` must lie within `recvWindow` (default 5000, at most 60000 ms, up to three decimals; sent
// empty it is refused with -1105 rather than taken as the default) of the server's clock and
// at most 1 s ahead of it; a signature is accepted once while its timestamp is still valid (replays within the
// window are refused). Read-only keys may not trade; a key with an address list only works from those addresses.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { ApiKeys } from './keys.ts';
import { KEY_FORMAT } from './keys.ts';
import { errors } from './errors.ts';
import type { Params } from './params.ts';

export const DEFAULT_RECV_WINDOW = 5000;
export const MAX_RECV_WINDOW = 60000;
const AHEAD_MS = 1000;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;
const RECV_WINDOW = /^[0-9]{1,16}(\.[0-9]{1,3})?$/;

export interface Caller {
  readonly user: number;
  readonly apiKey: string;
  readonly canTrade: boolean;
}

/** `a=1&b=2&signature=..` → `a=1&b=2`: the signed text of one part (query or body). */
function unsigned(part: string): string {
  return part.split('&').filter((p) => p !== '' && !p.startsWith('signature=')).join('&');
}

/** Signatures seen, until their timestamp could no longer pass the window check anyway. Per process. */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();
  private readonly limit: number;
  constructor(limit = 200_000) {
    this.limit = limit;
  }
  /** False if `key` was seen and has not expired; records it otherwise. */
  claim(key: string, expiresAt: number, now: number): boolean {
    const until = this.seen.get(key);
    if (until !== undefined && until >= now) return false;
    if (this.seen.size >= this.limit) this.sweep(now);
    this.seen.set(key, expiresAt);
    return true;
  }
  private sweep(now: number): void {
    for (const [k, until] of this.seen) if (until < now) this.seen.delete(k);
    // Still full of live entries: drop the oldest; a replay of those is still stopped by its stale timestamp soon.
    for (const k of this.seen.keys()) {
      if (this.seen.size < this.limit) break;
      this.seen.delete(k);
    }
  }
}

export interface AuthDeps {
  keys: ApiKeys;
  clock: Clock;
  replay: ReplayGuard;
  /** Whether the user may act at all (not frozen). */
  userActive(user: number): Promise<boolean>;
}

/**
 * Who is asking, as authentication reads it: the API key sent (REST: the X-MBX-APIKEY header; the WebSocket API:
 * the request's `apiKey` param), the client's address (for keys bound to addresses), and whether the call changes
 * something (then a replayed signature is refused).
 */
export interface KeyedCall {
  readonly apiKey: unknown;
  readonly ip: string;
  readonly guarded: boolean;
}

/** A REST request as a KeyedCall: only POST, PUT and DELETE are guarded against replays. */
export const restCall = (request: FastifyRequest): KeyedCall => ({ apiKey: request.headers['x-mbx-apikey'], ip: request.ip, guarded: request.method !== 'GET' });

/** The live key named by the call, usable from its client address. */
async function keyOf(deps: AuthDeps, call: KeyedCall) {
  const header = call.apiKey;
  if (header === undefined || header === '') throw errors.unauthorized();
  if (typeof header !== 'string' || !KEY_FORMAT.test(header)) throw errors.keyFormat();
  const found = await deps.keys.lookup(header);
  if (found === null) throw errors.keyInvalid();
  if (found.row.ips.length > 0 && !found.row.ips.includes(call.ip)) throw errors.keyInvalid();
  return found;
}

/** recvWindow in milliseconds, with up to three decimals (microseconds) as Binance takes it; default 5000. */
function recvWindowOf(params: Params): number {
  const text = params.text('recvWindow');
  if (text === undefined) return DEFAULT_RECV_WINDOW;
  if (!RECV_WINDOW.test(text)) throw errors.illegalText('recvWindow');
  const ms = Number(text);
  if (ms <= 0) throw errors.value('recvWindow');
  if (ms > MAX_RECV_WINDOW) throw errors.recvWindow();
  return ms;
}

/** MARKET_DATA security: a live key from an allowed address, no signature. */
export async function authenticateKey(deps: AuthDeps, call: KeyedCall): Promise<Caller> {
  const found = await keyOf(deps, call);
  if (!(await deps.userActive(found.row.user))) throw errors.keyInvalid();
  return { user: found.row.user, apiKey: found.row.id, canTrade: found.row.canTrade };
}

/** TRADE (`trade`) and USER_DATA security: key, signature, timing, replay. */
export async function authenticate(deps: AuthDeps, call: KeyedCall, params: Params, raw: { query: string; body: string }, trade: boolean): Promise<Caller> {
  const found = await keyOf(deps, call);
  if (trade && !found.row.canTrade) throw errors.keyInvalid();
  params.required('timestamp');
  const timestamp = params.int('timestamp', 0, Number.MAX_SAFE_INTEGER)!;
  const recvWindow = recvWindowOf(params);
  const signature = params.required('signature');
  if (!SIGNATURE.test(signature)) throw errors.signature();
  const expected = createHmac('sha256', found.secret).update(unsigned(raw.query) + unsigned(raw.body)).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw errors.signature();
  // After the signature: an unsigned request can't fill the replay cache or learn anything from the clock check.
  const now = deps.clock();
  if (timestamp > now + AHEAD_MS) throw errors.timestampAhead();
  if (now - timestamp > recvWindow) throw errors.timestamp();
  // Only a request that changes something is refused when replayed: the same read twice in one millisecond
  // (ccxt does it) is two reads, and a captured read replayed teaches its captor nothing it didn't have.
  if (call.guarded && !deps.replay.claim(`${found.row.id}:${signature.toLowerCase()}`, timestamp + recvWindow, now)) throw errors.replayed();
  if (!(await deps.userActive(found.row.user))) throw errors.keyInvalid();
  return { user: found.row.user, apiKey: found.row.id, canTrade: found.row.canTrade };
}
