// A button that asks first (ui/ConfirmDialog.tsx): cancel all orders and close all positions use it. The dialog is
// opened through state/dialogs.ts, not kept in this button: the panel the button is in is remounted when the
// terminal re-lays itself out, and the question must stay on screen through that.
import type { ReactNode } from 'react';
import { openDialog } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

interface Props {
  label: string;
  /** The dialog's question (a component that follows live figures may be given, it renders in the dialog). */
  children: ReactNode;
  yes: string;
  no: string;
  testId: string;
  disabled?: boolean;
  run(): Promise<unknown>;
}

export function ConfirmButton({ label, children, yes, no, testId, disabled = false, run }: Props) {
  return (
    <Button
      variant="secondary"
      size="sm"
      data-testid={testId}
      disabled={disabled}
      onClick={(event) =>
        openDialog(
          `confirm:${testId}`,
          (close) => (
            <ConfirmDialog title={label} yes={yes} no={no} testId={testId} run={run} onClose={close}>
              {children}
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
