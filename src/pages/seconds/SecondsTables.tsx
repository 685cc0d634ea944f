// The seconds account's tabs (spec: pending orders, countdown to delivery, history): Pending (timed orders, cancel
// until their reservation a minute before the start), Holding ("opening" until the record's first entry after
// acceptance gives the open price, then open price, amount, live countdown, opened at) and History (open and settle
// price, amount, P&L, opened at, and when it settled, was cancelled or refunded, said as such; proof). Every countdown reads the one shared clock (useSecondsClock: server time at each whole
// server second), so 500 rows cost one timer; a row past delivery shows "settlement in progress" until its settled
// copy arrives, and only the rows in view are in the DOM (VirtualTable).
import { useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, secondsLeft, useSecondsClock, useSecondsContracts } from '../../../streams/index.ts';
import { SECONDS_OPEN_WAIT_MS, SECONDS_RESERVE_BEFORE_MS, type SecondsContractItem } from '../../contract.ts';
import { cancelScheduledSeconds } from '../../api/seconds.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pushNotice, useSignedIn } from '../../state/index.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { SpotPanel } from '../spot/SpotPanel.tsx';
import { ProofDialog } from './ProofDialog.tsx';
import { directionLabel } from './seconds-form.ts';
import * as s from '../spot/spot.css.ts';
import * as t from '../contract/tables.css.ts';
import * as c from './seconds.css.ts';

export type SecondsTab = 'pending' | 'holding' | 'history';
const TABS: readonly TabItem<SecondsTab>[] = [
  { key: 'pending', labelId: 'seconds.tab.pending', testId: 'seconds-tab-pending' },
  { key: 'holding', labelId: 'seconds.tab.holding', testId: 'seconds-tab-holding' },
  { key: 'history', labelId: 'seconds.tab.history', testId: 'seconds-tab-history' },
];

/** A holding row's countdown, or "settlement in progress" once delivered and not settled yet (a timed order's: "opening"
 *  once its start has come and the opened copy has not). */
export function Countdown({ deadline, reached = 'settling', max }: { deadline: number; reached?: 'settling' | 'opening'; max?: number }) {
  const { _ } = useLingui();
  const now = useSecondsClock();
  // A contract lasts its duration from its open: a clock estimate a little behind the server's (the first samples
  // under load) must not show a 60 s contract with 61 s left.
  const left = Math.min(secondsLeft(deadline, now), max ?? Infinity);
  if (left === 0)
    return reached === 'settling' ? (
      <span className={c.settling} data-testid="seconds-settling">
        {_('seconds.settling')}
      </span>
    ) : (
      <span className={c.settling} data-testid="seconds-opening">
        {_('seconds.opening')}
      </span>
    );
  return (
    <span className={s.mono} data-testid="seconds-countdown" data-left={left}>
      {_('seconds.countdown', { seconds: left })}
    </span>
  );
}

/** A contract accepted and waiting for its open price (the record's first entry after acceptance): no countdown yet. */
function Opening() {
  const { _ } = useLingui();
  return (
    <span className={c.settling} data-testid="seconds-opening-wait" title={_('seconds.opening.hint', { seconds: SECONDS_OPEN_WAIT_MS / 1000 })}>
      {_('seconds.opening')}
    </span>
  );
}

/** A timed order's cancel link until its reservation; after it, "reserved" (the house holds room for it and it will open). */
function CancelCell({ item, actions }: { item: SecondsContractItem; actions: Actions }) {
  const { _ } = useLingui();
  const now = useSecondsClock();
  if (item.scheduledTs !== null && now >= item.scheduledTs - SECONDS_RESERVE_BEFORE_MS)
    return (
      <span className={s.muted} data-testid="seconds-reserved" title={_('seconds.reserved.hint')}>
        {_('seconds.reserved')}
      </span>
    );
  return (
    <button type="button" className={t.link} data-testid="seconds-cancel" disabled={actions.cancelling === item.id} onClick={() => actions.cancel(item.id)}>
      {_('common.cancel')}
    </button>
  );
}

/** Why a contract ended without settling, in words. */
const REASON: Record<NonNullable<SecondsContractItem['reason']>, string> = {
  user: 'seconds.reason.user',
  exposure: 'seconds.reason.exposure',
  'no.price': 'seconds.reason.noPrice',
};

/** When it ended, said as what happened: a cancellation or a refund is not a settlement. */
function EndedAt({ item }: { item: SecondsContractItem }) {
  const { _ } = useLingui();
  const time = formatDateTime(item.settledTs);
  if (item.status === 'cancelled' || item.status === 'refunded')
    return (
      <span className={`${s.mono} ${s.muted}`} data-testid="seconds-ended" data-status={item.status}>
        {_(item.status === 'cancelled' ? 'seconds.endedAt.cancelled' : 'seconds.endedAt.refunded', { time })}
      </span>
    );
  return (
    <span className={s.mono} data-testid="seconds-ended" data-status={item.status}>
      {time}
    </span>
  );
}

function Direction({ item }: { item: SecondsContractItem }) {
  const { _ } = useLingui();
  return <span className={item.direction === 'up' ? s.up : s.down}>{_(directionLabel(item.direction))}</span>;
}

function Outcome({ item }: { item: SecondsContractItem }) {
  const { _ } = useLingui();
  if (item.status === 'cancelled' || item.status === 'refunded')
    return (
      <span className={s.muted} data-testid="seconds-status" data-reason={item.reason ?? undefined}>
        {_(item.status === 'cancelled' ? 'seconds.status.cancelled' : 'seconds.status.refunded')}
        {item.reason ? <span className={c.reason}>{_(REASON[item.reason], { seconds: SECONDS_OPEN_WAIT_MS / 1000 })}</span> : null}
      </span>
    );
  const label = item.outcome === 'win' ? 'seconds.outcome.win' : item.outcome === 'loss' ? 'seconds.outcome.loss' : 'seconds.outcome.tie';
  return (
    <span className={item.outcome === 'win' ? s.up : item.outcome === 'loss' ? s.down : s.muted} title={_('seconds.settled')}>
      {_(label)}
    </span>
  );
}

const profitClass = (p: string | null): string => (p === null ? '' : p.startsWith('-') ? s.down : /[1-9]/.test(p) ? s.up : '');
const money = (v: string | null) => formatDecimal(v, 2);
const price = (v: string | null) => formatDecimal(v);

interface Actions {
  cancel(id: string): void;
  cancelling: string | null;
  prove(item: SecondsContractItem): void;
}

function useColumns(tab: SecondsTab, actions: Actions): Column<SecondsContractItem>[] {
  const { _ } = useLingui();
  return useMemo(() => {
    const market: Column<SecondsContractItem> = { key: 'market', labelId: 'market.col.pair', render: (r) => <strong>{pairName(r.market)}</strong> };
    const direction: Column<SecondsContractItem> = { key: 'direction', labelId: 'seconds.col.direction', render: (r) => <Direction item={r} /> };
    const duration: Column<SecondsContractItem> = { key: 'duration', labelId: 'seconds.col.duration', align: 'right', render: (r) => <span className={s.mono}>{`${r.durationS}s`}</span> };
    const amount: Column<SecondsContractItem> = { key: 'amount', labelId: 'seconds.col.amount', align: 'right', render: (r) => <span className={s.mono}>{money(r.amount)}</span> };
    const openPrice: Column<SecondsContractItem> = { key: 'openPrice', labelId: 'seconds.col.openPrice', align: 'right', render: (r) => <span className={s.mono}>{price(r.openPrice)}</span> };
    const openedAt: Column<SecondsContractItem> = { key: 'openedAt', labelId: 'seconds.col.openedAt', render: (r) => <span className={s.mono}>{formatDateTime(r.openTs)}</span> };
    if (tab === 'pending')
      return [
        market, direction,
        { key: 'startsIn', labelId: 'seconds.col.startsIn', align: 'right', render: (r) => (r.scheduledTs === null ? '--' : <Countdown deadline={r.scheduledTs} reached="opening" />) },
        amount, duration,
        { key: 'start', labelId: 'seconds.col.openTime', render: (r) => <span className={s.mono}>{formatDateTime(r.scheduledTs)}</span> },
        { key: 'action', labelId: 'market.col.action', align: 'right', render: (r) => <CancelCell item={r} actions={actions} /> },
      ];
    if (tab === 'holding')
      return [
        // The countdown first after the direction: on a narrow screen it stays in view.
        market, direction,
        { key: 'countdown', labelId: 'seconds.col.countdown', align: 'right', render: (r) => (r.status === 'opening' ? <Opening /> : <Countdown deadline={r.deliveryTs} max={r.durationS} />) },
        amount, openPrice, duration, openedAt,
      ];
    return [
      market, direction,
      { key: 'outcome', labelId: 'seconds.col.result', render: (r) => <Outcome item={r} /> },
      {
        key: 'pnl',
        labelId: 'seconds.col.pnl',
        align: 'right',
        render: (r) => (
          <span className={`${s.mono} ${profitClass(r.profit)}`} data-testid="seconds-pnl">
            {r.profit === null ? '--' : `${r.profit.startsWith('-') ? '' : '+'}${money(r.profit)}`}
          </span>
        ),
      },
      amount, openPrice,
      { key: 'settlePrice', labelId: 'seconds.col.settlePrice', align: 'right', render: (r) => <span className={s.mono}>{price(r.settlePrice)}</span> },
      duration, openedAt,
      { key: 'endedAt', labelId: 'seconds.col.endedAt', render: (r) => <EndedAt item={r} /> },
      {
        key: 'proof',
        labelId: 'seconds.col.proof',
        align: 'right',
        render: (r) =>
          r.status === 'settled' || r.status === 'refunded' ? (
            <button type="button" className={t.link} data-testid="seconds-proof" onClick={() => actions.prove(r)}>
              {_('seconds.proof')}
            </button>
          ) : null,
      },
    ];
  }, [tab, actions, _]);
}

const EMPTY: Record<SecondsTab, string> = { pending: 'seconds.empty.pending', holding: 'seconds.empty.holding', history: 'seconds.empty.history' };

function Lists({ tab }: { tab: SecondsTab }) {
  const { _ } = useLingui();
  const loaded = useSecondsContracts();
  const views = dataOf(loaded);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [proving, setProving] = useState<SecondsContractItem | null>(null);
  const cancel = useCallback(
    (id: string) => {
      setCancelling(id);
      cancelScheduledSeconds(id)
        .then(() => pushNotice('success', _('seconds.cancelled')))
        .catch(() => undefined)
        .finally(() => setCancelling(null));
    },
    [_],
  );
  const actions = useMemo(() => ({ cancel, cancelling, prove: setProving }), [cancel, cancelling]);
  const columns = useColumns(tab, actions);
  const rows = views ? views[tab] : [];
  return (
    <div className={c.tableBody} data-testid={`seconds-${tab}`} data-count={views ? rows.length : undefined}>
      <VirtualTable columns={columns} rows={rows} rowKey={(r) => r.id} rowTestId={`seconds-row-${tab}`} empty={views ? _(EMPTY[tab]) : _('common.loading')} />
      {proving ? <ProofDialog contract={proving} onClose={() => setProving(null)} /> : null}
    </div>
  );
}

export function SecondsTables({ tab, onTab }: { tab: SecondsTab; onTab(tab: SecondsTab): void }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const views = dataOf(useSecondsContracts());
  const counts = views ? `${views.pending.length} / ${views.holding.length}` : '';
  return (
    <SpotPanel
      area="account"
      title={
        <span className={c.tabsHead}>
          <Tabs items={TABS} value={tab} onChange={onTab} label={_('seconds.title')} />
          <span className={s.muted} data-testid="seconds-counts">
            {counts}
          </span>
        </span>
      }
      testId="seconds-tables"
    >
      {signedIn ? <Lists tab={tab} /> : <SignInPrompt />}
    </SpotPanel>
  );
}
