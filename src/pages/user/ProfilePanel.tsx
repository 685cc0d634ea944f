import { useLingui } from '@lingui/react';
import type { UserInfo } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { Details, Panel } from '../../ui/Page.tsx';
import { REAL_NAME_LABELS, SAFETY_LABELS } from './labels.ts';
import * as s from './user.css.ts';

export function ProfilePanel({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const notBound = _('user.notBound');
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
          [_('user.field.safety'), <span className={s.level}>{_(SAFETY_LABELS[user.safetyLevel].labelId)}</span>, 'safety'],
          [_('user.field.creditScore'), user.creditScore, 'credit'],
        ]}
      />
    </Panel>
  );
}
