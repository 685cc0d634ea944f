// What each catalogue command needs of an operator's role in the console (contract/ops.ts ROLE_CAPABILITIES). Every
// command of the catalogue has an entry (test/server/ops/capabilities.test.ts checks CHANNEL_COMMANDS, the console's
// own approval commands and the content and feedback commands), so a command added to the catalogue without one is
// caught by the test, and the console refuses a command it has no entry for.
//
// Reads need the capability of the screen they serve: a user's data users.read (support, reviewer), a market's
// terms markets.manage (the admin's screens), what every console shows (market list, wallet status, liabilities,
// thresholds) health.read. Money in or out of anyone's balance (users', the seconds house, the earn treasury, the
// insurance fund) is funds.adjust: the admin's alone.
import type { OpsCapability } from '../contract/ops.ts';

const CAPABILITY: Readonly<Record<string, OpsCapability>> = {
  'balance credit': 'funds.adjust',
  'balance debit': 'funds.adjust',
  'balance freeze': 'funds.adjust',
  'balance unfreeze': 'funds.adjust',
  'balance lock': 'funds.adjust',
  'balance unlock': 'funds.adjust',
  'market list': 'health.read',
  'market open': 'markets.manage',
  'market close': 'markets.manage',
  'market maintenance': 'markets.manage',
  'order cancel-all': 'users.manage',
  'order list': 'users.read',
  'user freeze': 'users.manage',
  'user unfreeze': 'users.manage',
  'session revoke': 'users.manage',
  'perp insurance fund': 'funds.adjust',
  'perp positions': 'users.read',
  'seconds config list': 'markets.manage',
  'seconds config set': 'markets.manage',
  'seconds exposure list': 'markets.manage',
  'seconds exposure set': 'markets.manage',
  'seconds house': 'markets.manage',
  'seconds house credit': 'funds.adjust',
  'seconds house debit': 'funds.adjust',
  'seconds settings': 'markets.manage',
  'seconds settings set': 'markets.manage',
  'kyc list': 'users.read',
  'kyc view': 'users.read',
  'kyc approve': 'kyc.review',
  'kyc reject': 'kyc.review',
  'invite rates': 'markets.manage',
  'invite rates set': 'markets.manage',
  'invite commissions': 'users.read',
  'invite commissions run': 'markets.manage',
  'invite verify': 'users.read',
  'user security': 'users.read',
  'user totp reset': 'users.manage',
  'withdrawal list': 'users.read',
  'withdrawal approve': 'withdrawals.review',
  'withdrawal reject': 'withdrawals.review',
  'deposit list': 'users.read',
  'wallet status': 'health.read',
  'reserves snapshot': 'markets.manage',
  'reserves list': 'health.read',
  'earn product list': 'markets.manage',
  'earn product add': 'markets.manage',
  'earn product set': 'markets.manage',
  'earn treasury': 'markets.manage',
  'earn treasury credit': 'funds.adjust',
  'earn treasury debit': 'funds.adjust',
  'earn orders': 'users.read',
  'earn run': 'markets.manage',
  'quant list': 'users.read',
  'quant stop': 'users.manage',
  'quant config': 'markets.manage',
  'quant config set': 'markets.manage',
  // Reads the CLI answers from the store (ops/commands.ts STORE_READS): the perpetuals' screen and the fee levels.
  'perp insurance': 'markets.manage',
  'perp funding': 'markets.manage',
  'perp marks': 'markets.manage',
  'perp markets': 'markets.manage',
  'fees show': 'markets.manage',
  'fees set': 'markets.manage',
  'settings': 'markets.manage',
  'settings set': 'markets.manage',
  // The console's four-eyes thresholds (admin/ops-commands.ts).
  'approval threshold': 'health.read',
  'approval threshold set': 'markets.manage',
  // Content and the feedback inbox (their commands come with the content area).
  'content list': 'content.edit',
  'content view': 'content.edit',
  'content save': 'content.edit',
  'content delete': 'content.edit',
  'content publish': 'content.publish',
  'content unpublish': 'content.publish',
  'content pin': 'content.publish',
  'content unpin': 'content.publish',
  'feedback list': 'feedback.reply',
  'feedback reply': 'feedback.reply',
  'feedback close': 'feedback.reply',
};

/** The capability a command needs in the console, or null for a name that is not in the catalogue. */
export function opsCapabilityOf(command: string): OpsCapability | null {
  return Object.hasOwn(CAPABILITY, command) ? (CAPABILITY[command] ?? null) : null;
}

/** Every command the console knows a capability for. */
export const OPS_KNOWN_COMMANDS: readonly string[] = Object.keys(CAPABILITY);
