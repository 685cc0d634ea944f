// The quantitative robot's half of the terminal's Quantitative tab: the form (investment in the market's quote coin
// with the strategy's minimum, the available balance and Max; the time limit; take-profit and stop-loss in %; the
// fund password, the spec's "secret key"), checked before sending with the server's own rules and refused by the
// server in the user's language; a plain note of what the robot does (nothing promises a profit); the current or
// last run on its stepper (RobotRun), live from the `quant` topic; and the user's robot runs, newest first, a page
// at a time. Signed out, the button leads to the login page and no personal data is read.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { currentBot, dataOf, quantNotBehind, useBalances, useQuantBots } from '../../../streams/index.ts';
import type { QuantBotView, QuantStrategy } from '../../contract.ts';
import { isApiError } from '../../api/index.ts';
import { formatDateTime } from '../../format/date.ts';
import { pushNotice, useSignedIn } from '../../state/index.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { quoteAsset } from '../quotation/market-rows.ts';
import { fetchStrategies, listBots, startBot, type QuantPageOf } from './quant-api.ts';
import {
  amountText, bpsText, defaultFields, durationChoices, durationText, maxInvestment, REASON_IDS, robotLimits, robotPnl, robotStartBody, ROBOT_ERROR_IDS,
  signedAmount, validateRobot, type RobotError, type RobotField, type RobotFields,
} from './robot-form.ts';
import { RobotRun } from './RobotRun.tsx';
import * as s from './robot.css.ts';

const HISTORY_PAGE = 10;
const newClientId = (): string => `web-${crypto.randomUUID()}`;
type Translate = (id: string, values?: Record<string, unknown>) => string;

/** The message of a failed check, in the active language. */
export function robotErrorText(_: Translate, e: RobotError, asset: string): string {
  switch (e.code) {
    case 'quant.investment.below.min':
      return _(ROBOT_ERROR_IDS[e.code], { min: amountText(e.min, 0), asset });
    case 'funds.insufficient':
      return _(ROBOT_ERROR_IDS[e.code], { available: amountText(e.available), asset });
    default:
      return _(ROBOT_ERROR_IDS[e.code]);
  }
}

/** The newest of the copies of one bot (the stream's, a reply's, a history page's). */
function newest(...copies: ReadonlyArray<QuantBotView | null | undefined>): QuantBotView | null {
  let out: QuantBotView | null = null;
  for (const c of copies) if (c && (out === null || quantNotBehind(out, c))) out = c;
  return out;
}

function Field({ label, invalid, children, testId }: { label: string; invalid: boolean; children: ReactNode; testId?: string }) {
  return (
    <label className={s.fieldBlock} data-testid={testId}>
      <span className={s.label}>{label}</span>
      <span className={s.field} data-invalid={invalid || undefined}>
        {children}
      </span>
    </label>
  );
}

export function RobotPanel({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const href = useLocation({ select: (l) => l.href });
  const quote = quoteAsset(symbol);

  const [strategies, setStrategies] = useState<QuantStrategy[] | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchStrategies({ notify: false, signal: ctrl.signal }).then(setStrategies, () => undefined);
    return () => ctrl.abort();
  }, []);
  const limits = useMemo(() => robotLimits(strategies), [strategies]);

  const [fields, setFields] = useState<RobotFields>(() => defaultFields(limits));
  // The strategy's defaults once they come (only where the user has not typed).
  const touched = useRef(new Set<keyof RobotFields>());
  useEffect(() => {
    const d = defaultFields(limits);
    setFields((f) => ({
      ...f,
      ...(touched.current.has('durationS') ? {} : { durationS: d.durationS }),
      ...(touched.current.has('takeProfit') ? {} : { takeProfit: d.takeProfit }),
      ...(touched.current.has('stopLoss') ? {} : { stopLoss: d.stopLoss }),
    }));
  }, [limits]);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ code: string; text: string } | null>(null);
  // One id per attempt: a retry after a lost reply answers the first robot; any edit starts a new attempt.
  const clientId = useRef(newClientId());

  const balances = dataOf(useBalances());
  const available = signedIn && balances ? (balances.find((b) => b.wallet === 'coin' && b.asset === quote)?.available ?? '0') : null;
  const error = validateRobot(fields, limits, available);
  const shown = error && (submitted || (error.field === 'investment' && fields.investment.trim() !== '')) ? error : null;
  const invalid = (f: RobotField) => shown?.field === f;

  const edit = <K extends keyof RobotFields>(key: K, value: RobotFields[K]) => {
    clientId.current = newClientId();
    touched.current.add(key);
    setRefusal(null);
    setFields((f) => ({ ...f, [key]: typeof value === 'string' && key !== 'fundPassword' ? value.replace(',', '.') : value }));
  };

  // The runs: the stream's robots (live), with the replies of this page's own start and stop until the stream has them.
  const views = dataOf(useQuantBots());
  const [replies, setReplies] = useState<ReadonlyMap<number, QuantBotView>>(new Map());
  const [picked, setPicked] = useState<number | null>(null);
  const robots = views?.robot ?? [];
  // History: the server's pages of robot runs, read again when a run starts or ends (the stream says so).
  const [page, setPage] = useState(1);
  const [history, setHistory] = useState<QuantPageOf<QuantBotView> | null>(null);
  const [historyError, setHistoryError] = useState(false);
  const latest = (bot: QuantBotView | null | undefined): QuantBotView | null =>
    bot ? newest(bot, robots.find((b) => b.id === bot.id), replies.get(bot.id)) : null;
  const replied = [...replies.values()].sort((a, b) => b.id - a.id);
  // The run shown: one picked in the history, else the newest running robot (the stream's, or one this page just
  // started), else the newest robot.
  const running = robots.find((b) => b.status === 'running') ?? replied.find((b) => latest(b)?.status === 'running');
  const pickedBot = picked === null ? null : (robots.find((b) => b.id === picked) ?? replies.get(picked) ?? history?.list.find((b) => b.id === picked));
  const shownRun = signedIn ? latest(pickedBot ?? running ?? (views ? currentBot(views, 'robot') : null) ?? replied[0]) : null;

  const changes = robots.map((b) => `${b.id}:${b.status}`).join(',');
  useEffect(() => {
    if (!signedIn) {
      setHistory(null);
      return;
    }
    const ctrl = new AbortController();
    listBots({ kind: 'robot', status: 'all', pageIndex: page, pageSize: HISTORY_PAGE }, { notify: false, signal: ctrl.signal }).then(
      (p) => {
        setHistory(p);
        setHistoryError(false);
      },
      () => {
        if (!ctrl.signal.aborted) setHistoryError(true);
      },
    );
    return () => ctrl.abort();
  }, [signedIn, page, changes]);

  const submit = async () => {
    if (busy) return;
    setSubmitted(true);
    if (error) return;
    setBusy(true);
    setRefusal(null);
    try {
      const bot = await startBot(robotStartBody(fields, symbol, clientId.current), { notify: false });
      setReplies((m) => new Map(m).set(bot.id, bot));
      setPicked(null);
      setSubmitted(false);
      clientId.current = newClientId();
      setFields((f) => ({ ...f, fundPassword: '' }));
      pushNotice('success', _('quant.robot.started', { symbol: bot.symbol }));
    } catch (err) {
      setRefusal({ code: isApiError(err) ? String(err.code) : 'error', text: isApiError(err) && err.msg ? err.msg : _('error.generic') });
    } finally {
      setBusy(false);
    }
  };

  const durations = durationChoices(limits);
  const runView = shownRun ? <RobotRun key={shownRun.id} bot={shownRun} onStopped={(bot) => setReplies((m) => new Map(m).set(bot.id, bot))} /> : null;
  // A running robot comes first (a docked panel is short: its stage, P&L, countdown and Stop stay in view); an ended
  // one follows the form.
  const runFirst = shownRun?.status === 'running';

  return (
    <div className={s.panel} data-testid="robot-panel">
      {runFirst ? runView : null}
      <form
        className={s.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={_('quant.robot.investment')} invalid={invalid('investment')}>
          <input
            className={s.input}
            name="investment"
            inputMode="decimal"
            autoComplete="off"
            placeholder={_('quant.robot.minPlaceholder', { min: amountText(limits.minInvestment, 0) })}
            aria-invalid={invalid('investment') || undefined}
            data-testid="robot-investment"
            value={fields.investment}
            onChange={(e) => edit('investment', e.target.value)}
          />
          <span className={s.unit}>{quote}</span>
          <button type="button" className={s.link} disabled={available === null} data-testid="robot-max" onClick={() => edit('investment', maxInvestment(available))}>
            {_('quant.robot.max')}
          </button>
        </Field>
        <div className={s.line}>
          <span>{_('quant.robot.available')}</span>
          <span className={s.mono} data-testid="robot-available" data-value={available === null ? '' : maxInvestment(available)}>
            {available === null ? '--' : `${amountText(available)} ${quote}`}
          </span>
        </div>
        <div className={s.line}>
          <span>{_('quant.robot.minimum')}</span>
          <span className={s.mono} data-testid="robot-minimum">{`${amountText(limits.minInvestment, 0)} ${quote}`}</span>
        </div>
        <Field label={_('quant.robot.timeLimit')} invalid={false}>
          <select className={s.select} name="durationS" data-testid="robot-duration" value={fields.durationS} onChange={(e) => edit('durationS', Number(e.target.value))}>
            {durations.map((d) => (
              <option key={d} value={d}>
                {_('quant.robot.minutes', { n: d / 60 })}
              </option>
            ))}
          </select>
        </Field>
        <div className={s.pair}>
          <Field label={_('quant.robot.takeProfit')} invalid={invalid('takeProfit')}>
            <input className={s.input} name="takeProfit" inputMode="decimal" autoComplete="off" data-testid="robot-take-profit" value={fields.takeProfit} onChange={(e) => edit('takeProfit', e.target.value)} />
            <span className={s.unit}>%</span>
          </Field>
          <Field label={_('quant.robot.stopLoss')} invalid={invalid('stopLoss')}>
            <input className={s.input} name="stopLoss" inputMode="decimal" autoComplete="off" data-testid="robot-stop-loss" value={fields.stopLoss} onChange={(e) => edit('stopLoss', e.target.value)} />
            <span className={s.unit}>%</span>
          </Field>
        </div>
        <Field label={_('quant.robot.fundPassword')} invalid={invalid('fundPassword') || refusal?.code.startsWith('security.fund') === true}>
          <input
            className={s.input}
            name="fundPassword"
            type="password"
            autoComplete="off"
            data-testid="robot-fund-password"
            value={fields.fundPassword}
            onChange={(e) => edit('fundPassword', e.target.value)}
          />
        </Field>
        {shown ? (
          <p className={s.error} role="alert" data-testid="robot-error" data-code={shown.code}>
            {robotErrorText(_, shown, quote)}
          </p>
        ) : null}
        {refusal ? (
          <p className={s.error} role="alert" data-testid="robot-refusal" data-code={refusal.code}>
            {refusal.text}
          </p>
        ) : null}
        {signedIn ? (
          <Button type="submit" variant="primary" wide disabled={busy} data-testid="robot-start">
            {_('quant.start')}
          </Button>
        ) : (
          <Link to="/login" search={{ statusType: 0, redirect: href }} className={buttonClass('primary', 'md', true)} data-testid="robot-login">
            {_('trade.loginToTrade')}
          </Link>
        )}
        <p className={s.note} data-testid="robot-note">
          {_('quant.robot.note', { symbol, quote })}
        </p>
      </form>

      {runFirst ? null : runView}

      {signedIn ? (
        <section className={s.section} data-testid="robot-history">
          <div className={s.sectionHead}>
            <h3 className={s.title}>{_('quant.robot.history')}</h3>
            {history ? <span className={`${s.muted} ${s.mono}`}>{history.total}</span> : null}
          </div>
          {history === null ? (
            <p className={s.empty}>{historyError ? _('error.generic') : _('common.loading')}</p>
          ) : history.list.length === 0 ? (
            <p className={s.empty} data-testid="robot-history-empty">
              {_('quant.robot.historyEmpty')}
            </p>
          ) : (
            <ul className={s.history}>
              {history.list.map((row) => {
                const bot = latest(row) ?? row;
                const pnl = robotPnl(bot, null);
                const end = bot.endedAt ?? null;
                return (
                  <li key={bot.id}>
                    <button
                      type="button"
                      className={s.row}
                      aria-current={shownRun?.id === bot.id || undefined}
                      data-testid="robot-history-row"
                      data-bot={bot.id}
                      data-status={bot.status}
                      onClick={() => setPicked(bot.id)}
                    >
                      <span className={s.rowLine}>
                        <span className={s.mono}>{formatDateTime(bot.createdAt)}</span>
                        <span>{bot.symbol}</span>
                      </span>
                      <span className={s.rowLine}>
                        <span className={s.mono}>{`${amountText(bot.investment)} ${bot.quote}`}</span>
                        <span className={s.muted} data-testid="robot-history-reason">
                          {bot.status === 'running' ? _('quant.robot.running') : bot.endReason ? _(REASON_IDS[bot.endReason]) : '--'}
                        </span>
                      </span>
                      <span className={s.rowLine}>
                        <span className={`${s.mono} ${s.sign[bot.status === 'running' ? 'flat' : pnl.sign]}`} data-testid="robot-history-pnl" data-pnl={pnl.pnl} data-last={bot.last ?? undefined}>
                          {bot.status === 'running' ? '--' : `${signedAmount(pnl.pnl)} ${bot.quote} (${bpsText(pnl.bps)})`}
                        </span>
                        <span className={`${s.mono} ${s.muted}`}>{end === null ? '' : durationText(end - bot.createdAt)}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {history && history.total > HISTORY_PAGE ? (
            <div className={s.pager}>
              <button type="button" className={s.link} disabled={page <= 1} data-testid="robot-history-prev" onClick={() => setPage((p) => Math.max(1, p - 1))}>
                {_('quant.robot.prev')}
              </button>
              <span className={s.mono}>{`${page} / ${Math.max(1, Math.ceil(history.total / HISTORY_PAGE))}`}</span>
              <button
                type="button"
                className={s.link}
                disabled={page * HISTORY_PAGE >= history.total}
                data-testid="robot-history-next"
                onClick={() => setPage((p) => p + 1)}
              >
                {_('quant.robot.next')}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
