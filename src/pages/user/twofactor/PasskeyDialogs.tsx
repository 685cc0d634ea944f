// Adding and removing a passkey (issue 21). Add: a name (prefilled "Passkey N" in the user's language), then the
// browser's own passkey prompt (@simplewebauthn/browser startRegistration with the server's options), then the
// server verifies and keeps it. A prompt the user dismissed, or an authenticator that holds a passkey for this
// account already, is said in words of our own; the server's refusals in its. Remove: the authenticator code when
// TOTP is on, else the login password (the server's rule), so a session left open can't strip the owner's keys.
import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { isApiError } from '../../../api/index.ts';
import { passkeyCreationOptions, registerPasskey, removePasskey } from '../../../api/twofactor.ts';
import { PASSKEY_NAME_MAX, type PasskeyItem } from '../../../contract.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { CodeInput, isCompleteCode } from './CodeInput.tsx';
import * as s from './twofactor.css.ts';

/** What a failed browser prompt means to the user: dismissed or timed out, or this authenticator is registered already. */
export function webAuthnFailure(error: unknown, _: (id: string) => string): string | null {
  const name = error instanceof WebAuthnError ? (error.cause as { name?: unknown } | undefined)?.name : error instanceof Error ? error.name : undefined;
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return _('twofactor.passkey.exists');
  if (name === 'InvalidStateError') return _('twofactor.passkey.exists');
  if (name === 'NotAllowedError' || name === 'AbortError') return _('twofactor.passkey.cancelled');
  return null;
}

export function PasskeyAddDialog({ count, onClose, onDone }: { count: number; onClose(): void; onDone(): void }) {
  const { _ } = useLingui();
  const [name, setName] = useState(() => _('twofactor.passkey.defaultName', { n: count + 1 }));
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === '' || [...trimmed].length > PASSKEY_NAME_MAX) {
      setError(_('twofactor.passkey.nameRule', { max: PASSKEY_NAME_MAX }));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const optionsJSON = await passkeyCreationOptions({ notify: false });
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch (e) {
        setRefusal(webAuthnFailure(e, _) ?? _('twofactor.passkey.failed'));
        setBusy(false);
        return;
      }
      await registerPasskey(response, trimmed, { notify: false });
      pushNotice('success', _('twofactor.passkey.added'));
      onDone();
    } catch (e) {
      setRefusal(isApiError(e) && e.msg ? e.msg : _('error.generic'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={_('twofactor.passkey.addTitle')}
      onClose={busy ? undefined : onClose}
      testId="passkey-add-dialog"
      initialFocus={nameRef}
      actions={
        <div className={s.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {_('common.cancel')}
          </Button>
          <Button type="submit" form="passkey-add-form" disabled={busy} data-testid="passkey-continue">
            {busy ? _('common.loading') : _('twofactor.passkey.continue')}
          </Button>
        </div>
      }
    >
      <form
        id="passkey-add-form"
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className={s.rowNote}>{_('twofactor.passkey.addNote')}</p>
        <TextField
          label={_('twofactor.passkey.name')}
          name="passkeyName"
          ref={nameRef}
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          error={error}
          hint={_('twofactor.passkey.nameHint')}
          data-testid="passkey-name"
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        {refusal !== null ? (
          <p className={s.refusal} role="alert" data-testid="passkey-refusal">
            {refusal}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

export function PasskeyRemoveDialog({ passkey, totpEnabled, onClose, onDone }: { passkey: PasskeyItem; totpEnabled: boolean; onClose(): void; onDone(): void }) {
  const { _ } = useLingui();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (busy) return;
    if (totpEnabled ? !isCompleteCode(code) : password === '') {
      setError(totpEnabled ? _('twofactor.totp.codeRule') : _('rule.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await removePasskey(totpEnabled ? { id: passkey.id, totpCode: code } : { id: passkey.id, password }, { notify: false });
      pushNotice('success', _('twofactor.passkey.removed'));
      onDone();
    } catch (e) {
      setBusy(false);
      setError(isApiError(e) && e.msg ? e.msg : _('error.generic'));
    }
  };

  return (
    <Modal
      title={_('twofactor.passkey.removeTitle', { name: passkey.name })}
      onClose={busy ? undefined : onClose}
      testId="passkey-remove-dialog"
      initialFocus={inputRef}
      actions={
        <div className={s.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {_('common.cancel')}
          </Button>
          <Button type="submit" form="passkey-remove-form" variant="down" disabled={busy} data-testid="passkey-remove-submit">
            {busy ? _('common.loading') : _('twofactor.passkey.remove')}
          </Button>
        </div>
      }
    >
      <form
        id="passkey-remove-form"
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className={s.rowNote}>{totpEnabled ? _('twofactor.passkey.removeNoteTotp') : _('twofactor.passkey.removeNotePassword')}</p>
        {totpEnabled ? (
          <CodeInput label={_('twofactor.totp.code')} value={code} onChange={(v) => (setCode(v), setError(undefined))} error={error} ref={inputRef} />
        ) : (
          <TextField
            label={_('auth.field.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            ref={inputRef}
            value={password}
            error={error}
            data-testid="passkey-password"
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </form>
    </Modal>
  );
}
