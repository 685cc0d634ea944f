// The operator's read of a user's security (issue 21): `user security --email E | --phone N` prints the overview
// (bindings masked as the user sees them, fund password, TOTP, passkeys, anti-phishing, safety level and what
// raises it), the live sessions with their devices, and the withdrawal lock. It changes nothing (a READ_COMMAND).
import { deviceName } from '../accounts/security/device.ts';
import { securityOverview } from '../accounts/security/service.ts';
import { normalizeAccount } from '../contract/validate.ts';
import type { AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const SECURITY_USAGE = `  user security --email E | --phone N                             a user's security: bindings, fund password, TOTP, passkeys,
                                                                 anti-phishing, safety level, live sessions, withdrawal lock`;

export function isSecurityCommand(command: ChannelCommand): boolean {
  return command.startsWith('user security');
}

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('.000Z', 'Z'));

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planSecurity(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  const { email, phone } = req.args;
  if ((email === undefined) === (phone === undefined)) throw usage('user security needs --email E or --phone N (one of them)');
  return async (ctx) => {
    const user = email !== undefined
      ? await ctx.store.users.findByEmail(normalizeAccount('email', email))
      : await ctx.store.users.findByPhone(normalizeAccount('phone', phone ?? ''));
    if (user === undefined) throw failed(`no user with ${email !== undefined ? `e-mail ${email}` : `phone ${phone}`}`);
    const now = ctx.clock();
    const overview = await securityOverview(ctx.store, user, now);
    const sessions = (await ctx.store.security.liveDevices(user.id, now)).map((s) => ({
      id: s.publicId,
      device: deviceName(s.userAgent) || 'unknown device',
      address: s.address,
      method: s.method,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
    }));
    const lines = [
      `user ${user.id} (${user.email ?? user.phone ?? '-'})`,
      `  e-mail           ${overview.email ?? 'not bound'}`,
      `  phone            ${overview.phone ?? 'not bound'}`,
      `  password changed ${when(overview.passwordChangedAt)}`,
      `  fund password    ${overview.fundPasswordSet ? 'set' : 'not set'}`,
      `  TOTP             ${overview.totpEnabled ? 'on' : 'off'}`,
      `  passkeys         ${overview.passkeys}`,
      `  anti-phishing    ${overview.antiPhishingSet ? 'set' : 'not set'}`,
      `  safety level     ${overview.safetyLevel}${overview.missing.length > 0 ? ` (missing: ${overview.missing.join(', ')})` : ''}`,
      `  withdrawals      ${overview.withdrawalLockedUntil === null ? 'not locked' : `locked until ${when(overview.withdrawalLockedUntil)}`}`,
      `  ${sessions.length} live session(s)${sessions.length > 0 ? ', newest first:' : ''}`,
      ...sessions.map((s) => `    ${s.id}  ${s.device.padEnd(26)} ${s.address.padEnd(16)} ${s.method.padEnd(8)} signed in ${when(s.createdAt)}, last seen ${when(s.lastSeenAt)}`),
    ];
    return { data: { userId: user.id, ...overview, sessions }, text: lines.join('\n') };
  };
}
