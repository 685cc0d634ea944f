// Verification codes: issue (stored hashed, one live per account and purpose, resend only after a wait) and
// check (expiry, a budget of wrong attempts, single use).
import type { Channel, CodePurpose, SendCodeReply } from '../contract/api.ts';
import type { Locale } from '../contract/locales.ts';
import { checkCode } from '../contract/validate.ts';
import type { Clock } from '../clock.ts';
import { fail, secondsUntil } from '../errors.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import { codeMessage } from '../notify/templates.ts';
import type { CodeKey } from '../store/codes.ts';
import type { Repositories } from '../store/index.ts';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_MS, CODE_TTL_MS } from './policy.ts';
import { hashVerificationCode, newVerificationCode, sameHash } from './secrets.ts';

export interface CodeTarget extends CodeKey {
  channel: Channel;
  purpose: CodePurpose;
}

export interface CodeServiceDeps {
  store: Repositories;
  clock: Clock;
  notifier: Notifier;
  messages: Messages;
}

export function createCodeService({ store, clock, notifier, messages }: CodeServiceDeps) {
  return Object.freeze({
    /** Refuses with verify.code.resend.wait while the last code for this target is younger than the wait. */
    async ensureResendAllowed(target: CodeTarget): Promise<void> {
      const previous = await store.codes.find(target);
      const now = clock();
      if (previous && previous.created_at + CODE_RESEND_MS > now) {
        fail('verify.code.resend.wait', { retryAfter: secondsUntil(previous.created_at + CODE_RESEND_MS, now) });
      }
    },

    /** Stores a new code (replacing the old one) and sends it. The target must be validated and normalized. */
    async issue(target: CodeTarget, locale: Locale): Promise<SendCodeReply> {
      const now = clock();
      const code = newVerificationCode();
      await store.codes.replace({
        ...target,
        code_hash: hashVerificationCode(target.channel, target.account, target.purpose, code),
        created_at: now,
        expires_at: now + CODE_TTL_MS,
        attempts: 0,
        consumed_at: null,
      });
      await notifier.send(codeMessage(messages, locale, target.channel, target.account, code, CODE_TTL_MS / 60_000));
      return { resendAfter: CODE_RESEND_MS / 1000, expiresIn: CODE_TTL_MS / 1000 };
    },

    /**
     * Checks a code without using it up and returns its hash for `consume` (done in the caller's transaction,
     * together with what the code authorizes). A wrong code costs one attempt; the last attempt kills the code.
     */
    async check(target: CodeTarget, code: string): Promise<string> {
      const formatError = checkCode(code);
      if (formatError) fail(formatError);
      const row = await store.codes.find(target);
      if (!row || row.consumed_at !== null) fail('verify.code.error');
      if (row.attempts >= CODE_MAX_ATTEMPTS) fail('verify.code.attempts');
      if (row.expires_at <= clock()) fail('verify.code.expired');
      const hash = hashVerificationCode(target.channel, target.account, target.purpose, code);
      if (!sameHash(hash, row.code_hash)) {
        const attempts = await store.codes.recordFailure(target);
        fail(attempts >= CODE_MAX_ATTEMPTS ? 'verify.code.attempts' : 'verify.code.error');
      }
      return hash;
    },

    /** Uses a checked code up inside a transaction; a second use (or a concurrent one) is verify.code.error. */
    async consume(repos: Repositories, target: CodeTarget, hash: string): Promise<void> {
      if (!(await repos.codes.consume(target, hash, clock()))) fail('verify.code.error');
    },
  });
}

export type CodeService = ReturnType<typeof createCodeService>;
