// Fee rate levels (spec §1, §3 "Rate level", §9): how the level is worked out, the user's own level (signed in:
// level, trailing 30-day BTC volume, their rates, a pending level, and how far the next level is), and the table in
// force from /app/fees/rateStandard with when levels are next recomputed and applied, the user's row highlighted.
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { fetchMyFeeLevel, fetchRateStandard } from '../../api/fees.ts';
import { isApiError } from '../../api/index.ts';
import type { FeeLevelItem, FeeRateStandardReply, MyFeeLevelReply } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { useSignedIn, useUser } from '../../state/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page, Panel } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import * as t from '../../ui/table.css.ts';
import { useLoadable, type Loadable } from '../../ui/useLoadable.ts';
import { Article, type ArticleSection } from './Article.tsx';
import { nextLevel } from './rate-levels.ts';
import * as s from './rate.css.ts';

const SECTIONS: readonly ArticleSection[] = [
  { labelId: 'rate.how.title', paragraphs: [{ id: 'rate.how.p1' }, { id: 'rate.how.p2' }, { id: 'rate.how.p3' }] },
];

/** BTC volumes: up to 8 decimals, trailing zeros dropped to at least 2. */
const btc = (text: string): string => formatDecimal(text, 8).replace(/(\.\d{2}\d*?)0+$/, '$1');
/** Rates in percent: up to 4 decimals, trailing zeros dropped. */
const percent = (text: string): string => `${formatDecimal(text, 4).replace(/\.?0+$/, '')}%`;

function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.msg ? error.msg : fallback;
}

export function RateStandardPage() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const user = useUser();
  const table = useLoadable((signal) => fetchRateStandard({ signal, notify: false }), []);
  // The user's own level, once their info is known (null when signed out).
  const mine = useLoadable((signal) => (user ? fetchMyFeeLevel({ signal, notify: false }) : Promise.resolve(null)), [user?.userId]);
  const levels = table.status === 'success' ? table.data.levels : [];
  const myLevel = signedIn && mine.status === 'success' && mine.data ? mine.data.level : null;
  return (
    <Page name="rateStandard" title={_('footer.rateStandard')}>
      <Article sections={SECTIONS} />
      <Panel title={_('rate.mine.title')}>{signedIn ? <MyLevel mine={mine} levels={levels} /> : <SignInPrompt />}</Panel>
      <Panel title={_('rate.table.title')}>
        {table.status === 'success' ? (
          <LevelTable reply={table.data} myLevel={myLevel} />
        ) : table.status === 'error' ? (
          <p className={s.error} role="alert" data-testid="rate-error">
            {failureText(table.error, _('common.loadFailed'))}
          </p>
        ) : (
          <EmptyState>{_('common.loading')}</EmptyState>
        )}
      </Panel>
    </Page>
  );
}

function MyLevel({ mine, levels }: { mine: Loadable<MyFeeLevelReply | null>; levels: readonly FeeLevelItem[] }) {
  const { _ } = useLingui();
  if (mine.status === 'error') {
    return (
      <p className={s.error} role="alert" data-testid="rate-mine-error">
        {failureText(mine.error, _('common.loadFailed'))}
      </p>
    );
  }
  if (mine.status !== 'success' || mine.data === null) return <EmptyState>{_('common.loading')}</EmptyState>;
  return <MyLevelCard mine={mine.data} levels={levels} />;
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className={s.stat}>
      <span className={s.statLabel}>{label}</span>
      <span className={s.statValue} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

function MyLevelCard({ mine, levels }: { mine: MyFeeLevelReply; levels: readonly FeeLevelItem[] }) {
  const { _ } = useLingui();
  const next = levels.length > 0 ? nextLevel(levels, mine) : null;
  return (
    <div className={s.card} data-testid="rate-mine">
      <div className={s.stats}>
        <Stat label={_('rate.col.level')} testId="rate-mine-level">
          {_('rate.level', { level: mine.level })}
        </Stat>
        <Stat label={_('rate.mine.volume')} testId="rate-mine-volume">
          {btc(mine.volumeBtc)} BTC
        </Stat>
        <Stat label={_('rate.col.maker')} testId="rate-mine-maker">
          {percent(mine.makerPercent)}
        </Stat>
        <Stat label={_('rate.col.taker')} testId="rate-mine-taker">
          {percent(mine.takerPercent)}
        </Stat>
      </div>
      {next ? (
        <p className={s.next} data-testid="rate-mine-next">
          {next.kind === 'top'
            ? _('rate.mine.top')
            : next.kind === 'more'
              ? _('rate.mine.toNext', { amount: btc(next.more), level: next.level })
              : _('rate.mine.reached', { level: next.level })}
        </p>
      ) : null}
      {mine.pending ? (
        <p className={s.note} data-testid="rate-mine-pending">
          {_('rate.mine.pending', { level: mine.pending.level, volume: btc(mine.pending.volumeBtc), time: formatDateTime(mine.pending.applyAt) })}
        </p>
      ) : null}
      <p className={s.note}>
        {mine.computedAt === null ? _('rate.mine.notComputed') : _('rate.mine.computedAt', { time: formatDateTime(mine.computedAt) })}
      </p>
    </div>
  );
}

function LevelTable({ reply, myLevel }: { reply: FeeRateStandardReply; myLevel: number | null }) {
  const { _ } = useLingui();
  return (
    <>
      <div className={t.scroller}>
        <table className={t.table} data-testid="rate-table">
          <thead>
            <tr>
              <th scope="col" className={t.th}>
                {_('rate.col.level')}
              </th>
              <th scope="col" className={`${t.th} ${t.right}`}>
                {_('rate.col.volume')}
              </th>
              <th scope="col" className={`${t.th} ${t.right}`}>
                {_('rate.col.maker')}
              </th>
              <th scope="col" className={`${t.th} ${t.right}`}>
                {_('rate.col.taker')}
              </th>
            </tr>
          </thead>
          <tbody>
            {reply.levels.map((l) => {
              const isMine = l.level === myLevel;
              return (
                <tr key={l.level} className={isMine ? s.mineRow : undefined} data-testid="rate-row" data-level={l.level} data-mine={isMine || undefined}>
                  <td className={t.td}>
                    {_('rate.level', { level: l.level })}
                    {isMine ? <span className={s.badge}>{_('rate.you')}</span> : null}
                  </td>
                  <td className={`${t.td} ${t.right}`}>≥ {btc(l.minVolumeBtc)}</td>
                  <td className={`${t.td} ${t.right}`}>{percent(l.makerPercent)}</td>
                  <td className={`${t.td} ${t.right}`}>{percent(l.takerPercent)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={s.note} data-testid="rate-schedule">
        {_('rate.schedule', { days: reply.windowDays, recompute: formatDateTime(reply.nextRecomputeAt), apply: formatDateTime(reply.nextApplyAt) })}
      </p>
    </>
  );
}
