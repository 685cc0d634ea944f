// The identity queue: submissions (pending first by default), and the chosen one's form beside its photos, with
// approve and reject (the reason is what the user reads).
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
import { OpsLink } from '../router.tsx';
import { can, useMe } from '../state.ts';
import { useAction } from '../ui/ActionDialog.tsx';
import { Badge, Empty, Load, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { kycRows, kycView, photoKinds, type KycRow } from '../views.ts';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const STATUS_IDS: Record<(typeof STATUSES)[number], string> = { pending: 'ops.status.pending', approved: 'ops.status.approved', rejected: 'ops.status.rejected' };
const PHOTO_IDS = { front: 'ops.kyc.front', back: 'ops.kyc.back', hand: 'ops.kyc.hand' } as const;

export default function KycPage() {
  const { _ } = useLingui();
  const me = useMe();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('pending');
  const [chosen, setChosen] = useState<number | null>(null);
  const [tick, reload] = useReload();
  const statusText = (st: string) => (st in STATUS_IDS ? _(STATUS_IDS[st as (typeof STATUSES)[number]]) : st);
  const list = useLoadable((signal) => ops.read('kyc list', { status, limit: '200' }, kycRows, { signal }), [status, tick]);
  const action = useAction(() => {
    reload();
  });

  const columns: Column<KycRow>[] = [
    {
      key: 'id',
      labelId: 'ops.col.id',
      align: 'right',
      render: (k) => (
        <button type="button" className={`${s.rowButton} ${chosen === k.id ? s.selected : ''}`} onClick={() => setChosen(k.id)} data-testid={`ops-kyc-row-${k.id}`}>
          #{k.id}
        </button>
      ),
    },
    // The name over the account, in one column: beside the chosen submission the list has half the width, and with
    // a column each the status was cut off at the pane's edge.
    {
      key: 'name',
      labelId: 'ops.col.name',
      render: (k) => (
        <>
          <div>{k.name}</div>
          <div className={s.small}>{k.user ?? k.userId}</div>
        </>
      ),
    },
    { key: 'time', labelId: 'ops.col.submitted', render: (k) => <span className={s.num}>{formatDateTime(k.submittedAt)}</span> },
    { key: 'status', labelId: 'ops.col.status', render: (k) => <Badge status={k.status}>{statusText(k.status)}</Badge> },
  ];

  return (
    <Screen name="kyc" title={_('ops.nav.kyc')}>
      <div className={s.toolbar}>
        <div style={{ width: 200 }}>
          <SelectField label={_('ops.col.status')} value={status} onChange={(e) => setStatus(e.target.value as (typeof STATUSES)[number])} data-testid="ops-kyc-status">
            {STATUSES.map((x) => (
              <option key={x} value={x}>
                {_(STATUS_IDS[x])}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <div className={s.split}>
        <Section title={_('ops.kyc.queue')} testId="ops-kyc-list">
          <Load state={list}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(k) => String(k.id)} empty={<Empty>{_('ops.kyc.none')}</Empty>} />}</Load>
        </Section>
        <Section title={_('ops.kyc.submission')} testId="ops-kyc-view">
          {chosen === null ? (
            <Empty>{_('ops.kyc.choose')}</Empty>
          ) : (
            <Submission key={`${chosen}:${tick}`} id={chosen} review={can(me, 'kyc.review')} open={action.open} statusText={statusText} />
          )}
        </Section>
      </div>
      {action.dialog}
    </Screen>
  );
}

function Submission({ id, review, open, statusText }: { id: number; review: boolean; open: ReturnType<typeof useAction>['open']; statusText(status: string): string }) {
  const { _ } = useLingui();
  const state = useLoadable((signal) => ops.read('kyc view', { id: String(id) }, kycView, { signal }), [id]);
  return (
    <Load state={state}>
      {(k) => (
        <>
          <Details
            rows={[
              [_('ops.col.id'), `#${k.id}`, 'id'],
              [_('ops.col.user'), <OpsLink to={`/users/${k.userId}`}>{k.user ?? k.userId}</OpsLink>, 'user'],
              [_('ops.col.name'), <strong data-testid="ops-kyc-name">{k.name}</strong>, 'name'],
              [_('ops.col.document'), `${k.docType} · ${k.docNumber}`, 'doc'],
              [_('ops.kyc.country'), k.country, 'country'],
              [_('ops.col.submitted'), formatDateTime(k.submittedAt), 'at'],
              [_('ops.col.status'), <Badge status={k.status}>{statusText(k.status)}</Badge>, 'status'],
              ...(k.reviewedAt === null
                ? []
                : ([[_('ops.kyc.reviewed'), `${formatDateTime(k.reviewedAt)} · ${k.reviewer ?? ''} · ${k.reason ?? ''}`, 'reviewed']] as const)),
            ]}
          />
          <div className={s.photos} data-testid="ops-kyc-photos">
            {photoKinds(k).map((kind) => (
              <figure key={kind} className={s.photo} style={{ margin: 0 }}>
                {/* The full photo in a tab of its own, to look closely. */}
                <a href={ops.url(OPS_PATHS.kycPhoto, { submission: k.id, kind })} target="_blank" rel="noreferrer">
                  <img src={ops.url(OPS_PATHS.kycPhoto, { submission: k.id, kind })} alt={_(PHOTO_IDS[kind])} data-testid={`ops-kyc-photo-${kind}`} />
                </a>
                <figcaption>{_(PHOTO_IDS[kind])}</figcaption>
              </figure>
            ))}
          </div>
          {review && k.status === 'pending' ? (
            <div className={s.actions}>
              <Button variant="up" size="sm" data-testid="ops-kyc-approve" onClick={() => open({ command: 'kyc approve', args: { id: String(k.id) }, titleId: 'ops.kyc.approve', summary: `#${k.id} · ${k.name}`, testId: 'ops-kyc-approve-dialog' })}>
                {_('ops.kyc.approve')}
              </Button>
              <Button variant="down" size="sm" data-testid="ops-kyc-reject" onClick={() => open({ command: 'kyc reject', args: { id: String(k.id) }, titleId: 'ops.kyc.reject', summary: `#${k.id} · ${k.name}`, danger: true, testId: 'ops-kyc-reject-dialog' })}>
                {_('ops.kyc.reject')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Load>
  );
}
