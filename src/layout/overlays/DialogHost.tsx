// The dialogs opened through state/dialogs.ts (those of the terminal panels, the transfer dialog), rendered here, above
// every page's own layout: a panel remounted when the terminal re-lays itself out (docked ↔ stacked at the narrow
// breakpoint, a panel moved in the dock) leaves its dialog open with what was typed in it. Each dialog learns the
// control that opened it, for the focus to go back to. A route change closes them: they belong to the page.
import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { closeAllDialogs, closeDialog, useDialogs } from '../../state/index.ts';
import { ModalOpener } from '../../ui/Modal.tsx';

export function DialogHost() {
  const dialogs = useDialogs();
  const path = useLocation({ select: (l) => l.pathname });
  useEffect(() => closeAllDialogs, [path]);
  return dialogs.map((d) => (
    <ModalOpener.Provider key={d.id} value={d.opener}>
      {d.render(() => closeDialog(d.id))}
    </ModalOpener.Provider>
  ));
}
