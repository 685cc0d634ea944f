// What the issue-21 and issue-22 routes (identity, security, two-factor, invitations, wallet, reserves) are built with: the same services as the
// rest of the app API, plus the data folder (identity documents live under it, outside the web root) and, when the
// server trades, the desks (commissions are paid through them).
import type { Clock } from '../../clock.ts';
import type { Accounts } from '../../accounts/service.ts';
import type { PasswordHasher } from '../../accounts/passwords.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { Notifier } from '../../notify/notifier.ts';
import type { Store } from '../../store/index.ts';
import type { Envelopes } from '../envelope.ts';
import type { Trading } from '../trading.ts';
import type { WalletChain } from '../../chain/index.ts';

export interface AreaRouteDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly accounts: Accounts;
  readonly envelopes: Envelopes;
  readonly messages: Messages;
  readonly notifier: Notifier;
  readonly hasher: PasswordHasher;
  /** The server's data folder (DATA_DIR); absent in tests that give none: a temporary folder is then used. */
  readonly dataDir: string | undefined;
  readonly trading: Trading | undefined;
  /** Custody's chain side (issue 22): deposit addresses and networks; undefined: the server runs without custody. */
  readonly chain: WalletChain | undefined;
}
