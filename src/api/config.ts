// Operator-set values such as the customer-service contacts (spec §7: GET getByKey?key=…).
import { API, type SystemConfigKey } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { parseConfigValue } from './parse.ts';

export async function fetchConfigValue(key: SystemConfigKey, options?: CallOptions): Promise<string | null> {
  const { value } = await api.get(API.systemConfig, parseConfigValue, { key }, options);
  return value;
}
