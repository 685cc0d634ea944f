// The operator commands of two-factor: resetting a user's TOTP (issue 21). The executor (commands.ts) audits every state-changing one with its
// reason, before and after it runs.
//
// - `user totp reset --email E | --phone N --reason R`: for a user who lost their authenticator (and proved who they
//   are to support): TOTP off, the pending setup dropped (the last accepted time step is kept, so no old code ever
//   passes again). Like a TOTP change by the user, the owner is told (e-mail or text, in the language they last
//   signed in with) and withdrawals are locked for 24 hours (accounts/security/events.ts). Passkeys are left alone.
import { createSecurityEvents } from '../accounts/security/events.ts';
import { DEFAULT_LOCALE, resolveLocale } from '../contract/locales.ts';
import { normalizeAccount } from '../contract/validate.ts';
import type { AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const TWO_FACTOR_USAGE = `  user totp reset --email E | --phone N --reason R               turn a user's TOTP off (lost authenticator): the user is
                                                                 e-mailed and withdrawals wait 24 hours`;

export function isTwoFactorCommand(command: ChannelCommand): boolean {
  return command.startsWith('user totp');
}

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planTwoFactor(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  if (req.command !== 'user totp reset') throw usage(`unknown command ${req.command}`);
  const { email, phone } = req.args;
  if ((email === undefined) === (phone === undefined)) throw usage('user totp reset needs --email E or --phone N (one of them)');
  return async (ctx) => {
    const user = email !== undefined ? await ctx.store.users.findByEmail(normalizeAccount('email', email)) : await ctx.store.users.findByPhone(normalizeAccount('phone', phone ?? ''));
    if (user === undefined) throw failed(`no user with ${email !== undefined ? `e-mail ${email}` : `phone ${phone}`}`);
    const who = user.email ?? user.phone ?? String(user.id);
    if (!(await ctx.store.twoFactor.reset(user.id, ctx.clock()))) throw failed(`user ${user.id} (${who}) has no TOTP on`);
    const locale = resolveLocale(await ctx.store.userLocales.get(user.id)) ?? DEFAULT_LOCALE;
    const events = createSecurityEvents({ store: ctx.store, clock: ctx.clock, notifier: ctx.notifier, messages: ctx.messages });
    await events.changed(user, 'totp.disabled', { locale, address: 'operator' });
    const until = await events.withdrawalLockedUntil(user.id);
    return {
      data: { userId: user.id, user: who, totpEnabled: false, withdrawalLockedUntil: until },
      text: `user ${user.id} (${who}): TOTP off; the user was told; withdrawals locked until ${until === null ? '-' : new Date(until).toISOString()}`,
    };
  };
}
