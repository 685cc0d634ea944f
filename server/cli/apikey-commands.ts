// `apikey create|list|revoke`: the operator makes, lists and revokes a user's Binance API keys. The secret is
// printed once at creation; it is kept encrypted with the master key (API_KEY_SECRET or DATA_DIR/api-key.secret),
// which the CLI and the server must share.
import { ApiKeyInputError, createApiKeys, loadMasterKey } from '../gateway/binance/keys.ts';
import type { Store } from '../store/index.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import { CommandError, findUser, type CommandResult } from './commands.ts';

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

const service = (store: Store, dataDir: string | undefined) => createApiKeys({ store, clock: store.clock, master: () => loadMasterKey({ dataDir }) });

export async function apiKeyCreate(store: Store, args: ParsedArgs, dataDir: string | undefined): Promise<CommandResult> {
  const user = await findUser(store, args);
  const ips = (args.options.get('ip') ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  const trade = args.switches.has('trade');
  try {
    const made = await service(store, dataDir).create(user.id, { trade, ips });
    const scope = `${trade ? 'read and trade' : 'read only'}${ips.length > 0 ? `, from ${ips.join(', ')}` : ''}`;
    return { data: made, text: `API key for user ${user.id} (${scope})\napiKey: ${made.apiKey}\nsecret: ${made.secret}\nThe secret is shown only now.` };
  } catch (error) {
    if (error instanceof ApiKeyInputError) throw new UsageError(error.message);
    throw error;
  }
}

export async function apiKeyList(store: Store, args: ParsedArgs, dataDir: string | undefined): Promise<CommandResult> {
  const user = await findUser(store, args);
  const list = await service(store, dataDir).list(user.id);
  const text = list.length
    ? list.map((k) => `${k.apiKey}  ${k.canTrade ? 'trade' : 'read '}  ${k.ips.join(',') || 'any address'}  created ${iso(k.createdAt)}${k.revokedAt === null ? '' : `  revoked ${iso(k.revokedAt)}`}`).join('\n')
    : `user ${user.id} has no API keys`;
  return { data: list, text };
}

export async function apiKeyRevoke(store: Store, args: ParsedArgs, dataDir: string | undefined): Promise<CommandResult> {
  const user = await findUser(store, args);
  const key = args.options.get('key');
  if (!key) throw new UsageError('--key is required');
  if (!(await service(store, dataDir).revoke(user.id, key))) throw new CommandError(`user ${user.id} has no live API key ${key}`);
  return { data: { userId: user.id, apiKey: key, revoked: true }, text: `revoked API key ${key} of user ${user.id}` };
}
