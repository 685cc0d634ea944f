// Every change the console makes goes through this dialog: what will be done, the fields it needs, and the reason
// (required: it goes into the audit log with the operator's name). One request id per submit; when the answer was
// lost (network, timeout) and the operator sends the same thing again, the same id goes again so the server answers
// the first run instead of running it twice. A result that waits for a second operator says so.
import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/Field.tsx';
import type { OpsCommandResult } from '../../contract.ts';
import { isOpsError, newRequestId } from '../api.ts';
import { ops } from '../client.ts';
import { pushNotice } from '../state.ts';
import * as s from './ops.css.ts';

export interface FieldSpec {
  /** The command's argument (as the CLI names it without --). */
  name: string;
  labelId: string;
  kind?: 'text' | 'number' | 'select' | 'textarea' | 'datetime';
  options?: ReadonlyArray<{ value: string; labelId?: string; label?: string }>;
  required?: boolean;
  initial?: string;
  hintId?: string;
  placeholder?: string;
  /** A textarea's height in lines (default 4). */
  rows?: number;
}

export interface ActionSpec {
  command: string;
  /** Arguments fixed by the screen (the user's e-mail, the item's id). */
  args?: Record<string, string>;
  titleId: string;
  titleValues?: Record<string, string | number>;
  /** What will be done, in words, above the fields. */
  summary?: ReactNode;
  fields?: readonly FieldSpec[];
  /** Turns the fields' values into arguments (defaults: every non-empty field as it is). */
  toArgs?(values: Record<string, string>): Record<string, string>;
  confirmId?: string;
  danger?: boolean;
  testId?: string;
}

export interface Attempt {
  fingerprint: string;
  requestId: string;
  /** The answer never came: the same request may be sent again with this id. */
  lost: boolean;
}

/** The request id for a submit: the last one's when its answer was lost and nothing changed since, else a new one. */
export function requestIdFor(previous: Attempt | null, fingerprint: string, fresh: () => string = newRequestId): string {
  return previous && previous.lost && previous.fingerprint === fingerprint ? previous.requestId : fresh();
}

export function fingerprintOf(command: string, args: Record<string, string>, reason: string): string {
  const sorted = Object.fromEntries(Object.entries(args).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify([command, sorted, reason]);
}

/** Shows what a command's answer means: done, or waiting for a second operator. */
export function announce(result: OpsCommandResult, text: { done: string; waiting: string }): void {
  if (result.approval) pushNotice('info', `${text.waiting}\n${result.approval.summary}`);
  else pushNotice('success', result.text ? `${text.done}\n${result.text}` : text.done);
}

interface Props {
  spec: ActionSpec;
  onClose(): void;
  onDone(result: OpsCommandResult): void;
}

export function ActionDialog({ spec, onClose, onDone }: Props) {
  const { _ } = useLingui();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries((spec.fields ?? []).map((f) => [f.name, f.initial ?? ''])));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const testId = spec.testId ?? 'ops-action';

  const submit = async () => {
    const missing: Record<string, string> = {};
    for (const f of spec.fields ?? []) if (f.required && !values[f.name]?.trim()) missing[f.name] = _('ops.action.required');
    if (!reason.trim()) missing['reason'] = _('ops.action.reasonRequired');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const fieldArgs = spec.toArgs
      ? spec.toArgs(values)
      : Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()]));
    const args = { ...(spec.args ?? {}), ...fieldArgs };
    const fingerprint = fingerprintOf(spec.command, args, reason.trim());
    const requestId = requestIdFor(attempt, fingerprint);
    setBusy(true);
    setFailure(null);
    try {
      const result = await ops.command({ command: spec.command, args, reason: reason.trim(), requestId }, { notify: false });
      announce(result, { done: _('ops.action.done'), waiting: _('ops.action.waiting') });
      onDone(result);
      onClose();
    } catch (error) {
      const lost = isOpsError(error) && error.lost;
      setAttempt({ fingerprint, requestId, lost });
      setFailure(isOpsError(error) ? error.msg : _('ops.error.generic'));
      setBusy(false);
    }
  };

  const field = (f: FieldSpec) => {
    const common = {
      key: f.name,
      label: _(f.labelId),
      error: errors[f.name],
      hint: f.hintId ? _(f.hintId) : undefined,
      name: f.name,
      value: values[f.name] ?? '',
      disabled: busy,
    };
    const set = (v: string) => setValues((old) => ({ ...old, [f.name]: v }));
    if (f.kind === 'select') {
      return (
        <SelectField {...common} onChange={(e) => set(e.target.value)}>
          {(f.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.labelId ? _(o.labelId) : (o.label ?? o.value)}
            </option>
          ))}
        </SelectField>
      );
    }
    if (f.kind === 'textarea') return <TextAreaField {...common} rows={f.rows ?? 4} onChange={(e) => set(e.target.value)} />;
    return (
      <TextField
        {...common}
        type={f.kind === 'datetime' ? 'datetime-local' : 'text'}
        inputMode={f.kind === 'number' ? 'decimal' : undefined}
        placeholder={f.placeholder}
        autoComplete="off"
        onChange={(e) => set(e.target.value)}
      />
    );
  };

  return (
    <Modal
      title={_(spec.titleId, spec.titleValues)}
      testId={testId}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
            {_('ops.cancel')}
          </Button>
          <Button variant={spec.danger ? 'down' : 'primary'} onClick={() => void submit()} disabled={busy} data-testid={`${testId}-submit`}>
            {_(spec.confirmId ?? 'ops.action.confirm')}
          </Button>
        </>
      }
    >
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {spec.summary ? <div className={s.small}>{spec.summary}</div> : null}
        <div className={s.mono}>{spec.command}</div>
        {(spec.fields ?? []).map(field)}
        <TextAreaField
          label={_('ops.action.reason')}
          hint={_('ops.action.reasonHint')}
          name="reason"
          rows={2}
          value={reason}
          error={errors['reason']}
          disabled={busy}
          onChange={(e) => setReason(e.target.value)}
          data-testid={`${testId}-reason`}
        />
        {failure ? (
          <p className={s.down} role="alert" data-testid={`${testId}-error`}>
            {failure}
            {attempt?.lost ? ` ${_('ops.action.lostRetry')}` : ''}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

/** A screen's dialog slot: `open(spec)` shows it; `dialog` is what to render. */
export function useAction(onDone: (result: OpsCommandResult) => void): { open(spec: ActionSpec): void; dialog: ReactNode } {
  const [spec, setSpec] = useState<ActionSpec | null>(null);
  return {
    open: setSpec,
    dialog: spec ? <ActionDialog key={JSON.stringify([spec.command, spec.args])} spec={spec} onClose={() => setSpec(null)} onDone={onDone} /> : null,
  };
}
