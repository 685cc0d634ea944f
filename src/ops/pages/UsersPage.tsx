// Users: a search (id, e-mail, phone, nickname or invite code, part of any) and the matching users, newest first.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { OPS_PATHS, type OpsUserItem } from '../../contract.ts';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { TextField } from '../../ui/Field.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { ops } from '../client.ts';
import { page, parser, userItem } from '../parse.ts';
import { go, OpsLink } from '../router.tsx';
import { Badge, Empty, Load, Pager, Screen, Section } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';

const PAGE_SIZE = 20;
const parseUsers = parser(page(userItem));

export const REAL_NAME_IDS: Record<OpsUserItem['realName'], string> = {
  none: 'ops.realName.none',
  pending: 'ops.realName.pending',
  failed: 'ops.realName.failed',
  certified: 'ops.realName.certified',
};

export default function UsersPage({ q, page: pageIndex }: { q: string; page: number }) {
  const { _ } = useLingui();
  const [text, setText] = useState(q);
  const state = useLoadable((signal) => ops.get(OPS_PATHS.users, parseUsers, { q, pageIndex, pageSize: PAGE_SIZE }, { signal }), [q, pageIndex]);

  const columns: Column<OpsUserItem>[] = [
    { key: 'id', labelId: 'ops.col.id', align: 'right', render: (u) => <OpsLink to={`/users/${u.id}`} data-testid={`ops-user-${u.id}`}>{u.id}</OpsLink> },
    { key: 'email', labelId: 'ops.col.email', render: (u) => u.email ?? '--' },
    { key: 'phone', labelId: 'ops.col.phone', render: (u) => u.phone ?? '--' },
    { key: 'nickname', labelId: 'ops.col.nickname', render: (u) => u.nickname ?? '--' },
    { key: 'invite', labelId: 'ops.col.inviteCode', render: (u) => <span className={s.mono}>{u.inviteCode ?? '--'}</span> },
    { key: 'kyc', labelId: 'ops.col.realName', render: (u) => <Badge status={u.realName}>{_(REAL_NAME_IDS[u.realName])}</Badge> },
    { key: 'state', labelId: 'ops.col.state', render: (u) => (u.frozen ? <Badge status="frozen">{_('ops.user.frozen')}</Badge> : <Badge status="active">{_('ops.user.active')}</Badge>) },
    { key: 'created', labelId: 'ops.col.created', align: 'right', render: (u) => <span className={s.num}>{formatDateTime(u.createdAt)}</span> },
  ];

  return (
    <Screen name="users" title={_('ops.nav.users')}>
      <form
        className={s.toolbar}
        onSubmit={(e) => {
          e.preventDefault();
          go('/users', { q: text.trim() || undefined, page: undefined });
        }}
      >
        <div style={{ width: 420 }}>
          <TextField label={_('ops.users.search')} placeholder={_('ops.users.searchHint')} name="q" value={text} onChange={(e) => setText(e.target.value)} data-testid="ops-users-q" />
        </div>
        <Button type="submit" data-testid="ops-users-search">
          {_('ops.search')}
        </Button>
      </form>
      <Section>
        <Load state={state}>
          {(result) => (
            <>
              <DataTable columns={columns} rows={result.list} rowKey={(u) => String(u.id)} empty={<Empty>{_('ops.users.none')}</Empty>} />
              <Pager pageIndex={result.pageIndex} pageSize={result.pageSize} total={result.total} onPage={(p) => go('/users', { q: q || undefined, page: p })} />
            </>
          )}
        </Load>
      </Section>
    </Screen>
  );
}
