// One bot at /quantBot?id=N (signed in): its figures, live (the `quant` stream's copy of it once not behind the one
// read, the P&L recomputed from the ticker's last price with botPnl), a grid's ladder drawn top down with the bot's
// orders on their levels and the last price between them, its open orders and its latest fills, read again from
// /app/quant/detail whenever the bot fills, places or ends. Stop asks first (the base sold at the market or not).
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, quantNotBehind, useQuantBots, useTicker } from '../../../streams/index.ts';
import { fromUnits, toUnits, type QuantBotDetail, type QuantBotView, type RobotStage } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { useSignedIn } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page, Panel } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { botDetail } from './quant-api.ts';
import { bpsPercent, ladderRows, signedText } from './grid-form.ts';
import { Duration, StopGridDialog, toneOf, useBotFigures, useServerClock } from './GridBots.tsx';
import { useGridMarket } from './GridForm.tsx';
import * as s from './grid.css.ts';

export function QuantBotPage() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const search = useSearch({ from: '/quantBot' });
  return (
    <Page name="quantBot" title={_('grid.page.title')}>
      {!signedIn ? (
        <Panel>
          <SignInPrompt />
        </Panel>
      ) : search.id === undefined ? (
        <Panel>
          <EmptyState>{_('grid.page.notFound')}</EmptyState>
        </Panel>
      ) : (
        <BotDetail id={search.id} />
      )}
    </Page>
  );
}

type Read = { status: 'pending' } | { status: 'failed' } | { status: 'ok'; data: QuantBotDetail };

function BotDetail({ id }: { id: number }) {
  const { _ } = useLingui();
  const live = dataOf(useQuantBots())?.all.find((b) => b.id === id) ?? null;
  const [read, setRead] = useState<Read>({ status: 'pending' });
  // Read again whenever the bot trades, places or cancels an order, or ends.
  const version = live ? `${live.status}|${live.fills}|${live.openOrders}|${live.rounds}` : '';
  useEffect(() => {
    const controller = new AbortController();
    botDetail(id, { signal: controller.signal, notify: false }).then(
      (data) => !controller.signal.aborted && setRead({ status: 'ok', data }),
      () => !controller.signal.aborted && setRead((r) => (r.status === 'ok' ? r : { status: 'failed' })),
    );
    return () => controller.abort();
  }, [id, version]);
  const detail = read.status === 'ok' ? read.data : null;
  const bot = live && (!detail || quantNotBehind(detail.bot, live)) ? live : (detail?.bot ?? null);
  if (!bot)
    return (
      <Panel>
        <EmptyState>{read.status === 'failed' ? _('grid.page.notFound') : _('common.loading')}</EmptyState>
      </Panel>
    );
  return (
    <>
      <Link to="/currencyTransaction" search={{ symbol: bot.symbol }} className={s.back} data-testid="quant-bot-back">
        ← {_('grid.page.back', { market: pairName(bot.symbol) })}
      </Link>
      <Figures bot={bot} />
      <div className={s.pageGrid}>
        <div className={s.column}>
          <Orders bot={bot} detail={detail} />
          <Fills bot={bot} detail={detail} />
        </div>
        <div className={s.column}>{bot.grid ? <Ladder bot={bot} detail={detail} /> : <Stages bot={bot} />}</div>
      </div>
    </>
  );
}

function Figures({ bot }: { bot: QuantBotView }) {
  const { _ } = useLingui();
  const now = useServerClock();
  const f = useBotFigures(bot, now);
  const decimals = useGridMarket(bot.symbol)?.priceDecimals ?? 2;
  const [stopping, setStopping] = useState(false);
  const g = bot.grid;
  const stat = (label: string, value: ReactNode, testId: string, tone?: string) => (
    <div className={s.figure}>
      <span className={s.figureLabel}>{label}</span>
      <span className={tone ? `${s.statValue} ${tone}` : s.statValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
  const row = (label: string, value: ReactNode, testId?: string) => (
    <div className={s.detailRow}>
      <span className={s.muted}>{label}</span>
      <span className={s.detailValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
  const holdsBase = toUnits(bot.pocketBase) + toUnits(bot.orderBase);
  const holdsQuote = toUnits(bot.pocketQuote) + toUnits(bot.orderQuote);
  return (
    <Panel
      title={
        <span className={s.head}>
          <span>{_(bot.kind === 'grid' ? 'grid.page.gridTitle' : 'grid.page.robotTitle', { market: pairName(bot.symbol), id: bot.id })}</span>
          <span className={s.tag[bot.status]} data-testid="quant-bot-status" data-status={bot.status}>
            {_(bot.status === 'running' ? 'grid.status.running' : 'grid.status.ended')}
          </span>
        </span>
      }
      actions={
        bot.status === 'running' && bot.kind === 'grid' ? (
          <Button size="sm" variant="secondary" data-testid="quant-bot-stop" onClick={() => setStopping(true)}>
            {_('grid.stop')}
          </Button>
        ) : null
      }
    >
      <div
        className={s.stats}
        data-testid="quant-bot"
        data-id={bot.id}
        data-status={bot.status}
        data-fills={bot.fills}
        data-rounds={bot.rounds}
        data-returned-quote={bot.returnedQuote}
        data-returned-base={bot.returnedBase}
      >
        {stat(_('grid.fig.totalPnl'), `${signedText(f.pnl, 4)} ${bot.quote}`, 'quant-bot-pnl', toneOf(f.pnl))}
        {stat(_('grid.fig.pnlPercent'), bpsPercent(f.bps), 'quant-bot-pnl-percent', toneOf(f.pnl))}
        {stat(_('grid.fig.gridProfit'), `${signedText(f.gridProfit, 4)} ${bot.quote}`, 'quant-bot-grid-profit', toneOf(f.gridProfit))}
        {/* Once stopped nothing is unrealized: the P&L is what came back. */}
        {bot.status === 'running' ? stat(_('grid.fig.unrealized'), `${signedText(f.unrealized, 4)} ${bot.quote}`, 'quant-bot-unrealized', toneOf(f.unrealized)) : null}
        {stat(_('grid.fig.annualized'), bpsPercent(f.annualized), 'quant-bot-annualized', toneOf(f.pnl))}
        {stat(_('grid.fig.investment'), `${formatDecimal(bot.investment, 2)} ${bot.quote}`, 'quant-bot-investment')}
        {stat(_('grid.fig.rounds'), String(bot.rounds), 'quant-bot-rounds')}
        {stat(_('grid.fig.fillsCount'), String(bot.fills), 'quant-bot-fill-count')}
        {stat(_('grid.fig.running'), <Duration ms={f.runningMs} />, 'quant-bot-running')}
      </div>
      <div className={s.detailGrid}>
        {g ? row(_('grid.range', { asset: bot.quote }), `${formatDecimal(g.lower, decimals)} – ${formatDecimal(g.upper, decimals)}`, 'quant-bot-range') : null}
        {g ? row(_('grid.count'), `${g.grids} · ${_(g.mode === 'arithmetic' ? 'grid.mode.arithmetic' : 'grid.mode.geometric')}`, 'quant-bot-grids') : null}
        {g ? row(_('grid.preview.qty'), `${g.sellQty} / ${g.buyQty} ${bot.base}`, 'quant-bot-qty') : null}
        {row(_('grid.page.openOrders'), String(bot.openOrders), 'quant-bot-open-orders')}
        {row(_('grid.page.holds'), `${formatDecimal(fromUnits(holdsBase), 8)} ${bot.base} · ${formatDecimal(fromUnits(holdsQuote), 4)} ${bot.quote}`, 'quant-bot-holds')}
        {row(_('grid.fig.fees'), `${formatDecimal(bot.feeBase, 8)} ${bot.base} · ${formatDecimal(bot.feeQuote, 4)} ${bot.quote}`, 'quant-bot-fees')}
        {row(_('grid.page.created'), formatDateTime(bot.createdAt), 'quant-bot-created')}
        {bot.endedAt !== null ? row(_('grid.page.ended'), formatDateTime(bot.endedAt), 'quant-bot-ended') : null}
        {bot.status === 'ended'
          ? row(_('grid.page.returned'), `${formatDecimal(bot.returnedQuote, 4)} ${bot.quote} · ${formatDecimal(bot.returnedBase, 8)} ${bot.base}`, 'quant-bot-returned')
          : null}
      </div>
      {stopping ? <StopGridDialog bot={bot} onClose={() => setStopping(false)} /> : null}
    </Panel>
  );
}

const SIDE_IDS = { buy: 'grid.side.buy', sell: 'grid.side.sell' } as const;
const STAGE_IDS: Readonly<Record<RobotStage, string>> = {
  start: 'grid.stage.start',
  queue: 'grid.stage.queue',
  capture: 'grid.stage.capture',
  buy: 'grid.stage.buy',
  sell: 'grid.stage.sell',
  end: 'grid.stage.end',
};

function Ladder({ bot, detail }: { bot: QuantBotView; detail: QuantBotDetail | null }) {
  const { _ } = useLingui();
  const ticker = dataOf(useTicker(bot.symbol));
  const last = ticker?.lastPrice && toUnits(ticker.lastPrice) > 0n ? ticker.lastPrice : bot.last;
  const decimals = useGridMarket(bot.symbol)?.priceDecimals ?? 2;
  const g = bot.grid!;
  const orders = bot.status === 'running' ? (detail?.orders ?? []) : [];
  const { rows, lastAt } = ladderRows(g.levels, orders, bot.status === 'running' ? last : null);
  const priceLine = last === null ? null : (
    <li className={s.priceLine} data-testid="quant-ladder-last">
      <span>{_('grid.page.lastPrice')}</span>
      <span>{formatDecimal(last, decimals)}</span>
    </li>
  );
  return (
    <Panel title={_('grid.page.ladder')}>
      <ol className={s.ladder} data-testid="quant-ladder" data-count={rows.length} data-orders={orders.length}>
        {rows.map((r, i) => (
          <LadderRung key={r.level} row={r} decimals={decimals} base={bot.base} lineBefore={lastAt === i ? priceLine : null} />
        ))}
      </ol>
    </Panel>
  );
}

function LadderRung({ row, decimals, base, lineBefore }: { row: ReturnType<typeof ladderRows>['rows'][number]; decimals: number; base: string; lineBefore: ReactNode }) {
  const { _ } = useLingui();
  const o = row.order;
  return (
    <>
      {lineBefore}
      <li className={s.rung} data-testid="quant-ladder-level" data-level={row.level} data-side={o?.side ?? ''}>
        <span className={s.rungLevel}>{row.level}</span>
        <span className={s.rungPrice}>{formatDecimal(row.price, decimals)}</span>
        {o ? (
          <span className={s.rungOrder[o.side]}>{`${_(SIDE_IDS[o.side])} ${o.qty} ${base}`}</span>
        ) : (
          <span className={s.rungOrder.none}>{_('grid.side.empty')}</span>
        )}
      </li>
    </>
  );
}

function Orders({ bot, detail }: { bot: QuantBotView; detail: QuantBotDetail | null }) {
  const { _ } = useLingui();
  const decimals = useGridMarket(bot.symbol)?.priceDecimals ?? 2;
  // A bot that is no longer running has no open orders, though the detail read before it ended still lists them (it is
  // read again at once, as the ladder's orders are).
  const open = bot.status === 'running' ? (detail?.orders ?? []) : [];
  const orders = [...open].sort((a, b) => toUnits(b.price) > toUnits(a.price) ? 1 : toUnits(b.price) < toUnits(a.price) ? -1 : 0);
  return (
    <Panel title={_('grid.page.ordersTitle', { count: orders.length })}>
      <div className={s.tableWrap}>
        <table className={s.table} data-testid="quant-bot-orders" data-count={orders.length}>
          <thead>
            <tr>
              <th className={s.th}>{_('grid.col.side')}</th>
              <th className={s.thRight}>{_('grid.col.price')}</th>
              <th className={s.thRight}>{_('grid.col.qty')}</th>
              <th className={s.thRight}>{_('grid.col.filled')}</th>
              <th className={s.thRight}>{_('grid.col.level')}</th>
              <th className={s.th}>{_('grid.col.time')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.orderId} data-testid="quant-bot-order" data-order-id={o.orderId} data-side={o.side} data-price={o.price} data-level={o.level ?? ''}>
                <td className={`${s.td} ${o.side === 'buy' ? s.up : s.down}`}>{_(SIDE_IDS[o.side])}</td>
                <td className={s.tdRight}>{formatDecimal(o.price, decimals)}</td>
                <td className={s.tdRight}>{o.qty}</td>
                <td className={s.tdRight}>{o.filled}</td>
                <td className={s.tdRight}>{o.level ?? '--'}</td>
                <td className={s.td}>{formatDateTime(o.time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {orders.length === 0 ? <EmptyState>{detail ? _('grid.page.noOrders') : _('common.loading')}</EmptyState> : null}
      </div>
    </Panel>
  );
}

function Fills({ bot, detail }: { bot: QuantBotView; detail: QuantBotDetail | null }) {
  const { _ } = useLingui();
  const decimals = useGridMarket(bot.symbol)?.priceDecimals ?? 2;
  const trades = detail?.trades ?? [];
  const buys = trades.filter((t) => t.side === 'buy').length;
  return (
    <Panel title={_('grid.page.fillsTitle', { count: trades.length })}>
      <div className={s.tableWrap}>
        <table className={s.table} data-testid="quant-bot-fills" data-count={trades.length} data-buys={buys} data-sells={trades.length - buys}>
          <thead>
            <tr>
              <th className={s.th}>{_('grid.col.time')}</th>
              <th className={s.th}>{_('grid.col.side')}</th>
              <th className={s.thRight}>{_('grid.col.price')}</th>
              <th className={s.thRight}>{_('grid.col.qty')}</th>
              <th className={s.thRight}>{_('grid.col.quote', { asset: bot.quote })}</th>
              <th className={s.thRight}>{_('grid.col.fee')}</th>
            </tr>
          </thead>
          <tbody>
            {trades.map((t) => (
              <tr key={`${t.tradeId}-${t.orderId}`} data-testid="quant-bot-fill" data-side={t.side} data-order-id={t.orderId} data-time={t.time}>
                <td className={s.td}>{formatDateTime(t.time)}</td>
                <td className={`${s.td} ${t.side === 'buy' ? s.up : s.down}`}>{_(SIDE_IDS[t.side])}</td>
                <td className={s.tdRight}>{formatDecimal(t.price, decimals)}</td>
                <td className={s.tdRight}>{t.qty}</td>
                <td className={s.tdRight}>{formatDecimal(t.quote, 4)}</td>
                <td className={s.tdRight}>{`${formatDecimal(t.fee, 8).replace(/0+$/, '').replace(/\.$/, '')} ${t.feeAsset}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {trades.length === 0 ? <EmptyState>{detail ? _('grid.page.noFills') : _('common.loading')}</EmptyState> : null}
      </div>
    </Panel>
  );
}

/** A robot has no ladder: its stages as they happened. */
function Stages({ bot }: { bot: QuantBotView }) {
  const { _ } = useLingui();
  return (
    <Panel title={_('grid.page.stages')}>
      <ol className={s.stages} data-testid="quant-bot-stages">
        {bot.stages.map((st, i) => (
          <li key={`${st.stage}-${i}`} className={s.detailRow}>
            <span className={s.muted}>{_(STAGE_IDS[st.stage])}</span>
            <span className={s.detailValue}>{formatDateTime(st.time)}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

