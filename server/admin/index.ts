// The admin channel as startServer opens it: settle audit rows a crash left pending, then listen on the socket.
// A server that can't open its channel (another server already answers on that socket, a path too long for a
// socket) still starts and trades; it logs why, and the operator CLI then works on the store directly, where the
// desks' leases keep it from touching balances the server owns.
import type { Clock } from '../clock.ts';
import type { Desks } from '../desks/index.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Store } from '../store/index.ts';
import { openAdminChannel, type AdminChannel, type ChannelLog } from './channel.ts';
import { createAdminExecutor, serverDesks } from './commands.ts';
import { adminLocation, AdminSetupError, loadOrCreateToken, storeIdentity } from './paths.ts';

export interface AdminSettings {
  /** The socket's path (ADMIN_SOCKET); default DATA_DIR/admin.sock. */
  socketPath?: string | undefined;
  /** The token (ADMIN_TOKEN, ≥ 32 characters); default the content of DATA_DIR/admin.token, made at first start. */
  token?: string | undefined;
}

/** ADMIN_SOCKET and ADMIN_TOKEN from the environment (main.ts), checked. */
export function adminSettingsFromEnv(env: NodeJS.ProcessEnv): AdminSettings {
  const at = adminLocation('.', env);
  return { socketPath: env['ADMIN_SOCKET']?.trim() ? at.socketPath : undefined, token: at.token };
}

export interface StartAdminOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly desks: Desks;
  readonly notifier: Notifier;
  readonly messages: Messages;
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  readonly settings?: AdminSettings | undefined;
  readonly log: ChannelLog;
}

export async function startAdminChannel(o: StartAdminOptions): Promise<AdminChannel | null> {
  const at = adminLocation(o.dataDir, {});
  const socketPath = o.settings?.socketPath ?? at.socketPath;
  const executor = createAdminExecutor({ store: o.store, clock: o.clock, desks: serverDesks(o.desks, o.store), notifier: o.notifier, messages: o.messages });
  const settled = await executor.reconcile();
  if (settled > 0) o.log.warn(`admin audit: settled ${settled} command(s) a stop left pending (npm run admin -- audit list)`);
  try {
    const token = o.settings?.token ?? loadOrCreateToken(at.tokenFile);
    return await openAdminChannel({ socketPath, token, storeId: storeIdentity({ databaseUrl: o.databaseUrl, dataDir: o.dataDir }), executor, log: o.log });
  } catch (error) {
    if (!(error instanceof AdminSetupError)) throw error;
    o.log.error(`admin channel not opened: ${error.message}; the operator CLI will work on the store directly`);
    return null;
  }
}

export type { AdminChannel } from './channel.ts';
