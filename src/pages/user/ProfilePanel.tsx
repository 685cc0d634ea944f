// The profile: who the user is, and the safety level with what would raise it (the security overview's missing
// items, read again whenever the user's info changes, as it does after a security change).
import { useLingui } from '@lingui/react';
import type { UserInfo } from '../../contract.ts';
import { fetchSecurityOverview } from '../../api/security.ts';
import { formatDateTime } from '../../format/date.ts';
import { Details, Panel } from '../../ui/Page.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { REAL_NAME_LABELS, SAFETY_ITEM_LABELS, SAFETY_LABELS } from './labels.ts';
import * as sec from './security/security.css.ts';
import * as s from './user.css.ts';

export function ProfilePanel({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const notBound = _('user.notBound');
  const overview = useLoadable((signal) => fetchSecurityOverview({ signal, notify: false }), [user]);
  const missing = overview.status === 'success' ? overview.data.missing : [];
  return (
    <Panel title={_('user.profile.title')}>
      {user.frozen ? <p className={s.warn}>{_('rule.account.frozen')}</p> : null}
      <Details
        rows={[
          [_('user.field.nickname'), user.nickName, 'nick'],
          [_('user.field.userId'), <span className={s.mono}>{user.userId}</span>, 'uid'],
          [_('user.field.email'), user.email ?? notBound, 'email'],
          [_('user.field.phone'), user.phone ?? notBound, 'phone'],
          [_('user.field.inviteCode'), <span className={s.mono}>{user.inviteCode || '--'}</span>, 'invite'],
          [_('user.field.registerTime'), formatDateTime(user.registerTime || null), 'time'],
          [_('user.field.realName'), _(REAL_NAME_LABELS[user.realNameStatus].labelId), 'realName'],
          [_('user.field.safety'), <span className={s.level} data-testid="safety-level">{_(SAFETY_LABELS[user.safetyLevel].labelId)}</span>, 'safety'],
          ...(missing.length > 0
            ? [[
                _('security.raiseIt'),
                <ul className={sec.missing} data-testid="safety-missing">
                  {missing.map((item) => (
                    <li key={item} className={sec.chip}>
                      {_(SAFETY_ITEM_LABELS[item].labelId)}
                    </li>
                  ))}
                </ul>,
                'raise',
              ] as const]
            : []),
          [_('user.field.creditScore'), user.creditScore, 'credit'],
        ]}
      />
    </Panel>
  );
}
