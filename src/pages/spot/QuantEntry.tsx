// Quantitative robot (spec §1): an investment amount and a secret key start a run that goes through fixed stages.
import { useLingui } from '@lingui/react';
import { TextField } from '../../ui/Field.tsx';
import { Note, Panel } from '../../ui/Page.tsx';
import { SubmitGate } from '../trade/SubmitGate.tsx';
import { form, steps } from '../trade/trade.css.ts';

const STAGES = [
  { id: 'quant.stage.start' },
  { id: 'quant.stage.queue' },
  { id: 'quant.stage.capture' },
  { id: 'quant.stage.buy' },
  { id: 'quant.stage.sell' },
  { id: 'quant.stage.end' },
] as const;

export function QuantEntry() {
  const { _ } = useLingui();
  return (
    <Panel title={_('quant.title')}>
      <form className={form} onSubmit={(e) => e.preventDefault()}>
        <TextField label={_('quant.field.amount')} name="investment" inputMode="decimal" autoComplete="off" />
        <TextField label={_('quant.field.secret')} name="secret" type="password" autoComplete="off" />
        <SubmitGate variant="primary">{_('quant.start')}</SubmitGate>
      </form>
      <Note>{_('quant.note')}</Note>
      <ol className={steps}>
        {STAGES.map((stage) => (
          <li key={stage.id}>{_(stage.id)}</li>
        ))}
      </ol>
    </Panel>
  );
}
