// Cancel every current order (or every one in the filtered market), after the user confirms. The question is opened
// through state/dialogs.ts: on the spot terminal this button sits in a panel that is remounted when the terminal
// re-lays itself out, and the dialog must outlive that.
import { useLingui } from '@lingui/react';
import { cancelAllSpotOrders } from '../../api/spot.ts';
import { openDialog, pushNotice } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { pairName } from '../quotation/market-rows.ts';

interface Props {
  symbol: string | undefined;
  disabled: boolean;
  onDone(): void;
}

export function CancelAllButton({ symbol, disabled, onDone }: Props) {
  const { _ } = useLingui();
  const label = _(symbol ? 'spot.cancelAll' : 'orders.cancelAll.confirm');
  // The client has already shown the server's message when it refuses; the dialog stays open.
  const run = () =>
    cancelAllSpotOrders(symbol).then((reply) => {
      pushNotice('success', _('orders.cancelAll.done', { count: reply.cancelled.length }));
      onDone();
    });
  return (
    <Button
      variant="secondary"
      size="sm"
      data-testid="cancel-all"
      disabled={disabled}
      onClick={(event) =>
        openDialog(
          'confirm:cancel-all',
          (close) => (
            <ConfirmDialog title={label} yes={_('orders.cancelAll.confirm')} no={_('orders.cancelAll.keep')} testId="cancel-all" run={run} onClose={close}>
              {symbol ? _('orders.cancelAll.market', { market: pairName(symbol) }) : _('orders.cancelAll.every')}
            </ConfirmDialog>
          ),
          event.currentTarget,
        )
      }
    >
      {label}
    </Button>
  );
}
