// Opens the one transfer dialog from any screen: `open(preset)` shows it with the coin and accounts chosen, the
// returned element renders it into the body (nothing while closed), and focus goes back to what opened it when it closes.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { TransferItem } from '../../../contract.ts';
import { TransferDialog, type TransferPreset } from './TransferDialog.tsx';

export interface TransferDialogControl {
  open(preset?: TransferPreset): void;
  /** Render this where the screen keeps its overlays. */
  element: ReactNode;
}

export function useTransferDialog(onDone?: (transfer: TransferItem) => void): TransferDialogControl {
  const [preset, setPreset] = useState<TransferPreset | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: TransferPreset = {}) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPreset(next);
  }, []);
  const close = useCallback(() => {
    setPreset(null);
    const back = opener.current;
    opener.current = null;
    // After the dialog has left the DOM.
    if (back) requestAnimationFrame(() => back.isConnected && back.focus());
  }, []);
  // Portalled to the body: a terminal panel's own box (overflow, stacking) must not clip the modal.
  const element = preset ? createPortal(<TransferDialog preset={preset} onClose={close} {...(onDone ? { onDone } : {})} />, document.body) : null;
  return { open, element };
}
