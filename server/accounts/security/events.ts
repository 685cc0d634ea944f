// What follows a change to an account's security (issue 21): an e-mail (or text, for a phone-only account) to the
// owner in the language they last signed in with, saying what changed, when and from where (the anti-phishing
// notifier adds their code); and after a change of the login password (changed or reset), of the fund password
// (set or changed) or of TOTP (enabled or disabled), withdrawals locked for WITHDRAWAL_LOCK_MS from the change. The
// lock is stored (user_security.withdrawal_locked_until), so it survives restarts, and only ever lengthened; the
// wallet asks `withdrawalLockedUntil` (or `ensureWithdrawalsAllowed`, which refuses with security.withdrawal.locked).
//
// Setting the first fund password locks too: the fund password is what a withdrawal asks for, so whoever sets it
// (perhaps with a stolen session and mailbox) should not withdraw at once. Binding an e-mail or phone, the anti-
// phishing code, passkeys, signing out devices and sign-ins from a new device are told but do not lock.
import { PRODUCT_NAME, type Channel } from '../../contract/api.ts';
import { resolveLocale, type Locale } from '../../contract/locales.ts';
import type { Clock } from '../../clock.ts';
import { fail } from '../../errors.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { Notifier } from '../../notify/notifier.ts';
import type { Store } from '../../store/index.ts';
import type { UserRow } from '../../store/users.ts';
import type { RequestContext } from '../service.ts';
import { deviceName } from './device.ts';

export type SecurityEvent =
  | 'password.changed'
  | 'password.reset'
  | 'fundPassword.set'
  | 'fundPassword.changed'
  | 'totp.enabled'
  | 'totp.disabled'
  | 'passkey.added'
  | 'passkey.removed'
  | 'email.bound'
  | 'phone.bound'
  | 'antiPhishing.set'
  | 'sessions.revoked'
  | 'login.newDevice';

export const WITHDRAWAL_LOCK_MS = 24 * 3_600_000;

/** The changes after which withdrawals wait WITHDRAWAL_LOCK_MS. */
export const LOCKING_EVENTS: ReadonlySet<SecurityEvent> = new Set<SecurityEvent>([
  'password.changed',
  'password.reset',
  'fundPassword.set',
  'fundPassword.changed',
  'totp.enabled',
  'totp.disabled',
]);

export interface SecurityEventDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly notifier: Notifier;
  readonly messages: Messages;
}

/** "2026-11-29 08:25 UTC": one form in every language (the e-mail says UTC, so nobody guesses the zone). */
export function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function createSecurityEvents({ store, clock, notifier, messages }: SecurityEventDeps) {
  async function lockedUntil(user: number): Promise<number | null> {
    const until = (await store.security.get(user))?.withdrawal_locked_until ?? null;
    return until !== null && Number(until) > clock() ? Number(until) : null;
  }

  return Object.freeze({
    /**
     * Applies what the change calls for (the withdrawal lock, first, so a failed e-mail never skips it) and tells the
     * owner at `user`'s address as given (pass the row from before a change of address: the old address is told).
     */
    async changed(user: UserRow, event: SecurityEvent, ctx: RequestContext): Promise<void> {
      const now = clock();
      let until: number | null = null;
      if (LOCKING_EVENTS.has(event)) {
        until = now + WITHDRAWAL_LOCK_MS;
        await store.security.lockWithdrawals(user.id, until, now);
      }
      const channel: Channel = user.email !== null ? 'email' : 'phone';
      const to = user.email ?? user.phone;
      if (to === null) return;
      const locale: Locale = resolveLocale(await store.userLocales.get(user.id)) ?? ctx.locale;
      const values = {
        product: PRODUCT_NAME,
        change: messages.t(locale, `security.event.${event}`),
        time: utcMinute(now),
        address: ctx.address,
        device: deviceName(ctx.userAgent) || '-',
      };
      const lines = [messages.t(locale, channel === 'email' ? 'mail.security.body' : 'sms.security.body', values)];
      if (until !== null) lines.push(messages.t(locale, 'mail.security.locked', { until: utcMinute(until) }));
      const text = lines.join('\n\n');
      await notifier.send({ channel, to, subject: messages.t(locale, 'mail.security.subject', values), text, redactedText: text });
    },

    /** Until when (Unix ms) the user's withdrawals are locked, or null. */
    withdrawalLockedUntil: lockedUntil,

    /** For the wallet: refuses with security.withdrawal.locked (data.until, Unix ms) while withdrawals are locked. */
    async ensureWithdrawalsAllowed(user: number): Promise<void> {
      const until = await lockedUntil(user);
      if (until !== null) fail('security.withdrawal.locked', { until });
    },
  });
}

export type SecurityEvents = ReturnType<typeof createSecurityEvents>;
