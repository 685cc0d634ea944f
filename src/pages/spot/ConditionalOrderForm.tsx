// The conditional kinds of the spot form, as Binance's web terminal has them: stop-limit and stop-market with an
// optional trailing delta, and OCO. It reads the last price to tell the user what the trigger will do (stop-loss or
// take-profit follows from the trigger's side of it) and checks an OCO's prices against it as they are typed; it
// shows what the order will hold while it waits, and the server's refusal by its own message.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../api/index.ts';
import { placeSpotOco, placeSpotOrder } from '../../api/spot.ts';
import type { OrderSide, TriggerCondition } from '../../contract.ts';
import { pushNotice } from '../../state/index.ts';
import { baseAsset, quoteAsset } from '../quotation/market-rows.ts';
import {
  conditionalFraction, conditionalRequest, heldFunds, liveCheck, ocoRequest, triggerSummary, validateConditional,
  type ConditionalInput, type ConditionalKind, type TriggerSummary,
} from './conditional-form.ts';
import { AvailableLine, Fractions, HeldLine, NumberField, PlaceButton } from './form-parts.tsx';
import type { FieldError, FormField, Funds } from './order-form.ts';
import { priceText } from './trigger-text.ts';
import { useLastPrice } from './useLastPrice.ts';
import * as c from './conditional.css.ts';
import * as s from './spot.css.ts';

export type ConditionalFields = Pick<ConditionalInput, 'price' | 'amount' | 'stop' | 'stopLimit' | 'trailing'>;

export const CONDITION_LABEL: Readonly<Record<TriggerCondition, string>> = { stop_loss: 'spot.condition.stopLoss', take_profit: 'spot.condition.takeProfit' };

interface Props {
  symbol: string;
  side: OrderSide;
  kind: ConditionalKind;
  fields: ConditionalFields;
  onChange(next: Partial<ConditionalFields>): void;
  funds: Funds | null;
  /** The market's closed or maintenance notice, when it takes no orders. */
  closed: ReactNode;
}

function Summary({ summary }: { summary: TriggerSummary }) {
  const { _ } = useLingui();
  const condition = _(CONDITION_LABEL[summary.condition]);
  const text =
    summary.trailing === null
      ? _('spot.trigger.when', { condition, when: summary.when ?? '' })
      : summary.when === null
        ? _('spot.trigger.trailNow', { condition, delta: summary.trailing })
        : _('spot.trigger.trailFrom', { condition, when: summary.when, delta: summary.trailing });
  return (
    <p className={c.hint} data-testid="trigger-hint" data-condition={summary.condition}>
      {text}
    </p>
  );
}

export function ConditionalOrderForm({ symbol, side, kind, fields, onChange, funds, closed }: Props) {
  const { _ } = useLingui();
  const last = useLastPrice(symbol);
  const [error, setError] = useState<FieldError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input: ConditionalInput = { symbol, side, kind, ...fields };
  const shown = error ?? liveCheck(input, last);
  const held = heldFunds(input, last);
  const summary = triggerSummary(input, last);
  const base = baseAsset(symbol);
  const quote = quoteAsset(symbol);

  useEffect(() => {
    setError(null);
    setRefusal(null);
  }, [kind, side, symbol]);

  const edit = (field: keyof ConditionalFields, value: string) => {
    setError(null);
    setRefusal(null);
    onChange({ [field]: value });
  };
  const field = (name: keyof ConditionalFields & FormField, label: string, unit?: string) => (
    <NumberField name={name} label={label} unit={unit} value={fields[name]} onChange={(v) => edit(name, v)} invalid={shown?.field === name} />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateConditional(input, funds, last);
    setError(found);
    setRefusal(null);
    if (found) return;
    const request = kind === 'oco' ? null : conditionalRequest(input, last);
    if (kind !== 'oco' && !request) return;
    setBusy(true);
    try {
      if (request) {
        await placeSpotOrder(request, { notify: false });
        pushNotice('success', _('perp.conditional.placed'));
      } else {
        await placeSpotOco(ocoRequest(input), { notify: false });
        pushNotice('success', _('spot.oco.placed'));
      }
      onChange({ amount: '' });
    } catch (err) {
      setRefusal(isApiError(err) && err.msg ? err.msg : _('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={c.contents} onSubmit={(e) => void submit(e)} noValidate data-testid="conditional-form" data-kind={kind}>
      {kind === 'oco' ? (
        <>
          {field('price', _('spot.field.limitPrice'), quote)}
          {field('stop', _('perp.field.trigger'), quote)}
          {field('stopLimit', _('spot.field.stopLimitPrice'), quote)}
        </>
      ) : (
        <>
          {field('stop', _('perp.field.trigger'), quote)}
          {kind === 'stopLimit' ? field('price', _('trade.field.price')) : null}
        </>
      )}
      {field('amount', _('trade.field.amount'), base)}
      {kind !== 'oco' ? field('trailing', _('spot.field.trailing'), '%') : null}
      <Fractions disabled={!funds} onPick={(f) => funds && onChange(conditionalFraction(input, funds, f, last))} />
      <div className={s.line}>
        <span>{_('spot.lastPrice')}</span>
        <span className={s.mono} data-testid="last-price">
          {priceText(last)}
        </span>
      </div>
      {summary ? <Summary summary={summary} /> : null}
      <AvailableLine side={side} funds={funds} base={base} quote={quote} />
      <HeldLine amount={held?.amount ?? null} asset={side === 'buy' ? quote : base} approx={held?.approx ?? false} decimals={side === 'buy' ? 2 : 6} />
      {closed}
      {shown ? (
        <p className={s.error} data-testid="order-error">
          {_(shown.id, shown.values)}
        </p>
      ) : null}
      {refusal ? <p className={s.error} data-testid="order-refusal">{refusal}</p> : null}
      <PlaceButton side={side} base={base} disabled={busy || closed !== null} />
    </form>
  );
}
