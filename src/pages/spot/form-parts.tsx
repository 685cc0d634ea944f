// Pieces every kind of the spot order form shows: a number field, the 25–100 % slider of what is available, the
// available balance, the funds an order will hold, and the place button (or the link to log in).
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { OrderSide } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { useSignedIn } from '../../state/index.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import type { Funds, FormField } from './order-form.ts';
import * as c from './conditional.css.ts';
import * as s from './spot.css.ts';

const FRACTIONS = [0.25, 0.5, 0.75, 1] as const;

// The price and total labels already name the quote ("Price (USDT)"), so only the amount shows its unit.
export function NumberField({ name, label, unit, value, onChange, invalid = false }: { name: FormField; label: string; unit?: string; value: string; onChange(v: string): void; invalid?: boolean }) {
  return (
    <label className={invalid ? `${s.field} ${c.invalid}` : s.field}>
      <span className={s.muted}>{label}</span>
      <input className={s.input} name={name} inputMode="decimal" autoComplete="off" value={value} aria-invalid={invalid} onChange={(e) => onChange(e.target.value.replace(',', '.'))} />
      {unit ? <span className={s.muted}>{unit}</span> : null}
    </label>
  );
}

export function Fractions({ disabled, onPick }: { disabled: boolean; onPick(fraction: number): void }) {
  return (
    <div className={s.chips}>
      {FRACTIONS.map((f) => (
        <button key={f} type="button" className={s.chip} disabled={disabled} onClick={() => onPick(f)}>
          {`${f * 100}%`}
        </button>
      ))}
    </div>
  );
}

/** What the side pays with: quote for a buy, base for a sell. */
export function AvailableLine({ side, funds, base, quote }: { side: OrderSide; funds: Funds | null; base: string; quote: string }) {
  const { _ } = useLingui();
  return (
    <div className={s.line}>
      <span>{_('spot.available')}</span>
      <span className={s.mono} data-testid="available">
        {funds ? `${formatDecimal(side === 'buy' ? funds.quote : funds.base, side === 'buy' ? 2 : 6)} ${side === 'buy' ? quote : base}` : '--'}
      </span>
    </div>
  );
}

/** The funds frozen while the order waits; "≈" when the server's figure depends on what the client can't know. */
export function HeldLine({ amount, asset, approx, decimals }: { amount: string | null; asset: string; approx: boolean; decimals: number }) {
  const { _ } = useLingui();
  return (
    <div className={s.line}>
      <span>{_('spot.held')}</span>
      <span className={s.mono} data-testid="held" title={approx ? _('spot.held.approx') : undefined}>
        {amount === null ? '--' : `${approx ? '≈ ' : ''}${formatDecimal(amount, decimals)} ${asset}`}
      </span>
    </div>
  );
}

export function PlaceButton({ side, base, disabled }: { side: OrderSide; base: string; disabled: boolean }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const href = useLocation({ select: (l) => l.href });
  return signedIn ? (
    <Button type="submit" variant={side === 'buy' ? 'up' : 'down'} wide disabled={disabled} data-testid="place-order">
      {_(side === 'buy' ? 'spot.buyAsset' : 'spot.sellAsset', { asset: base })}
    </Button>
  ) : (
    <Link to="/login" search={{ statusType: 0, redirect: href }} className={buttonClass('primary', 'md', true)} data-testid="login-to-trade">
      {_('trade.loginToTrade')}
    </Link>
  );
}
