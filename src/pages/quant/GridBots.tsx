// The user's running grid bots, live from the `quant` stream: market, range, grids, investment, the grid profit
// of its completed rounds, the unrealized and total P&L recomputed from the ticker's last price with the server's
// formula (botPnl), annualized over the time it ran, rounds, fills and running time. Stop asks first, with the
// choice to sell the base it holds at the market; the card links to the bot's page.
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, serverNow, useQuantBots, useServerOffset, useTicker } from '../../../streams/index.ts';
import { fromUnits, toUnits, type QuantBotView } from '../../contract.ts';
import { isApiError } from '../../api/index.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pushNotice } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckField } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { useGridMarket } from './GridForm.tsx';
import { stopBot } from './quant-api.ts';
import { botFigures, bpsPercent, durationParts, signedText, type BotFigures } from './grid-form.ts';
import * as s from './grid.css.ts';

/** Server time, read again every `stepMs` and when the measured offset moves. */
export function useServerClock(stepMs = 1_000): number {
  const [now, setNow] = useState(() => serverNow());
  const offset = useServerOffset();
  useEffect(() => setNow(serverNow()), [offset]);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

/** A bot's figures at the ticker's last price (the bot's own last price until the ticker has one). */
export function useBotFigures(bot: QuantBotView, now: number): BotFigures {
  const ticker = dataOf(useTicker(bot.symbol));
  const last = ticker?.lastPrice && toUnits(ticker.lastPrice) > 0n ? ticker.lastPrice : null;
  return botFigures(bot, last, now);
}

export function Duration({ ms }: { ms: number }) {
  const { _ } = useLingui();
  const { d, h, m, s: sec } = durationParts(ms);
  if (d > 0) return <>{_('grid.duration.dhm', { d, h, m })}</>;
  if (h > 0) return <>{_('grid.duration.hm', { h, m })}</>;
  return <>{_('grid.duration.ms', { m, s: sec })}</>;
}

export const toneOf = (v: bigint): string | undefined => (v > 0n ? s.up : v < 0n ? s.down : undefined);

export function GridBots({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const views = useQuantBots();
  const all = dataOf(views)?.grid;
  const running = (all ?? []).filter((b) => b.status === 'running');
  // This market's grids first, then the others, each newest first.
  const list = [...running.filter((b) => b.symbol === symbol), ...running.filter((b) => b.symbol !== symbol)];
  if (all === undefined) return <p className={s.small}>{views.status === 'error' ? _('common.loadFailed') : _('common.loading')}</p>;
  if (list.length === 0)
    return (
      <p className={s.small} data-testid="grid-bots-empty">
        {_('grid.bots.none')}
      </p>
    );
  return (
    <div className={s.bots} data-testid="grid-bots" data-count={list.length}>
      {list.map((bot) => (
        <GridBotCard key={bot.id} bot={bot} />
      ))}
    </div>
  );
}

function GridBotCard({ bot }: { bot: QuantBotView }) {
  const { _ } = useLingui();
  const now = useServerClock();
  const f = useBotFigures(bot, now);
  const [stopping, setStopping] = useState(false);
  const decimals = useGridMarket(bot.symbol)?.priceDecimals ?? 2;
  const g = bot.grid;
  const cell = (label: string, value: string, testId: string, tone?: string) => (
    <div className={s.cell}>
      <span className={s.small}>{label}</span>
      <span className={tone ? `${s.cellValue} ${tone}` : s.cellValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
  return (
    <article className={s.card} data-testid="grid-bot" data-id={bot.id} data-symbol={bot.symbol} data-status={bot.status}>
      <div className={s.cardHead}>
        <span className={s.cardTitle}>{pairName(bot.symbol)}</span>
        <span className={s.small}>#{bot.id}</span>
        <span className={s.tag[bot.status]}>{_(bot.status === 'running' ? 'grid.status.running' : 'grid.status.ended')}</span>
        <span className={`${s.small} ${s.nowrap}`} style={{ marginLeft: 'auto' }} data-testid="grid-bot-running">
          <Duration ms={f.runningMs} />
        </span>
      </div>
      {g ? (
        <span className={`${s.small} ${s.mono}`} data-testid="grid-bot-range">
          {`${formatDecimal(g.lower, decimals)} – ${formatDecimal(g.upper, decimals)} · ${_('grid.bots.grids', { count: g.grids })} · ${_(g.mode === 'arithmetic' ? 'grid.mode.arithmetic' : 'grid.mode.geometric')}`}
        </span>
      ) : null}
      <div className={s.cardPnl}>
        <span className={s.small}>{_('grid.fig.totalPnl')}</span>
        <span>
          <span className={`${s.pnlBig} ${toneOf(f.pnl) ?? ''}`} data-testid="grid-bot-pnl" data-units={f.pnl.toString()}>
            {signedText(f.pnl, 4)}
          </span>{' '}
          <span className={`${s.mono} ${toneOf(f.pnl) ?? ''}`} data-testid="grid-bot-pnl-percent">
            ({bpsPercent(f.bps)})
          </span>
        </span>
      </div>
      <div className={s.cardGrid}>
        {cell(_('grid.fig.investment'), `${formatDecimal(bot.investment, 2)} ${bot.quote}`, 'grid-bot-investment')}
        {cell(_('grid.fig.gridProfit'), `${signedText(f.gridProfit, 4)} ${bot.quote}`, 'grid-bot-grid-profit', toneOf(f.gridProfit))}
        {cell(_('grid.fig.unrealized'), `${signedText(f.unrealized, 4)} ${bot.quote}`, 'grid-bot-unrealized', toneOf(f.unrealized))}
        {cell(_('grid.fig.annualized'), bpsPercent(f.annualized), 'grid-bot-annualized', toneOf(f.pnl))}
        {cell(_('grid.fig.rounds'), String(bot.rounds), 'grid-bot-rounds')}
        {cell(_('grid.fig.fillsCount'), String(bot.fills), 'grid-bot-fills')}
      </div>
      <div className={s.cardActions}>
        <Link to="/quantBot" search={{ id: bot.id }} className={s.link} data-testid="grid-bot-detail">
          {_('grid.bots.details')} →
        </Link>
        {bot.status === 'running' ? (
          <Button size="sm" variant="secondary" data-testid="grid-bot-stop" onClick={() => setStopping(true)}>
            {_('grid.stop')}
          </Button>
        ) : null}
      </div>
      {stopping ? <StopGridDialog bot={bot} onClose={() => setStopping(false)} /> : null}
    </article>
  );
}

/** Stop, asked first: the orders cancelled, the base sold at the market if the user says so, the funds back. */
export function StopGridDialog({ bot, onClose, onStopped }: { bot: QuantBotView; onClose(): void; onStopped?: (bot: QuantBotView) => void }) {
  const { _ } = useLingui();
  const [sellBase, setSellBase] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = toUnits(bot.pocketBase) + toUnits(bot.orderBase);
  const quote = toUnits(bot.pocketQuote) + toUnits(bot.orderQuote);
  const confirm = () => {
    setBusy(true);
    setError(null);
    stopBot(bot.id, sellBase, { notify: false }).then(
      (ended) => {
        pushNotice('success', _('grid.stopped', { id: ended.id, quote: `${formatDecimal(ended.returnedQuote, 4)} ${ended.quote}`, base: `${formatDecimal(ended.returnedBase, 8)} ${ended.base}` }));
        onStopped?.(ended);
        onClose();
      },
      (e: unknown) => {
        setBusy(false);
        setError(isApiError(e) ? e.msg : _('error.generic'));
      },
    );
  };
  return (
    <Modal
      title={_('grid.stop.title', { id: bot.id, market: pairName(bot.symbol) })}
      testId="grid-stop-confirm"
      role="alertdialog"
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" data-testid="grid-stop-no" disabled={busy} onClick={onClose}>
            {_('grid.stop.keep')}
          </Button>
          <Button variant="down" data-testid="grid-stop-yes" disabled={busy} onClick={confirm}>
            {_('grid.stop')}
          </Button>
        </>
      }
    >
      <div className={s.dialogBody}>
        <p style={{ margin: 0 }}>{_('grid.stop.text')}</p>
        <p className={s.small} style={{ margin: 0 }} data-testid="grid-stop-holds">
          {_('grid.stop.holds', { base: `${formatDecimal(fromUnits(base), 8)} ${bot.base}`, quote: `${formatDecimal(fromUnits(quote), 4)} ${bot.quote}` })}
        </p>
        <CheckField checked={sellBase} onChange={(e) => setSellBase(e.target.checked)} data-testid="grid-stop-sell-base" disabled={busy}>
          {_('grid.stop.sellBase', { asset: bot.base })}
        </CheckField>
        {error ? (
          <p className={s.error} role="alert" data-testid="grid-stop-error">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
