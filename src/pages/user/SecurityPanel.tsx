// The security centre (spec §1, §2): what is set and bound. Changing them arrives with the security issue.
import { useLingui } from '@lingui/react';
import type { UserInfo } from '../../contract.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Panel } from '../../ui/Page.tsx';
import { REAL_NAME_LABELS } from './labels.ts';
import * as s from './user.css.ts';

interface Item {
  key: string;
  labelId: string;
  done: boolean | null;
  status: string;
}

export function SecurityPanel({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const state = (done: boolean) => (done ? _('user.security.set') : _('user.security.notSet'));
  const items: Item[] = [
    { key: 'login', labelId: 'user.security.loginPassword', done: true, status: state(true) },
    { key: 'fund', labelId: 'user.security.fundPassword', done: user.hasFundPassword, status: state(user.hasFundPassword) },
    { key: 'phone', labelId: 'user.security.phone', done: user.phone !== null, status: user.phone ?? _('user.notBound') },
    { key: 'email', labelId: 'user.security.email', done: user.email !== null, status: user.email ?? _('user.notBound') },
    { key: 'realName', labelId: 'user.security.realName', done: user.realNameStatus === 'certified', status: _(REAL_NAME_LABELS[user.realNameStatus].labelId) },
  ];
  const columns: Column<Item>[] = [
    { key: 'item', labelId: 'user.security.col.item', render: (i) => _(i.labelId) },
    { key: 'status', labelId: 'user.security.col.status', render: (i) => <span className={i.done ? s.ok : s.warn}>{i.status}</span> },
  ];
  return (
    <Panel title={_('user.security.title')}>
      <DataTable columns={columns} rows={items} rowKey={(i) => i.key} />
    </Panel>
  );
}
