// A button that asks first: the dialog says what will happen, the action runs on "yes", and the dialog stays open
// (its buttons enabled again) when the action fails, the client having shown the server's message. Cancel all
// orders and close all positions use it. Portalled to the body, so a dock panel's box never clips it.
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

interface Props {
  label: string;
  /** The dialog's question. */
  children: ReactNode;
  yes: string;
  no: string;
  testId: string;
  disabled?: boolean;
  run(): Promise<unknown>;
}

export function ConfirmButton({ label, children, yes, no, testId, disabled = false, run }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    run().then(
      () => {
        setBusy(false);
        setOpen(false);
      },
      () => setBusy(false),
    );
  };
  return (
    <>
      <Button variant="secondary" size="sm" data-testid={testId} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open
        ? createPortal(
            <Modal
              title={label}
              testId={`${testId}-confirm`}
              role="alertdialog"
              onClose={busy ? undefined : () => setOpen(false)}
              actions={
                <>
                  <Button variant="secondary" data-testid={`${testId}-no`} disabled={busy} onClick={() => setOpen(false)}>
                    {no}
                  </Button>
                  <Button variant="down" data-testid={`${testId}-yes`} disabled={busy} onClick={confirm}>
                    {yes}
                  </Button>
                </>
              }
            >
              <p>{children}</p>
            </Modal>,
            document.body,
          )
        : null}
    </>
  );
}
