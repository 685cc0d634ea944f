// /app/security/totp/* and /app/security/passkeys/*, and passkey sign-in (issue 21).
import type { FastifyInstance } from 'fastify';
import type { AreaRouteDeps } from './area-deps.ts';

export function twoFactorRoutes(_app: FastifyInstance, _deps: AreaRouteDeps): void {}
