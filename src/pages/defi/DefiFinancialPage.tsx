// Wealth products and mining pools (spec §2 /defiFinancial): the products on sale and the pools as cards (buy / mine
// through the purchase dialog), the user's orders of each kind live from the `earn` topic (My wealth with "transfer
// out", My mining), and the rules as the server applies them. The tab is a search param (?section=mining|
// myWealth|myMining), so an order's detail page links back to its list.
import { useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, useEarnOrders } from '../../../streams/index.ts';
import { textOfUnits, type EarnKind, type EarnProductItem } from '../../contract.ts';
import { useSignedIn } from '../../state/index.ts';
import { Page, Panel, Prose } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import type { DefiTab } from './defi-search.ts';
import { holdingsByCoin } from './earn-form.ts';
import { amountText } from './earn-ui.tsx';
import { EarnOrders } from './EarnOrders.tsx';
import { ProductGrid, useProducts } from './ProductGrid.tsx';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import * as s from './defi.css.ts';

const TABS: readonly TabItem<DefiTab>[] = [
  { key: 'wealth', labelId: 'defi.tab.wealth', testId: 'defi-tab-wealth' },
  { key: 'mining', labelId: 'defi.tab.mining', testId: 'defi-tab-mining' },
  { key: 'myWealth', labelId: 'defi.tab.myWealth', testId: 'defi-tab-myWealth' },
  { key: 'myMining', labelId: 'defi.tab.myMining', testId: 'defi-tab-myMining' },
];

/** The rules as the earn desk applies them (server/contract/earn.ts). */
const RULES = [
  { id: 'defi.rule.start' },
  { id: 'defi.rule.wealth' },
  { id: 'defi.rule.mining' },
  { id: 'defi.rule.locked' },
  { id: 'defi.rule.redeem' },
  { id: 'defi.rule.funding' },
  { id: 'defi.rule.account' },
] as const;

const kindOf = (tab: DefiTab): EarnKind => (tab === 'mining' || tab === 'myMining' ? 'mining' : 'wealth');

export function DefiFinancialPage() {
  const { _ } = useLingui();
  const search = useSearch({ from: '/defiFinancial' });
  const navigate = useNavigate();
  const tab = search.section ?? 'wealth';
  const go = (next: DefiTab) => void navigate({ to: '/defiFinancial', search: next === 'wealth' ? {} : { section: next }, replace: true });
  return (
    <Page name="defiFinancial" title={_('defi.title')} lead={_('defi.lead')}>
      <Panel>
        <div className={s.toolbar}>
          <Tabs items={TABS} value={tab} onChange={go} label={_('defi.title')} />
          {tab === 'myWealth' || tab === 'myMining' ? <Summary kind={kindOf(tab)} /> : null}
        </div>
        {tab === 'wealth' || tab === 'mining' ? <Products key={tab} kind={kindOf(tab)} onBought={(kind) => go(kind === 'wealth' ? 'myWealth' : 'myMining')} /> : <Mine kind={kindOf(tab)} />}
      </Panel>
      <Panel title={_('defi.rules')}>
        <Prose>
          <ul data-testid="defi-rules">
            {RULES.map((r) => (
              <li key={r.id}>{_(r.id)}</li>
            ))}
          </ul>
        </Prose>
      </Panel>
    </Page>
  );
}

function Products({ kind, onBought }: { kind: EarnKind; onBought(kind: EarnKind): void }) {
  const products = useProducts(kind);
  const [buying, setBuying] = useState<EarnProductItem | null>(null);
  // The dialog shows the product as last read (quota and what the user holds move while it is open).
  const current = buying ? (products.list?.find((p) => p.id === buying.id) ?? buying) : null;
  return (
    <>
      <ProductGrid kind={kind} products={products} onBuy={setBuying} />
      {current ? (
        <PurchaseDialog
          product={current}
          onClose={() => setBuying(null)}
          onDone={() => {
            setBuying(null);
            products.reload();
            onBought(kind);
          }}
        />
      ) : null}
    </>
  );
}

function Mine({ kind }: { kind: EarnKind }) {
  const signedIn = useSignedIn();
  return signedIn ? <EarnOrders key={kind} kind={kind} /> : <SignInPrompt />;
}

/** Per coin, the principal in active orders of this kind and the income they have paid. */
function Summary({ kind }: { kind: EarnKind }) {
  const { _ } = useLingui();
  const views = dataOf(useEarnOrders());
  if (!views) return null;
  const coins = holdingsByCoin(views[kind]).filter((c) => c.principal > 0n || c.income > 0n);
  if (coins.length === 0) return null;
  return (
    <span className={s.summary} data-testid={`earn-summary-${kind}`}>
      {coins.map((c) => (
        <span key={c.asset}>
          {c.asset}: {_('defi.summary.held')} <span className={s.mono}>{amountText(textOfUnits(c.principal))}</span> ·{' '}
          {_('defi.summary.received')} <span className={`${s.mono} ${s.up}`}>{amountText(textOfUnits(c.income))}</span>
        </span>
      ))}
      <Link to="/myassets" className={s.linkButton}>
        {_('nav.myAssets')}
      </Link>
    </span>
  );
}
