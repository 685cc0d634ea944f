// Order entry: buy or sell; limit, market, stop-limit, stop-market or OCO (the conditional kinds in
// ConditionalOrderForm.tsx). Limit and market: price/amount/total with a 25–100 % slider of what is available, the
// fee estimate, spec §5 checks before sending, and the server's refusal shown by its own message.
import { useEffect, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../api/index.ts';
import { placeSpotOrder } from '../../api/spot.ts';
import type { OrderSide } from '../../contract.ts';
import { pushNotice } from '../../state/index.ts';
import { baseAsset, quoteAsset } from '../quotation/market-rows.ts';
import { CONDITIONAL_KINDS, type ConditionalKind } from './conditional-form.ts';
import { ConditionalOrderForm, type ConditionalFields } from './ConditionalOrderForm.tsx';
import { AvailableLine, Fractions, NumberField, PlaceButton } from './form-parts.tsx';
import { amountFor, feeEstimate, fromFraction, limitTotal, marketField, orderRequest, validateOrder, type FieldError, type OrderInput } from './order-form.ts';
import { SpotPanel } from './SpotPanel.tsx';
import { useFunds } from './useFunds.ts';
import { STATUS_RULES, useMarketStatus } from './useMarketStatus.ts';
import * as c from './conditional.css.ts';
import * as s from './spot.css.ts';

type Kind = 'limit' | 'market' | ConditionalKind;
const KINDS: readonly Kind[] = ['limit', 'market', ...CONDITIONAL_KINDS];
const isConditional = (k: Kind): k is ConditionalKind => k !== 'limit' && k !== 'market';
// "OCO" is the order's name in every language Binance's terminal speaks.
const KIND_LABEL: Record<Exclude<Kind, 'oco'>, string> = {
  limit: 'trade.type.limit',
  market: 'trade.type.market',
  stopLimit: 'perp.type.stopLimit',
  stopMarket: 'perp.type.stopMarket',
};
type Fields = ConditionalFields & { total: string };
const EMPTY: Fields = { price: '', amount: '', total: '', stop: '', stopLimit: '', trailing: '' };

export function OrderForm({ symbol, picked }: { symbol: string; picked: { price: string; qty?: string; at: number } | null }) {
  const { _ } = useLingui();
  const funds = useFunds(symbol);
  const status = useMarketStatus(symbol);
  const [side, setSide] = useState<OrderSide>('buy');
  const [kind, setKind] = useState<Kind>('limit');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<FieldError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const type = kind === 'market' ? 'market' : 'limit';
  const input: OrderInput = { symbol, side, type, price: fields.price, amount: fields.amount, total: fields.total };
  const base = baseAsset(symbol);
  const quote = quoteAsset(symbol);

  // A level clicked in the book fills the limit price and, when the book says it, the amount up to that level; a
  // stop-market has no limit price, so the level becomes its trigger.
  useEffect(() => {
    if (!picked) return;
    setFields((f) => {
      if (kind === 'stopMarket') return { ...f, stop: picked.price };
      const amount = picked.qty ?? f.amount;
      return { ...f, price: picked.price, amount, total: limitTotal(picked.price, amount) };
    });
    // Only a new pick refills the form, not a change of kind.
  }, [picked]);
  useEffect(() => setFields(EMPTY), [symbol]);

  const edit = (field: 'price' | 'amount' | 'total', value: string) => {
    setError(null);
    setRefusal(null);
    setFields((f) => {
      const next = { ...f, [field]: value };
      if (type !== 'limit') return next;
      return field === 'total' ? { ...next, amount: amountFor(next.price, value) } : { ...next, total: limitTotal(next.price, next.amount) };
    });
  };

  // Amount and total mean different things per side and kind (a market buy spends a total), so they start over;
  // the prices stay.
  const switchTo = (next: { side?: OrderSide; kind?: Kind }) => {
    if (next.side) setSide(next.side);
    if (next.kind) setKind(next.kind);
    setFields((f) => ({ ...f, amount: '', total: '' }));
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
      setFields((f) => ({ ...f, amount: '', total: '' }));
    } catch (err) {
      setRefusal(isApiError(err) && err.msg ? err.msg : _('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  const shows = (field: 'amount' | 'total') => type === 'limit' || marketField(side) === field;
  const fee = feeEstimate(input);
  const closed = status !== 'open' ? <p className={s.error} data-testid="market-closed">{_(STATUS_RULES[status])}</p> : null;
  return (
    <SpotPanel area="entry" title={_('trade.entry.title')} testId="order-form">
      <div className={s.form}>
        <div className={s.sideTabs}>
          {(['buy', 'sell'] as const).map((k) => (
            <button key={k} type="button" className={side === k ? s.sideOn[k] : s.sideTab} aria-pressed={side === k} data-testid={`side-${k}`} onClick={() => switchTo({ side: k })}>
              {_(k === 'buy' ? 'trade.buy' : 'trade.sell')}
            </button>
          ))}
        </div>
        <div className={s.chips}>
          {KINDS.map((k) => (
            <button
              key={k}
              type="button"
              className={kind === k ? s.chipOn : s.chip}
              aria-pressed={kind === k}
              data-testid={`type-${k}`}
              title={k === 'oco' ? _(side === 'sell' ? 'spot.oco.hint.sell' : 'spot.oco.hint.buy') : undefined}
              onClick={() => switchTo({ kind: k })}
            >
              {k === 'oco' ? 'OCO' : _(KIND_LABEL[k])}
            </button>
          ))}
        </div>
        {isConditional(kind) ? (
          <ConditionalOrderForm
            symbol={symbol}
            side={side}
            kind={kind}
            fields={fields}
            onChange={(next) => setFields((f) => ({ ...f, ...next }))}
            funds={funds}
            closed={closed}
          />
        ) : (
          <form className={c.contents} onSubmit={(e) => void submit(e)} noValidate>
            {type === 'limit' ? <NumberField name="price" label={_('trade.field.price')} value={fields.price} onChange={(v) => edit('price', v)} invalid={error?.field === 'price'} /> : null}
            {shows('amount') ? <NumberField name="amount" label={_('trade.field.amount')} unit={base} value={fields.amount} onChange={(v) => edit('amount', v)} invalid={error?.field === 'amount'} /> : null}
            {shows('total') ? <NumberField name="total" label={_('trade.field.total')} value={fields.total} onChange={(v) => edit('total', v)} invalid={error?.field === 'total'} /> : null}
            <Fractions disabled={!funds} onPick={(f) => funds && setFields((held) => ({ ...held, ...fromFraction({ ...input, ...held }, funds, f) }))} />
            <AvailableLine side={side} funds={funds} base={base} quote={quote} />
            <div className={s.line}>
              <span>{_('spot.feeEstimate')}</span>
              <span className={s.mono}>{fee ? `${fee} ${side === 'buy' ? base : quote}` : '--'}</span>
            </div>
            {closed}
            {error ? <p className={s.error} data-testid="order-error">{_(error.id, error.values)}</p> : null}
            {refusal ? <p className={s.error} data-testid="order-refusal">{refusal}</p> : null}
            <PlaceButton side={side} base={base} disabled={busy || status !== 'open'} />
          </form>
        )}
      </div>
    </SpotPanel>
  );
}
