// Invitation (spec §1, issue 21): the user's code and sign-up link (copyable), how many they invited at each level,
// the commission rates in force and what they earned, the poster (download, share), the invitees by level and the
// commission payments, each paged by the server. Everything here is the signed-in user's own (server/accounts/invite).
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { fetchInviteCommissions, fetchInviteInfo, fetchInviteRecords } from '../../api/invite.ts';
import type { InviteCommissionItem, InviteLevel, InviteRecordItem, UserInfo } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pushNotice } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { copyText } from '../../ui/clipboard.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { Details, Panel } from '../../ui/Page.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { PosterCard } from './invite/PosterCard.tsx';
import * as v from './invite/invite.css.ts';
import { PagedTable, usePaged } from './PagedTable.tsx';
import * as s from './user.css.ts';

const LEVEL_LABEL: Record<InviteLevel, string> = { 1: 'user.invite.level1', 2: 'user.invite.level2' };
const LEVEL_TABS = [
  { key: 1 as const, labelId: 'user.invite.level1', testId: 'invite-level-1' },
  { key: 2 as const, labelId: 'user.invite.level2', testId: 'invite-level-2' },
];

/** "0.2" → "20%", exactly (rates have at most 6 decimals). */
function percent(fraction: string): string {
  const [whole = '0', part = ''] = fraction.split('.');
  const digits = `${whole}${part.padEnd(2, '0')}`;
  const int = digits.slice(0, whole.length + 2).replace(/^0+(?=\d)/, '');
  const rest = part.slice(2).replace(/0+$/, '');
  return `${int}${rest ? `.${rest}` : ''}%`;
}

export function InvitePanel({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const [level, setLevel] = useState<InviteLevel>(1);
  const info = useLoadable((signal) => fetchInviteInfo({ signal, notify: false }), [user.userId]);
  const data = info.status === 'success' ? info.data : null;
  const code = data?.inviteCode ?? user.inviteCode;
  const link = code ? `${window.location.origin}${data?.link ?? `/register?statusType=1&inviteCode=${encodeURIComponent(code)}`}` : '';
  const records = usePaged((paging, signal) => fetchInviteRecords(level, paging, { signal, notify: false }), `${user.userId}:${level}`);
  const commissions = usePaged((paging, signal) => fetchInviteCommissions(paging, { signal, notify: false }), user.userId);

  async function copy(text: string) {
    const ok = await copyText(text);
    pushNotice(ok ? 'success' : 'error', ok ? _('common.copied') : _('common.copyFailed'));
  }

  const recordColumns: Column<InviteRecordItem>[] = [
    { key: 'account', labelId: 'user.invite.col.account', render: (r) => <span className={v.num} data-testid="invite-record-account">{r.account}</span> },
    { key: 'level', labelId: 'user.invite.col.level', render: (r) => <span data-testid="invite-record-level">{_(LEVEL_LABEL[r.level])}</span> },
    { key: 'time', labelId: 'user.invite.col.time', render: (r) => <span className={v.num}>{formatDateTime(r.time)}</span> },
  ];
  const commissionColumns: Column<InviteCommissionItem>[] = [
    { key: 'day', labelId: 'user.invite.col.day', render: (c) => <span className={v.num}>{c.day}</span> },
    { key: 'level', labelId: 'user.invite.col.level', render: (c) => _(LEVEL_LABEL[c.level]) },
    { key: 'asset', labelId: 'user.invite.col.asset', render: (c) => c.asset },
    { key: 'amount', labelId: 'user.invite.col.amount', align: 'right', render: (c) => <span className={v.num} data-testid="invite-commission-amount">{formatDecimal(c.amount, 8)}</span> },
    { key: 'paidAt', labelId: 'user.invite.col.paidAt', render: (c) => <span className={v.num}>{formatDateTime(c.time)}</span> },
  ];

  return (
    <Panel title={_('user.invite.title')}>
      <div className={v.top} data-testid="invite-panel">
        <div>
          <Details
            rows={[
              [
                _('user.field.inviteCode'),
                <span className={s.copyRow}>
                  <span className={s.mono} data-testid="invite-code">{code || '--'}</span>
                  {code ? (
                    <Button size="sm" variant="secondary" onClick={() => void copy(code)}>
                      {_('common.copy')}
                    </Button>
                  ) : null}
                </span>,
                'code',
              ],
              [
                _('user.invite.link'),
                <span className={s.copyRow}>
                  <span className={s.mono} data-testid="invite-link">{link || '--'}</span>
                  {link ? (
                    <Button size="sm" variant="secondary" onClick={() => void copy(link)} data-testid="invite-link-copy">
                      {_('common.copy')}
                    </Button>
                  ) : null}
                </span>,
                'link',
              ],
            ]}
          />
          <div className={v.stats}>
            <div className={v.stat}>
              <span className={v.statLabel}>{_('user.invite.level1Count')}</span>
              <span className={v.statValue} data-testid="invite-level1-count">{data ? data.level1Count : '--'}</span>
            </div>
            <div className={v.stat}>
              <span className={v.statLabel}>{_('user.invite.level2Count')}</span>
              <span className={v.statValue} data-testid="invite-level2-count">{data ? data.level2Count : '--'}</span>
            </div>
            <div className={v.stat}>
              <span className={v.statLabel}>{_('user.invite.rates')}</span>
              <span className={v.statSmall} data-testid="invite-rates">
                {data ? _('user.invite.ratesValue', { level1: percent(data.rates.level1), level2: percent(data.rates.level2) }) : '--'}
              </span>
            </div>
            <div className={v.stat}>
              <span className={v.statLabel}>{_('user.invite.earned')}</span>
              <span className={v.statSmall} data-testid="invite-earned">
                {data && data.earned.length > 0 ? data.earned.map((e) => <div key={e.asset} className={v.statAmount}>{`${formatDecimal(e.amount, 8)} ${e.asset}`}</div>) : data ? '0' : '--'}
              </span>
            </div>
          </div>
        </div>
        {code ? <PosterCard code={code} link={link} /> : null}
      </div>

      <section className={v.section}>
        <div className={v.sectionHead}>
          <h3 className={v.sectionTitle}>{_('user.invite.records')}</h3>
          <Tabs items={LEVEL_TABS} value={level} onChange={setLevel} label={_('user.invite.col.level')} />
        </div>
        <div data-testid="invite-records">
          <PagedTable paged={records} columns={recordColumns} rowKey={(r) => `${r.level}:${r.time}:${r.account}`} rowTestId="invite-record" empty={_('common.noData')} />
        </div>
      </section>

      <section className={v.section}>
        <div className={v.sectionHead}>
          <h3 className={v.sectionTitle}>{_('user.invite.commissions')}</h3>
        </div>
        <p className={v.note}>{_('user.invite.commissionsNote')}</p>
        <div data-testid="invite-commissions">
          <PagedTable paged={commissions} columns={commissionColumns} rowKey={(c) => `${c.day}:${c.level}:${c.asset}`} rowTestId="invite-commission" empty={_('common.noData')} />
        </div>
      </section>
    </Panel>
  );
}
