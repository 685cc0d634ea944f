// Contract trading (spec: /contractTransaction?symbol=BTCUSDT): the perpetual's summary strip, then the dock the
// spot terminal uses, with the contract's panels: markets (mark price, 24 h change, funding), the perpetual's chart
// (last-price candles, the mark-price line, the open position's entry, liquidation, take-profit and stop-loss
// lines), its own book and trades, the order entry, and the account's tables (positions with live P&L, current and
// conditional orders, closed orders, transfers, funding). Liquidations and auto-deleveraging reach the user as a
// notice. The seconds-contract mode (?mode=seconds) is its own screen (pages/seconds/SecondsScreen.tsx): the mode,
// the market and the account tab live in the URL, so a deep link opens the same view.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { contractNotices$, dataOf, useContractMarkets, useContractPosition } from '../../../streams/index.ts';
import type { ContractOrderItem } from '../../contract.ts';
import { DEFAULT_SPOT_SYMBOL } from '../../app/search.ts';
import { pushNotice, useSignedIn } from '../../state/index.ts';
import { Page } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { ChartPanel } from '../spot/ChartPanel.tsx';
import { OrderBook } from '../spot/OrderBook.tsx';
import { RecentTrades } from '../spot/RecentTrades.tsx';
import { SpotPanel } from '../spot/SpotPanel.tsx';
import { Dock } from '../trade/dock/Dock.tsx';
import { DockToolbar } from '../trade/dock/Toolbar.tsx';
import type { PanelRef } from '../trade/dock/types.ts';
import { useDockLayout } from '../trade/dock/useDockLayout.ts';
import { useNarrow } from '../trade/useNarrow.ts';
import { pairName } from '../quotation/market-rows.ts';
import { TransferRecords } from '../user/TransferRecords.tsx';
import { useTransferDialog } from '../user/transfer/useTransferDialog.tsx';
import { ClosedOrdersTable } from './ClosedOrdersTable.tsx';
import { ConditionalsTable } from './ConditionalsTable.tsx';
import { CONTRACT_DOCK, TABLE_KINDS, type ContractPanelKind } from './contract-dock.ts';
import { ContractHeader } from './ContractHeader.tsx';
import { ContractMarkets } from './ContractMarkets.tsx';
import { ContractOrderForm } from './ContractOrderForm.tsx';
import { FundingTable } from './FundingTable.tsx';
import { OpenOrdersTable } from './OpenOrdersTable.tsx';
import { PositionsTable } from './PositionsTable.tsx';
import { SecondsScreen } from '../seconds/SecondsScreen.tsx';
import type { SecondsTab } from '../seconds/SecondsTables.tsx';
import * as s from '../spot/spot.css.ts';
import * as c from './terminal.css.ts';

type Mode = 'perpetual' | 'seconds';
const MODES: readonly TabItem<Mode>[] = [
  { key: 'perpetual', labelId: 'contract.mode.perpetual' },
  { key: 'seconds', labelId: 'contract.mode.seconds' },
];
const route = getRouteApi('/contractTransaction');

interface Picked {
  price: string;
  at: number;
  symbol: string;
}

/** The open position's levels as chart lines: entry, liquidation, take-profit and stop-loss. */
function usePositionLines(symbol: string) {
  const { _ } = useLingui();
  const position = useContractPosition(symbol);
  const entry = position?.entryPrice ?? null;
  const liquidation = position?.liquidationPrice ?? null;
  const takeProfit = position?.takeProfit ?? null;
  const stopLoss = position?.stopLoss ?? null;
  return useMemo(() => {
    const lines: { price: string; label: string; color: 'entry' | 'liquidation' | 'takeProfit' | 'stopLoss' }[] = [];
    if (entry) lines.push({ price: entry, label: _('perp.line.entry'), color: 'entry' });
    if (liquidation) lines.push({ price: liquidation, label: _('perp.line.liquidation'), color: 'liquidation' });
    if (takeProfit) lines.push({ price: takeProfit, label: _('contract.col.takeProfit'), color: 'takeProfit' });
    if (stopLoss) lines.push({ price: stopLoss, label: _('contract.col.stopLoss'), color: 'stopLoss' });
    return lines;
  }, [entry, liquidation, takeProfit, stopLoss, _]);
}

function PerpChart({ symbol }: { symbol: string }) {
  const lines = usePositionLines(symbol);
  return <ChartPanel symbol={symbol} venue="perp" priceLines={lines} />;
}

/** A closing order the exchange placed against the user's position (liquidation, auto-deleveraging) as a notice. */
function useCloseNotices(): void {
  const { _ } = useLingui();
  useEffect(() => {
    const sub = contractNotices$().subscribe((o: ContractOrderItem) => {
      const values = { market: pairName(o.symbol), quantity: o.tradedQuantity, price: o.avgPrice ?? '--' };
      pushNotice('error', _(o.closeMode === 'adl' ? 'perp.notice.adl' : 'perp.notice.liquidated', values), 15_000);
    });
    return () => sub.unsubscribe();
  }, [_]);
}

/** A table of the account, or the sign-in prompt. */
function AccountTable({ kind, symbol }: { kind: ContractPanelKind; symbol: string }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const body = !signedIn ? (
    <SignInPrompt />
  ) : kind === 'positions' ? (
    <PositionsTable />
  ) : kind === 'openOrders' ? (
    <OpenOrdersTable />
  ) : kind === 'conditionals' ? (
    <ConditionalsTable />
  ) : kind === 'history' ? (
    <ClosedOrdersTable />
  ) : kind === 'transfers' ? (
    <TransferRecords scroll="fill" />
  ) : (
    <FundingTable symbol={symbol} />
  );
  return (
    <SpotPanel area="account" title={_(CONTRACT_DOCK.labels[kind])} testId={`contract-${kind}`}>
      {body}
    </SpotPanel>
  );
}

export function ContractTransactionPage() {
  const { _ } = useLingui();
  const symbol = route.useSearch({ select: (q) => q.symbol ?? DEFAULT_SPOT_SYMBOL });
  const mode: Mode = route.useSearch({ select: (q) => q.mode ?? 'perpetual' });
  const secondsTab: SecondsTab = route.useSearch({ select: (q) => q.tab ?? 'holding' });
  const navigate = useNavigate();
  const setMode = useCallback(
    (next: Mode) => void navigate({ to: '/contractTransaction', search: (q) => ({ symbol: q.symbol, ...(next === 'seconds' ? { mode: 'seconds' as const } : {}) }) }),
    [navigate],
  );
  const setSecondsSymbol = useCallback(
    (next: string) => void navigate({ to: '/contractTransaction', search: (q) => ({ ...q, symbol: next }), replace: true }),
    [navigate],
  );
  const setSecondsTab = useCallback(
    (next: SecondsTab) => void navigate({ to: '/contractTransaction', search: (q) => ({ ...q, tab: next }), replace: true }),
    [navigate],
  );
  const [picked, setPicked] = useState<Picked | null>(null);
  const markets = dataOf(useContractMarkets()) ?? null;
  const symbols = useMemo(() => (markets ? [...markets.keys()].sort() : []), [markets]);
  const isNarrow = useNarrow();
  const dock = useDockLayout(CONTRACT_DOCK);
  const transfer = useTransferDialog();
  useCloseNotices();
  const formPicked = picked && picked.symbol === symbol ? picked : null;
  const openDialog = transfer.open;
  const openTransfer = useCallback(() => openDialog({ asset: 'USDT', from: 'coin', to: mode === 'perpetual' ? 'contract' : 'seconds' }), [openDialog, mode]);

  const renderPanel = useCallback(
    (panel: PanelRef<ContractPanelKind>, market: string) => {
      switch (panel.kind) {
        case 'markets':
          return <ContractMarkets symbol={symbol} />;
        case 'chart':
          return <PerpChart symbol={market} />;
        case 'book':
          return <OrderBook symbol={market} venue="perp" onPick={(price) => setPicked({ price, at: Date.now(), symbol: market })} />;
        case 'trades':
          return <RecentTrades symbol={market} venue="perp" />;
        case 'entry':
          return <ContractOrderForm symbol={symbol} picked={formPicked} onTransfer={openTransfer} />;
        default:
          return <AccountTable kind={panel.kind} symbol={symbol} />;
      }
    },
    [symbol, formPicked, openTransfer],
  );

  const actions = (
    <span className={s.pageActions}>
      {isNarrow || mode === 'seconds' ? null : <DockToolbar screen={CONTRACT_DOCK} layout={dock.layout} update={dock.update} reset={dock.reset} pageSymbol={symbol} symbols={symbols} />}
      <Tabs items={MODES} value={mode} onChange={setMode} />
    </span>
  );
  return (
    <Page name="contractTransaction" title={_('nav.contract')} wide actions={actions}>
      {mode === 'seconds' ? (
        <SecondsScreen symbol={symbol} tab={secondsTab} onSymbol={setSecondsSymbol} onTab={setSecondsTab} onTransfer={openTransfer} />
      ) : (
        <PerpetualScreen
          symbol={symbol}
          isNarrow={isNarrow}
          dock={dock}
          symbols={symbols}
          renderPanel={renderPanel}
          onPick={(price) => setPicked({ price, at: Date.now(), symbol })}
        />
      )}
    </Page>
  );
}

function PerpetualScreen({
  symbol, isNarrow, dock, symbols, renderPanel, onPick,
}: {
  symbol: string;
  isNarrow: boolean;
  dock: ReturnType<typeof useDockLayout<ContractPanelKind>>;
  symbols: readonly string[];
  renderPanel: (panel: PanelRef<ContractPanelKind>, market: string) => ReactNode;
  onPick(price: string): void;
}) {
  return (
    <>
      <ContractHeader symbol={symbol} />
      {isNarrow ? (
        <div className={s.terminal}>
          <PerpChart symbol={symbol} />
          {renderPanel({ id: 'entry', kind: 'entry' }, symbol)}
          <OrderBook symbol={symbol} venue="perp" onPick={onPick} />
          <RecentTrades symbol={symbol} venue="perp" />
          <ContractMarkets symbol={symbol} />
          <div className={c.accountStack}>
            {TABLE_KINDS.map((k) => (
              <AccountTable key={k} kind={k} symbol={symbol} />
            ))}
          </div>
        </div>
      ) : (
        <Dock screen={CONTRACT_DOCK} layout={dock.layout} update={dock.update} pageSymbol={symbol} symbols={symbols} renderPanel={renderPanel} />
      )}
    </>
  );
}
