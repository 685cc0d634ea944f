// Real-name verification (issue 21): status, the form with three photos, the reason of a rejection.
// The state as a badge; a rejection's reason as the operator wrote it; "Verify" (nothing submitted yet) or
// "Resubmit" (after a rejection) opens the form. A pending or approved submission shows what was sent (name and
// number masked by the server) and its photos, read with the session's ticket. Its anchor is #identity
// (/accountSet#identity, where the withdrawal page's "verify first" link goes).
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { fetchIdentityStatus } from '../../../api/identity.ts';
import type { IdentityState, IdentityStatusReply, PhotoKind, UserInfo } from '../../../contract.ts';
import { formatDateTime } from '../../../format/date.ts';
import { refreshUser } from '../../../session/actions.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Details, Panel } from '../../../ui/Page.tsx';
import { useLoadable } from '../../../ui/useLoadable.ts';
import { IdentityDialog, PHOTO_LABELS } from './IdentityDialog.tsx';
import { countryName } from './identity-rules.ts';
import { PhotoThumb } from './PhotoThumb.tsx';
import * as s from './identity.css.ts';

const STATE_LABELS: Readonly<Record<IdentityState, string>> = {
  none: 'identity.state.none',
  pending: 'identity.state.pending',
  approved: 'identity.state.approved',
  rejected: 'identity.state.rejected',
};
const NOTE_LABELS: Readonly<Record<IdentityState, string>> = {
  none: 'identity.note.none',
  pending: 'identity.note.pending',
  approved: 'identity.note.approved',
  rejected: 'identity.note.rejected',
};

function Submitted({ data }: { data: IdentityStatusReply }) {
  const { _, i18n } = useLingui();
  const docType = data.docType ?? 'idCard';
  const photos = (['front', 'back', 'hand'] as const).flatMap((kind: PhotoKind) => {
    const id = data.photos[kind];
    return id === null ? [] : [{ kind, id }];
  });
  return (
    <>
      <Details
        rows={[
          [_('identity.field.name'), <span data-testid="identity-name-masked">{data.name ?? '--'}</span>, 'name'],
          [_('identity.field.docType'), _(docType === 'passport' ? 'identity.docType.passport' : 'identity.docType.idCard'), 'type'],
          [_('identity.field.docNumber'), data.docNumber ?? '--', 'number'],
          [_('identity.field.country'), data.country ? countryName(data.country, i18n.locale) : '--', 'country'],
          [_('identity.field.submittedAt'), formatDateTime(data.submittedAt), 'submitted'],
          ...(data.reviewedAt !== null ? [[_('identity.field.reviewedAt'), formatDateTime(data.reviewedAt), 'reviewed'] as const] : []),
        ]}
      />
      {photos.length > 0 ? (
        <div className={s.thumbs}>
          {photos.map((p) => (
            <PhotoThumb key={p.id} id={p.id} label={_(PHOTO_LABELS[docType][p.kind])} />
          ))}
        </div>
      ) : null}
    </>
  );
}

export function IdentityPanel({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState(false);
  const status = useLoadable((signal) => fetchIdentityStatus({ signal, notify: false }), [user.realNameStatus, version]);
  const data = status.status === 'success' ? status.data : null;
  const canSubmit = data !== null && (data.status === 'none' || data.status === 'rejected');

  const done = () => {
    pushNotice('success', _('identity.submitted'));
    setVersion((v) => v + 1);
    void refreshUser();
  };

  return (
    <div id="identity" className={s.anchor}>
      <Panel
        title={_('identity.title')}
        actions={
          canSubmit ? (
            <Button size="sm" onClick={() => setOpen(true)} data-testid="identity-open">
              {data.status === 'rejected' ? _('identity.resubmit') : _('identity.verify')}
            </Button>
          ) : null
        }
      >
        <div className={s.body} data-testid="identity-panel" data-state={data?.status}>
          {status.status === 'pending' ? <EmptyState>{_('common.loading')}</EmptyState> : null}
          {status.status === 'error' ? <EmptyState>{_('error.generic')}</EmptyState> : null}
          {data !== null ? (
            <>
              <div className={s.statusRow}>
                <span className={s.badge[data.status]} data-testid="identity-state">
                  {_(STATE_LABELS[data.status])}
                </span>
                <span className={s.note}>{_(NOTE_LABELS[data.status])}</span>
              </div>
              {data.status === 'rejected' && data.reason ? (
                <p className={s.reason} data-testid="identity-reason">
                  <span className={s.reasonLabel}>{_('identity.reason')}</span>
                  {data.reason}
                </p>
              ) : null}
              {data.status !== 'none' ? <Submitted data={data} /> : null}
            </>
          ) : null}
        </div>
        {open ? <IdentityDialog onClose={() => setOpen(false)} onDone={done} /> : null}
      </Panel>
    </div>
  );
}
