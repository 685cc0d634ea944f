// What the console's route modules get from the console app (server/ops/app.ts): the store and clock, the signed-in
// operator of a request, and a guard per capability. Route modules of other areas (content-routes.ts) register
// against this, so the console app stays the one place that knows how a session is checked.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { OpsCapability, OpsRole } from '../contract/ops.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Store } from '../store/index.ts';

export interface OpsOperator {
  readonly id: number;
  readonly name: string;
  readonly role: OpsRole;
}

export type OpsPreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface OpsRouteDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly messages: Messages;
  /** A preHandler: 401 without a live console session, 403 when the operator's role lacks the capability. */
  guard(capability: OpsCapability): OpsPreHandler;
  /** The operator a guarded request was checked for. */
  operatorOf(request: FastifyRequest): OpsOperator;
}
