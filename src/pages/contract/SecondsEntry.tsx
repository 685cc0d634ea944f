// Seconds (timed) contract entry (spec §1, §5): a duration, an amount within the limits, up or down.
import { useLingui } from '@lingui/react';
import { formatDecimal } from '../../format/decimal.ts';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { Note, Panel } from '../../ui/Page.tsx';
import { SubmitGate } from '../trade/SubmitGate.tsx';
import { form, sides } from '../trade/trade.css.ts';

/** Spec §9: seconds-contract amount limits, in USDT. */
export const SECONDS_MIN_AMOUNT = 1000;
export const SECONDS_MAX_AMOUNT = 9_999_999;

export function SecondsEntry() {
  const { _ } = useLingui();
  return (
    <Panel title={_('seconds.title')}>
      <form className={form} onSubmit={(e) => e.preventDefault()}>
        <SelectField label={_('seconds.col.duration')} name="duration" disabled>
          <option value="">--</option>
        </SelectField>
        <TextField label={_('seconds.col.amount')} name="amount" inputMode="decimal" autoComplete="off" />
        <div className={sides}>
          <SubmitGate variant="up">{_('seconds.up')}</SubmitGate>
          <SubmitGate variant="down">{_('seconds.down')}</SubmitGate>
        </div>
      </form>
      <Note>
        {_('seconds.limits', { min: formatDecimal(SECONDS_MIN_AMOUNT, 0), max: formatDecimal(SECONDS_MAX_AMOUNT, 0) })}
      </Note>
    </Panel>
  );
}
