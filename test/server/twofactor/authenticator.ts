// A software WebAuthn authenticator for the server tests: an ES256 key pair from node:crypto, packed into the
// CBOR structures a browser hands over (attestation "none"), so registration and sign-in run through the real
// @simplewebauthn/server verification with no browser. Only the CBOR the structures need is encoded here.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface SoftKey {
  readonly id: string;
  readonly privateKey: KeyObject;
  readonly x: Buffer;
  readonly y: Buffer;
  counter: number;
  userHandle: string | undefined;
}

export function newSoftKey(): SoftKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  return { id: b64(randomBytes(16)), privateKey, x: Buffer.from(jwk.x!, 'base64url'), y: Buffer.from(jwk.y!, 'base64url'), counter: 0, userHandle: undefined };
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export interface Ceremony {
  rpID: string;
  origin: string;
  challenge: string;
  /** Leave the user-verified flag off (an authenticator that only tests presence). */
  noUv?: boolean;
}

/** What navigator.credentials.create would resolve with (as RegistrationResponseJSON). */
export function attest(key: SoftKey, c: Ceremony & { userId: string }) {
  key.userHandle = c.userId;
  const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: c.challenge, origin: c.origin, crossOrigin: false }));
  const cose = cbor(new Map<number, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, key.x], [-3, key.y]]));
  const rawId = Buffer.from(key.id, 'base64url');
  const authData = Buffer.concat([
    sha256(c.rpID), Buffer.from([UP | (c.noUv ? 0 : UV) | AT]), counterBytes(key.counter),
    Buffer.alloc(16), Buffer.from([rawId.length >> 8, rawId.length & 0xff]), rawId, cose,
  ]);
  const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
  return {
    id: key.id, rawId: key.id, type: 'public-key' as const, clientExtensionResults: {},
    response: { clientDataJSON: b64(clientData), attestationObject: b64(attestationObject), transports: ['internal'] },
  };
}

/** What navigator.credentials.get would resolve with (as AuthenticationResponseJSON); the counter moves on by one. */
export function assert(key: SoftKey, c: Ceremony & { counter?: number }) {
  key.counter = c.counter ?? key.counter + 1;
  const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: c.challenge, origin: c.origin, crossOrigin: false }));
  const authData = Buffer.concat([sha256(c.rpID), Buffer.from([UP | (c.noUv ? 0 : UV)]), counterBytes(key.counter)]);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), key.privateKey);
  return {
    id: key.id, rawId: key.id, type: 'public-key' as const, clientExtensionResults: {},
    response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature), ...(key.userHandle ? { userHandle: key.userHandle } : {}) },
  };
}
