// Two-factor sign-in (issue 21) on the account page: the authenticator app (TOTP: on or off, with the dialog that
// turns it on or off) and passkeys (the list with names, when added and last used; add one; remove one). The state
// is loaded from the server and reloaded after every change. "Add a passkey" needs WebAuthn in this browser; where
// there is none the row says so instead of offering a button that can only fail.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { fetchTwoFactor } from '../../../api/twofactor.ts';
import type { PasskeyItem, UserInfo } from '../../../contract.ts';
import { formatDateTime } from '../../../format/date.ts';
import { refreshUser } from '../../../session/actions.ts';
import { Button } from '../../../ui/Button.tsx';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import { Panel } from '../../../ui/Page.tsx';
import { useLoadable } from '../../../ui/useLoadable.ts';
import { PasskeyAddDialog, PasskeyRemoveDialog } from './PasskeyDialogs.tsx';
import { TotpDisableDialog, TotpEnableDialog } from './TotpDialogs.tsx';
import * as s from './twofactor.css.ts';

type Dialog = { kind: 'totpEnable' } | { kind: 'totpDisable' } | { kind: 'passkeyAdd' } | { kind: 'passkeyRemove'; passkey: PasskeyItem };

export function TwoFactorPanel({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const state = useLoadable((signal) => fetchTwoFactor({ signal, notify: false }), [user.userId, version]);
  const [webAuthn] = useState(() => browserSupportsWebAuthn());
  const close = () => setDialog(null);
  const changed = () => {
    setDialog(null);
    setVersion((v) => v + 1);
    // The safety level the page shows counts second factors.
    void refreshUser();
  };

  if (state.status !== 'success') {
    return (
      <Panel title={_('twofactor.title')}>
        <p className={s.rowNote}>{state.status === 'pending' ? _('common.loading') : _('common.loadFailed')}</p>
      </Panel>
    );
  }
  const { totpEnabled, passkeys, maxPasskeys } = state.data;
  const full = passkeys.length >= maxPasskeys;

  const columns: Column<PasskeyItem>[] = [
    { key: 'name', labelId: 'twofactor.passkey.col.name', render: (p) => <span data-testid="passkey-name-cell">{p.name}</span> },
    { key: 'created', labelId: 'twofactor.passkey.col.created', render: (p) => formatDateTime(p.createdAt) },
    { key: 'lastUsed', labelId: 'twofactor.passkey.col.lastUsed', render: (p) => (p.lastUsedAt === null ? _('twofactor.passkey.never') : formatDateTime(p.lastUsedAt)) },
    {
      key: 'action',
      labelId: 'twofactor.passkey.col.action',
      align: 'right',
      render: (p) => (
        <Button size="sm" variant="ghost" data-testid="passkey-remove" onClick={() => setDialog({ kind: 'passkeyRemove', passkey: p })}>
          {_('twofactor.passkey.remove')}
        </Button>
      ),
    },
  ];

  return (
    <Panel title={_('twofactor.title')}>
      <div className={s.row} data-testid="totp-row">
        <div className={s.rowText}>
          <span className={s.rowTitle}>
            {_('twofactor.totp.title')}
            <span className={totpEnabled ? s.badgeOn : s.badgeOff} data-testid="totp-status" data-on={totpEnabled}>
              {totpEnabled ? _('twofactor.on') : _('twofactor.off')}
            </span>
          </span>
          <span className={s.rowNote}>{_('twofactor.totp.note')}</span>
        </div>
        {totpEnabled ? (
          <Button variant="secondary" data-testid="totp-disable" onClick={() => setDialog({ kind: 'totpDisable' })}>
            {_('twofactor.totp.disable')}
          </Button>
        ) : (
          <Button data-testid="totp-enable" onClick={() => setDialog({ kind: 'totpEnable' })}>
            {_('twofactor.totp.enable')}
          </Button>
        )}
      </div>
      <div className={s.row} data-testid="passkey-row">
        <div className={s.rowText}>
          <span className={s.rowTitle}>
            {_('twofactor.passkey.title')}
            <span className={passkeys.length > 0 ? s.badgeOn : s.badgeOff}>{passkeys.length}</span>
          </span>
          <span className={s.rowNote}>
            {!webAuthn ? _('twofactor.passkey.unsupported') : full ? _('twofactor.passkey.full', { max: maxPasskeys }) : _('twofactor.passkey.note')}
          </span>
        </div>
        {webAuthn ? (
          <Button data-testid="passkey-add" disabled={full} onClick={() => setDialog({ kind: 'passkeyAdd' })}>
            {_('twofactor.passkey.add')}
          </Button>
        ) : null}
      </div>
      {passkeys.length > 0 ? (
        <div className={s.list} data-testid="passkey-list">
          <DataTable columns={columns} rows={passkeys} rowKey={(p) => p.id} />
        </div>
      ) : null}
      {dialog?.kind === 'totpEnable' ? <TotpEnableDialog onClose={close} onDone={changed} /> : null}
      {dialog?.kind === 'totpDisable' ? <TotpDisableDialog onClose={close} onDone={changed} /> : null}
      {dialog?.kind === 'passkeyAdd' ? <PasskeyAddDialog count={passkeys.length} onClose={close} onDone={changed} /> : null}
      {dialog?.kind === 'passkeyRemove' ? <PasskeyRemoveDialog passkey={dialog.passkey} totpEnabled={totpEnabled} onClose={close} onDone={changed} /> : null}
    </Panel>
  );
}
