// The account services behind a harness's app, for the calls the wallet and the robot make directly
// (verifyFundPassword, the withdrawal lock): built over the same store as the app, as the wallet's would be.
import { createAccounts } from '../../../server/accounts/service.ts';
import { argon2Hasher } from '../../../server/accounts/passwords.ts';
import { createSecurityEvents } from '../../../server/accounts/security/events.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import { createNotifier } from '../../../server/notify/notifier.ts';
import { withAntiPhishing } from '../../../server/notify/anti-phishing.ts';
import { SESSION_TTL_MS } from '../harness.ts';
import type { SecurityHarness } from './harness.ts';

const messages = createMessages();

function deps(h: SecurityHarness) {
  const notifier = withAntiPhishing(createNotifier({ outbox: h.store.outbox, clock: h.clock.now }), h.store, messages);
  return { store: h.store, clock: h.clock.now, notifier, messages };
}

export const centreOf = (h: SecurityHarness) =>
  createAccounts({ ...deps(h), hasher: argon2Hasher(), sessionTtlMs: SESSION_TTL_MS });

export const eventsOf = (h: SecurityHarness) => createSecurityEvents(deps(h));
