// /app/security/*: the security centre (issue 21).
import type { FastifyInstance } from 'fastify';
import type { AreaRouteDeps } from './area-deps.ts';

export function securityRoutes(_app: FastifyInstance, _deps: AreaRouteDeps): void {}
