// /app/identity/*: real-name verification (submit, upload, status, photo) (issue 21). Rules in
// server/accounts/kyc/README.md.
//
// The upload takes the file as the raw request body (any declared content type: only the bytes are judged) in an
// encapsulated scope of its own: the app's 64 KB body limit and JSON parser stay as they are everywhere else, this
// one route reads up to IDENTITY_MAX_FILE_BYTES. The session and the per-user upload count are checked in onRequest,
// before a byte of the body is read; a Content-Length over the limit is refused there too, and a body that turns
// out longer (chunked) is cut off by Fastify and answered with the same identity.file.too.large envelope.
import { sendJpeg } from '../jpeg.ts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { createIdentityService } from '../../accounts/kyc/service.ts';
import { appPhotoFiles } from '../../accounts/kyc/files.ts';
import {
  IDENTITY_API, IDENTITY_MAX_FILE_BYTES, IDENTITY_NAME_MAX, IDENTITY_NUMBER_MAX, PHOTO_KINDS,
} from '../../contract/identity.ts';
import { AppError, fail } from '../../errors.ts';
import type { UserRow } from '../../store/users.ts';
import { requestContext } from '../envelope.ts';
import { parser } from '../validate.ts';
import type { AreaRouteDeps } from './area-deps.ts';

// Shape bounds only (so nothing absurd is looked at); the rules come after, each with its own code.
const UploadQuery = Type.Object({ kind: Type.Union(PHOTO_KINDS.map((k) => Type.Literal(k))) }, { additionalProperties: true });
const SubmitBody = Type.Object(
  {
    name: Type.String({ maxLength: IDENTITY_NAME_MAX * 4 }),
    docType: Type.Union([Type.Literal('idCard'), Type.Literal('passport')]),
    docNumber: Type.String({ maxLength: IDENTITY_NUMBER_MAX * 4 }),
    country: Type.String({ maxLength: 8 }),
    front: Type.String({ maxLength: 64 }),
    back: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    hand: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
const PhotoParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

const parseUploadQuery = parser(UploadQuery);
const parseSubmit = parser(SubmitBody);
const parsePhotoParams = parser(PhotoParams);

const MAX_MB = IDENTITY_MAX_FILE_BYTES / 1024 / 1024;
const tooLarge = () => new AppError('identity.file.too.large', { max: MAX_MB });

export function identityRoutes(app: FastifyInstance, deps: AreaRouteDeps): void {
  const { store, clock, envelopes } = deps;
  const files = appPhotoFiles(store, deps.dataDir);
  const identity = createIdentityService({ store, clock, files });
  const user = async (request: FastifyRequest): Promise<UserRow> => (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user;
  // The signed-in user of an upload, found in onRequest (before the body is read).
  const uploader = new WeakMap<FastifyRequest, UserRow>();

  app.get(IDENTITY_API.status, async (request) => envelopes.success(request, await identity.status((await user(request)).id)));

  app.post(IDENTITY_API.submit, async (request) => {
    const body = parseSubmit(request.body);
    const owner = await user(request);
    return envelopes.success(request, await identity.submit(owner.id, body));
  });

  app.get(`${IDENTITY_API.photo}/:id`, async (request, reply) => {
    const { id } = parsePhotoParams(request.params);
    const owner = await user(request);
    const bytes = await identity.photo(owner.id, id);
    return sendJpeg(reply, bytes, 'photo.jpg');
  });

  void app.register(async (scope) => {
    // Any declared type, read as bytes: what the file is comes from its content alone (pipeline.ts).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IDENTITY_MAX_FILE_BYTES }, (_request, body, done) => done(null, body));
    // Fastify's own "body too large" (a chunked body past the limit) becomes this route's clear refusal; anything else
    // goes on to the app's error handler.
    scope.setErrorHandler((error: FastifyError, _request, _reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) throw tooLarge();
      throw error;
    });
    scope.addHook('onRequest', async (request) => {
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length > IDENTITY_MAX_FILE_BYTES) throw tooLarge();
      const owner = await user(request);
      parseUploadQuery(request.query);
      await identity.admitUpload(owner.id);
      uploader.set(request, owner);
    });
    scope.post(IDENTITY_API.upload, { bodyLimit: IDENTITY_MAX_FILE_BYTES }, async (request) => {
      const owner = uploader.get(request);
      if (owner === undefined) fail('login.user.not.login');
      const { kind } = parseUploadQuery(request.query);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return envelopes.success(request, await identity.upload(owner.id, kind, body));
    });
  });
}
