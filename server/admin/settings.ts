// The exchange's settings in the operator catalogue (issue 25): the contact modal's three (online_service, custom_line,
// custom_whatsapp: served to every visitor by /app/systemConfig) and the operator-only require_real_name ("1": placing
// spot orders needs a certified identity). `settings` reads them all; `settings set --key K --value V --reason R`
// changes one, audited like every catalogue command (the console's Settings screen). The CLI's older `config set KEY
// VALUE` writes the same rows through the same check (cli/commands.ts) for a first setup before any operator exists.
import { SYSTEM_CONFIG_KEYS } from '../contract/api.ts';
import { isConfigKey, OPERATOR_CONFIG_KEYS } from '../settings.ts';
import type { Store } from '../store/index.ts';
import type { AdminRequest } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

export const SETTINGS_KEYS: readonly string[] = [...SYSTEM_CONFIG_KEYS, ...OPERATOR_CONFIG_KEYS];
const VALUE_MAX = 200;
const VALUE = /^[^\u0000-\u001f\u007f]*$/;

export const SETTINGS_USAGE = `  settings                                                       the exchange's settings (${SETTINGS_KEYS.join(', ')})
  settings set --key K --value V --reason R                      change one (require_real_name: 1 or 0)`;

export const isSettingsCommand = (command: ChannelCommand): boolean => command === 'settings' || command === 'settings set';

/** A setting's value as stored, or the reason it can't be (null: fine). The one check of both ways to set one. */
export function settingProblem(key: string, value: string): string | null {
  if (!isConfigKey(key)) return `unknown key "${key}"; known keys: ${SETTINGS_KEYS.join(', ')}`;
  if (value.length > VALUE_MAX || !VALUE.test(value)) return `the value must be at most ${VALUE_MAX} characters without control characters`;
  if (key === 'require_real_name' && value !== '0' && value !== '1') return 'require_real_name must be 1 (trading needs a certified identity) or 0';
  return null;
}

export type SettingsRun = (store: Store, now: number) => Promise<{ data: unknown; text: string }>;

export function planSettings(req: AdminRequest, usage: (m: string) => Error): SettingsRun {
  if (req.command === 'settings') {
    return async (store) => {
      const data = await Promise.all(SETTINGS_KEYS.map(async (key) => ({ key, value: await store.config.get(key) })));
      return { data, text: data.map((s) => `  ${s.key.padEnd(20)} ${s.value ?? '(not set)'}`).join('\n') };
    };
  }
  const key = req.args.key;
  const value = req.args.value;
  if (key === undefined || value === undefined) throw usage('--key K and --value V are required');
  const problem = settingProblem(key, value);
  if (problem !== null) throw usage(problem);
  return async (store, now) => {
    const before = await store.config.get(key);
    await store.config.set(key, value, now);
    return { data: { key, value, before }, text: `${key} = ${value}${before === null ? '' : ` (was ${before})`}` };
  };
}
