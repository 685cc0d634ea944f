// The operator commands of real-name verification: list, view, approve, reject (issue 21). The executor (commands.ts) audits every state-changing one with its
// reason, before and after it runs.
import type { AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const IDENTITY_USAGE = '';

export function isIdentityCommand(command: ChannelCommand): boolean {
  return command.startsWith('kyc ');
}

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planIdentity(req: AdminRequest, _usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  return async () => {
    throw failed(`${req.command}: not built yet`);
  };
}
