// Sign-ins the session actions (session/actions.ts signIn) don't cover yet: with the authenticator's code as well
// (TOTP, issue 21), and with a passkey (the browser's prompt, then the server's verification). Both keep the token
// and load the user exactly as signIn does; they reject with the API error (or the browser's, for a dismissed
// prompt) for the form to show.
import { startAuthentication } from '@simplewebauthn/browser';
import { login } from '../../api/account.ts';
import type { CallOptions } from '../../api/index.ts';
import { passkeyLogin, passkeyRequestOptions } from '../../api/twofactor.ts';
import { refreshUser } from '../../session/actions.ts';
import { startSession } from '../../state/index.ts';

async function started(token: string): Promise<void> {
  startSession(token);
  await refreshUser();
}

export async function signInWithTotp(input: { account: string; password: string; code?: string | undefined; totpCode: string }, options?: CallOptions): Promise<void> {
  const { token } = await login({ account: input.account.trim(), password: input.password, ...(input.code ? { code: input.code } : {}), totpCode: input.totpCode }, options);
  await started(token);
}

export async function signInWithPasskey(options?: CallOptions): Promise<void> {
  const optionsJSON = await passkeyRequestOptions(options);
  const response = await startAuthentication({ optionsJSON });
  const { token } = await passkeyLogin(response, options);
  await started(token);
}
