// Operator settings the app API may hand out (spec §7: getByKey). Other keys stay server-side.
import { SYSTEM_CONFIG_KEYS, type SystemConfigKey } from './contract/api.ts';

export function isPublicConfigKey(key: string): key is SystemConfigKey {
  return (SYSTEM_CONFIG_KEYS as readonly string[]).includes(key);
}

/** Operator-only settings: set with `npm run admin -- config set`, never served by getByKey. */
export const OPERATOR_CONFIG_KEYS = [
  /** "1": placing spot orders needs a certified real-name status (spec §6 "account not authenticated"). */
  'require_real_name',
] as const;

export function isConfigKey(key: string): boolean {
  return isPublicConfigKey(key) || (OPERATOR_CONFIG_KEYS as readonly string[]).includes(key);
}
