// The operator console's own Fastify app (issue 25): its own instance on its own listener (OPS_PORT, 127.0.0.1 by
// default: server.ts), never on the public port. It serves the console's web app (dist/ops.html and the build's
// assets) and the console API under /ops/api (contract/ops.ts OPS_PATHS).
//
// Security: operators sign in with password and TOTP (auth.ts); the session is an HttpOnly, SameSite=Strict cookie;
// a user's ticket means nothing here (no route reads it). Every POST must carry `x-ops-request: 1` (a cross-site
// form can't set a header, and a cross-site fetch with one needs a CORS preflight this app never answers). Every
// reply has a strict CSP (default-src 'self', frame-ancestors 'none') and the usual hardening headers; API replies
// are no-store. Every command goes through the catalogue (commands.ts) with the operator's name and the role check.
import { sendJpeg } from '../gateway/jpeg.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import Type, { type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { createAdminExecutor, serverDesks } from '../admin/commands.ts';
import { REQUEST_ID_PATTERN } from '../admin/protocol.ts';
import type { PasswordHasher } from '../accounts/passwords.ts';
import { operatorPhotoFiles } from '../accounts/kyc/files.ts';
import { twoFactorKeyFor, type KeySource } from '../accounts/twofactor/secret-key.ts';
import type { Clock } from '../clock.ts';
import type { AssetRecordItem, Page } from '../contract/api.ts';
import { hasCapability, OPS_API, OPS_PATHS, OPS_REQUEST_HEADER, type OpsAuditItem, type OpsCapability, type OpsCommandResult, type OpsUserItem } from '../contract/ops.ts';
import { assetRecords, type Desks } from '../desks/index.ts';
import { PAGE_SIZES } from '../desks/records.ts';
import { recordItem } from '../gateway/routes/spot/views.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import { createOpsRepo } from '../store/ops.ts';
import type { Store } from '../store/index.ts';
import { auditCsv, auditItem } from './audit.ts';
import { clearSessionCookie, createOpsAuth, meOf, sessionToken, setSessionCookie } from './auth.ts';
import { createOpsCommands } from './commands.ts';
import type { OpsOperator, OpsRouteDeps } from './context.ts';
import { createOpsEnvelopes, installOpsErrorHandlers, OpsError, opsFail } from './errors.ts';
import { opsHealth, type PriceRecordHead, type SocketCounts } from './health.ts';
import { OPS_ROUTE_MODULES } from './modules.ts';
import { createOpsUsers } from './users.ts';

/** A module of more console routes (the content area's), registered against the console's deps. */
export type OpsRouteModule = (app: FastifyInstance, deps: OpsRouteDeps) => void | Promise<void>;

export interface OpsAppOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly messages: Messages;
  readonly hasher: PasswordHasher;
  /** The running server's desks: the catalogue's commands run through them (in sequence with users' commands). */
  readonly desks: Desks;
  /** Tells users what an operator did to them (the server's notifier, with the anti-phishing code). */
  readonly notifier: Notifier;
  /** Where the TOTP secrets' key is (API_KEY_SECRET, else DATA_DIR/api-key.secret): the CLI seals with the same. */
  readonly dataDir: string;
  /** The built web apps (dist/): the console's page is ops.html. */
  readonly staticDir: string;
  readonly logger?: boolean | { level: string } | undefined;
  readonly trustProxy?: boolean | undefined;
  readonly priceRecord?: (() => PriceRecordHead | null) | undefined;
  readonly sockets?: (() => SocketCounts) | undefined;
  /** The TOTP secrets' key (default: the data folder's); tests pass one. */
  readonly totpKey?: KeySource | undefined;
  /** More route modules (ops/modules.ts OPS_ROUTE_MODULES by default). */
  readonly routes?: readonly OpsRouteModule[] | undefined;
}

const BODY_LIMIT = 1024 * 1024;
export const OPS_PAGE = 'ops.html';

/** The console's content security policy: its own origin only, never framed. */
export const OPS_CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Console</title></head>
<body><h1>The console is not built yet</h1><p>Run <code>npm run build</code>, then reload this page.</p></body></html>
`;

const FILE_PATH = /\/[^/?]*\.[^/?]+(\?|$)/;
const isApi = (url: string) => url === OPS_API || url.startsWith(`${OPS_API}/`) || url.startsWith(`${OPS_API}?`) || url.startsWith(`${OPS_API}.`);

function compile<T extends TSchema>(schema: T): (value: unknown) => Static<T> {
  const check = Compile(schema);
  return (value) => {
    if (check.Check(value)) return value;
    opsFail('request.invalid');
  };
}

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Whole = Type.String({ pattern: '^[1-9][0-9]{0,14}$' });
const PageIndex = Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,6}$' }));
const PageSize = Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' }));
const Millis = Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' }));

const LoginBody = compile(Type.Object({ name: Text(64), password: Text(256), totp: Type.String({ maxLength: 16 }) }, { additionalProperties: false }));
const CommandBody = compile(
  Type.Object(
    {
      command: Text(64),
      // Each argument's own bound is the catalogue's (AdminArgsSchema): an article's body is long.
      args: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,31}$' }), Type.String({ maxLength: 200_000 }), { maxProperties: 40 }),
      reason: Type.Optional(Type.String({ maxLength: 500 })),
      requestId: Type.String({ pattern: REQUEST_ID_PATTERN }),
    },
    { additionalProperties: false },
  ),
);
const DecideBody = compile(Type.Object({ id: Type.Integer({ minimum: 1 }), approve: Type.Boolean(), reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false }));
const UsersQuery = compile(Type.Object({ q: Type.Optional(Type.String({ maxLength: 128 })), pageIndex: PageIndex, pageSize: PageSize }, { additionalProperties: false }));
const UserQuery = compile(Type.Object({ id: Whole }, { additionalProperties: false }));
const RecordsQuery = compile(Type.Object({ id: Whole, pageIndex: PageIndex, pageSize: PageSize }, { additionalProperties: false }));
const PhotoQuery = compile(Type.Object({ submission: Whole, kind: Type.Union([Type.Literal('front'), Type.Literal('back'), Type.Literal('hand')]) }, { additionalProperties: false }));
const ApprovalsQuery = compile(Type.Object({ status: Type.Optional(Type.Union(['pending', 'approved', 'rejected', 'failed', 'all'].map((s) => Type.Literal(s)))) }, { additionalProperties: false }));
const AuditQuery = compile(
  Type.Object(
    { operator: Type.Optional(Text(64)), command: Type.Optional(Text(64)), from: Millis, to: Millis, pageIndex: PageIndex, pageSize: PageSize },
    { additionalProperties: false },
  ),
);

const pageSizeOf = (raw: string | undefined, fallback: number, max: number): number => {
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(n) || n < 1 || n > max) opsFail('request.invalid');
  return n;
};

export async function buildOpsApp(o: OpsAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: o.logger ?? false, bodyLimit: BODY_LIMIT, trustProxy: o.trustProxy ?? false });
  const { store, clock } = o;
  const ops = createOpsRepo(store.db);
  const envelopes = createOpsEnvelopes(o.messages);
  const auth = createOpsAuth({ ops, clock, hasher: o.hasher, totpKey: o.totpKey ?? twoFactorKeyFor(o.dataDir), limits: o.store.rateLimits });
  const executor = createAdminExecutor({ store, clock, desks: { ...serverDesks(o.desks, store), via: 'console' }, notifier: o.notifier, messages: o.messages });
  const commands = createOpsCommands({ store, ops, clock, executor });
  const users = createOpsUsers({ store, ops, desks: o.desks });
  const startedAt = clock();

  // A POST with a JSON content type and no body is an absent body (as the public app takes it).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    json(request, text, done);
  });

  app.addHook('onRequest', async (request) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD' && request.headers[OPS_REQUEST_HEADER] !== '1') throw new OpsError('ops.request.header');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', OPS_CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });

  const built = existsSync(join(o.staticDir, OPS_PAGE));
  await app.register(fastifyStatic, {
    root: o.staticDir,
    serve: existsSync(o.staticDir),
    index: false,
    cacheControl: false,
    // The build's assets and the few root files (icons); never another page of dist/ (the public app's index.html).
    // (reply.sendFile of the page asks with the bare name.)
    allowedPath: (path) => path === OPS_PAGE || path === `/${OPS_PAGE}` || path.startsWith('/assets/') || /^\/[^/]+\.(svg|png|ico|webmanifest|txt|woff2?)$/.test(path),
    setHeaders(reply, path) {
      reply.header('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const page = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi(request.url)) {
      if (FILE_PATH.test(request.url)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      if (built || existsSync(join(o.staticDir, OPS_PAGE))) return reply.header('cache-control', 'no-cache').sendFile(OPS_PAGE, o.staticDir);
      return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    }
    return reply.code(404).send(envelopes.failure(request, 'request.not.found', null));
  };
  installOpsErrorHandlers(app, envelopes, page);

  // ---- sessions ----
  const signedIn = new WeakMap<FastifyRequest, { operator: OpsOperator; expiresAt: number }>();
  const session = async (request: FastifyRequest) => {
    const found = await auth.check(sessionToken(request));
    signedIn.set(request, { operator: found.operator, expiresAt: found.expiresAt });
    return found;
  };
  const guard = (capability: OpsCapability) => async (request: FastifyRequest) => {
    const { operator } = await session(request);
    if (!hasCapability(operator.role, capability)) opsFail('ops.forbidden');
  };
  const current = (request: FastifyRequest) => {
    const s = signedIn.get(request);
    if (s === undefined) opsFail('ops.session.required');
    return s;
  };
  const deps: OpsRouteDeps = { store, clock, messages: o.messages, guard, operatorOf: (request) => current(request).operator };

  app.post(OPS_PATHS.login, async (request, reply) => {
    const body = LoginBody(request.body);
    const done = await auth.login(body.name, body.password, body.totp, request.ip);
    setSessionCookie(request, reply, done.token);
    return envelopes.success(request, meOf(done.operator, done.expiresAt));
  });

  app.post(OPS_PATHS.logout, async (request, reply) => {
    await auth.logout(sessionToken(request));
    clearSessionCookie(request, reply);
    return envelopes.success(request, null);
  });

  app.get(OPS_PATHS.me, async (request) => {
    const { operator, expiresAt } = await session(request);
    return envelopes.success(request, meOf(operator, expiresAt));
  });

  app.post(OPS_PATHS.command, async (request) => {
    const body = CommandBody(request.body);
    const { operator } = await session(request);
    const result: OpsCommandResult = await commands.run(operator, body);
    return envelopes.success(request, result);
  });

  app.get(OPS_PATHS.users, { preHandler: guard('users.read') }, async (request) => {
    const q = UsersQuery(request.query);
    const pageSize = pageSizeOf(q.pageSize, 20, 100);
    const found: Page<OpsUserItem> = await users.search(q.q ?? '', Number(q.pageIndex ?? 1), pageSize);
    return envelopes.success(request, found);
  });

  app.get(OPS_PATHS.user, { preHandler: guard('users.read') }, async (request) => {
    const q = UserQuery(request.query);
    return envelopes.success(request, await users.detail(Number(q.id), clock()));
  });

  app.get(OPS_PATHS.userRecords, { preHandler: guard('users.read') }, async (request) => {
    const q = RecordsQuery(request.query);
    const pageSize = pageSizeOf(q.pageSize, 20, 200);
    if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) opsFail('request.invalid');
    const found = await assetRecords(store, { user: Number(q.id), pageIndex: Number(q.pageIndex ?? 1), pageSize });
    if (!found.ok) opsFail('request.invalid');
    const page: Page<AssetRecordItem> = { ...found.value, list: found.value.list.map(recordItem) };
    return envelopes.success(request, page);
  });

  app.get(OPS_PATHS.kycPhoto, { preHandler: guard('users.read') }, async (request, reply) => {
    const q = PhotoQuery(request.query);
    const s = await store.identity.findSubmission(Number(q.submission));
    const uploadId = s === undefined ? null : q.kind === 'front' ? s.front : q.kind === 'back' ? s.back : s.hand;
    const upload = uploadId === null ? undefined : await store.identity.findUpload(uploadId);
    const bytes = upload === undefined ? null : await (await operatorPhotoFiles(store)).read(upload.file);
    if (bytes === null) opsFail('ops.not.found');
    return sendJpeg(reply, bytes, `${q.kind}.jpg`);
  });

  app.get(OPS_PATHS.approvals, async (request) => {
    const q = ApprovalsQuery(request.query);
    const { operator } = await session(request);
    if (!(['funds.adjust', 'withdrawals.review', 'audit.read'] as const).some((c) => hasCapability(operator.role, c))) opsFail('ops.forbidden');
    return envelopes.success(request, await commands.approvals((q.status ?? 'pending') as 'pending', 200));
  });

  app.post(OPS_PATHS.approvalDecide, async (request) => {
    const body = DecideBody(request.body);
    const { operator } = await session(request);
    return envelopes.success(request, await commands.decide(operator, body.id, body.approve, body.reason));
  });

  const auditFilter = (q: ReturnType<typeof AuditQuery>) => ({
    operator: q.operator, command: q.command, from: q.from === undefined ? undefined : Number(q.from), to: q.to === undefined ? undefined : Number(q.to),
  });

  app.get(OPS_PATHS.audit, { preHandler: guard('audit.read') }, async (request) => {
    const q = AuditQuery(request.query);
    const pageIndex = Number(q.pageIndex ?? 1);
    const pageSize = pageSizeOf(q.pageSize, 50, 200);
    const { rows, total } = await store.audit.search(auditFilter(q), (pageIndex - 1) * pageSize, pageSize);
    const page: Page<OpsAuditItem> = { list: rows.map(auditItem), total, pageIndex, pageSize };
    return envelopes.success(request, page);
  });

  app.get(OPS_PATHS.auditCsv, { preHandler: guard('audit.read') }, async (request, reply) => {
    const q = AuditQuery(request.query);
    const stamp = new Date(clock()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .send(Readable.from(auditCsv(store, auditFilter(q))));
  });

  app.get(OPS_PATHS.health, { preHandler: guard('health.read') }, async (request) => {
    return envelopes.success(request, await opsHealth({ store, clock, desks: o.desks, startedAt, priceRecord: o.priceRecord, sockets: o.sockets }));
  });

  for (const module of o.routes ?? OPS_ROUTE_MODULES) await module(app, deps);
  return app;
}
