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

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Encodes `value` (plain objects, arrays, strings, finite numbers, booleans, null, bigint) to bytes. */
export function encode(value: unknown): Uint8Array {
  const json = JSON.stringify(toWire(value, 0, '$'));
  // A top-level undefined has no JSON text; it is not a payload anyone should send.
  if (json === undefined) throw new CodecError('cannot encode undefined');
  const body = encoder.encode(json);
  const out = new Uint8Array(body.length + 1);
  out[0] = CODEC_VERSION;
  out.set(body, 1);
  return out;
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
  return fromWire(parsed, 0, '$');
}

function toWire(value: unknown, depth: number, path: string): unknown {
  if (depth > MAX_DEPTH) throw new CodecError(`nested deeper than ${MAX_DEPTH} at ${path}`);
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new CodecError(`cannot encode ${value} at ${path}`);
      return value;
    case 'bigint':
      return { [BIG]: value.toString() };
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        // JSON writes an undefined array slot as null; keep that rule rather than shifting later elements.
        return value.map((v, i) => (v === undefined ? null : toWire(v, depth + 1, `${path}[${i}]`)));
      }
      if (value instanceof Map) {
        return { [MAP]: [...value].map(([k, v], i) => [toWire(k, depth + 2, `${path}<key ${i}>`), toWire(v, depth + 2, `${path}<${i}>`)]) };
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        throw new CodecError(`cannot encode a ${proto?.constructor?.name ?? 'non-plain'} object at ${path}`);
      }
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (v === undefined) continue;
        setOwn(out, k.startsWith('$') ? `$${k}` : k, toWire(v, depth + 1, `${path}.${k}`));
      }
      return out;
    }
    default:
      throw new CodecError(`cannot encode a ${typeof value} at ${path}`);
  }
}

function fromWire(value: unknown, depth: number, path: string): unknown {
  if (depth > MAX_DEPTH) throw new CodecError(`nested deeper than ${MAX_DEPTH} at ${path}`);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v, i) => fromWire(v, depth + 1, `${path}[${i}]`));
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === BIG) {
    const digits = entries[0]![1];
    if (typeof digits !== 'string' || !DIGITS.test(digits)) throw new CodecError(`bad bigint tag at ${path}`);
    return BigInt(digits);
  }
  if (entries.length === 1 && entries[0]![0] === MAP) {
    const pairs = entries[0]![1];
    if (!Array.isArray(pairs) || !pairs.every((p) => Array.isArray(p) && p.length === 2)) throw new CodecError(`bad map tag at ${path}`);
    return new Map((pairs as Array<[unknown, unknown]>).map(([k, v], i) => [fromWire(k, depth + 2, `${path}<key ${i}>`), fromWire(v, depth + 2, `${path}<${i}>`)]));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    if (k.startsWith('$') && !k.startsWith('$$')) throw new CodecError(`unescaped key ${k} at ${path}`);
    setOwn(out, k.startsWith('$') ? k.slice(1) : k, fromWire(v, depth + 1, `${path}.${k}`));
  }
  return out;
}

/** A plain assignment of '__proto__' would set the prototype instead of a field: define it as data, as JSON.parse does. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
