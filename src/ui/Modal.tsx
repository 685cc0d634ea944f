// A centred dialog over a backdrop. Escape and a backdrop click call onClose when the dialog may be dismissed.
import { useEffect, useId, type ReactNode } from 'react';
import * as s from './modal.css.ts';

interface Props {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  onClose?: () => void;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
}

export function Modal({ title, children, actions, onClose, testId, role = 'dialog' }: Props) {
  const titleId = useId();
  useEffect(() => {
    if (!onClose) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={s.backdrop} onClick={(event) => event.target === event.currentTarget && onClose?.()}>
      <div className={s.dialog} role={role} aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <h2 className={s.title} id={titleId}>
          {title}
        </h2>
        {children}
        {actions ? <div className={s.actions}>{actions}</div> : null}
      </div>
    </div>
  );
}
