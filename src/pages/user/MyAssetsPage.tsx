// My assets (spec §2): the total of every account in USDT and BTC, each account's value, one tab per account of
// the spec listing every coin (available, frozen, value) with a search and "hide small balances", the row actions
// (deposit, withdraw, transfer, trade), and the transfer records; the contract tab adds the contract account's margin
// balance, unrealized P&L and available balance; the wealth tab adds what is in products (WealthHoldings.tsx: the
// principal in active orders, the income received). The first numbers come from
// /app/assets/balances; after that the balances and tickers streams move them, without polling or reload.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, useTickers } from '../../../streams/index.ts';
import type { AccountType } from '../../contract.ts';
import { EMPTY_VALUE, formatDecimal } from '../../format/decimal.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import type { Column } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Note, Panel } from '../../ui/Page.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { AccountSummary, type AccountField } from '../contract/AccountSummary.tsx';
import { minorText, SMALL_BALANCE_USDT, VALUATION_QUOTE, visibleRows, type AccountView, type AssetRow } from './asset-values.ts';
import { ACCOUNT_LABELS, ACCOUNT_TABS } from './assets.ts';
import { VerifyBalance } from './reserves/VerifyBalance.tsx';
import { TransferRecords } from './TransferRecords.tsx';
import { useTransferDialog } from './transfer/useTransferDialog.tsx';
import { flash } from './transfer/transfer.css.ts';
import { UserPage } from './UserPage.tsx';
import { WealthHoldings } from './WealthHoldings.tsx';
import { useWallet } from './useWallet.ts';
import * as s from './assets.css.ts';
import * as u from './user.css.ts';

type Tab = AccountType | 'transfers';
const TABS: readonly TabItem<Tab>[] = [...ACCOUNT_TABS, { key: 'transfers', labelId: 'assets.transferRecords', testId: 'account-tab-transfers' }];

/** The contract account's own figures beside its coins: live with the mark, from the positions' stream. */
const CONTRACT_FIGURES: readonly AccountField[] = ['marginBalance', 'unrealizedPnl', 'available'];

const usdt = (units: bigint | null): string => (units === null ? EMPTY_VALUE : formatDecimal(minorText(units)));
const coins = (units: bigint): string => formatDecimal(minorText(units), 8);

/** A balance that glows for a moment when it changes (not on first paint, and not for valuations, which move
 *  with every price tick). */
function Live({ value, testId, className }: { value: string; testId?: string; className?: string }) {
  const held = useRef(value);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (held.current === value) return;
    held.current = value;
    setChanges((n) => n + 1);
  }, [value]);
  return (
    <span key={changes} className={[className ?? '', changes > 0 ? flash : ''].join(' ')} data-testid={testId}>
      {value}
    </span>
  );
}

export function MyAssetsPage() {
  const { _ } = useLingui();
  return (
    <UserPage name="myassets" title={_('nav.myAssets')}>
      {() => <Assets />}
    </UserPage>
  );
}

function Assets() {
  const { _ } = useLingui();
  const [tab, setTab] = useState<Tab>('coin');
  const [search, setSearch] = useState('');
  const [hideSmall, setHideSmall] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const wallet = useWallet();
  const transfer = useTransferDialog(() => setRefresh((n) => n + 1));
  const view = wallet.view;
  const account = tab === 'transfers' ? null : (view?.accounts.get(tab) ?? null);

  return (
    <>
      <Panel
        title={_('assets.total')}
        actions={
          <span className={u.copyRow}>
            <Link to="/recharge" className={buttonClass('primary', 'sm')}>
              {_('nav.recharge')}
            </Link>
            <Link to="/withdrawal" className={buttonClass('secondary', 'sm')}>
              {_('nav.withdrawal')}
            </Link>
            <Button size="sm" variant="secondary" data-testid="open-transfer" onClick={() => transfer.open({ from: tab === 'transfers' ? 'coin' : tab })}>
              {_('assets.transfer')}
            </Button>
          </span>
        }
      >
        <div className={s.totals}>
          <span className={s.totalUsdt}>
            <span data-testid="total-usdt">{view ? usdt(view.totalUsdt) : EMPTY_VALUE}</span>
            <span className={s.unit}>USDT</span>
          </span>
          <span className={s.totalBtc}>
            ≈ <span data-testid="total-btc">{view && view.totalBtc !== null ? coins(view.totalBtc) : EMPTY_VALUE}</span> BTC
          </span>
        </div>
        <Note>{_('assets.totalNote')}</Note>
        {view && view.unpriced.length > 0 ? (
          <p className={s.warn} data-testid="unpriced">
            {_('assets.unpriced', { assets: view.unpriced.join(', ') })}
          </p>
        ) : null}
        {wallet.failed ? <p className={s.warn}>{_('common.loadFailed')}</p> : null}
        <div className={s.cards} role="group" aria-label={_('assets.accounts')}>
          {ACCOUNT_TABS.map((t) => (
            <button key={t.key} type="button" className={s.card} aria-pressed={tab === t.key} data-testid={`account-card-${t.key}`} onClick={() => setTab(t.key)}>
              <span className={s.cardName}>{_(t.labelId)}</span>
              <span className={s.cardValue}>
                <span data-testid={`account-total-${t.key}`}>{usdt(view?.accounts.get(t.key)?.totalUsdt ?? null)}</span> USDT
              </span>
            </button>
          ))}
        </div>
      </Panel>
      <Panel>
        <Tabs items={TABS} value={tab} onChange={setTab} label={_('nav.myAssets')} />
        {tab === 'transfers' ? (
          <TransferRecords refresh={refresh} />
        ) : (
          <>
            {tab === 'earn' ? <WealthHoldings /> : null}
            <div className={s.toolbar}>
              <input
                type="search"
                className={s.search}
                value={search}
                placeholder={_('assets.search')}
                aria-label={_('assets.search')}
                data-testid="asset-search"
                onChange={(e) => setSearch(e.target.value)}
              />
              <label className={s.check}>
                <input type="checkbox" className={s.checkbox} checked={hideSmall} data-testid="hide-small" onChange={(e) => setHideSmall(e.target.checked)} />
                {_('assets.hideSmall', { amount: SMALL_BALANCE_USDT })}
              </label>
              <span className={s.spacer} />
              <span className={s.subtotal}>
                {_(ACCOUNT_LABELS[tab])}:{' '}
                <span className={s.subtotalValue}>
                  <span data-testid="account-total">{usdt(account?.totalUsdt ?? null)}</span> USDT
                </span>
              </span>
            </div>
            {tab === 'contract' ? <AccountSummary fields={CONTRACT_FIGURES} /> : null}
            {account ? (
              <AssetTable account={account} search={search} hideSmall={hideSmall} onTransfer={(asset, from) => transfer.open({ asset, from })} />
            ) : (
              <EmptyState>{wallet.failed ? _('common.loadFailed') : _('common.loading')}</EmptyState>
            )}
          </>
        )}
      </Panel>
      <VerifyBalance />
    </>
  );
}

interface TableProps {
  account: AccountView;
  search: string;
  hideSmall: boolean;
  onTransfer(asset: string, from: AccountType): void;
}

function AssetTable({ account, search, hideSmall, onTransfer }: TableProps) {
  const { _ } = useLingui();
  const tickers = dataOf(useTickers());
  const rows = visibleRows(account.rows, { search, hideSmall });
  const tradable = (asset: string): string | null => {
    const symbol = `${asset}${VALUATION_QUOTE}`;
    return tickers?.has(symbol) ? symbol : null;
  };
  const amount = (units: bigint, testId: string): ReactNode => <Live value={coins(units)} testId={testId} className={units === 0n ? `${s.num} ${s.zero}` : s.num} />;
  const columns: Column<AssetRow>[] = [
    { key: 'coin', labelId: 'assets.col.coin', render: (r) => <span className={s.coin}>{r.asset}</span> },
    { key: 'total', labelId: 'assets.col.total', align: 'right', render: (r) => amount(r.total, 'row-total') },
    { key: 'available', labelId: 'assets.col.available', align: 'right', render: (r) => amount(r.available, 'row-available') },
    { key: 'frozen', labelId: 'assets.col.frozen', align: 'right', render: (r) => amount(r.frozen, 'row-frozen') },
    { key: 'valuation', labelId: 'assets.col.valuation', align: 'right', render: (r) => <span data-testid="row-value" className={r.value === 0n ? `${s.num} ${s.zero}` : s.num}>{usdt(r.value)}</span> },
    {
      key: 'actions',
      labelId: 'assets.col.actions',
      align: 'right',
      render: (r) => {
        const symbol = account.account === 'coin' ? tradable(r.asset) : null;
        return (
          <span className={s.actions}>
            {account.account === 'coin' ? (
              <>
                <Link to="/recharge" search={{ coin: r.asset }} className={s.action} data-testid="row-deposit">
                  {_('nav.recharge')}
                </Link>
                <Link to="/withdrawal" search={{ coin: r.asset }} className={s.action} data-testid="row-withdraw">
                  {_('nav.withdrawal')}
                </Link>
              </>
            ) : null}
            <button type="button" className={s.action} data-testid="row-transfer" onClick={() => onTransfer(r.asset, account.account)}>
              {_('assets.transfer')}
            </button>
            {symbol ? (
              <Link to="/currencyTransaction" search={{ symbol }} className={s.action} data-testid="row-trade">
                {_('assets.trade')}
              </Link>
            ) : null}
          </span>
        );
      },
    },
  ];
  return (
    <VirtualTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.asset}
      rowTestId="asset-row"
      scroll="window"
      empty={search || hideSmall ? _('assets.noMatch') : undefined}
    />
  );
}
