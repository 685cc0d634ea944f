// The seconds contract entry (spec: seconds contract; amount 1000 to 9999999 USDT and not below the contract's
// minimum): the seconds account's available balance with a transfer link, the amount (the minimum as placeholder,
// "all"), the market's durations each with its payout, an optional start time (a timed order), Buy up and Buy down,
// and a confirm popup (pair, current price, direction, amount, expected profit). What the form can check it checks
// (seconds-form.ts); the server checks again and its refusal is shown in the user's language.
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, serverNow, useBalances, usePriceRecord, useSecondsConfig } from '../../../streams/index.ts';
import { SECONDS_AMOUNT_MAX, SECONDS_AMOUNT_MIN, type SecondsConfigItem, type SecondsDirection } from '../../contract.ts';
import { isApiError } from '../../api/index.ts';
import { placeSeconds, scheduleSeconds } from '../../api/seconds.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pushNotice, useSignedIn } from '../../state/index.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { SpotPanel } from '../spot/SpotPanel.tsx';
import { pairName } from '../quotation/market-rows.ts';
import {
  allOf, boundsOf, directionLabel, durationsOf, localInputOf, percentOf, quoteOf, startOf, validateSeconds, type SecondsFormError,
} from './seconds-form.ts';
import * as s from '../spot/spot.css.ts';
import * as c from './seconds.css.ts';

/** The text of a form error in the active language. */
export function formErrorText(_: (id: string, values?: Record<string, unknown>) => string, e: SecondsFormError): string {
  switch (e.code) {
    case 'amount.format':
      return _('seconds.error.amountFormat');
    case 'amount.below.min':
      return _('seconds.error.belowMin', { min: formatDecimal(e.min, 0) });
    case 'amount.above.max':
      return _('seconds.error.aboveMax', { max: formatDecimal(e.max, 0) });
    case 'balance.insufficient':
      return _('seconds.error.balance');
    case 'duration.missing':
      return _('seconds.error.durationMissing');
    case 'duration.disabled':
      return _('seconds.error.durationDisabled');
    case 'start.format':
      return _('seconds.error.startFormat');
    case 'start.in.past':
      return _('seconds.error.startPast');
  }
}

/** "60s · 80 %": a duration chip's text. */
export const chipText = (row: SecondsConfigItem): string => `${row.durationS}s · ${percentOf(row.payoutRatio)} %`;

interface Pending {
  direction: SecondsDirection;
  row: SecondsConfigItem;
  amount: string;
  startTs: number | null;
}

export function SecondsForm({ market, onTransfer }: { market: string; onTransfer(): void }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const config = dataOf(useSecondsConfig());
  const record = dataOf(usePriceRecord(market)) ?? null;
  const balances = dataOf(useBalances());
  const rows = useMemo(() => durationsOf(config ?? [], market), [config, market]);
  const [durationS, setDurationS] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [timed, setTimed] = useState(false);
  const [start, setStart] = useState('');
  const [error, setError] = useState<SecondsFormError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const row = rows.find((r) => r.durationS === durationS) ?? null;
  // The first enabled duration until the user picks one (and again when the market changes).
  useEffect(() => {
    if (row === null || row.market !== market) setDurationS(rows.find((r) => r.enabled)?.durationS ?? null);
  }, [rows, row, market]);

  const seconds = signedIn ? (balances?.find((b) => b.wallet === 'seconds' && b.asset === 'USDT') ?? null) : null;
  const available = signedIn && balances ? (seconds?.available ?? '0') : null;
  const bounds = row ? boundsOf(row) : null;
  const quote = row && amount.trim() ? quoteOf(amount, row) : null;

  const clear = () => {
    setError(null);
    setRefusal(null);
  };

  function ask(direction: SecondsDirection) {
    clear();
    const found = validateSeconds({ amount, row, available, start: timed ? start : null, now: serverNow() });
    setError(found);
    if (found || !row) return;
    setConfirm({ direction, row, amount: amount.trim(), startTs: timed ? startOf(start) : null });
  }

  async function send(p: Pending) {
    setBusy(true);
    try {
      const req = { market, direction: p.direction, durationS: p.row.durationS, amount: p.amount, clientId: crypto.randomUUID() };
      if (p.startTs !== null) {
        await scheduleSeconds({ ...req, startTs: p.startTs }, { notify: false });
        pushNotice('success', _('seconds.scheduled'));
      } else {
        await placeSeconds(req, { notify: false });
        pushNotice('success', _('seconds.placed'));
      }
      setConfirm(null);
      setAmount('');
    } catch (err) {
      setConfirm(null);
      setRefusal(isApiError(err) && err.msg ? err.msg : _('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  const all = () => {
    clear();
    if (!row || available === null) return;
    const most = allOf(available, row);
    if (most === null) setError({ code: 'balance.insufficient' });
    else setAmount(most);
  };

  return (
    <SpotPanel area="entry" title={_('seconds.title')} testId="seconds-form">
      <form className={s.form} noValidate onSubmit={(e) => e.preventDefault()}>
        <div className={s.line}>
          <span>{_('seconds.available')}</span>
          <span className={s.mono}>
            <span data-testid="seconds-available">{available === null ? '--' : `${formatDecimal(available, 2)} USDT`}</span>{' '}
            {signedIn ? (
              <button type="button" className={s.link} data-testid="seconds-transfer" onClick={onTransfer}>
                {_('assets.transfer')}
              </button>
            ) : null}
          </span>
        </div>
        <div className={c.durations} role="group" aria-label={_('seconds.col.duration')}>
          {rows.map((r) => (
            <button
              key={r.durationS}
              type="button"
              className={r.durationS === durationS ? c.duration.on : c.duration.off}
              aria-pressed={r.durationS === durationS}
              disabled={!r.enabled}
              data-testid={`duration-${r.durationS}`}
              onClick={() => (clear(), setDurationS(r.durationS))}
            >
              {chipText(r)}
            </button>
          ))}
          {config && rows.length === 0 ? <span className={s.muted}>{_('seconds.noDurations')}</span> : null}
        </div>
        <label className={s.field} data-invalid={error?.code.startsWith('amount') || undefined}>
          <span className={s.muted}>{_('seconds.col.amount')}</span>
          <input
            className={s.input}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            data-testid="seconds-amount"
            placeholder={bounds ? _('seconds.amount.placeholder', { min: formatDecimal(bounds.min, 0) }) : ''}
            value={amount}
            aria-invalid={error?.code.startsWith('amount') ?? false}
            onChange={(e) => (clear(), setAmount(e.target.value.replace(',', '.')))}
          />
          {signedIn ? (
            <button type="button" className={c.allButton} data-testid="seconds-all" onClick={all}>
              {_('transfer.all')}
            </button>
          ) : null}
        </label>
        <label className={c.schedule}>
          <input
            type="checkbox"
            checked={timed}
            data-testid="seconds-timed"
            onChange={(e) => {
              clear();
              setTimed(e.target.checked);
              if (e.target.checked && !start) setStart(localInputOf(Math.ceil((serverNow() + 120_000) / 60_000) * 60_000));
            }}
          />
          {_('seconds.timed')}
          {timed ? (
            <input
              type="datetime-local"
              step={1}
              className={c.dateInput}
              aria-label={_('seconds.col.openTime')}
              data-testid="seconds-start"
              value={start}
              onChange={(e) => (clear(), setStart(e.target.value))}
            />
          ) : null}
        </label>
        <div className={s.line}>
          <span>{_('seconds.expectedProfit')}</span>
          <span className={`${s.mono} ${s.up}`} data-testid="seconds-expected">
            {quote ? `+${formatDecimal(quote.winProfit, 2)} USDT` : '--'}
          </span>
        </div>
        <div className={s.line}>
          <span>{_('seconds.fee')}</span>
          <span className={s.mono}>{quote ? `${formatDecimal(quote.fee, 2)} USDT` : '--'}</span>
        </div>
        {error ? (
          <p className={s.error} data-testid="seconds-error" role="alert">
            {formErrorText(_, error)}
          </p>
        ) : null}
        {refusal ? (
          <p className={s.error} data-testid="seconds-refusal" role="alert">
            {refusal}
          </p>
        ) : null}
        {signedIn ? (
          <div className={c.bigButtons}>
            <Button type="button" variant="up" disabled={busy || !config} data-testid="seconds-up" onClick={() => ask('up')}>
              {_('seconds.up')}
            </Button>
            <Button type="button" variant="down" disabled={busy || !config} data-testid="seconds-down" onClick={() => ask('down')}>
              {_('seconds.down')}
            </Button>
          </div>
        ) : (
          <LoginToTrade />
        )}
        <p className={s.muted}>{_('seconds.limits', { min: formatDecimal(SECONDS_AMOUNT_MIN, 0), max: formatDecimal(SECONDS_AMOUNT_MAX, 0) })}</p>
      </form>
      {confirm ? (
        <Modal
          title={_('seconds.confirm.title')}
          testId="seconds-confirm"
          onClose={() => !busy && setConfirm(null)}
          actions={
            <>
              <Button variant="secondary" disabled={busy} onClick={() => setConfirm(null)}>
                {_('common.cancel')}
              </Button>
              <Button variant={confirm.direction} disabled={busy} data-testid="seconds-confirm-ok" onClick={() => void send(confirm)}>
                {_('seconds.confirm.ok')}
              </Button>
            </>
          }
        >
          <ConfirmBody pending={confirm} market={market} price={record?.price ?? null} />
        </Modal>
      ) : null}
    </SpotPanel>
  );
}

/** Signed out: log in, coming back here after. */
function LoginToTrade() {
  const { _ } = useLingui();
  const href = useLocation({ select: (l) => l.href });
  return (
    <Link to="/login" search={{ statusType: 0, redirect: href }} className={buttonClass('primary', 'md', true)} data-testid="login-to-trade">
      {_('trade.loginToTrade')}
    </Link>
  );
}

function ConfirmBody({ pending, market, price }: { pending: Pending; market: string; price: string | null }) {
  const { _ } = useLingui();
  const quote = quoteOf(pending.amount, pending.row);
  return (
    <div className={c.confirmGrid}>
      <span className={s.muted}>{_('market.col.pair')}</span>
      <strong data-testid="confirm-pair">{pairName(market)}</strong>
      <span className={s.muted}>{_('seconds.currentPrice')}</span>
      <span className={s.mono} data-testid="confirm-price">
        {formatDecimal(price)}
      </span>
      <span className={s.muted}>{_('seconds.col.direction')}</span>
      <strong className={pending.direction === 'up' ? s.up : s.down} data-testid="confirm-direction">
        {_(directionLabel(pending.direction))}
      </strong>
      <span className={s.muted}>{_('seconds.col.amount')}</span>
      <span className={s.mono} data-testid="confirm-amount">
        {formatDecimal(pending.amount, 2)}
      </span>
      <span className={s.muted}>{_('seconds.col.duration')}</span>
      <span className={s.mono}>{chipText(pending.row)}</span>
      {pending.startTs !== null ? (
        <>
          <span className={s.muted}>{_('seconds.col.openTime')}</span>
          <span className={s.mono} data-testid="confirm-start">
            {formatDateTime(pending.startTs)}
          </span>
        </>
      ) : null}
      <span className={s.muted}>{_('seconds.expectedProfit')}</span>
      <span className={`${s.mono} ${s.up}`} data-testid="confirm-profit">
        {quote ? `+${formatDecimal(quote.winProfit, 2)} USDT` : '--'}
      </span>
      <span className={s.muted}>{_('seconds.fee')}</span>
      <span className={s.mono}>{quote ? `${formatDecimal(quote.fee, 2)} USDT` : '--'}</span>
    </div>
  );
}
