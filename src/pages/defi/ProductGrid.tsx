// The products (wealth) or pools (mining) on sale as a grid of cards: coin and name, the rate (wealth: annual; mining:
// daily and monthly, the income coin), term, income release and principal return, the per-user limits, the quota
// left as a bar, the state (on sale, sold out, closed, not funded) and Buy / Mine. Read from /app, again every 30 s
// while shown and after a purchase (the quota and what the user holds move). Signed out the lists show; buying asks
// to sign in first.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { EarnKind, EarnProductItem } from '../../contract.ts';
import { useSignedIn, useToken } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { fetchEarnProducts } from './earn-api.ts';
import { productState, REBATE_LABELS, RELEASE_LABELS, remainingShare, type ProductState } from './earn-form.ts';
import { amountText, CoinBadge, compactAmount, percent } from './earn-ui.tsx';
import * as s from './defi.css.ts';

const REFRESH_MS = 30_000;

export interface ProductsState {
  list: EarnProductItem[] | null;
  failed: boolean;
  reload(): void;
}

/** The products of a kind, read now, every 30 s and on `reload()`; again for a new session (what the user holds). */
export function useProducts(kind: EarnKind): ProductsState {
  const token = useToken();
  const [list, setList] = useState<EarnProductItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => setList(null), [kind]);
  useEffect(() => {
    const controller = new AbortController();
    fetchEarnProducts(kind, { signal: controller.signal, notify: false }).then(
      (next) => {
        if (controller.signal.aborted) return;
        setList(next);
        setFailed(false);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    const timer = setTimeout(reload, REFRESH_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [kind, token, tick, reload]);
  return { list, failed, reload };
}

const STATE_LABELS: Readonly<Record<ProductState, string>> = {
  open: 'defi.state.open',
  closed: 'defi.state.closed',
  soldOut: 'defi.state.soldOut',
  unfunded: 'defi.state.unfunded',
};

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className={s.factLabel}>{label}</dt>
      <dd className={s.factValue} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

function ProductCard({ product, onBuy }: { product: EarnProductItem; onBuy(p: EarnProductItem): void }) {
  const { _ } = useLingui();
  const state = productState(product);
  const share = remainingShare(product);
  const mining = product.kind === 'mining';
  return (
    <article
      className={`${s.card} ${state === 'open' ? '' : s.cardOff}`}
      data-testid="earn-product"
      data-id={product.id}
      data-kind={product.kind}
      data-state={state}
      aria-label={product.name}
    >
      <header className={s.cardHead}>
        <CoinBadge asset={product.asset} />
        <div className={s.cardTitle}>
          <span className={s.name} title={product.name}>
            {product.name}
          </span>
          <span className={s.sub}>
            {product.asset}
            {mining && product.incomeAsset !== product.asset ? ` → ${product.incomeAsset}` : ''} · {_('defi.termDays', { days: product.termDays })}
          </span>
        </div>
        <span className={s.tag[state]} data-testid="earn-product-state">
          {_(STATE_LABELS[state])}
        </span>
      </header>
      <div className={s.rateRow}>
        <div>
          <div className={s.rateLabel}>{_(mining ? 'defi.col.dailyRate' : 'defi.col.annualRate')}</div>
          <div className={s.rate} data-testid="earn-product-rate">
            {percent(mining ? product.dailyRate : product.annualRate)}
          </div>
        </div>
        <div className={s.rateSide}>
          {mining ? (
            <>
              <span>
                {_('defi.col.monthlyRate')} <span className={s.mono}>{percent(product.monthlyRate)}</span>
              </span>
              <span>
                {_('defi.col.incomeCoin')} <strong>{product.incomeAsset}</strong>
              </span>
            </>
          ) : (
            <span>
              {_('defi.col.dailyRate')} <span className={s.mono}>{percent(product.dailyRate)}</span>
            </span>
          )}
        </div>
      </div>
      <dl className={s.facts}>
        <Fact label={_('defi.col.term')}>{_('defi.termDays', { days: product.termDays })}</Fact>
        <Fact label={_('defi.col.range')} testId="earn-product-range">
          {compactAmount(product.minAmount)} – {compactAmount(product.maxAmount)} {product.asset}
        </Fact>
        <Fact label={_('defi.col.release')}>{_(RELEASE_LABELS[product.incomeRelease])}</Fact>
        <Fact label={_('defi.col.rebate')}>{_(REBATE_LABELS[product.rebateType])}</Fact>
        {product.held !== null && product.held !== '0' ? (
          <Fact label={_('defi.col.held')} testId="earn-product-held">
            {amountText(product.held)} {product.asset}
          </Fact>
        ) : null}
      </dl>
      <div className={s.quota}>
        <div className={s.quotaLine}>
          <span>{_('defi.col.remaining')}</span>
          <span className={s.mono} data-testid="earn-product-remaining">
            {compactAmount(product.remaining)} / {compactAmount(product.quota)}
          </span>
        </div>
        <div className={s.bar} role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)} aria-label={_('defi.col.remaining')}>
          <div className={s.barFill} style={{ width: `${(share * 100).toFixed(1)}%` }} />
        </div>
      </div>
      <div className={s.cardFoot}>
        <Button wide variant={state === 'open' ? 'primary' : 'secondary'} disabled={state !== 'open'} data-testid="earn-buy" onClick={() => onBuy(product)}>
          {state === 'open' ? _(mining ? 'defi.mine' : 'defi.buy') : _(STATE_LABELS[state])}
        </Button>
      </div>
    </article>
  );
}

export function ProductGrid({ kind, products, onBuy }: { kind: EarnKind; products: ProductsState; onBuy(p: EarnProductItem): void }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const href = useLocation({ select: (l) => l.href });
  const buy = (p: EarnProductItem) => {
    if (!signedIn) {
      void navigate({ to: '/login', search: { statusType: 0, redirect: href } });
      return;
    }
    onBuy(p);
  };
  if (products.list === null) return <EmptyState>{products.failed ? _('common.loadFailed') : _('common.loading')}</EmptyState>;
  if (products.list.length === 0) return <EmptyState>{_(kind === 'wealth' ? 'defi.empty.wealth' : 'defi.empty.mining')}</EmptyState>;
  return (
    <div className={s.grid} data-testid={`earn-products-${kind}`} data-count={products.list.length}>
      {products.list.map((p) => (
        <ProductCard key={p.id} product={p} onBuy={buy} />
      ))}
    </div>
  );
}
