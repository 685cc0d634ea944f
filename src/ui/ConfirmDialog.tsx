// The question asked before an action that cannot be taken back (cancel every order, close every position): the
// action runs on "yes" and the dialog closes when it succeeds; when it fails the dialog stays open, its buttons
// enabled again, the API client having shown the server's message. An alert dialog: the focus starts on "no".
import { useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

interface Props {
  title: string;
  /** The question. */
  children: ReactNode;
  yes: string;
  no: string;
  /** The dialog is `${testId}-confirm`, its buttons `${testId}-yes` and `${testId}-no`. */
  testId: string;
  run(): Promise<unknown>;
  onClose(): void;
}

export function ConfirmDialog({ title, children, yes, no, testId, run, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    run().then(onClose, () => setBusy(false));
  };
  return (
    <Modal
      title={title}
      testId={`${testId}-confirm`}
      role="alertdialog"
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" data-testid={`${testId}-no`} disabled={busy} onClick={onClose}>
            {no}
          </Button>
          <Button variant="down" data-testid={`${testId}-yes`} disabled={busy} onClick={confirm}>
            {yes}
          </Button>
        </>
      }
    >
      <p>{children}</p>
    </Modal>
  );
}
