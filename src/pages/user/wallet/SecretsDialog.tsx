// A wallet setting confirmed with the fund password (and the authenticator code when the user has it on), so a
// stolen session alone cannot loosen it: the whitelist switched on or off (with it on, withdrawals go only to saved
// addresses, each usable 24 hours after it was saved), an API key allowed or forbidden to withdraw. Refusals show
// under their field; the rest above the buttons.
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../../api/index.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { CodeInput, isCompleteCode } from '../twofactor/CodeInput.tsx';
import * as s from './wallet.css.ts';

type Field = 'fundPassword' | 'totpCode';
const FIELD_OF: Readonly<Record<string, Field>> = {
  'wallet.fund.password.required': 'fundPassword',
  'wallet.fund.password.wrong': 'fundPassword',
  'wallet.totp.required': 'totpCode',
  'wallet.totp.wrong': 'totpCode',
};

export interface Secrets {
  fundPassword: string;
  totpCode?: string;
}

interface Props {
  title: string;
  note: string;
  totpRequired: boolean;
  testId: string;
  /** Sends the change; a refusal is shown and the dialog stays open. */
  send(secrets: Secrets): Promise<unknown>;
  /** The notice once done. */
  done: string;
  onClose(): void;
  onDone(): void;
}

export function SecretsDialog({ title, note, totpRequired, testId, send, done, onClose, onDone }: Props) {
  const { _ } = useLingui();
  const formId = useId();
  const [fundPassword, setFundPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (busy) return;
    const found: Partial<Record<Field, string>> = {};
    if (fundPassword === '') found.fundPassword = _('rule.required');
    if (totpRequired && !isCompleteCode(totpCode)) found.totpCode = _('twofactor.totp.codeRule');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setRefusal(null);
    try {
      await send({ fundPassword, ...(totpRequired ? { totpCode } : {}) });
      pushNotice('success', done);
      onDone();
      onClose();
    } catch (error) {
      setBusy(false);
      const field = isApiError(error) ? FIELD_OF[error.code] : undefined;
      const text = isApiError(error) && error.msg ? error.msg : _('error.generic');
      if (field) setErrors((e) => ({ ...e, [field]: text }));
      else setRefusal(text);
    }
  }

  return (
    <Modal
      title={title}
      onClose={busy ? undefined : onClose}
      testId={testId}
      actions={
        <div className={s.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {_('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy} data-testid={`${testId}-submit`}>
            {busy ? _('common.loading') : _('common.submit')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className={s.sideText}>{note}</p>
        <TextField
          label={_('user.security.fundPassword')}
          name="fundPassword"
          type="password"
          autoComplete="off"
          value={fundPassword}
          onChange={(e) => {
            setFundPassword(e.target.value);
            setErrors((x) => ({ ...x, fundPassword: undefined }));
          }}
          error={errors.fundPassword}
          data-testid={`${testId}-fund-password`}
        />
        {totpRequired ? (
          <CodeInput
            label={_('twofactor.totp.code')}
            value={totpCode}
            onChange={(v) => {
              setTotpCode(v);
              setErrors((x) => ({ ...x, totpCode: undefined }));
            }}
            error={errors.totpCode}
            testId={`${testId}-totp`}
          />
        ) : null}
        {refusal ? (
          <p className={s.refusal} role="alert">
            {refusal}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
