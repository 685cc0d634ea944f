// The frame of the position dialogs (take-profit and stop-loss, margin, close at a limit price): the facts, the
// form, cancel and submit, and the server's refusal in the dialog itself. Opened through state/dialogs.ts (see
// PositionsTable), so a re-layout of the terminal leaves it open with what was typed; it closes itself when its
// position goes away (closed, liquidated).
import { useEffect, useId, useState, type ReactNode, type RefObject } from 'react';
import { useLingui } from '@lingui/react';
import { useContractPosition } from '../../../streams/index.ts';
import { isApiError } from '../../api/index.ts';
import type { ContractPositionItem } from '../../contract.ts';
import { pushNotice } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import * as s from './tables.css.ts';

export interface PositionDialogProps {
  symbol: string;
  onClose(): void;
}

/** A request in flight and the server's refusal of the last one. */
export function useSubmit(onClose: () => void) {
  const { _ } = useLingui();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (call: () => Promise<unknown>, done: () => string) => {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    call().then(
      () => {
        pushNotice('success', done());
        onClose();
      },
      (e: unknown) => {
        setRefusal(isApiError(e) && e.msg ? e.msg : _('error.generic'));
        setBusy(false);
      },
    );
  };
  return { busy, refusal, clear: () => setRefusal(null), submit };
}

interface FrameProps {
  title: string;
  testId: string;
  busy: boolean;
  refusal: string | null;
  submitLabel: string;
  onSubmit(): void;
  onClose(): void;
  /** The control the focus starts on (default: the first). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function DialogFrame({ title, testId, busy, refusal, submitLabel, onSubmit, onClose, initialFocus, children }: FrameProps) {
  const { _ } = useLingui();
  const formId = useId();
  return (
    <Modal
      title={title}
      testId={testId}
      onClose={busy ? undefined : onClose}
      initialFocus={initialFocus}
      actions={
        <>
          <Button variant="secondary" disabled={busy} data-testid="dialog-cancel" onClick={onClose}>
            {_('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy} data-testid="dialog-submit">
            {busy ? _('common.loading') : submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {refusal ? (
          <p className={s.error} role="alert" data-testid="dialog-error">
            {refusal}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

/** Label and value pairs above a dialog's inputs. */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [label: string, value: ReactNode, testId: string]> }) {
  return (
    <dl className={s.facts}>
      {rows.map(([label, value, testId]) => (
        <div key={testId} style={{ display: 'contents' }}>
          <dt className={s.factLabel}>{label}</dt>
          <dd className={s.factValue} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The live position a dialog works on; the dialog closes once it is gone. */
export function useDialogPosition(symbol: string, onClose: () => void): ContractPositionItem | null {
  const position = useContractPosition(symbol);
  useEffect(() => {
    if (position === null) onClose();
  }, [position === null]);
  return position;
}
