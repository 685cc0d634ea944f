// /app/systemConfig/getByKey: the operator-set values the web app may read (customer-service contacts).
import type { FastifyInstance } from 'fastify';
import { API, type SystemConfigItem } from '../../contract/api.ts';
import { fail } from '../../errors.ts';
import { isPublicConfigKey } from '../../settings.ts';
import type { ConfigRepo } from '../../store/config.ts';
import type { Envelopes } from '../envelope.ts';
import { ConfigQuery } from '../schemas.ts';
import { parser } from '../validate.ts';

const parseQuery = parser(ConfigQuery);

export function systemConfigRoutes(app: FastifyInstance, config: ConfigRepo, envelopes: Envelopes): void {
  app.get(API.systemConfig, async (request) => {
    const { key } = parseQuery(request.query);
    if (!key.trim()) fail('validate.required');
    if (!isPublicConfigKey(key)) fail('config.key.unknown');
    const item: SystemConfigItem = { key, value: await config.get(key) };
    return envelopes.success(request, item);
  });
}
