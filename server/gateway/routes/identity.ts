// /app/identity/*: real-name verification (submit, upload, status) (issue 21).
import type { FastifyInstance } from 'fastify';
import type { AreaRouteDeps } from './area-deps.ts';

export function identityRoutes(_app: FastifyInstance, _deps: AreaRouteDeps): void {}
