// Devices and sessions, and the login history (issue 21). The devices table lists the account's live sessions
// (device, address, signed in, last seen; this device marked) with a sign-out button each and "sign out all other
// devices"; the current one stays signed in. The history pages through sign-ins, successful or not, newest first.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { LOGIN_HISTORY_PAGE_SIZE, type LoginHistoryEntry, type SessionInfo, type UserInfo } from '../../../contract.ts';
import { isApiError } from '../../../api/index.ts';
import { fetchLoginHistory, fetchSessions, revokeOtherSessions, revokeSession } from '../../../api/security.ts';
import { formatDateTime } from '../../../format/date.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Panel } from '../../../ui/Page.tsx';
import { useLoadable } from '../../../ui/useLoadable.ts';
import * as s from './security.css.ts';

export function SessionsPanel({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const [version, setVersion] = useState(0);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const sessions = useLoadable((signal) => fetchSessions({ signal, notify: false }), [user.userId, version]);
  const history = useLoadable((signal) => fetchLoginHistory(page, LOGIN_HISTORY_PAGE_SIZE, { signal, notify: false }), [user.userId, version, page]);
  const device = (name: string) => name || _('security.device.unknown');

  async function run(work: () => Promise<unknown>, doneId: string) {
    if (busy) return;
    setBusy(true);
    try {
      await work();
      pushNotice('success', _(doneId));
    } catch (error) {
      pushNotice('error', isApiError(error) && error.msg ? error.msg : _('error.generic'));
    } finally {
      setBusy(false);
      setVersion((v) => v + 1);
    }
  }

  const sessionColumns: Column<SessionInfo>[] = [
    {
      key: 'device',
      labelId: 'security.col.device',
      render: (r) => (
        <>
          {device(r.device)}
          {r.current ? <span className={s.current} data-testid="session-current">{_('security.thisDevice')}</span> : null}
        </>
      ),
    },
    { key: 'address', labelId: 'security.col.address', render: (r) => r.address },
    { key: 'created', labelId: 'security.col.signedIn', render: (r) => formatDateTime(r.createdAt) },
    { key: 'seen', labelId: 'security.col.lastSeen', render: (r) => formatDateTime(r.lastSeenAt) },
    {
      key: 'action',
      labelId: 'security.col.action',
      align: 'right',
      render: (r) =>
        r.current ? null : (
          <Button size="sm" variant="secondary" disabled={busy} data-testid="session-revoke" onClick={() => void run(() => revokeSession(r.id, { notify: false }), 'security.sessions.revoked')}>
            {_('security.sessions.signOut')}
          </Button>
        ),
    },
  ];

  const historyColumns: Column<LoginHistoryEntry>[] = [
    { key: 'at', labelId: 'security.col.time', render: (r) => formatDateTime(r.at) },
    { key: 'device', labelId: 'security.col.device', render: (r) => device(r.device) },
    { key: 'address', labelId: 'security.col.address', render: (r) => r.address },
    { key: 'method', labelId: 'security.col.method', render: (r) => _(r.method === 'passkey' ? 'security.method.passkey' : 'security.method.password') },
    {
      key: 'result',
      labelId: 'security.col.result',
      render: (r) => <span className={r.result === 'success' ? s.okText : s.failed}>{_(r.result === 'success' ? 'security.result.success' : 'security.result.failed')}</span>,
    },
  ];

  const others = sessions.status === 'success' ? sessions.data.filter((r) => !r.current).length : 0;
  const total = history.status === 'success' ? history.data.total : 0;
  const pages = Math.max(1, Math.ceil(total / LOGIN_HISTORY_PAGE_SIZE));

  return (
    <Panel title={_('security.sessions.title')}>
      <div className={s.toolbar}>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy || others === 0}
          data-testid="session-revoke-others"
          onClick={() => void run(() => revokeOtherSessions({ notify: false }), 'security.sessions.othersRevoked')}
        >
          {_('security.sessions.signOutOthers')}
        </Button>
      </div>
      <div data-testid="sessions-table">
        {sessions.status === 'success' ? (
          <DataTable columns={sessionColumns} rows={sessions.data} rowKey={(r) => r.id} />
        ) : (
          <EmptyState>{sessions.status === 'pending' ? _('common.loading') : _('error.generic')}</EmptyState>
        )}
      </div>
      <h3 className={s.sectionTitle}>{_('security.history.title')}</h3>
      <div data-testid="login-history">
        {history.status === 'success' ? (
          <DataTable columns={historyColumns} rows={history.data.items} rowKey={(r, i) => `${r.at}-${i}`} />
        ) : (
          <EmptyState>{history.status === 'pending' ? _('common.loading') : _('error.generic')}</EmptyState>
        )}
      </div>
      {pages > 1 ? (
        <div className={s.actions}>
          <Button size="sm" variant="secondary" disabled={page <= 1} data-testid="history-prev" onClick={() => setPage((p) => p - 1)}>
            {_('orders.paging.prev')}
          </Button>
          <span className={s.note}>{_('security.history.page', { page, pages })}</span>
          <Button size="sm" variant="secondary" disabled={page >= pages} data-testid="history-next" onClick={() => setPage((p) => p + 1)}>
            {_('orders.paging.next')}
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}
