// Cancel every current order (or every one in the filtered market), after the user confirms.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { cancelAllSpotOrders } from '../../api/spot.ts';
import { pushNotice } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { pairName } from '../quotation/market-rows.ts';

interface Props {
  symbol: string | undefined;
  disabled: boolean;
  onDone(): void;
}

export function CancelAllButton({ symbol, disabled, onDone }: Props) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = _(symbol ? 'spot.cancelAll' : 'orders.cancelAll.confirm');
  const confirm = () => {
    setBusy(true);
    cancelAllSpotOrders(symbol).then(
      (reply) => {
        pushNotice('success', _('orders.cancelAll.done', { count: reply.cancelled.length }));
        setBusy(false);
        setOpen(false);
        onDone();
      },
      // The client has already shown the server's message.
      () => setBusy(false),
    );
  };
  return (
    <>
      <Button variant="secondary" size="sm" data-testid="cancel-all" disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? (
        <Modal
          title={label}
          testId="cancel-all-confirm"
          role="alertdialog"
          onClose={busy ? undefined : () => setOpen(false)}
          actions={
            <>
              <Button variant="secondary" data-testid="cancel-all-no" disabled={busy} onClick={() => setOpen(false)}>
                {_('orders.cancelAll.keep')}
              </Button>
              <Button variant="down" data-testid="cancel-all-yes" disabled={busy} onClick={confirm}>
                {_('orders.cancelAll.confirm')}
              </Button>
            </>
          }
        >
          <p>{symbol ? _('orders.cancelAll.market', { market: pairName(symbol) }) : _('orders.cancelAll.every')}</p>
        </Modal>
      ) : null}
    </>
  );
}
