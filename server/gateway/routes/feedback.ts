// /app/feedback/*: a signed-in user's messages to the operators and their replies (contract/content.ts
// FEEDBACK_PATHS; rules in content/feedback.ts). Validated at the edge (TypeBox); refusals in the user's language.
//
// The screenshot upload is `multipart/form-data` with one file field `file` (what a browser's FormData sends), or
// the file as the raw body (any other declared type), in an encapsulated scope of its own like the identity upload
// (routes/identity.ts): the app's 64 KB body limit and JSON parser stay as they are everywhere else. The session and
// the upload count are checked in onRequest, before a byte of the body is read, and a Content-Length over the limit
// is refused there too. What the file is comes from its bytes alone (the identity pipeline); the declared types of
// the request and of the part, and the file name, are never looked at.
import { sendJpeg } from '../jpeg.ts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { FEEDBACK_LIMITS, FEEDBACK_PATHS, FEEDBACK_SCREENSHOT_MAX_BYTES } from '../../contract/content.ts';
import { appFeedbackFiles, createFeedbackService } from '../../content/feedback.ts';
import { AppError, fail } from '../../errors.ts';
import type { UserRow } from '../../store/users.ts';
import { requestContext, requestLocale } from '../envelope.ts';
import { parser } from '../validate.ts';
import type { AreaRouteDeps } from './area-deps.ts';
import { pageOf } from './content.ts';

const Digits = Type.String({ pattern: '^[0-9]{1,16}$' });
const closed = { additionalProperties: false } as const;

// Shape bounds only (so nothing absurd is looked at); the rules come after, each with its own code.
const SubmitBody = Type.Object(
  {
    topic: Type.String({ maxLength: 32 }),
    body: Type.String({ maxLength: FEEDBACK_LIMITS.body * 2 }),
    contact: Type.Optional(Type.String({ maxLength: FEEDBACK_LIMITS.contact * 2 })),
    screenshot: Type.Optional(Type.String({ maxLength: 64 })),
    clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' })),
  },
  closed,
);
const ListQuery = Type.Object({ pageIndex: Type.Optional(Digits), pageSize: Type.Optional(Digits) }, closed);
const ScreenshotQuery = Type.Object({ id: Type.String({ maxLength: 64 }) }, closed);

const parseSubmit = parser(SubmitBody);
const parseList = parser(ListQuery);
const parseScreenshot = parser(ScreenshotQuery);

const MAX_MB = FEEDBACK_SCREENSHOT_MAX_BYTES / 1024 / 1024;
/** The multipart envelope around the file: boundaries, the part's headers. */
const MULTIPART_OVERHEAD = 64 * 1024;
const UPLOAD_BODY_LIMIT = FEEDBACK_SCREENSHOT_MAX_BYTES + MULTIPART_OVERHEAD;
const tooLarge = () => new AppError('feedback.screenshot.too.large', { max: MAX_MB });

/** The file of an upload: the `file` part of a multipart body, or the body itself. */
async function fileOf(contentType: string | undefined, body: Buffer): Promise<Buffer> {
  if (contentType === undefined || !/^multipart\/form-data\s*;/i.test(contentType)) return body;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    fail('request.invalid');
  }
  const parts = form.getAll('file');
  const part = parts[0];
  if (parts.length !== 1 || part === undefined || typeof part === 'string') fail('identity.file.empty');
  if (part.size > FEEDBACK_SCREENSHOT_MAX_BYTES) throw tooLarge();
  return Buffer.from(await part.arrayBuffer());
}

export function feedbackRoutes(app: FastifyInstance, deps: AreaRouteDeps): void {
  const { store, clock, envelopes } = deps;
  const feedback = createFeedbackService({ store, clock, files: appFeedbackFiles(store, deps.dataDir) });
  const user = async (request: FastifyRequest): Promise<UserRow> => (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user;
  // The signed-in user of an upload, found in onRequest (before the body is read).
  const uploader = new WeakMap<FastifyRequest, UserRow>();

  app.post(FEEDBACK_PATHS.submit, async (request) => {
    const body = parseSubmit(request.body);
    const owner = await user(request);
    return envelopes.success(request, await feedback.submit(owner.id, { ...body, locale: requestLocale(request) }));
  });

  app.get(FEEDBACK_PATHS.list, async (request) => {
    const q = parseList(request.query ?? {});
    const owner = await user(request);
    return envelopes.success(request, await feedback.list(owner.id, pageOf(q)));
  });

  app.get(FEEDBACK_PATHS.screenshot, async (request, reply) => {
    const { id } = parseScreenshot(request.query ?? {});
    const owner = await user(request);
    const bytes = await feedback.screenshot(owner.id, id);
    return sendJpeg(reply, bytes, 'screenshot.jpg');
  });

  void app.register(async (scope) => {
    // Any declared type, read as bytes: what the file is comes from its content alone (accounts/kyc/pipeline.ts).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body));
    // Fastify's own "body too large" (a chunked body past the limit) becomes this route's clear refusal.
    scope.setErrorHandler((error: FastifyError, _request, _reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) throw tooLarge();
      throw error;
    });
    scope.addHook('onRequest', async (request) => {
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length > UPLOAD_BODY_LIMIT) throw tooLarge();
      const owner = await user(request);
      await feedback.admitUpload(owner.id);
      uploader.set(request, owner);
    });
    scope.post(FEEDBACK_PATHS.upload, { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
      const owner = uploader.get(request);
      if (owner === undefined) fail('login.user.not.login');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['content-type'];
      const file = await fileOf(Array.isArray(header) ? header[0] : header, raw);
      return envelopes.success(request, await feedback.upload(owner.id, file));
    });
  });
}
