// Invitation (spec §1): the user's code and sign-up link, copyable, and the referral records.
import { useLingui } from '@lingui/react';
import type { UserInfo } from '../../contract.ts';
import { pushNotice } from '../../state/index.ts';
import { copyText } from '../../ui/clipboard.ts';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Details, Panel } from '../../ui/Page.tsx';
import * as s from './user.css.ts';

const RECORD_COLUMNS: readonly Column<never>[] = [
  { key: 'account', labelId: 'user.invite.col.account' },
  { key: 'level', labelId: 'user.invite.col.level' },
  { key: 'time', labelId: 'user.invite.col.time' },
];

export function InvitePanel({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const link = user.inviteCode ? `${window.location.origin}/register?statusType=1&inviteCode=${encodeURIComponent(user.inviteCode)}` : '';

  async function copy(text: string) {
    const ok = await copyText(text);
    pushNotice(ok ? 'success' : 'error', ok ? _('common.copied') : _('common.copyFailed'));
  }

  return (
    <Panel title={_('user.invite.title')}>
      <Details
        rows={[
          [
            _('user.field.inviteCode'),
            <span className={s.copyRow}>
              <span className={s.mono}>{user.inviteCode || '--'}</span>
              {user.inviteCode ? (
                <Button size="sm" variant="secondary" onClick={() => void copy(user.inviteCode)}>
                  {_('common.copy')}
                </Button>
              ) : null}
            </span>,
            'code',
          ],
          [
            _('user.invite.link'),
            <span className={s.copyRow}>
              <span className={s.mono}>{link || '--'}</span>
              {link ? (
                <Button size="sm" variant="secondary" onClick={() => void copy(link)}>
                  {_('common.copy')}
                </Button>
              ) : null}
            </span>,
            'link',
          ],
        ]}
      />
      <DataTable columns={RECORD_COLUMNS} />
    </Panel>
  );
}
