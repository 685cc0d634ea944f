// An isolated position's margin: add (up to the contract account's available balance) or remove (the server says
// how much may go), with the live margin and liquidation price above. The server's refusal stays in the dialog.
import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useContractAccount } from '../../../streams/index.ts';
import { adjustContractMargin } from '../../api/contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { checkMargin, marginRequest, type MarginMove } from './forms.ts';
import { DialogFrame, Facts, useDialogPosition, useSubmit, type PositionDialogProps } from './PositionDialog.tsx';
import * as s from './tables.css.ts';

const MOVES: ReadonlyArray<{ key: MarginMove; labelId: string }> = [
  { key: 'add', labelId: 'contract.margin.add' },
  { key: 'remove', labelId: 'contract.margin.remove' },
];

export function MarginDialog({ symbol, onClose }: PositionDialogProps) {
  const { _ } = useLingui();
  const position = useDialogPosition(symbol, onClose);
  const account = dataOf(useContractAccount());
  const [move, setMove] = useState<MarginMove>('add');
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { busy, refusal, clear, submit } = useSubmit(onClose);
  const amountRef = useRef<HTMLInputElement>(null);
  if (!position) return null;

  const available = account?.available ?? null;
  const rule = checkMargin(move, amount, available);
  // Empty is only wrong once the user tried to send it.
  const shown = rule && (submitted || amount.trim() !== '') ? _(rule) : undefined;
  const quote = account?.asset ?? 'USDT';

  return (
    <DialogFrame
      title={_('contract.margin.title', { market: position.codeName })}
      testId="margin-dialog"
      busy={busy}
      refusal={refusal}
      submitLabel={_(move === 'add' ? 'contract.margin.add' : 'contract.margin.remove')}
      onClose={onClose}
      initialFocus={amountRef}
      onSubmit={() => {
        setSubmitted(true);
        if (rule) return;
        submit(
          () => adjustContractMargin(marginRequest(symbol, move, amount), { notify: false }),
          () => _('contract.margin.done'),
        );
      }}
    >
      <div className={s.segmented} role="group">
        {MOVES.map((m) => (
          <Button
            key={m.key}
            size="sm"
            variant={move === m.key ? 'primary' : 'secondary'}
            aria-pressed={move === m.key}
            data-testid={`margin-${m.key}`}
            onClick={() => {
              clear();
              setMove(m.key);
            }}
          >
            {_(m.labelId)}
          </Button>
        ))}
      </div>
      <Facts
        rows={[
          [_('contract.col.margin'), `${formatDecimal(position.margin)} ${quote}`, 'margin-current'],
          [_('transfer.available'), `${formatDecimal(available)} ${quote}`, 'margin-available'],
          [_('contract.pos.liqPrice'), formatDecimal(position.liquidationPrice), 'margin-liq'],
        ]}
      />
      <TextField
        label={_('contract.margin.amount', { asset: quote })}
        ref={amountRef}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        data-testid="margin-amount"
        error={shown}
        onChange={(e) => {
          clear();
          setAmount(e.target.value);
        }}
      />
    </DialogFrame>
  );
}
