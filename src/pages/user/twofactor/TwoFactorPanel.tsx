// Two-factor sign-in (issue 21): the authenticator (TOTP) and passkeys.
import type { UserInfo } from '../../../contract.ts';

export function TwoFactorPanel(_props: { user: UserInfo }) {
  return null;
}
