// The wire codec: whatever a desk or gateway sends comes back exactly (bigints of any size, unicode, nulls, keys that
// look like tags), and bytes that are not ours are refused with a CodecError rather than half-read.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODEC_VERSION, CodecError, decode, encode } from '../../../server/bus/index.ts';

// JSON has no -0; everything else a finite double can be travels as is.
const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
const bigint = fc.oneof(fc.bigInt(), fc.bigInt({ min: -(1n << 200n), max: 1n << 200n }), fc.constantFrom(-(1n << 64n) - 1n, 1n << 64n, 0n, -1n));
const key = fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom('$big', '$map', '$', '$$big', '__proto__', 'constructor', '$n'));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    number,
    bigint,
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5, noNullPrototype: true }),
    fc.array(fc.tuple(tie('value'), tie('value')), { maxLength: 4 }).map((entries) => new Map(entries)),
  ),
}));

describe('bus codec', () => {
  it('decode(encode(x)) deep-equals x', () => {
    fc.assert(
      // node's strict deep equality, not toStrictEqual: that one reads a field named 'constructor' as the class.
      fc.property(value, (x) => isDeepStrictEqual(decode(encode(x)), x)),
      { numRuns: 2000 },
    );
  });

  it('keeps bigints beyond 2^64 exact, negative ones too, and unicode strings', () => {
    const x = { a: (1n << 130n) + 7n, b: -(1n << 70n), c: [0n, -1n], s: 'BTC/USDT 比特币 ビットコイン บิตคอยน์ 🚀', n: null };
    const back = decode(encode(x)) as typeof x;
    expect(back).toStrictEqual(x);
    expect(back.a - x.a).toBe(0n);
  });

  it('drops undefined fields, and an undefined array slot becomes null as in JSON', () => {
    expect(decode(encode({ a: 1, b: undefined, c: { d: undefined } }))).toStrictEqual({ a: 1, c: {} });
    expect(decode(encode([1, undefined, 2]))).toStrictEqual([1, null, 2]);
  });

  it('keeps a Map a Map, its keys and values of any kind', () => {
    const x = { views: new Map<unknown, unknown>([[7, { pocket: 1n }], ['BTCUSDT', [1, 2]], [null, new Map([[1n, 'x']])]]) };
    const back = decode(encode(x)) as typeof x;
    expect(back.views).toBeInstanceOf(Map);
    expect(isDeepStrictEqual(back, x)).toBe(true);
  });

  it('a plain object shaped like a bigint or map tag stays a plain object', () => {
    expect(decode(encode({ $map: [[1, 2]] }))).toStrictEqual({ $map: [[1, 2]] });
    const x = { $big: '12', nested: { $big: 'not digits' }, $$: 1 };
    expect(decode(encode(x))).toStrictEqual(x);
    expect(decode(encode({ $big: '5' }))).not.toBe(5n);
  });

  it('a key named __proto__ stays data and sets no prototype', () => {
    const x = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const back = decode(encode(x)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses what JSON cannot carry exactly', () => {
    expect(() => encode(Number.NaN)).toThrow(CodecError);
    expect(() => encode({ a: Number.POSITIVE_INFINITY })).toThrow(/Infinity at \$\.a/);
    expect(() => encode({ d: new Date(0) })).toThrow(/Date object at \$\.d/);
    expect(() => encode({ f: () => 1 })).toThrow(CodecError);
    expect(() => encode(undefined)).toThrow(CodecError);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => encode(cyclic)).toThrow(/nested deeper/);
  });

  it('refuses garbage with a clear CodecError', () => {
    const bytes = (version: number, text: string) => new Uint8Array([version, ...new TextEncoder().encode(text)]);
    expect(encode({ a: 1 })[0]).toBe(CODEC_VERSION);
    expect(() => decode(new Uint8Array())).toThrow(/too short/);
    expect(() => decode(new TextEncoder().encode('{"a":1}'))).toThrow(/unknown payload version 123/);
    expect(() => decode(bytes(2, '{}'))).toThrow(/unknown payload version 2/);
    expect(() => decode(bytes(1, '{"a":'))).toThrow(/not UTF-8 JSON/);
    expect(() => decode(new Uint8Array([1, 0xff, 0xfe]))).toThrow(/not UTF-8 JSON/);
    expect(() => decode(bytes(1, '{"$big":"1.5"}'))).toThrow(/bad bigint tag at \$/);
    expect(() => decode(bytes(1, '{"$map":[[1]]}'))).toThrow(/bad map tag at \$/);
    expect(() => decode(bytes(1, '{"$map":{"a":1}}'))).toThrow(/bad map tag at \$/);
    expect(() => decode(bytes(1, '{"x":{"$big":7}}'))).toThrow(/bad bigint tag at \$\.x/);
    expect(() => decode(bytes(1, '{"$other":1}'))).toThrow(/unescaped key \$other/);
    expect(() => decode(bytes(1, `${'['.repeat(100)}${']'.repeat(100)}`))).toThrow(/nested deeper/);
    expect(() => decode(bytes(1, '{"a":1}'))).not.toThrow();
  });
});
