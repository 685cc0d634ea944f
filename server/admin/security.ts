// The operator commands of a user's security overview (issue 21). The executor (commands.ts) audits every state-changing one with its
// reason, before and after it runs.
import type { AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const SECURITY_USAGE = '';

export function isSecurityCommand(command: ChannelCommand): boolean {
  return command.startsWith('user security');
}

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planSecurity(req: AdminRequest, _usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  return async () => {
    throw failed(`${req.command}: not built yet`);
  };
}
