// Close by limit: a price (the mark on the market's tick to start with) for a reduce-only limit order of the whole position on the
// opposite side. The server's refusal (price band, tick) stays in the dialog.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useContractMarkets } from '../../../streams/index.ts';
import { placeContractOrder } from '../../api/contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { TextField } from '../../ui/Field.tsx';
import { baseAsset } from '../quotation/market-rows.ts';
import { actionLabel } from './columns.ts';
import { closeLimitRequest, nearestTick, readPositive } from './forms.ts';
import { DialogFrame, Facts, useDialogPosition, useSubmit, type PositionDialogProps } from './PositionDialog.tsx';
import * as s from './tables.css.ts';

export function ClosePositionDialog({ symbol, onClose }: PositionDialogProps) {
  const { _ } = useLingui();
  const position = useDialogPosition(symbol, onClose);
  const tick = dataOf(useContractMarkets())?.get(symbol)?.tickSize ?? null;
  const [price, setPrice] = useState(() => nearestTick(position?.markPrice ?? null, tick));
  const [submitted, setSubmitted] = useState(false);
  const { busy, refusal, clear, submit } = useSubmit(onClose);
  if (!position) return null;

  const read = readPositive(price, 'rule.order.priceInvalid');
  const rule = 'rule' in read ? read.rule : null;
  const shown = rule && (submitted || price.trim() !== '') ? _(rule) : undefined;
  const size = `${formatDecimal(position.quantity, 8)} ${baseAsset(symbol)}`;

  return (
    <DialogFrame
      title={_('contract.closeLimit.title', { market: position.codeName })}
      testId="close-limit-dialog"
      busy={busy}
      refusal={refusal}
      submitLabel={_(actionLabel(position.direction, true))}
      onClose={onClose}
      onSubmit={() => {
        setSubmitted(true);
        if (rule) return;
        submit(() => placeContractOrder(closeLimitRequest(position, price), { notify: false }), () => _('contract.closeLimit.placed'));
      }}
    >
      <Facts
        rows={[
          [_('contract.col.lots'), position.lots, 'close-limit-lots'],
          [_('perp.field.size'), size, 'close-limit-size'],
          [_('perp.markPrice'), formatDecimal(position.markPrice), 'close-limit-mark'],
        ]}
      />
      <TextField
        label={_('trade.field.price')}
        name="price"
        inputMode="decimal"
        autoComplete="off"
        value={price}
        data-testid="close-limit-price"
        error={shown}
        onChange={(e) => {
          clear();
          setPrice(e.target.value);
        }}
      />
      <p className={s.note}>{_('contract.closeLimit.note', { size })}</p>
    </DialogFrame>
  );
}
