// /app/invite/*: invitation info, records, commissions, poster (issue 21).
import type { FastifyInstance } from 'fastify';
import type { AreaRouteDeps } from './area-deps.ts';

export function inviteRoutes(_app: FastifyInstance, _deps: AreaRouteDeps): void {}
