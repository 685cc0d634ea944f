// /app/rechargerecord/setHasRecharge: the user has seen the recharge page; the web app stops prompting.
import type { FastifyInstance } from 'fastify';
import { API } from '../../contract/api.ts';
import type { Accounts } from '../../accounts/service.ts';
import { requestContext, type Envelopes } from '../envelope.ts';

export function rechargeRoutes(app: FastifyInstance, accounts: Accounts, envelopes: Envelopes): void {
  app.get(API.setHasRecharge, async (request) => {
    await accounts.markRecharged(requestContext(request));
    return envelopes.success(request, null);
  });
}
