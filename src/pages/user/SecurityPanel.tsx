// The security centre (spec §1, §2; issue 21): one row per thing to bind or set (login password, fund password,
// e-mail, phone, anti-phishing code) with its state and a button that opens its dialog (security/SecurityDialog).
// After a change the overview and the user's info are read again, so this panel and the profile's safety level
// show it at once. Withdrawals locked after a change say until when.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import type { SecurityOverview, UserInfo } from '../../contract.ts';
import { fetchSecurityOverview } from '../../api/security.ts';
import { formatDateTime } from '../../format/date.ts';
import { refreshUser } from '../../session/actions.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Panel } from '../../ui/Page.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { REAL_NAME_LABELS } from './labels.ts';
import { SecurityDialog, type SecurityAction } from './security/SecurityDialog.tsx';
import * as s from './security/security.css.ts';
import * as u from './user.css.ts';

interface Row {
  key: string;
  labelId: string;
  done: boolean;
  status: string;
  action: SecurityAction | null;
  buttonId: string;
}

function rowsOf(o: SecurityOverview, user: UserInfo, _: (id: string, values?: Record<string, unknown>) => string): Row[] {
  const setOrNot = (done: boolean) => (done ? _('user.security.set') : _('user.security.notSet'));
  return [
    {
      key: 'login', labelId: 'user.security.loginPassword', done: true,
      status: o.passwordChangedAt === null ? _('user.security.set') : _('security.status.changedAt', { time: formatDateTime(o.passwordChangedAt) }),
      action: 'password', buttonId: 'security.action.change',
    },
    {
      key: 'fund', labelId: 'user.security.fundPassword', done: o.fundPasswordSet, status: setOrNot(o.fundPasswordSet),
      action: o.fundPasswordSet ? 'fundChange' : 'fundSet', buttonId: o.fundPasswordSet ? 'security.action.change' : 'security.action.set',
    },
    {
      key: 'email', labelId: 'user.security.email', done: o.email !== null, status: o.email ?? _('user.notBound'),
      action: 'email', buttonId: o.email !== null ? 'security.action.change' : 'security.action.bind',
    },
    {
      key: 'phone', labelId: 'user.security.phone', done: o.phone !== null, status: o.phone ?? _('user.notBound'),
      action: 'phone', buttonId: o.phone !== null ? 'security.action.change' : 'security.action.bind',
    },
    {
      key: 'antiPhishing', labelId: 'security.antiPhishing', done: o.antiPhishingSet, status: o.antiPhishingCode ?? _('user.security.notSet'),
      action: 'antiPhishing', buttonId: o.antiPhishingSet ? 'security.action.change' : 'security.action.set',
    },
    {
      key: 'realName', labelId: 'user.security.realName', done: user.realNameStatus === 'certified', status: _(REAL_NAME_LABELS[user.realNameStatus].labelId),
      action: null, buttonId: '',
    },
  ];
}

function showIdentityPanel(): void {
  document.querySelector('[data-testid="identity-panel"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

export function SecurityPanel({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<SecurityAction | null>(null);
  const overview = useLoadable((signal) => fetchSecurityOverview({ signal, notify: false }), [user, version]);

  const done = () => {
    setVersion((v) => v + 1);
    void refreshUser();
  };

  return (
    <Panel title={_('user.security.title')}>
      {overview.status === 'pending' ? <EmptyState>{_('common.loading')}</EmptyState> : null}
      {overview.status === 'error' ? <EmptyState>{_('error.generic')}</EmptyState> : null}
      {overview.status === 'success' ? (
        <>
          {overview.data.withdrawalLockedUntil !== null ? (
            <p className={s.lock} data-testid="withdrawal-lock">
              {_('security.lockedUntil', { time: formatDateTime(overview.data.withdrawalLockedUntil) })}
            </p>
          ) : null}
          <div className={s.rows} data-testid="security-rows">
            {rowsOf(overview.data, user, _).map((row) => (
              <div key={row.key} className={s.row} data-testid={`security-row-${row.key}`}>
                <span className={s.label}>{_(row.labelId)}</span>
                <span className={`${s.status} ${row.done ? u.ok : u.warn}`} data-testid="security-status">
                  {row.status}
                </span>
                {row.action ? (
                  <Button size="sm" variant="secondary" className={s.button} data-testid={`security-open-${row.key}`} onClick={() => setOpen(row.action)}>
                    {_(row.buttonId)}
                  </Button>
                ) : row.key === 'realName' && !row.done ? (
                  // Verification has its own panel below (identity/IdentityPanel.tsx): take the user there.
                  <Button size="sm" variant="secondary" className={s.button} data-testid="security-open-realName" onClick={showIdentityPanel}>
                    {_('identity.verify')}
                  </Button>
                ) : null}
              </div>
            ))}
          </div>
          {open ? <SecurityDialog action={open} overview={overview.data} onClose={() => setOpen(null)} onDone={done} /> : null}
        </>
      ) : null}
    </Panel>
  );
}
