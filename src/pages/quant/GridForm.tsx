// The spot grid's form (as Binance's and Pionex's): a price range prefilled ±5 % around the last price on the tick,
// the number of grids, arithmetic or geometric, the investment in the quote coin (its minimum and the available
// balance shown) and the fund password. Under it a live preview computed in the browser with the server's own
// module: the profit per grid after fees as a range, each order's quantity, the orders the bot would place at the
// last price and the ladder itself, or the reason the server would refuse the grid, in the user's words. Backtest
// replays the grid over the recorded week (public); Start sends it with the fund password (signed in).
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, useBalances } from '../../../streams/index.ts';
import { fromUnits, GRID_MAX, GRID_MIN, type GridMode, type QuantBacktestResult, type QuantBotView } from '../../contract.ts';
import { fetchMyFeeLevel } from '../../api/fees.ts';
import { isApiError } from '../../api/index.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pushNotice, useSignedIn } from '../../state/index.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { baseAsset, quoteAsset } from '../quotation/market-rows.ts';
import { useLastPrice } from '../spot/useLastPrice.ts';
import { fetchStrategies, runBacktest, startBot } from './quant-api.ts';
import {
  backtestBody, DEFAULT_FEE_PPM, DEFAULT_GRIDS, defaultRange, fractionPercent, parseGridMarket, percentToPpm, previewGrid, snapToTick, startProblem, unitsOf,
  unitsText, BACKTEST_DAYS, type DraftField, type GridDraft, type GridMarket, type GridPreview, type Problem,
} from './grid-form.ts';
import { BacktestFigures, GridBacktestChart } from './GridBacktestChart.tsx';
import * as s from './grid.css.ts';

// ---------------------------------------------------------------------------------------------------------------
// What the form reads

const markets = new Map<string, Promise<GridMarket | null>>();

/** The market's tick, lot and minimums from the public exchange info, read once per market. */
export function fetchGridMarket(symbol: string): Promise<GridMarket | null> {
  let pending = markets.get(symbol);
  if (pending === undefined) {
    pending = fetch(`/api/v3/exchangeInfo?${new URLSearchParams({ symbol }).toString()}`)
      .then(async (r) => (r.ok ? parseGridMarket(await r.json(), symbol) : null))
      .catch(() => null)
      .then((m) => {
        if (m === null) markets.delete(symbol);
        return m;
      });
    markets.set(symbol, pending);
  }
  return pending;
}

export function useGridMarket(symbol: string): GridMarket | null {
  const [state, setState] = useState<{ symbol: string; market: GridMarket | null } | null>(null);
  useEffect(() => {
    let live = true;
    void fetchGridMarket(symbol).then((market) => live && setState({ symbol, market }));
    return () => {
      live = false;
    };
  }, [symbol]);
  return state?.symbol === symbol ? state.market : null;
}

/** The user's fee rates in ppm (0.1 % each until known, or when signed out). */
function useFeeRates(signedIn: boolean): { takerPpm: number; planPpm: number } {
  const [rates, setRates] = useState({ maker: DEFAULT_FEE_PPM, taker: DEFAULT_FEE_PPM });
  useEffect(() => {
    if (!signedIn) return undefined;
    const controller = new AbortController();
    fetchMyFeeLevel({ signal: controller.signal, notify: false }).then(
      (level) => {
        const maker = percentToPpm(level.makerPercent);
        const taker = percentToPpm(level.takerPercent);
        if (!controller.signal.aborted && maker !== null && taker !== null) setRates({ maker, taker });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [signedIn]);
  return { takerPpm: rates.taker, planPpm: Math.max(rates.maker, rates.taker) };
}

/** The grid's minimum investment (the operator may raise it), in the quote coin the strategy names. */
function useGridMinimum(quote: string): string | null {
  const [min, setMin] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchStrategies({ signal: controller.signal, notify: false }).then(
      (list) => {
        const grid = list.find((x) => x.kind === 'grid');
        if (!controller.signal.aborted) setMin(grid && grid.quoteAsset === quote ? grid.minInvestment : null);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [quote]);
  return min;
}

/** The coin account's available balance of an asset, as the stream has it (null signed out or not yet read). */
export function useAvailable(asset: string): string | null {
  const balances = dataOf(useBalances());
  if (!balances) return null;
  return balances.find((b) => b.wallet === 'coin' && b.asset === asset)?.available ?? '0';
}

// ---------------------------------------------------------------------------------------------------------------
// The form

const emptyDraft = (): GridDraft => ({ lower: '', upper: '', grids: String(DEFAULT_GRIDS), mode: 'arithmetic', investment: '' });
const MODES: ReadonlyArray<{ mode: GridMode; labelId: string; hintId: string }> = [
  { mode: 'arithmetic', labelId: 'grid.mode.arithmetic', hintId: 'grid.mode.arithmetic.hint' },
  { mode: 'geometric', labelId: 'grid.mode.geometric', hintId: 'grid.mode.geometric.hint' },
];

function Box({ label, unit, invalid, children }: { label: string; unit?: string | undefined; invalid: boolean; children: ReactNode }) {
  return (
    <label className={invalid ? `${s.box} ${s.boxInvalid}` : s.box}>
      <span className={s.boxLabel}>{label}</span>
      {children}
      {unit ? <span className={s.unit}>{unit}</span> : null}
    </label>
  );
}

export function GridForm({ symbol, onStarted }: { symbol: string; onStarted(bot: QuantBotView): void }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const href = useLocation({ select: (l) => l.href });
  const base = baseAsset(symbol);
  const quote = quoteAsset(symbol);
  const market = useGridMarket(symbol);
  const lastText = useLastPrice(symbol);
  const last = lastText === null ? null : unitsOf(lastText);
  const fees = useFeeRates(signedIn);
  const minInvestment = useGridMinimum(quote);
  const available = useAvailable(quote);

  const [draft, setDraft] = useState<GridDraft>(emptyDraft);
  const [fundPassword, setFundPassword] = useState('');
  const [shown, setShown] = useState<Problem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'start' | 'backtest' | null>(null);
  const [ladderOpen, setLadderOpen] = useState(false);
  const [backtest, setBacktest] = useState<QuantBacktestResult | null>(null);
  const prefilled = useRef<string | null>(null);

  // A new market starts a new draft, its range prefilled once the price and the tick are known.
  useEffect(() => {
    setDraft(emptyDraft());
    setShown(null);
    setServerError(null);
    prefilled.current = null;
  }, [symbol]);
  useEffect(() => {
    if (prefilled.current === symbol || market === null || last === null) return;
    prefilled.current = symbol;
    setDraft((d) => (d.lower || d.upper ? d : { ...d, ...defaultRange(last, market) }));
  }, [symbol, market, last]);

  const preview = useMemo(() => previewGrid({ draft, market, last, takerPpm: fees.takerPpm, planPpm: fees.planPpm }), [draft, market, last, fees.takerPpm, fees.planPpm]);
  // The preview's own problem shows as soon as it has one; the start's checks once Start or Backtest was pressed.
  const problem = preview.problem ?? shown;
  const invalid = (field: DraftField) => problem?.field === field;
  const edit = (patch: Partial<GridDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setShown(null);
    setServerError(null);
  };
  const snap = (field: 'lower' | 'upper') => {
    if (market) setDraft((d) => ({ ...d, [field]: snapToTick(d[field], market) }));
  };

  const start = () => {
    const p = startProblem(draft, preview, { minInvestment, available, quote }, fundPassword);
    setShown(p);
    setServerError(null);
    if (p) return;
    setBusy('start');
    startBot(
      {
        kind: 'grid', symbol, investment: fromUnits(unitsOf(draft.investment)!), lower: fromUnits(unitsOf(draft.lower)!), upper: fromUnits(unitsOf(draft.upper)!),
        grids: Number(draft.grids), mode: draft.mode, fundPassword, clientId: `grid-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
      },
      { notify: false },
    ).then(
      (bot) => {
        setBusy(null);
        setFundPassword('');
        pushNotice('success', _('grid.started', { id: bot.id }));
        onStarted(bot);
      },
      (error: unknown) => {
        setBusy(null);
        setServerError(isApiError(error) ? error.msg : _('error.generic'));
      },
    );
  };

  const replay = () => {
    const body = backtestBody(symbol, draft, preview);
    setServerError(null);
    if (body === null) {
      setShown(preview.problem ?? (draft.investment.trim() ? { field: 'investment', id: 'rule.number.format' } : { field: 'investment', id: 'rule.required' }));
      return;
    }
    setShown(null);
    setBusy('backtest');
    runBacktest(body, { notify: false }).then(
      (result) => {
        setBusy(null);
        setBacktest(result);
      },
      (error: unknown) => {
        setBusy(null);
        setServerError(isApiError(error) ? error.msg : _('error.generic'));
      },
    );
  };

  const decimals = market?.priceDecimals ?? 2;
  return (
    <form
      className={s.form}
      data-testid="grid-form"
      data-symbol={symbol}
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <span className={s.label}>{_('grid.range', { asset: quote })}</span>
      <div className={s.pair}>
        <Box label={_('grid.lower')} invalid={invalid('lower')}>
          <input className={s.input} name="lower" inputMode="decimal" autoComplete="off" data-testid="grid-lower" value={draft.lower} aria-invalid={invalid('lower')} onChange={(e) => edit({ lower: e.target.value.replace(',', '.') })} onBlur={() => snap('lower')} />
        </Box>
        <Box label={_('grid.upper')} invalid={invalid('upper')}>
          <input className={s.input} name="upper" inputMode="decimal" autoComplete="off" data-testid="grid-upper" value={draft.upper} aria-invalid={invalid('upper')} onChange={(e) => edit({ upper: e.target.value.replace(',', '.') })} onBlur={() => snap('upper')} />
        </Box>
      </div>
      <Box label={_('grid.count')} unit={`${GRID_MIN}–${GRID_MAX}`} invalid={invalid('grids')}>
        <input className={s.input} name="grids" inputMode="numeric" autoComplete="off" data-testid="grid-count" value={draft.grids} aria-invalid={invalid('grids')} onChange={(e) => edit({ grids: e.target.value.replace(/\D/g, '').slice(0, 4) })} />
      </Box>
      <div className={s.modes} role="group" aria-label={_('grid.mode')}>
        {MODES.map((m) => (
          <button key={m.mode} type="button" className={s.mode} aria-pressed={draft.mode === m.mode} data-testid={`grid-mode-${m.mode}`} title={_(m.hintId)} onClick={() => edit({ mode: m.mode })}>
            {_(m.labelId)}
          </button>
        ))}
      </div>
      <Box label={_('grid.investment')} unit={quote} invalid={invalid('investment')}>
        <input className={s.input} name="investment" inputMode="decimal" autoComplete="off" data-testid="grid-investment" value={draft.investment} aria-invalid={invalid('investment')} onChange={(e) => edit({ investment: e.target.value.replace(',', '.') })} />
      </Box>
      <div className={s.line}>
        <span>{_('grid.available')}</span>
        <span className={s.lineValue} data-testid="grid-available">
          {signedIn && available !== null ? `${formatDecimal(available, 2)} ${quote}` : '--'}
        </span>
      </div>
      <div className={s.line}>
        <span>{_('grid.minimum')}</span>
        <span className={s.lineValue} data-testid="grid-min">
          {minInvestment === null ? '--' : `${minInvestment} ${quote}`}
        </span>
      </div>

      <Preview preview={preview} market={market} last={last} base={base} quote={quote} decimals={decimals} ladderOpen={ladderOpen} onLadder={() => setLadderOpen((o) => !o)} />
      {problem ? (
        <p className={s.error} role="alert" data-testid="grid-problem" data-id={problem.id} data-code={problem.code}>
          {_(problem.id, problem.values)}
        </p>
      ) : null}
      {serverError ? (
        <p className={s.error} role="alert" data-testid="grid-server-error">
          {serverError}
        </p>
      ) : null}

      {signedIn ? (
        <Box label={_('grid.fundPassword')} invalid={problem?.id === 'grid.error.fundPassword'}>
          <input className={s.input} type="password" name="fundPassword" autoComplete="off" data-testid="grid-fund-password" value={fundPassword} onChange={(e) => {
            setFundPassword(e.target.value);
            setShown(null);
            setServerError(null);
          }} />
        </Box>
      ) : null}
      <div className={s.buttons}>
        <Button variant="secondary" data-testid="grid-backtest-run" disabled={busy !== null} onClick={replay}>
          {busy === 'backtest' ? _('grid.backtest.running') : _('grid.backtest')}
        </Button>
        {signedIn ? (
          <Button type="submit" variant="primary" data-testid="grid-start" disabled={busy !== null}>
            {_('grid.start')}
          </Button>
        ) : (
          <Link to="/login" search={{ statusType: 0, redirect: href }} className={buttonClass('primary')} data-testid="login-to-trade">
            {_('trade.loginToTrade')}
          </Link>
        )}
      </div>
      <p className={s.note}>{_('grid.note')}</p>
      {backtest ? <BacktestDialog result={backtest} decimals={decimals} quote={quote} onClose={() => setBacktest(null)} /> : null}
    </form>
  );
}

function Preview({ preview, market, last, base, quote, decimals, ladderOpen, onLadder }: {
  preview: GridPreview; market: GridMarket | null; last: bigint | null; base: string; quote: string; decimals: number; ladderOpen: boolean; onLadder(): void;
}) {
  const { _ } = useLingui();
  const { levels, profit, plan } = preview;
  const qtyDecimals = market?.qtyDecimals ?? 8;
  const row = (label: string, value: ReactNode, testId: string, extra: Record<string, string> = {}) => (
    <div className={s.line}>
      <span>{label}</span>
      <span className={s.lineValue} data-testid={testId} {...extra}>
        {value}
      </span>
    </div>
  );
  const profitText = profit === null ? '--' : profit.min === profit.max ? fractionPercent(profit.min) : `${fractionPercent(profit.min)} – ${fractionPercent(profit.max)}`;
  const buys = new Set(plan?.buys ?? []);
  const sells = new Set(plan?.sells ?? []);
  return (
    <div className={s.preview} data-testid="grid-preview" data-levels={levels?.length ?? 0}>
      {row(_('grid.preview.profit'), <span className={profit !== null && profit.min < 0n ? s.down : undefined}>{profitText}</span>, 'grid-profit', profit === null ? {} : { 'data-min': profit.min.toString(), 'data-max': profit.max.toString() })}
      {profit !== null && profit.min < 0n ? (
        <p className={s.error} data-testid="grid-loss-warning">
          {_('grid.preview.lossWarning')}
        </p>
      ) : null}
      {row(
        _('grid.preview.qty'),
        plan === null ? '--' : `${unitsText(plan.sellQty, qtyDecimals)} / ${unitsText(plan.buyQty, qtyDecimals)} ${base}`,
        'grid-qty',
        plan === null ? {} : { 'data-sell-qty': fromUnits(plan.sellQty), 'data-buy-qty': fromUnits(plan.buyQty) },
      )}
      {row(_('grid.preview.orders'), plan === null ? '--' : _('grid.preview.ordersValue', { buys: plan.buys.length, sells: plan.sells.length }), 'grid-orders')}
      {row(_('grid.preview.firstBuy'), plan === null ? '--' : `${unitsText(plan.initialBase, qtyDecimals)} ${base}`, 'grid-first-buy')}
      {row(_('grid.preview.cost'), plan === null ? '--' : `≤ ${formatDecimal(fromUnits(plan.cost), 2)} ${quote}`, 'grid-cost')}
      {levels !== null ? (
        <>
          <button type="button" className={s.ladderToggle} aria-expanded={ladderOpen} data-testid="grid-ladder-toggle" onClick={onLadder}>
            {ladderOpen ? _('grid.preview.hideLadder') : _('grid.preview.showLadder', { count: levels.length })}
          </button>
          {ladderOpen ? (
            <ol className={s.miniLadder} data-testid="grid-ladder" data-count={levels.length}>
              {[...levels].map((p, i) => ({ p, i })).reverse().map(({ p, i }, k, all) => {
                const side = buys.has(i) ? 'buy' : sells.has(i) ? 'sell' : 'none';
                const above = all[k - 1];
                const showLast = last !== null && p <= last && (above === undefined || above.p > last) && k > 0;
                return (
                  <li key={i}>
                    {showLast ? <div className={s.lastMark}>{_('grid.preview.last', { price: unitsText(last, decimals) })}</div> : null}
                    <div className={s.miniLevel} data-level={i}>
                      <span>{unitsText(p, decimals)}</span>
                      <span className={s.miniSide[side]}>{side === 'buy' ? _('grid.side.buy') : side === 'sell' ? _('grid.side.sell') : plan ? _('grid.side.empty') : ''}</span>
                    </div>
                  </li>
                );
              })}
            </ol>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function BacktestDialog({ result, decimals, quote, onClose }: { result: QuantBacktestResult; decimals: number; quote: string; onClose(): void }) {
  const { _ } = useLingui();
  return (
    <Modal
      title={_('grid.backtest.title', { symbol: result.symbol })}
      testId="grid-backtest"
      onClose={onClose}
      actions={
        <Button variant="secondary" data-testid="grid-backtest-close" onClick={onClose}>
          {_('grid.backtest.close')}
        </Button>
      }
    >
      <GridBacktestChart result={result} priceDecimals={decimals} />
      <BacktestFigures result={result} quote={quote} />
      <p className={s.note}>{_('grid.backtest.note', { days: BACKTEST_DAYS })}</p>
    </Modal>
  );
}
