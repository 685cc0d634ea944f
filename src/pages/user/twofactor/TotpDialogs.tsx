// The authenticator app's two dialogs (issue 21). Enable: the server makes a pending secret when the dialog opens;
// the QR code (an SVG the server rendered, shown as an image so nothing in it runs) and the same key as text to
// copy; the code field turns it on. Disable: a current code. The server's refusal (wrong code, used code, too many
// tries) shows under the code field in the user's language; the dialog stays open for another try.
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../../api/index.ts';
import { disableTotp, enableTotp, setupTotp } from '../../../api/twofactor.ts';
import type { TotpSetupReply } from '../../../contract.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { copyText } from '../../../ui/clipboard.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { CodeInput, isCompleteCode } from './CodeInput.tsx';
import * as s from './twofactor.css.ts';

interface Props {
  onClose(): void;
  onDone(): void;
}

/** A code form's state: the code, the error under it, busy while the server answers. */
function useCodeForm(send: (code: string) => Promise<unknown>, done: () => void) {
  const { _ } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    if (!isCompleteCode(code)) {
      setError(_('twofactor.totp.codeRule'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await send(code);
      done();
    } catch (e) {
      setBusy(false);
      setError(isApiError(e) && e.msg ? e.msg : _('error.generic'));
    }
  };
  return { code, error, busy, submit, change: (value: string) => (setCode(value), setError(undefined)) };
}

export function TotpEnableDialog({ onClose, onDone }: Props) {
  const { _ } = useLingui();
  const [setup, setSetup] = useState<TotpSetupReply | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const form = useCodeForm((code) => enableTotp(code, { notify: false }), () => {
    pushNotice('success', _('twofactor.totp.enabled'));
    onDone();
  });

  useEffect(() => {
    let live = true;
    setupTotp({ notify: false }).then(
      (reply) => live && setSetup(reply),
      (e: unknown) => live && setFailed(isApiError(e) && e.msg ? e.msg : _('error.generic')),
    );
    return () => {
      live = false;
    };
    // Once per opening: each setup replaces the pending secret.
  }, []);

  const copy = async () => {
    if (!setup) return;
    if (await copyText(setup.secret)) pushNotice('success', _('common.copied'));
    else pushNotice('error', _('common.copyFailed'));
  };

  return (
    <Modal
      title={_('twofactor.totp.enableTitle')}
      onClose={form.busy ? undefined : onClose}
      testId="totp-enable-dialog"
      initialFocus={codeRef}
      actions={
        <div className={s.actions}>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>
            {_('common.cancel')}
          </Button>
          <Button type="submit" form="totp-enable-form" disabled={form.busy || setup === null} data-testid="totp-submit">
            {form.busy ? _('common.loading') : _('twofactor.totp.enable')}
          </Button>
        </div>
      }
    >
      <form
        id="totp-enable-form"
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
      >
        {failed !== null ? (
          <p className={s.refusal} role="alert">
            {failed}
          </p>
        ) : null}
        <ol className={s.steps}>
          <li>{_('twofactor.totp.step1')}</li>
          <li>{_('twofactor.totp.step2')}</li>
        </ol>
        {setup ? (
          <>
            <div className={s.qrBox}>
              <img className={s.qr} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} alt={_('twofactor.totp.qrAlt')} data-testid="totp-qr" />
            </div>
            <div className={s.secretRow}>
              <code className={s.secret} aria-label={_('twofactor.totp.secret')} data-testid="totp-secret">
                {setup.secret}
              </code>
              <Button size="sm" variant="secondary" onClick={() => void copy()}>
                {_('common.copy')}
              </Button>
            </div>
          </>
        ) : failed === null ? (
          <p className={s.rowNote}>{_('common.loading')}</p>
        ) : null}
        <CodeInput label={_('twofactor.totp.code')} value={form.code} onChange={form.change} error={form.error} ref={codeRef} />
      </form>
    </Modal>
  );
}

export function TotpDisableDialog({ onClose, onDone }: Props) {
  const { _ } = useLingui();
  const codeRef = useRef<HTMLInputElement>(null);
  const form = useCodeForm((code) => disableTotp(code, { notify: false }), () => {
    pushNotice('success', _('twofactor.totp.disabled'));
    onDone();
  });
  return (
    <Modal
      title={_('twofactor.totp.disableTitle')}
      onClose={form.busy ? undefined : onClose}
      testId="totp-disable-dialog"
      initialFocus={codeRef}
      actions={
        <div className={s.actions}>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>
            {_('common.cancel')}
          </Button>
          <Button type="submit" form="totp-disable-form" variant="down" disabled={form.busy} data-testid="totp-submit">
            {form.busy ? _('common.loading') : _('twofactor.totp.disable')}
          </Button>
        </div>
      }
    >
      <form
        id="totp-disable-form"
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
      >
        <p className={s.rowNote}>{_('twofactor.totp.disableNote')}</p>
        <CodeInput label={_('twofactor.totp.code')} value={form.code} onChange={form.change} error={form.error} ref={codeRef} />
      </form>
    </Modal>
  );
}
