// One user: their profile, balances per account, positions, orders, seconds contracts, sessions, identity
// submissions and records (paged); and what an operator may do to them, each with a reason: freeze or unfreeze, sign
// out everywhere, cancel every open order, credit or debit a balance (over the threshold: a second operator approves).
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import {
  ACCOUNT_TYPES, OPS_PATHS, type AssetRecordItem, type OpsBalanceRow, type OpsOrderRow, type OpsPositionRow, type OpsSecondsRow, type OpsSessionRow,
  type OpsUserDetail,
} from '../../contract.ts';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Details } from '../../ui/Page.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { ops } from '../client.ts';
import { page, parser, recordItem, userDetail } from '../parse.ts';
import { OpsLink } from '../router.tsx';
import { can, useMe } from '../state.ts';
import { useAction, type ActionSpec } from '../ui/ActionDialog.tsx';
import { Badge, Empty, Load, Num, Pager, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { orderStatusId, recordTypeId, userArgs } from '../views.ts';
import { REAL_NAME_IDS } from './UsersPage.tsx';

const parseDetail = parser(userDetail);
const parseRecords = parser(page(recordItem));
const RECORDS_PAGE = 20;

/** An identity submission's state in the operator's words (the queue's). */
const KYC_STATUS_IDS: Record<string, string> = { pending: 'ops.status.pending', approved: 'ops.status.approved', rejected: 'ops.status.rejected' };

const yesNo = (v: boolean, _: (id: string) => string) => (v ? _('ops.yes') : _('ops.no'));

/** A user's records, newest first, a page at a time (the withdrawal queue shows them too). */
/** `compact` (beside a queue's item): time, type, asset, amount and reference only. */
export function UserRecords({ userId, pageSize = RECORDS_PAGE, compact = false }: { userId: number; pageSize?: number; compact?: boolean }) {
  const { _ } = useLingui();
  const [pageIndex, setPage] = useState(1);
  const state = useLoadable((signal) => ops.get(OPS_PATHS.userRecords, parseRecords, { id: userId, pageIndex, pageSize }, { signal }), [userId, pageIndex]);
  const all: Column<AssetRecordItem>[] = [
    { key: 'time', labelId: 'ops.col.time', render: (r) => <span className={s.num}>{formatDateTime(r.time)}</span> },
    { key: 'account', labelId: 'ops.col.account', render: (r) => r.account },
    { key: 'type', labelId: 'ops.col.type', render: (r) => { const id = recordTypeId(r.type); return id === null ? r.type : _(id); } },
    { key: 'asset', labelId: 'ops.col.asset', render: (r) => r.asset },
    { key: 'amount', labelId: 'ops.col.amount', align: 'right', render: (r) => <Num tone="signed">{r.amount}</Num> },
    { key: 'frozen', labelId: 'ops.col.frozen', align: 'right', render: (r) => <Num>{r.frozen}</Num> },
    { key: 'ref', labelId: 'ops.col.ref', render: (r) => <span className={s.code} title={r.ref}>{r.ref}</span> },
  ];
  // Beside a queue's item the pane is half as wide: the asset goes with the amount, the account and frozen change go.
  const columns: Column<AssetRecordItem>[] = compact
    ? [
        all[0]!,
        all[2]!,
        { key: 'amount', labelId: 'ops.col.amount', align: 'right', render: (r) => <Num tone="signed">{`${r.amount} ${r.asset}`}</Num> },
        { key: 'ref', labelId: 'ops.col.ref', render: (r) => <span className={s.code} style={{ maxWidth: 130 }} title={r.ref}>{r.ref}</span> },
      ]
    : all;
  return (
    <Load state={state}>
      {(result) => (
        <div data-testid="ops-user-records">
          <DataTable columns={columns} rows={result.list} rowKey={(r) => String(r.id)} empty={<Empty>{_('ops.user.noRecords')}</Empty>} />
          <Pager pageIndex={result.pageIndex} pageSize={result.pageSize} total={result.total} onPage={setPage} />
        </div>
      )}
    </Load>
  );
}

export default function UserDetailPage({ id }: { id: number }) {
  const { _ } = useLingui();
  const me = useMe();
  const [tick, reload] = useReload();
  const state = useLoadable((signal) => ops.get(OPS_PATHS.user, parseDetail, { id }, { signal }), [id, tick]);
  const action = useAction(reload);

  return (
    <Screen name="user" title={_('ops.user.title', { id })} actions={<OpsLink to="/users">{_('ops.back')}</OpsLink>}>
      <Load state={state}>{(d) => <Detail d={d} open={action.open} manage={can(me, 'users.manage')} funds={can(me, 'funds.adjust')} />}</Load>
      {action.dialog}
    </Screen>
  );
}

function Detail({ d, open, manage, funds }: { d: OpsUserDetail; open(spec: ActionSpec): void; manage: boolean; funds: boolean }) {
  const { _ } = useLingui();
  const u = d.user;
  const who = userArgs(u);
  const label = u.email ?? u.phone ?? `#${u.id}`;
  const accountOptions = ACCOUNT_TYPES.map((a) => ({ value: a, label: a }));
  const moneyFields = [
    { name: 'asset', labelId: 'ops.col.asset', required: true, initial: 'USDT' },
    { name: 'amount', labelId: 'ops.col.amount', kind: 'number' as const, required: true },
    { name: 'account', labelId: 'ops.col.account', kind: 'select' as const, options: accountOptions, initial: 'coin' },
  ];

  const balances: Column<OpsBalanceRow>[] = [
    { key: 'account', labelId: 'ops.col.account', render: (b) => b.account },
    { key: 'asset', labelId: 'ops.col.asset', render: (b) => b.asset },
    { key: 'available', labelId: 'ops.col.available', align: 'right', render: (b) => <Num>{b.available}</Num> },
    { key: 'frozen', labelId: 'ops.col.frozen', align: 'right', render: (b) => <Num>{b.frozen}</Num> },
    { key: 'locked', labelId: 'ops.col.locked', align: 'right', render: (b) => <Num>{b.locked}</Num> },
  ];
  const positions: Column<OpsPositionRow>[] = [
    { key: 'symbol', labelId: 'ops.col.symbol', render: (p) => p.symbol },
    { key: 'side', labelId: 'ops.col.side', render: (p) => <span className={p.side === 'long' ? s.up : s.down}>{p.side}</span> },
    { key: 'size', labelId: 'ops.col.size', align: 'right', render: (p) => <Num>{p.size}</Num> },
    { key: 'entry', labelId: 'ops.col.entryPrice', align: 'right', render: (p) => <Num>{p.entryPrice}</Num> },
    { key: 'mark', labelId: 'ops.col.markPrice', align: 'right', render: (p) => <Num>{p.markPrice}</Num> },
    { key: 'lev', labelId: 'ops.col.leverage', align: 'right', render: (p) => <Num>{`${p.leverage}× ${p.marginType}`}</Num> },
    { key: 'margin', labelId: 'ops.col.margin', align: 'right', render: (p) => <Num>{p.margin}</Num> },
    { key: 'pnl', labelId: 'ops.col.pnl', align: 'right', render: (p) => <Num tone="signed">{p.unrealizedPnl}</Num> },
    { key: 'liq', labelId: 'ops.col.liquidation', align: 'right', render: (p) => <Num>{p.liquidationPrice ?? '--'}</Num> },
  ];
  const orders: Column<OpsOrderRow>[] = [
    { key: 'time', labelId: 'ops.col.time', render: (o) => <span className={s.num}>{formatDateTime(o.createdAt)}</span> },
    { key: 'market', labelId: 'ops.col.market', render: (o) => o.market },
    { key: 'symbol', labelId: 'ops.col.symbol', render: (o) => o.symbol },
    { key: 'side', labelId: 'ops.col.side', render: (o) => <span className={o.side === 'buy' || o.side === 'long' ? s.up : s.down}>{o.side}</span> },
    { key: 'type', labelId: 'ops.col.type', render: (o) => o.type },
    { key: 'price', labelId: 'ops.col.price', align: 'right', render: (o) => <Num>{o.price ?? '--'}</Num> },
    { key: 'amount', labelId: 'ops.col.amount', align: 'right', render: (o) => <Num>{o.amount}</Num> },
    { key: 'filled', labelId: 'ops.col.filled', align: 'right', render: (o) => <Num>{o.filled}</Num> },
    { key: 'status', labelId: 'ops.col.status', render: (o) => <Badge status={o.status === 'new' || o.status === 'partially_filled' ? 'open' : 'closed'}>{orderStatusId(o.status) === null ? o.status : _(orderStatusId(o.status)!)}</Badge> },
  ];
  const seconds: Column<OpsSecondsRow>[] = [
    { key: 'id', labelId: 'ops.col.id', align: 'right', render: (c) => c.id },
    { key: 'time', labelId: 'ops.col.time', render: (c) => <span className={s.num}>{formatDateTime(c.createdAt)}</span> },
    { key: 'symbol', labelId: 'ops.col.symbol', render: (c) => c.symbol },
    { key: 'dir', labelId: 'ops.col.direction', render: (c) => <span className={c.direction === 'up' ? s.up : s.down}>{c.direction}</span> },
    { key: 'duration', labelId: 'ops.col.duration', align: 'right', render: (c) => <Num>{`${c.duration} s`}</Num> },
    { key: 'amount', labelId: 'ops.col.amount', align: 'right', render: (c) => <Num>{c.amount}</Num> },
    { key: 'open', labelId: 'ops.col.openPrice', align: 'right', render: (c) => <Num>{c.openPrice ?? '--'}</Num> },
    { key: 'close', labelId: 'ops.col.closePrice', align: 'right', render: (c) => <Num>{c.closePrice ?? '--'}</Num> },
    { key: 'payout', labelId: 'ops.col.payout', align: 'right', render: (c) => <Num tone="signed">{c.payout ?? '--'}</Num> },
    { key: 'status', labelId: 'ops.col.status', render: (c) => <Badge status={c.status}>{c.status}</Badge> },
  ];
  const sessions: Column<OpsSessionRow>[] = [
    { key: 'created', labelId: 'ops.col.created', render: (x) => <span className={s.num}>{formatDateTime(x.createdAt)}</span> },
    { key: 'seen', labelId: 'ops.col.lastSeen', render: (x) => <span className={s.num}>{formatDateTime(x.lastSeenAt)}</span> },
    { key: 'expires', labelId: 'ops.col.expires', render: (x) => <span className={s.num}>{formatDateTime(x.expiresAt)}</span> },
    { key: 'ip', labelId: 'ops.col.ip', render: (x) => <span className={s.code}>{x.ip ?? '--'}</span> },
    { key: 'ua', labelId: 'ops.col.device', render: (x) => <span className={s.small}>{x.userAgent ?? '--'}</span> },
  ];
  const kyc: Column<OpsUserDetail['kyc'][number]>[] = [
    { key: 'id', labelId: 'ops.col.id', align: 'right', render: (k) => k.id },
    { key: 'time', labelId: 'ops.col.submitted', render: (k) => <span className={s.num}>{formatDateTime(k.submittedAt)}</span> },
    { key: 'name', labelId: 'ops.col.name', render: (k) => k.name },
    { key: 'doc', labelId: 'ops.col.document', render: (k) => k.docType },
    { key: 'status', labelId: 'ops.col.status', render: (k) => <Badge status={k.status}>{k.status in KYC_STATUS_IDS ? _(KYC_STATUS_IDS[k.status]!) : k.status}</Badge> },
    { key: 'reason', labelId: 'ops.col.reason', render: (k) => k.reason ?? '' },
  ];

  return (
    <>
      <div className={s.grid2}>
        <Section title={_('ops.user.profile')} testId="ops-user-profile">
          <Details
            rows={[
              [_('ops.col.id'), u.id, 'id'],
              [_('ops.col.email'), u.email ?? '--', 'email'],
              [_('ops.col.phone'), u.phone ?? '--', 'phone'],
              [_('ops.col.nickname'), u.nickname ?? '--', 'nick'],
              [_('ops.col.state'), u.frozen ? <Badge status="frozen">{_('ops.user.frozen')}</Badge> : <Badge status="active">{_('ops.user.active')}</Badge>, 'state'],
              [_('ops.col.realName'), <Badge status={u.realName}>{_(REAL_NAME_IDS[u.realName])}</Badge>, 'kyc'],
              [_('ops.col.created'), formatDateTime(u.createdAt), 'created'],
              [_('ops.user.lastLogin'), formatDateTime(u.lastLoginAt), 'login'],
              [_('ops.user.twoFactor'), yesNo(u.twoFactor, _), '2fa'],
              [_('ops.user.fundPassword'), yesNo(u.fundPassword, _), 'fund'],
              [_('ops.user.locale'), u.locale ?? '--', 'locale'],
              [_('ops.col.inviteCode'), u.inviteCode ?? '--', 'invite'],
              [_('ops.user.invitedBy'), u.invitedBy === null ? '--' : <OpsLink to={`/users/${u.invitedBy}`}>{u.invitedBy}</OpsLink>, 'invitedBy'],
            ]}
          />
        </Section>
        <Section title={_('ops.user.actions')} testId="ops-user-actions">
          {!manage && !funds ? <p className={s.muted}>{_('ops.user.readOnly')}</p> : null}
          <div className={s.actions}>
            {manage ? (
              u.frozen ? (
                <Button size="sm" variant="secondary" data-testid="ops-user-unfreeze" onClick={() => open({ command: 'user unfreeze', args: who, titleId: 'ops.user.unfreeze', summary: label })}>
                  {_('ops.user.unfreeze')}
                </Button>
              ) : (
                <Button size="sm" variant="down" data-testid="ops-user-freeze" onClick={() => open({ command: 'user freeze', args: who, titleId: 'ops.user.freeze', summary: label, danger: true })}>
                  {_('ops.user.freeze')}
                </Button>
              )
            ) : null}
            {manage ? (
              <Button size="sm" variant="secondary" data-testid="ops-user-signout" onClick={() => open({ command: 'session revoke', args: who, titleId: 'ops.user.signOutAll', summary: label })}>
                {_('ops.user.signOutAll')}
              </Button>
            ) : null}
            {manage ? (
              <Button size="sm" variant="secondary" data-testid="ops-user-cancel-orders" onClick={() => open({ command: 'order cancel-all', args: who, titleId: 'ops.user.cancelOrders', summary: label, danger: true })}>
                {_('ops.user.cancelOrders')}
              </Button>
            ) : null}
            {funds && u.email ? (
              <>
                <Button size="sm" variant="up" data-testid="ops-user-credit" onClick={() => open({ command: 'balance credit', args: { email: u.email! }, titleId: 'ops.user.credit', summary: label, fields: moneyFields, testId: 'ops-credit' })}>
                  {_('ops.user.credit')}
                </Button>
                <Button size="sm" variant="down" data-testid="ops-user-debit" onClick={() => open({ command: 'balance debit', args: { email: u.email! }, titleId: 'ops.user.debit', summary: label, fields: moneyFields, danger: true, testId: 'ops-debit' })}>
                  {_('ops.user.debit')}
                </Button>
              </>
            ) : null}
          </div>
          {funds && !u.email ? <p className={s.muted}>{_('ops.user.noEmail')}</p> : null}
        </Section>
      </div>
      <Section title={_('ops.user.balances')} testId="ops-user-balances">
        <DataTable columns={balances} rows={d.balances} rowKey={(b) => `${b.account}:${b.asset}`} empty={<Empty />} />
      </Section>
      <Section title={_('ops.user.positions')} testId="ops-user-positions">
        <DataTable columns={positions} rows={d.positions} rowKey={(p, i) => `${p.symbol}:${p.side}:${i}`} empty={<Empty />} />
      </Section>
      <Section title={_('ops.user.orders')} testId="ops-user-orders">
        <DataTable columns={orders} rows={d.orders} rowKey={(o) => `${o.market}:${o.id}`} empty={<Empty />} />
      </Section>
      <Section title={_('ops.user.seconds')} testId="ops-user-seconds">
        <DataTable columns={seconds} rows={d.seconds} rowKey={(c) => String(c.id)} empty={<Empty />} />
      </Section>
      <Section title={_('ops.user.sessions')} testId="ops-user-sessions">
        <DataTable columns={sessions} rows={d.sessions} rowKey={(x) => String(x.id)} empty={<Empty />} />
      </Section>
      <Section title={_('ops.user.kyc')} testId="ops-user-kyc">
        <DataTable columns={kyc} rows={d.kyc} rowKey={(k) => String(k.id)} empty={<Empty />} />
      </Section>
      <Section title={_('ops.user.records')}>
        <UserRecords userId={u.id} />
      </Section>
    </>
  );
}
