// The operator commands of invitations: commission rates, the daily commission runs, their check against the fee records (issue 21). The executor (commands.ts) audits every state-changing one with its
// reason, before and after it runs.
import type { AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const INVITE_USAGE = '';

export function isInviteCommand(command: ChannelCommand): boolean {
  return command.startsWith('invite ');
}

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planInvite(req: AdminRequest, _usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  return async () => {
    throw failed(`${req.command}: not built yet`);
  };
}
