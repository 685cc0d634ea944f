// Labelled form controls with the inline error under the field (test hook: data-testid="field-error").
import { useId, type InputHTMLAttributes, type Ref, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import * as s from './field.css.ts';

interface Frame {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: Frame & { id: string; children: ReactNode }) {
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <span className={s.error} id={`${id}-error`} role="alert" data-testid="field-error">
          {error}
        </span>
      ) : hint ? (
        <span className={s.hint}>{hint}</span>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Frame, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Something beside the input, e.g. the send-code button. */
  addon?: ReactNode;
  /** The input element (a dialog's first focus). */
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, addon, ...input }: TextFieldProps) {
  const id = useId();
  const control = (
    <input
      id={id}
      className={s.input}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      {...input}
    />
  );
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      {addon ? (
        <div className={s.row}>
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

interface SelectFieldProps extends Frame, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  children: ReactNode;
}
export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select id={id} className={s.input} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Frame, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {}
export function TextAreaField({ label, error, hint, ...area }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea id={id} className={s.textarea} {...area} />
    </FieldFrame>
  );
}

interface CheckFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  children: ReactNode;
  error?: string | undefined;
}
export function CheckField({ children, error, ...input }: CheckFieldProps) {
  const id = useId();
  return (
    <div className={s.field}>
      <div className={s.check}>
        <input id={id} type="checkbox" className={s.checkbox} aria-invalid={error ? true : undefined} {...input} />
        <label htmlFor={id}>{children}</label>
      </div>
      {error ? (
        <span className={s.error} role="alert" data-testid="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
