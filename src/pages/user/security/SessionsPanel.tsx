// Devices and sessions, and the login history (issue 21).
import type { UserInfo } from '../../../contract.ts';

export function SessionsPanel(_props: { user: UserInfo }) {
  return null;
}
