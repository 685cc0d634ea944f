// Order entry: limit or market, buy or sell, price/amount/total with a 25–100 % slider of what is available, the
// fee estimate, spec §5 checks before sending, and the server's refusal shown by its own message.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../api/index.ts';
import { placeSpotOrder } from '../../api/spot.ts';
import type { OrderSide, SpotOrderType } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pushNotice, useSignedIn } from '../../state/index.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { baseAsset, quoteAsset } from '../quotation/market-rows.ts';
import { amountFor, feeEstimate, fromFraction, limitTotal, marketField, orderRequest, validateOrder, type FieldError, type OrderInput } from './order-form.ts';
import { SpotPanel } from './SpotPanel.tsx';
import { useFunds } from './useFunds.ts';
import { STATUS_RULES, useMarketStatus } from './useMarketStatus.ts';
import * as s from './spot.css.ts';

const FRACTIONS = [0.25, 0.5, 0.75, 1] as const;

// The price and total labels already name the quote ("Price (USDT)"), so only the amount shows its unit.
function NumberField({ name, label, unit, value, onChange }: { name: string; label: string; unit?: string; value: string; onChange(v: string): void }) {
  return (
    <label className={s.field}>
      <span className={s.muted}>{label}</span>
      <input className={s.input} name={name} inputMode="decimal" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value.replace(',', '.'))} />
      {unit ? <span className={s.muted}>{unit}</span> : null}
    </label>
  );
}

export function OrderForm({ symbol, picked }: { symbol: string; picked: { price: string; qty?: string; at: number } | null }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const href = useLocation({ select: (l) => l.href });
  const funds = useFunds(symbol);
  const status = useMarketStatus(symbol);
  const [side, setSide] = useState<OrderSide>('buy');
  const [type, setType] = useState<SpotOrderType>('limit');
  const [fields, setFields] = useState({ price: '', amount: '', total: '' });
  const [error, setError] = useState<FieldError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input: OrderInput = { symbol, side, type, ...fields };
  const base = baseAsset(symbol);
  const quote = quoteAsset(symbol);

  // A level clicked in the book fills the limit price and, when the book says it, the amount up to that level.
  useEffect(() => {
    if (!picked) return;
    setFields((f) => {
      const amount = picked.qty ?? f.amount;
      return { ...f, price: picked.price, amount, total: limitTotal(picked.price, amount) };
    });
  }, [picked]);
  useEffect(() => setFields({ price: '', amount: '', total: '' }), [symbol]);

  const edit = (field: 'price' | 'amount' | 'total', value: string) => {
    setError(null);
    setRefusal(null);
    setFields((f) => {
      const next = { ...f, [field]: value };
      if (type !== 'limit') return next;
      return field === 'total' ? { ...next, amount: amountFor(next.price, value) } : { ...next, total: limitTotal(next.price, next.amount) };
    });
  };

  // Amount and total mean different things per side and type (a market buy spends a total), so they start over.
  const switchTo = (next: { side?: OrderSide; type?: SpotOrderType }) => {
    if (next.side) setSide(next.side);
    if (next.type) setType(next.type);
    setFields((f) => ({ price: f.price, amount: '', total: '' }));
    setError(null);
    setRefusal(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateOrder(input, funds);
    setError(found);
    setRefusal(null);
    if (found) return;
    setBusy(true);
    try {
      await placeSpotOrder(orderRequest(input), { notify: false });
      pushNotice('success', _('spot.order.placed'));
      setFields((f) => ({ price: f.price, amount: '', total: '' }));
    } catch (err) {
      setRefusal(isApiError(err) && err.msg ? err.msg : _('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  const shows = (field: 'amount' | 'total') => type === 'limit' || marketField(side) === field;
  const fee = feeEstimate(input);
  return (
    <SpotPanel area="entry" title={_('trade.entry.title')} testId="order-form">
      <form className={s.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className={s.sideTabs}>
          {(['buy', 'sell'] as const).map((k) => (
            <button key={k} type="button" className={side === k ? s.sideOn[k] : s.sideTab} aria-pressed={side === k} data-testid={`side-${k}`} onClick={() => switchTo({ side: k })}>
              {_(k === 'buy' ? 'trade.buy' : 'trade.sell')}
            </button>
          ))}
        </div>
        <div className={s.chips}>
          {(['limit', 'market'] as const).map((k) => (
            <button key={k} type="button" className={type === k ? s.chipOn : s.chip} aria-pressed={type === k} data-testid={`type-${k}`} onClick={() => switchTo({ type: k })}>
              {_(k === 'limit' ? 'trade.type.limit' : 'trade.type.market')}
            </button>
          ))}
        </div>
        {type === 'limit' ? <NumberField name="price" label={_('trade.field.price')} value={fields.price} onChange={(v) => edit('price', v)} /> : null}
        {shows('amount') ? <NumberField name="amount" label={_('trade.field.amount')} unit={base} value={fields.amount} onChange={(v) => edit('amount', v)} /> : null}
        {shows('total') ? <NumberField name="total" label={_('trade.field.total')} value={fields.total} onChange={(v) => edit('total', v)} /> : null}
        <div className={s.chips}>
          {FRACTIONS.map((f) => (
            <button key={f} type="button" className={s.chip} disabled={!funds} onClick={() => funds && setFields((held) => ({ ...held, ...fromFraction({ ...input, ...held }, funds, f) }))}>
              {`${f * 100}%`}
            </button>
          ))}
        </div>
        <div className={s.line}>
          <span>{_('spot.available')}</span>
          <span className={s.mono} data-testid="available">
            {funds ? `${formatDecimal(side === 'buy' ? funds.quote : funds.base, side === 'buy' ? 2 : 6)} ${side === 'buy' ? quote : base}` : '--'}
          </span>
        </div>
        <div className={s.line}>
          <span>{_('spot.feeEstimate')}</span>
          <span className={s.mono}>{fee ? `${fee} ${side === 'buy' ? base : quote}` : '--'}</span>
        </div>
        {status !== 'open' ? <p className={s.error} data-testid="market-closed">{_(STATUS_RULES[status])}</p> : null}
        {error ? <p className={s.error} data-testid="order-error">{_(error.id)}</p> : null}
        {refusal ? <p className={s.error} data-testid="order-refusal">{refusal}</p> : null}
        {signedIn ? (
          <Button type="submit" variant={side === 'buy' ? 'up' : 'down'} wide disabled={busy || status !== 'open'} data-testid="place-order">
            {_(side === 'buy' ? 'spot.buyAsset' : 'spot.sellAsset', { asset: base })}
          </Button>
        ) : (
          <Link to="/login" search={{ statusType: 0, redirect: href }} className={buttonClass('primary', 'md', true)} data-testid="login-to-trade">
            {_('trade.loginToTrade')}
          </Link>
        )}
      </form>
    </SpotPanel>
  );
}
