// Operator settings the app API may hand out (spec §7: getByKey). Other keys stay server-side.
import { SYSTEM_CONFIG_KEYS, type SystemConfigKey } from './contract/api.ts';

export function isPublicConfigKey(key: string): key is SystemConfigKey {
  return (SYSTEM_CONFIG_KEYS as readonly string[]).includes(key);
}
