// /app/apiKeys/*: a signed-in user makes, lists and revokes their own keys for the Binance-compatible API. The
// secret is in the create reply only (stored encrypted, see binance/keys.ts). Input is checked in full before
// anything is stored: the shape by TypeBox (request.invalid / validate.required), then the label, the addresses
// and the per-user limit, each refused with its own catalogue code (API_KEY_ERROR_CODES) in the envelope.
import { perKeySerial } from '../../accounts/serial.ts';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Accounts } from '../../accounts/service.ts';
import {
  API, API_KEY_LABEL_MAX, API_KEY_MAX_IPS, API_KEYS_PER_USER, PRODUCT_NAME,
  type ApiKeyCreateReply, type ApiKeyItem, type ApiKeyListReply,
} from '../../contract/api.ts';
import type { ApiKeyErrorCode } from '../../contract/errors.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { Store } from '../../store/index.ts';
import type { ApiKeys } from '../binance/keys.ts';
import { requestContext, requestLocale, type Envelopes } from '../envelope.ts';
import { parser } from '../validate.ts';

export interface ApiKeyRouteDeps {
  store: Store;
  accounts: Accounts;
  envelopes: Envelopes;
  messages: Messages;
  keys: ApiKeys;
}

// Shape bounds only (so nothing absurd is looked at); the real rules come after, with their own codes.
const CreateBody = Type.Object(
  {
    label: Type.Optional(Type.String({ maxLength: 1000 })),
    trade: Type.Boolean(),
    ips: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
const RevokeBody = Type.Object({ apiKey: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });

const parseCreate = parser(CreateBody);
const parseRevoke = parser(RevokeBody);

export class Refusal extends Error {
  override name = 'Refusal';
  readonly code: ApiKeyErrorCode;
  readonly data: Readonly<Record<string, unknown>> | null;
  constructor(code: ApiKeyErrorCode, data: Readonly<Record<string, unknown>> | null = null) {
    super(code);
    this.code = code;
    this.data = data;
  }
}

// C0 and C1 controls, DEL, and line/paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** The label to store (trimmed), or null for none; refuses one out of rule. */
export function checkLabel(label: string | undefined): string | null {
  if (label === undefined) return null;
  const trimmed = label.trim();
  if (trimmed.length === 0 || [...trimmed].length > API_KEY_LABEL_MAX || CONTROL.test(trimmed)) {
    throw new Refusal('apikey.label.invalid', { max: API_KEY_LABEL_MAX });
  }
  return trimmed;
}

/** The distinct addresses, each a valid IPv4 or IPv6 address, at most API_KEY_MAX_IPS. */
export function checkIps(ips: readonly string[] | undefined): string[] {
  const distinct = [...new Set((ips ?? []).map((ip) => ip.trim()))];
  if (distinct.length > API_KEY_MAX_IPS) throw new Refusal('apikey.ip.too.many', { max: API_KEY_MAX_IPS });
  for (const ip of distinct) if (isIP(ip) === 0) throw new Refusal('apikey.ip.invalid');
  return distinct;
}

export function apiKeyRoutes(app: FastifyInstance, deps: ApiKeyRouteDeps): void {
  const { store, envelopes, messages, keys } = deps;
  const user = async (request: FastifyRequest) => (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user;
  /** Answers a Refusal as an envelope; anything else goes on to the app's error handler. */
  const refusing = <T>(work: (request: FastifyRequest) => Promise<T>) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await work(request);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const msg = messages.t(requestLocale(request), error.code, { product: PRODUCT_NAME, ...error.data });
      return reply.code(200).send({ code: error.code, msg, data: error.data });
    }
  };
  // One create at a time per user, so two at once can't both pass the limit.
  const serial = perKeySerial<number>();

  app.post(API.apiKeyCreate, refusing(async (request) => {
    const body = parseCreate(request.body);
    const owner = await user(request);
    const label = checkLabel(body.label);
    const ips = checkIps(body.ips);
    const made = await serial(owner.id, async () => {
      const live = (await store.apiKeys.list(owner.id)).filter((k) => k.revokedAt === null).length;
      if (live >= API_KEYS_PER_USER) throw new Refusal('apikey.limit.reached', { max: API_KEYS_PER_USER });
      const key = await keys.create(owner.id, { trade: body.trade, ips });
      if (label !== null) {
        // A key whose label could not be kept is revoked, so a failed create leaves no usable key behind.
        await store.feeLevels.setLabel(key.apiKey, label).catch(async (error: unknown) => {
          await keys.revoke(owner.id, key.apiKey);
          throw error;
        });
      }
      return key;
    });
    const reply: ApiKeyCreateReply = { apiKey: made.apiKey, secret: made.secret };
    return envelopes.success(request, reply);
  }));

  app.get(API.apiKeyList, async (request) => {
    const owner = await user(request);
    const list = await keys.list(owner.id);
    const labels = await store.feeLevels.labels(list.map((k) => k.apiKey));
    const reply: ApiKeyListReply = {
      list: list.map((k): ApiKeyItem => ({
        apiKey: k.apiKey, label: labels.get(k.apiKey) ?? null, trade: k.canTrade, ips: k.ips, createTime: k.createdAt, revokeTime: k.revokedAt,
      })),
    };
    return envelopes.success(request, reply);
  });

  app.post(API.apiKeyRevoke, refusing(async (request) => {
    const body = parseRevoke(request.body);
    const owner = await user(request);
    if (!(await keys.revoke(owner.id, body.apiKey))) throw new Refusal('apikey.not.found');
    return envelopes.success(request, { apiKey: body.apiKey, revoked: true });
  }));
}
