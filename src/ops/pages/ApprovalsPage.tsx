// Four eyes: credits and withdrawal approvals over their asset's threshold wait here until a second operator approves
// (the command then runs, once) or rejects them. An operator's own requests are listed but can't be decided by them.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { OPS_PATHS, type OpsApprovalItem } from '../../contract.ts';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { SelectField, TextAreaField } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { isOpsError } from '../api.ts';
import { ops } from '../client.ts';
import { approvalItem, arr, parser } from '../parse.ts';
import { pushNotice, useMe } from '../state.ts';
import { Badge, Empty, Load, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';

const STATUSES = ['pending', 'approved', 'rejected', 'failed', 'all'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_IDS: Record<Status, string> = {
  pending: 'ops.status.pending',
  approved: 'ops.status.approved',
  rejected: 'ops.status.rejected',
  failed: 'ops.status.failed',
  all: 'ops.status.all',
};
const parseList = parser(arr(approvalItem));
const parseOne = parser(approvalItem);

/** Whether this operator may decide a request: pending, and asked by someone else. */
export function decidable(item: OpsApprovalItem, me: string): boolean {
  return item.status === 'pending' && item.requestedBy !== me;
}

export default function ApprovalsPage() {
  const { _ } = useLingui();
  const me = useMe();
  const [status, setStatus] = useState<Status>('pending');
  const [tick, reload] = useReload();
  const [deciding, setDeciding] = useState<{ item: OpsApprovalItem; approve: boolean } | null>(null);
  const state = useLoadable((signal) => ops.get(OPS_PATHS.approvals, parseList, { status }, { signal }), [status, tick]);

  const columns: Column<OpsApprovalItem>[] = [
    { key: 'id', labelId: 'ops.col.id', align: 'right', render: (a) => a.id },
    { key: 'time', labelId: 'ops.col.time', render: (a) => <span className={s.num}>{formatDateTime(a.requestedAt)}</span> },
    { key: 'summary', labelId: 'ops.approvals.what', render: (a) => <span className={s.prose} data-testid={`ops-approval-summary-${a.id}`}>{a.summary}</span> },
    { key: 'by', labelId: 'ops.approvals.requestedBy', render: (a) => a.requestedBy },
    { key: 'reason', labelId: 'ops.col.reason', render: (a) => <span className={s.prose}>{a.reason}</span> },
    {
      key: 'status',
      labelId: 'ops.col.status',
      render: (a) => (
        <span title={[a.decidedBy, a.decisionReason, a.outcome].filter(Boolean).join(' · ')}>
          <Badge status={a.status}>{_(STATUS_IDS[a.status])}</Badge>
          {a.decidedBy ? <span className={s.muted}> {a.decidedBy}</span> : null}
        </span>
      ),
    },
    {
      key: 'decide',
      labelId: 'ops.approvals.decision',
      render: (a) =>
        me && decidable(a, me.name) ? (
          <div className={s.actions}>
            <Button size="sm" variant="up" data-testid={`ops-approval-approve-${a.id}`} onClick={() => setDeciding({ item: a, approve: true })}>
              {_('ops.approve')}
            </Button>
            <Button size="sm" variant="down" data-testid={`ops-approval-reject-${a.id}`} onClick={() => setDeciding({ item: a, approve: false })}>
              {_('ops.reject')}
            </Button>
          </div>
        ) : a.status === 'pending' && me && a.requestedBy === me.name ? (
          <span className={s.muted} data-testid={`ops-approval-own-${a.id}`}>
            {_('ops.approvals.own')}
          </span>
        ) : (
          <span className={s.prose}>{a.outcome ?? a.decisionReason ?? ''}</span>
        ),
    },
  ];

  return (
    <Screen name="approvals" title={_('ops.nav.approvals')}>
      <p className={s.muted}>{_('ops.approvals.lead')}</p>
      <div className={s.toolbar}>
        <div style={{ width: 200 }}>
          <SelectField label={_('ops.col.status')} value={status} onChange={(e) => setStatus(e.target.value as Status)} data-testid="ops-approvals-status">
            {STATUSES.map((x) => (
              <option key={x} value={x}>
                {_(STATUS_IDS[x])}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <Section>
        <Load state={state}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(a) => String(a.id)} empty={<Empty>{_('ops.approvals.none')}</Empty>} />}</Load>
      </Section>
      {deciding ? <Decide {...deciding} onClose={() => setDeciding(null)} onDone={reload} /> : null}
    </Screen>
  );
}

function Decide({ item, approve, onClose, onDone }: { item: OpsApprovalItem; approve: boolean; onClose(): void; onDone(): void }) {
  const { _ } = useLingui();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) {
      setError(_('ops.action.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      const done = await ops.post(OPS_PATHS.approvalDecide, parseOne, { id: item.id, approve, reason: reason.trim() }, { notify: false });
      pushNotice(done.status === 'failed' ? 'error' : 'success', [_(approve ? 'ops.approvals.approved' : 'ops.approvals.rejected'), done.outcome ?? ''].filter(Boolean).join('\n'));
      onDone();
      onClose();
    } catch (e) {
      setError(isOpsError(e) ? e.msg : _('ops.error.generic'));
      setBusy(false);
    }
  };
  return (
    <Modal
      title={_(approve ? 'ops.approvals.approveTitle' : 'ops.approvals.rejectTitle', { id: item.id })}
      testId="ops-decide"
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {_('ops.cancel')}
          </Button>
          <Button variant={approve ? 'up' : 'down'} onClick={() => void submit()} disabled={busy} data-testid="ops-decide-submit">
            {_(approve ? 'ops.approve' : 'ops.reject')}
          </Button>
        </>
      }
    >
      <div className={s.form}>
        <p>{item.summary}</p>
        <p className={s.muted}>
          {item.requestedBy}: {item.reason}
        </p>
        <TextAreaField label={_('ops.action.reason')} rows={2} value={reason} error={error} disabled={busy} onChange={(e) => setReason(e.target.value)} data-testid="ops-decide-reason" />
      </div>
    </Modal>
  );
}
