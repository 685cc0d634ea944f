// The withdrawal queue: withdrawals waiting for review (or in another state), and the chosen one's address, amount and
// network beside the user's balances and history, with approve and reject (the reason is what the user reads). An
// approval over the asset's threshold waits for a second operator.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { OPS_PATHS } from '../../contract.ts';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { SelectField } from '../../ui/Field.tsx';
import { Details } from '../../ui/Page.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { ops } from '../client.ts';
import { parser, userDetail } from '../parse.ts';
import { OpsLink } from '../router.tsx';
import { can, useMe } from '../state.ts';
import { useAction } from '../ui/ActionDialog.tsx';
import { Badge, Empty, Load, Num, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { withdrawalRows, type WithdrawalRow } from '../views.ts';
import { UserRecords } from './UserDetailPage.tsx';

const STATUSES = ['applied', 'approved', 'broadcast', 'confirmed', 'rejected', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_IDS: Record<Status, string> = {
  applied: 'ops.withdrawals.applied',
  approved: 'ops.status.approved',
  broadcast: 'ops.withdrawals.broadcast',
  confirmed: 'ops.withdrawals.confirmed',
  rejected: 'ops.status.rejected',
  cancelled: 'ops.withdrawals.cancelled',
};
const parseDetail = parser(userDetail);

export default function WithdrawalsPage() {
  const { _ } = useLingui();
  const me = useMe();
  const [status, setStatus] = useState<Status>('applied');
  const [chosen, setChosen] = useState<WithdrawalRow | null>(null);
  const [tick, reload] = useReload();
  const statusText = (st: string) => (st in STATUS_IDS ? _(STATUS_IDS[st as Status]) : st === 'applying' ? _(STATUS_IDS.applied) : st);
  const list = useLoadable((signal) => ops.read('withdrawal list', { status, limit: '200' }, withdrawalRows, { signal }), [status, tick]);
  const action = useAction(() => {
    setChosen(null);
    reload();
  });

  const columns: Column<WithdrawalRow>[] = [
    {
      key: 'id',
      labelId: 'ops.col.id',
      align: 'right',
      render: (w) => (
        <button type="button" className={`${s.rowButton} ${chosen?.id === w.id ? s.selected : ''}`} onClick={() => setChosen(w)} data-testid={`ops-withdrawal-row-${w.id}`}>
          #{w.id}
        </button>
      ),
    },
    // The user and the time share a column, so the status fits beside the detail pane at 1280 px.
    {
      key: 'user',
      labelId: 'ops.col.user',
      render: (w) => (
        <span className={s.num}>
          {w.userId}
          <br />
          <span className={s.muted}>{formatDateTime(w.createdAt)}</span>
        </span>
      ),
    },
    { key: 'amount', labelId: 'ops.col.amount', align: 'right', render: (w) => <Num>{`${w.amount} ${w.asset}`}</Num> },
    { key: 'status', labelId: 'ops.col.status', render: (w) => <Badge status={w.status}>{statusText(w.status)}</Badge> },
  ];

  return (
    <Screen name="withdrawals" title={_('ops.nav.withdrawals')}>
      <div className={s.toolbar}>
        <div style={{ width: 220 }}>
          <SelectField
            label={_('ops.col.status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as Status);
              setChosen(null);
            }}
            data-testid="ops-withdrawals-status"
          >
            {STATUSES.map((x) => (
              <option key={x} value={x}>
                {_(STATUS_IDS[x])}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <div className={s.split}>
        <Section title={_('ops.withdrawals.queue')} testId="ops-withdrawals-list">
          <Load state={list}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(w) => String(w.id)} empty={<Empty>{_('ops.withdrawals.none')}</Empty>} />}</Load>
        </Section>
        <Section title={_('ops.withdrawals.detail')} testId="ops-withdrawal-view">
          {chosen === null ? <Empty>{_('ops.withdrawals.choose')}</Empty> : <Withdrawal key={chosen.id} w={chosen} review={can(me, 'withdrawals.review')} open={action.open} statusText={statusText} />}
        </Section>
      </div>
      {action.dialog}
    </Screen>
  );
}

function Withdrawal({ w, review, open, statusText }: { w: WithdrawalRow; review: boolean; open: ReturnType<typeof useAction>['open']; statusText(status: string): string }) {
  const { _ } = useLingui();
  const user = useLoadable((signal) => ops.get(OPS_PATHS.user, parseDetail, { id: w.userId }, { signal, notify: false }), [w.userId]);
  const summary = `#${w.id} · ${w.amount} ${w.asset} (${w.network}) → ${w.address}`;
  return (
    <>
      <Details
        rows={[
          [_('ops.col.id'), `#${w.id}`, 'id'],
          [_('ops.withdrawals.address'), <span className={s.mono} data-testid="ops-withdrawal-address">{w.address}</span>, 'address'],
          [_('ops.withdrawals.network'), w.network, 'network'],
          [_('ops.col.amount'), <Num>{`${w.amount} ${w.asset}`}</Num>, 'amount'],
          [_('ops.withdrawals.fee'), <Num>{`${w.fee} ${w.asset}`}</Num>, 'fee'],
          [_('ops.withdrawals.received'), <Num>{`${w.received} ${w.asset}`}</Num>, 'received'],
          [_('ops.withdrawals.valueUsdt'), <Num>{w.valueUsdt}</Num>, 'value'],
          [_('ops.col.time'), formatDateTime(w.createdAt), 'time'],
          [_('ops.col.status'), <Badge status={w.status}>{statusText(w.status)}</Badge>, 'status'],
          ...(w.txHash ? ([[_('ops.withdrawals.tx'), <span className={s.mono}>{w.txHash}</span>, 'tx']] as const) : []),
          ...(w.reviewedBy ? ([[_('ops.kyc.reviewed'), `${w.reviewedBy}${w.reason ? ` · ${w.reason}` : ''}`, 'by']] as const) : []),
        ]}
      />
      {/* Rejecting takes an applied one, or an approved one whose transaction the signer gave up on (the server tells
          which); once broadcast the coins are on their way and nothing can call them back. */}
      {review && (w.status === 'applied' || w.status === 'approved') ? (
        <div className={s.actions}>
          {w.status === 'applied' ? (
            <Button variant="up" size="sm" data-testid="ops-withdrawal-approve" onClick={() => open({ command: 'withdrawal approve', args: { id: String(w.id) }, titleId: 'ops.withdrawals.approve', summary, testId: 'ops-withdrawal-approve-dialog' })}>
              {_('ops.withdrawals.approve')}
            </Button>
          ) : null}
          <Button variant="down" size="sm" data-testid="ops-withdrawal-reject" onClick={() => open({ command: 'withdrawal reject', args: { id: String(w.id) }, titleId: 'ops.withdrawals.reject', summary, danger: true, testId: 'ops-withdrawal-reject-dialog' })}>
            {_('ops.withdrawals.reject')}
          </Button>
        </div>
      ) : null}
      <h3 className={s.sectionTitle}>{_('ops.withdrawals.user')}</h3>
      <Load state={user}>
        {(d) => (
          <div className={s.small} data-testid="ops-withdrawal-user">
            <OpsLink to={`/users/${d.user.id}`}>{d.user.email ?? d.user.phone ?? `#${d.user.id}`}</OpsLink>{' '}
            {d.user.frozen ? <Badge status="frozen">{_('ops.user.frozen')}</Badge> : null}{' '}
            <span className={s.muted}>
              {d.balances
                .filter((b) => b.asset === w.asset)
                .map((b) => `${b.account}: ${b.available} / ${b.frozen}`)
                .join(' · ')}
            </span>
          </div>
        )}
      </Load>
      <UserRecords userId={w.userId} pageSize={10} compact />
    </>
  );
}
