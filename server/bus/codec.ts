// Bytes for what crosses a process boundary (bus events, logged commands): one version byte, then UTF-8 JSON.
// Money is bigint in the desks' commands, and JSON has no bigint, so a bigint travels tagged as {"$big":"<digits>"}.
// A Map (a desk's read keyed by id, a job's tapes by market) travels as {"$map":[[key, value], …]}.
// So that no plain object can pass for a tag, object keys that start with '$' are escaped with one more '$' on the
// wire. Undefined fields are dropped (as JSON.stringify does); what JSON cannot carry exactly (NaN, ±Infinity,
// functions, symbols, class instances other than plain objects and arrays) is refused when encoding rather than
// silently changed on the way.

/** The wire format's version; a decoder refuses any other, so a format change is a new number, never a reinterpretation. */
export const CODEC_VERSION = 1;

const BIG = '$big';
const MAP = '$map';
const DIGITS = /^-?(0|[1-9][0-9]*)$/;
/** Deeper than any event or command we send; a bound keeps a cycle or hostile input from exhausting the stack. */
const MAX_DEPTH = 64;

export class CodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodecError';
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Encodes `value` (plain objects, arrays, strings, finite numbers, booleans, null, bigint) to bytes. */
export function encode(value: unknown): Uint8Array {
  let json: string | undefined;
  try {
    // Most events and calls hold nothing JSON would change (no bigint, Map or '$' key): their JSON is the wire form.
    json = JSON.stringify(plain(value, 0) ? value : toWire(value, 0));
  } catch (error) {
    throw located(error, value, toWire);
  }
  // A top-level undefined has no JSON text; it is not a payload anyone should send.
  if (json === undefined) throw new CodecError('cannot encode undefined');
  const out = Buffer.allocUnsafe(Buffer.byteLength(json) + 1);
  out[0] = CODEC_VERSION;
  out.write(json, 1);
  return out;
}

/** True when JSON.stringify writes `value` exactly as the wire has it, and refuses nothing in it: no copy needed. */
function plain(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!plain(value[i], depth + 1)) return false;
        return true;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      const from = value as Record<string, unknown>;
      for (const k in from) {
        if (!Object.hasOwn(from, k)) return false;
        if (k.charCodeAt(0) === DOLLAR || !plain(from[k], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false; // bigint (tagged), function or symbol (refused)
  }
}

/** Decodes bytes made by `encode`; throws CodecError on anything else (wrong version, bad UTF-8 or JSON, bad tags). */
export function decode(bytes: Uint8Array): unknown {
  if (bytes.length < 2) throw new CodecError(`payload too short (${bytes.length} bytes)`);
  if (bytes[0] !== CODEC_VERSION) throw new CodecError(`unknown payload version ${bytes[0]} (expected ${CODEC_VERSION})`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(bytes.subarray(1)));
  } catch (error) {
    throw new CodecError(`payload is not UTF-8 JSON: ${(error as Error).message}`);
  }
  try {
    return fromWire(parsed, 0);
  } catch (error) {
    throw located(error, parsed, fromWire);
  }
}

// The walks below run on every event and command, so they build no path strings on the way: when one throws, the
// walk is repeated with the path tracked (`locate`), only to name where the bad value sits.
type Walk = (value: unknown, depth: number) => unknown;

/** `error` as thrown by `walk(value)`, with the path of the value it refused when it is a CodecError. */
function located(error: unknown, value: unknown, walk: Walk): unknown {
  if (!(error instanceof CodecError)) return error;
  const path = locate(value, walk);
  return new CodecError(path === null ? error.message : `${error.message} at ${path}`);
}

/** The path of the deepest node `walk` refuses (all its children passing on their own), or null. */
function locate(value: unknown, walk: Walk, depth = 0, path = '$'): string | null {
  const refused = (v: unknown, d: number): boolean => {
    try {
      walk(v, d);
      return false;
    } catch {
      return true;
    }
  };
  if (depth > MAX_DEPTH || !refused(value, depth)) return depth > MAX_DEPTH ? path : null;
  if (typeof value === 'object' && value !== null) {
    const children: Array<[unknown, number, string]> = [];
    if (value instanceof Map) {
      let i = 0;
      for (const [k, v] of value) {
        children.push([k, depth + 2, `${path}<key ${i}>`], [v, depth + 2, `${path}<${i}>`]);
        i++;
      }
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => children.push([v, depth + 1, `${path}[${i}]`]));
    } else {
      for (const k of Object.keys(value)) children.push([(value as Record<string, unknown>)[k], depth + 1, `${path}.${k}`]);
    }
    for (const [v, d, at] of children) {
      if (refused(v, d)) return locate(v, walk, d, at);
    }
  }
  return path;
}

function toWire(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new CodecError(`nested deeper than ${MAX_DEPTH}`);
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new CodecError(`cannot encode ${value}`);
      return value;
    case 'bigint':
      return { [BIG]: value.toString() };
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        // JSON writes an undefined array slot as null; keep that rule rather than shifting later elements.
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) {
          const v: unknown = value[i];
          out[i] = v === undefined ? null : toWire(v, depth + 1);
        }
        return out;
      }
      if (value instanceof Map) {
        const pairs: unknown[] = [];
        for (const [k, v] of value) pairs.push([toWire(k, depth + 2), toWire(v, depth + 2)]);
        return { [MAP]: pairs };
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        throw new CodecError(`cannot encode a ${(proto as { constructor?: { name?: string } } | null)?.constructor?.name ?? 'non-plain'} object`);
      }
      const out: Record<string, unknown> = {};
      const from = value as Record<string, unknown>;
      for (const k in from) {
        if (!Object.hasOwn(from, k)) continue;
        const v = from[k];
        if (v === undefined) continue;
        setOwn(out, k.charCodeAt(0) === DOLLAR ? `$${k}` : k, toWire(v, depth + 1));
      }
      return out;
    }
    default:
      throw new CodecError(`cannot encode a ${typeof value}`);
  }
}

function fromWire(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new CodecError(`nested deeper than ${MAX_DEPTH}`);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'object' && v !== null) value[i] = fromWire(v, depth + 1);
    }
    return value;
  }
  const from = value as Record<string, unknown>;
  // A tag is an object of exactly one key; a plain object's '$' keys arrive escaped ('$$…'), so one can't pass for it.
  let only: string | undefined;
  let keys = 0;
  let escaped = false;
  for (const k in from) {
    keys++;
    only = k;
    if (k.charCodeAt(0) === DOLLAR) escaped = true;
  }
  if (keys === 1 && only === BIG) {
    const digits = from[BIG];
    if (typeof digits !== 'string' || !DIGITS.test(digits)) throw new CodecError('bad bigint tag');
    return BigInt(digits);
  }
  if (keys === 1 && only === MAP) {
    const pairs = from[MAP];
    if (!Array.isArray(pairs) || !pairs.every((p) => Array.isArray(p) && p.length === 2)) throw new CodecError('bad map tag');
    return new Map((pairs as Array<[unknown, unknown]>).map(([k, v]) => [fromWire(k, depth + 2), fromWire(v, depth + 2)]));
  }
  if (!escaped) {
    // JSON.parse made this object (its own keys, '__proto__' as data): reuse it, converting its values in place.
    for (const k in from) {
      const v = from[k];
      if (typeof v === 'object' && v !== null) from[k] = fromWire(v, depth + 1);
    }
    return from;
  }
  const out: Record<string, unknown> = {};
  for (const k in from) {
    if (k.charCodeAt(0) === DOLLAR && k.charCodeAt(1) !== DOLLAR) throw new CodecError(`unescaped key ${k}`);
    setOwn(out, k.charCodeAt(0) === DOLLAR ? k.slice(1) : k, fromWire(from[k], depth + 1));
  }
  return out;
}

const DOLLAR = 36; // '$'

/** A plain assignment of '__proto__' would set the prototype instead of a field: define that one key as data, as JSON.parse does. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
