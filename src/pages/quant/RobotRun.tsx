// One robot run as the spec draws it: the six stages (start → queue → capture market prices → execute buy → execute
// sell → end) on a vertical stepper, each with its time (HH:mm:ss) and what happened there: the scheduler's queue,
// the prices it captured (bid, ask, last, the recent trades and their VWAP), the buy (order, average price, quantity,
// quote spent, fee), the sell (price, quantity, why) and the end (the realized P&L after fees, green or red). While
// it holds, the sell stage shows the P&L live from the market's last price (the server's formula, botPnl) and a
// countdown to the time limit; a running robot can be stopped (its purchase sold at the market, its funds back).
import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { useCountdown } from '../../../streams/index.ts';
import type { QuantBotView, RobotStageView } from '../../contract.ts';
import { isApiError } from '../../api/index.ts';
import { formatTime } from '../../format/date.ts';
import { pushNotice } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { useLastPrice } from '../spot/useLastPrice.ts';
import { stopBot } from './quant-api.ts';
import {
  amountText, bpsText, bpsToPercent, countdownText, isHolding, REASON_IDS, robotPnl, robotSteps, signedAmount, STAGE_IDS, type PnlView, type RobotStep,
} from './robot-form.ts';
import * as s from './robot.css.ts';

type Translate = (id: string, values?: Record<string, unknown>) => string;

function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode, string?]> }) {
  return (
    <dl className={s.facts}>
      {rows.map(([name, value, testId]) => (
        <div key={name} style={{ display: 'contents' }}>
          <dt className={s.factName}>{name}</dt>
          <dd className={s.factValue} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A P&L in the quote coin and in %, green or red; `last` is the price its base was valued at (for the tests). */
function Pnl({ view, quote, testId, last }: { view: PnlView; quote: string; testId: string; last?: string | null }) {
  return (
    <span className={`${s.pnlBig} ${s.sign[view.sign]}`} data-testid={testId} data-pnl={view.pnl} data-bps={view.bps} data-sign={view.sign} data-last={last ?? undefined}>
      <span className={s.nowrap}>{`${signedAmount(view.pnl)} ${quote}`}</span>
      <span className={s.nowrap}>{`(${bpsText(view.bps)})`}</span>
    </span>
  );
}

/** The countdown to the time limit, on the server's clock. */
function Countdown({ deadline, testId = 'robot-countdown' }: { deadline: number; testId?: string }) {
  const left = useCountdown(deadline);
  return <span data-testid={testId}>{countdownText(left)}</span>;
}

/** The live P&L while the robot holds: its purchase valued at the market's last price. */
function LivePnl({ bot, testId = 'robot-live-pnl' }: { bot: QuantBotView; testId?: string }) {
  const last = useLastPrice(bot.symbol);
  return <Pnl view={robotPnl(bot, last)} quote={bot.quote} testId={testId} />;
}

/** One line at the top: where the run is (or why it ended), its P&L and the time left, for a panel too short to show the whole stepper. */
function Summary({ bot }: { bot: QuantBotView }) {
  const { _ } = useLingui();
  const buy = bot.stages.find((x) => x.stage === 'buy');
  const holding = isHolding(bot);
  const label = bot.status === 'ended' ? (bot.endReason ? _(REASON_IDS[bot.endReason]) : _(STAGE_IDS.end)) : _(STAGE_IDS[holding ? 'sell' : (robotSteps(bot).find((x) => x.state === 'active')?.stage ?? 'queue')]);
  return (
    <div className={s.summary} data-testid="robot-summary">
      <span className={s.summaryStage}>{label}</span>
      {holding ? <LivePnl bot={bot} testId="robot-summary-pnl" /> : bot.status === 'ended' ? <Pnl view={robotPnl(bot, null)} quote={bot.quote} testId="robot-summary-pnl" /> : null}
      {holding && buy?.deadline ? (
        <span className={s.stepTime}>
          <Countdown deadline={buy.deadline} testId="robot-summary-countdown" />
        </span>
      ) : null}
    </div>
  );
}

function LastPrice({ symbol }: { symbol: string }) {
  return <>{amountText(useLastPrice(symbol))}</>;
}

function stepFacts(_: Translate, bot: QuantBotView, step: RobotStep): ReactNode {
  const v: RobotStageView | null = step.view;
  const buy = bot.stages.find((x) => x.stage === 'buy');
  switch (step.stage) {
    case 'start':
      return v === null ? null : (
        <Facts
          rows={[
            [_('quant.robot.market'), bot.symbol],
            [_('quant.robot.investment'), `${amountText(bot.investment)} ${bot.quote}`, 'robot-run-investment'],
            ...(bot.robot
              ? ([
                  [_('quant.robot.timeLimit'), _('quant.robot.minutes', { n: bot.robot.durationS / 60 })],
                  [_('quant.robot.takeProfit'), `${bpsToPercent(bot.robot.takeProfitBps)}%`],
                  [_('quant.robot.stopLoss'), `${bpsToPercent(bot.robot.stopLossBps)}%`],
                ] as const)
              : []),
          ]}
        />
      );
    case 'queue':
      return step.state === 'active' ? <p className={s.stepNote}>{_('quant.robot.queueWaiting')}</p> : null;
    case 'capture':
      return v === null ? null : (
        <Facts
          rows={[
            [_('quant.robot.bid'), amountText(v.bid)],
            [_('quant.robot.ask'), amountText(v.ask)],
            [_('quant.robot.last'), amountText(v.last)],
            [_('quant.robot.trades'), String(v.trades ?? 0)],
            [_('quant.robot.vwap'), amountText(v.vwap)],
          ]}
        />
      );
    case 'buy':
      return v === null ? null : (
        <Facts
          rows={[
            [_('quant.robot.orderId'), String(v.orderId ?? '--')],
            [_('quant.robot.avgPrice'), amountText(v.price), 'robot-buy-price'],
            [_('quant.robot.qty'), `${amountText(v.qty, 0)} ${bot.base}`, 'robot-buy-qty'],
            [_('quant.robot.spent'), `${amountText(v.quote)} ${bot.quote}`],
            [_('quant.robot.fee'), `${amountText(v.fee, 0)} ${v.feeAsset ?? bot.base}`],
            [_('quant.robot.tpPrice'), amountText(v.takeProfit)],
            [_('quant.robot.slPrice'), amountText(v.stopLoss)],
          ]}
        />
      );
    case 'sell':
      if (v !== null) {
        return (
          <Facts
            rows={[
              [_('quant.robot.avgPrice'), amountText(v.price)],
              [_('quant.robot.qty'), `${amountText(v.qty, 0)} ${bot.base}`],
              [_('quant.robot.received'), `${amountText(v.quote)} ${bot.quote}`],
              [_('quant.robot.fee'), `${amountText(v.fee, 0)} ${v.feeAsset ?? bot.quote}`],
              [_('quant.robot.reason'), v.reason ? _(REASON_IDS[v.reason]) : '--', 'robot-sell-reason'],
            ]}
          />
        );
      }
      if (step.state === 'active' && isHolding(bot) && buy) {
        return (
          <>
            <p className={s.stepNote}>{_('quant.robot.holding')}</p>
            <Facts
              rows={[
                [_('quant.robot.last'), <LastPrice key="last" symbol={bot.symbol} />],
                [_('quant.robot.unrealized'), <LivePnl key="pnl" bot={bot} />],
                [_('quant.robot.timeLeft'), buy.deadline ? <Countdown key="left" deadline={buy.deadline} /> : '--'],
              ]}
            />
          </>
        );
      }
      return null;
    case 'end': {
      if (v === null || bot.status !== 'ended') return null;
      const pnl = robotPnl(bot, null);
      return (
        <Facts
          rows={[
            [_('quant.robot.realized'), <Pnl key="pnl" view={pnl} quote={bot.quote} testId="robot-end-pnl" last={bot.last} />],
            [_('quant.robot.reason'), bot.endReason ? _(REASON_IDS[bot.endReason]) : '--', 'robot-end-reason'],
            [_('quant.robot.returned'), `${amountText(bot.returnedQuote)} ${bot.quote}${bot.returnedBase !== '0' ? ` + ${amountText(bot.returnedBase, 0)} ${bot.base}` : ''}`],
          ]}
        />
      );
    }
  }
}

const STATE_IDS = { done: 'quant.step.done', active: 'quant.step.active', waiting: 'quant.step.waiting', skipped: 'quant.step.skipped' } as const;

export function RobotRun({ bot, onStopped }: { bot: QuantBotView; onStopped(bot: QuantBotView): void }) {
  const { _ } = useLingui();
  const [stopping, setStopping] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const steps = robotSteps(bot);
  const running = bot.status === 'running';

  const stop = async () => {
    if (stopping) return;
    setStopping(true);
    setRefusal(null);
    try {
      const stopped = await stopBot(bot.id, undefined, { notify: false });
      pushNotice('success', _('quant.robot.stopped'));
      onStopped(stopped);
    } catch (err) {
      setRefusal(isApiError(err) && err.msg ? err.msg : _('error.generic'));
    } finally {
      setStopping(false);
    }
  };

  return (
    <section className={s.section} data-testid="robot-run" data-bot={bot.id} data-status={bot.status} data-stage={bot.stage ?? ''}>
      <div className={s.sectionHead}>
        <h3 className={s.title}>{_(running ? 'quant.robot.currentRun' : 'quant.robot.lastRun')}</h3>
        <span className={`${s.mono} ${s.muted}`}>{`#${bot.id} · ${bot.symbol}`}</span>
      </div>
      <Summary bot={bot} />
      <ol className={s.steps} data-testid="robot-steps">
        {steps.map((step) => (
          <li key={step.stage} className={s.step} data-testid={`robot-step-${step.stage}`} data-state={step.state}>
            <span className={s.rail}>
              <span className={s.dot[step.state]} aria-hidden="true" />
            </span>
            <div className={s.stepBody}>
              <div className={s.stepHead}>
                <span className={s.stepName[step.state]}>
                  {_(STAGE_IDS[step.stage])}
                  <span className={s.srOnly}>{` (${_(STATE_IDS[step.state])})`}</span>
                </span>
                <span className={s.stepTime} data-testid={`robot-step-${step.stage}-time`}>
                  {step.view ? formatTime(step.view.time) : ''}
                </span>
              </div>
              {stepFacts(_, bot, step)}
            </div>
          </li>
        ))}
      </ol>
      {running ? (
        <Button variant="secondary" wide disabled={stopping} onClick={() => void stop()} data-testid="robot-stop">
          {_('quant.robot.stop')}
        </Button>
      ) : null}
      {refusal ? (
        <p className={s.error} role="alert" data-testid="robot-stop-refusal">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}
