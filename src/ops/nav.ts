// The console's screens, what each needs, and the nav an operator sees: only what their role's capabilities allow.
import type { OpsCapability } from '../contract.ts';

export interface NavItem {
  path: string;
  labelId: string;
  group: 'people' | 'money' | 'markets' | 'content' | 'system';
  /** Any one of these shows the screen. */
  needs: readonly OpsCapability[];
}

export const NAV: readonly NavItem[] = [
  { path: '/users', labelId: 'ops.nav.users', group: 'people', needs: ['users.read'] },
  { path: '/kyc', labelId: 'ops.nav.kyc', group: 'people', needs: ['kyc.review'] },
  { path: '/withdrawals', labelId: 'ops.nav.withdrawals', group: 'money', needs: ['withdrawals.review'] },
  { path: '/approvals', labelId: 'ops.nav.approvals', group: 'money', needs: ['funds.adjust', 'withdrawals.review'] },
  { path: '/thresholds', labelId: 'ops.nav.thresholds', group: 'money', needs: ['markets.manage'] },
  { path: '/markets', labelId: 'ops.nav.markets', group: 'markets', needs: ['markets.manage'] },
  { path: '/perp', labelId: 'ops.nav.perp', group: 'markets', needs: ['markets.manage', 'funds.adjust'] },
  { path: '/seconds', labelId: 'ops.nav.seconds', group: 'markets', needs: ['markets.manage', 'funds.adjust'] },
  { path: '/earn', labelId: 'ops.nav.earn', group: 'markets', needs: ['markets.manage', 'funds.adjust'] },
  { path: '/rates', labelId: 'ops.nav.rates', group: 'markets', needs: ['markets.manage'] },
  { path: '/content', labelId: 'ops.nav.content', group: 'content', needs: ['content.edit', 'content.publish'] },
  { path: '/feedback', labelId: 'ops.nav.feedback', group: 'content', needs: ['feedback.reply'] },
  { path: '/settings', labelId: 'ops.nav.settings', group: 'content', needs: ['markets.manage'] },
  { path: '/audit', labelId: 'ops.nav.audit', group: 'system', needs: ['audit.read'] },
  { path: '/health', labelId: 'ops.nav.health', group: 'system', needs: ['health.read'] },
];

export const NAV_GROUPS: ReadonlyArray<{ key: NavItem['group']; labelId: string }> = [
  { key: 'people', labelId: 'ops.navGroup.people' },
  { key: 'money', labelId: 'ops.navGroup.money' },
  { key: 'markets', labelId: 'ops.navGroup.markets' },
  { key: 'content', labelId: 'ops.navGroup.content' },
  { key: 'system', labelId: 'ops.navGroup.system' },
];

export function navFor(capabilities: readonly OpsCapability[]): NavItem[] {
  return NAV.filter((item) => item.needs.some((c) => capabilities.includes(c)));
}

/** Where the console opens: the first screen the operator may see. */
export function homePath(capabilities: readonly OpsCapability[]): string {
  return navFor(capabilities)[0]?.path ?? '/health';
}

/** The console's base path: it is served at the root of its own listener, or under /ops. */
export function basePath(pathname: string): string {
  return pathname === '/ops' || pathname.startsWith('/ops/') ? '/ops' : '/';
}
