// Real-name verification (issue 21): status, the form with three photos, the reason of a rejection.
import type { UserInfo } from '../../../contract.ts';

export function IdentityPanel(_props: { user: UserInfo }) {
  return null;
}
