// Opens the one transfer dialog from any screen: `open(preset)` shows it with the coin and accounts chosen. It is
// opened through state/dialogs.ts and rendered by the layout's DialogHost, so a terminal re-laid out while it is open
// (its panels remounted) leaves it open with what was typed; the focus goes back to what opened it (ui/Modal.tsx).
import { useCallback } from 'react';
import type { TransferItem } from '../../../contract.ts';
import { openDialog } from '../../../state/index.ts';
import { TransferDialog, type TransferPreset } from './TransferDialog.tsx';

export interface TransferDialogControl {
  /** Opens the dialog; the layout's dialog host renders it, so it survives a re-layout of the screen. */
  open(preset?: TransferPreset): void;
}

export function useTransferDialog(onDone?: (transfer: TransferItem) => void): TransferDialogControl {
  const open = useCallback(
    (preset: TransferPreset = {}) =>
      void openDialog('transfer', (close) => <TransferDialog preset={preset} onClose={close} {...(onDone ? { onDone } : {})} />),
    [onDone],
  );
  return { open };
}
