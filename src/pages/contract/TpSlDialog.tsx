// A position's take-profit and stop-loss: both prices checked as they are typed against the live mark price (spec
// §5), the profit or loss each would realize, an emptied field removing its trigger, and setTpSl with only what
// changed. The server's refusal stays in the dialog.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { setContractTpSl } from '../../api/contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { TextField } from '../../ui/Field.tsx';
import { DIRECTION_LABEL, signedAmount, trendOf } from './columns.ts';
import { DialogFrame, Facts, useDialogPosition, useSubmit, type PositionDialogProps } from './PositionDialog.tsx';
import { checkTpSl, pnlAt, tpSlRequest, type TpSlField } from './tpsl.ts';
import * as s from './tables.css.ts';

export function TpSlDialog({ symbol, onClose }: PositionDialogProps) {
  const { _ } = useLingui();
  const position = useDialogPosition(symbol, onClose);
  const [typed, setTyped] = useState<Record<TpSlField, string>>(() => ({ takeProfit: position?.takeProfit ?? '', stopLoss: position?.stopLoss ?? '' }));
  const { busy, refusal, clear, submit } = useSubmit(onClose);
  if (!position) return null;

  const errors = checkTpSl({ direction: position.direction, mark: position.markPrice, ...typed });
  const request = tpSlRequest(symbol, typed, position);
  const edit = (field: TpSlField, value: string) => {
    clear();
    setTyped((held) => ({ ...held, [field]: value }));
  };
  const hint = (field: TpSlField) => {
    const pnl = errors[field] ? null : pnlAt(position, typed[field]);
    return pnl === null ? undefined : (
      <span className={s.trend[trendOf(pnl)]} data-testid={`tpsl-pnl-${field}`}>
        {_('contract.tpsl.estimate', { pnl: signedAmount(pnl) })}
      </span>
    );
  };
  const field = (name: TpSlField, labelId: string) => (
    <TextField
      label={_(labelId)}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      placeholder={_('contract.tpsl.none')}
      value={typed[name]}
      data-testid={`tpsl-${name}`}
      error={errors[name] ? _(errors[name]) : undefined}
      hint={hint(name)}
      onChange={(e) => edit(name, e.target.value)}
    />
  );

  return (
    <DialogFrame
      title={_('contract.tpsl.title', { market: position.codeName })}
      testId="tpsl-dialog"
      busy={busy}
      refusal={refusal}
      submitLabel={_('common.submit')}
      onClose={onClose}
      onSubmit={() => {
        if (Object.keys(errors).length > 0) return;
        if (!request) return onClose();
        submit(() => setContractTpSl(request, { notify: false }), () => _('contract.tpsl.saved'));
      }}
    >
      <Facts
        rows={[
          [_('contract.col.direction'), _(DIRECTION_LABEL[position.direction]), 'tpsl-direction'],
          [_('contract.pos.entryPrice'), formatDecimal(position.entryPrice), 'tpsl-entry'],
          [_('perp.markPrice'), formatDecimal(position.markPrice), 'tpsl-mark'],
        ]}
      />
      {field('takeProfit', 'contract.col.takeProfit')}
      {field('stopLoss', 'contract.col.stopLoss')}
      <p className={s.note}>{_('contract.tpsl.hint')}</p>
    </DialogFrame>
  );
}
