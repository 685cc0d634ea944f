// One dialog per change of the security centre: bind or change the e-mail or phone, change the login password, set or
// change the fund password, set the anti-phishing code. Each has its fields and its "Send code" buttons: a code to
// the new address when binding (and one to the old address when changing it), otherwise a "verify it's you" code
// to an address the account has (the user picks which when both are bound). What the form can check (required
// fields, the confirmation, the login password's rule) is shown under its field before anything is sent; the
// server's refusals (in the user's language) go under the field they are about, the rest above the buttons.
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import { checkPassword, type Channel, type SecurityOverview } from '../../../contract.ts';
import { isApiError } from '../../../api/index.ts';
import { isRecord } from '../../../api/parse.ts';
import { bindAccount, changeFundPassword, changePassword, setAntiPhishing, setFundPassword } from '../../../api/security.ts';
import { fieldErrorText } from '../../../i18n/rules.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { SendCodeButton } from '../../auth/SendCodeButton.tsx';
import type { RuleKey } from '../../auth/rules.ts';
import { useSecurityCode, type SecurityCodeSender } from './useSecurityCode.ts';
import * as s from './security.css.ts';

export type SecurityAction = 'email' | 'phone' | 'password' | 'fundSet' | 'fundChange' | 'antiPhishing';

type Field = 'account' | 'code' | 'oldCode' | 'oldPassword' | 'newPassword' | 'confirm' | 'oldFundPassword' | 'fundPassword' | 'antiPhishingCode';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { account: '', code: '', oldCode: '', oldPassword: '', newPassword: '', confirm: '', oldFundPassword: '', fundPassword: '', antiPhishingCode: '' };

/** The fields each action asks for, in order (the codes are laid out by the dialog). */
const FIELDS: Record<SecurityAction, readonly Field[]> = {
  email: ['account'],
  phone: ['account'],
  password: ['oldPassword', 'newPassword', 'confirm'],
  fundSet: ['fundPassword', 'confirm'],
  fundChange: ['oldFundPassword', 'fundPassword', 'confirm'],
  antiPhishing: ['antiPhishingCode'],
};

/** Which field a server refusal is about (the rest show above the buttons). */
const FIELD_OF: Readonly<Record<string, Field>> = {
  'security.password.wrong': 'oldPassword',
  'security.password.same': 'newPassword',
  'validate.password.format': 'newPassword',
  'security.fund.wrong': 'oldFundPassword',
  'security.fund.format': 'fundPassword',
  'security.fund.sameAsLogin': 'fundPassword',
  'security.antiPhishing.format': 'antiPhishingCode',
  'bind.account.taken': 'account',
  'security.bind.same': 'account',
  'validate.email.format': 'account',
  'validate.phone.format': 'account',
  'security.channel.notBound': 'code',
};

function fieldOf(code: string, data: unknown): Field | null {
  if (code.startsWith('verify.code')) return isRecord(data) && data.field === 'oldCode' ? 'oldCode' : 'code';
  return FIELD_OF[code] ?? null;
}

const TITLE: Record<SecurityAction, string> = {
  email: 'security.dialog.email',
  phone: 'security.dialog.phone',
  password: 'security.dialog.password',
  fundSet: 'security.dialog.fundSet',
  fundChange: 'security.dialog.fundChange',
  antiPhishing: 'security.dialog.antiPhishing',
};

const DONE: Record<SecurityAction, string> = {
  email: 'security.done.email',
  phone: 'security.done.phone',
  password: 'security.done.password',
  fundSet: 'security.done.fundSet',
  fundChange: 'security.done.fundChange',
  antiPhishing: 'security.done.antiPhishing',
};

interface Props {
  action: SecurityAction;
  overview: SecurityOverview;
  onClose(): void;
  onDone(): void;
}

export function SecurityDialog({ action, overview, onClose, onDone }: Props) {
  const { _, i18n } = useLingui();
  const formId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bound: Channel[] = [...(overview.email !== null ? ['email' as const] : []), ...(overview.phone !== null ? ['phone' as const] : [])];
  const [channel, setChannel] = useState<Channel>(bound[0] ?? 'email');
  const primary = useSecurityCode();
  const secondary = useSecurityCode();

  const binding = action === 'email' || action === 'phone';
  const bindChannel: Channel = action === 'phone' ? 'phone' : 'email';
  const changing = binding && (bindChannel === 'email' ? overview.email : overview.phone) !== null;
  const masked = (c: Channel) => (c === 'email' ? overview.email : overview.phone) ?? '';
  const rule = (key: RuleKey) => fieldErrorText(i18n, { rule: key });

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setRefusal(null);
  };

  /** What the form can tell before sending. */
  function check(): Errors {
    const out: Errors = {};
    const needed: Field[] = [...FIELDS[action], 'code', ...(changing ? (['oldCode'] as const) : [])];
    for (const f of needed) if (values[f].trim() === '') out[f] = rule('validate.required');
    if (action === 'password' && !out.newPassword) {
      const broken = checkPassword(values.newPassword);
      if (broken) out.newPassword = rule(broken);
    }
    if (FIELDS[action].includes('confirm') && !out.confirm) {
      const first = action === 'password' ? values.newPassword : values.fundPassword;
      if (values.confirm !== first) out.confirm = rule('password.mismatch');
    }
    return out;
  }

  async function sendCode(sender: SecurityCodeSender, target: 'new' | 'verify', field: Field) {
    setRefusal(null);
    if (target === 'new' && values.account.trim() === '') {
      setErrors((e) => ({ ...e, account: rule('validate.required') }));
      return;
    }
    const request = target === 'new'
      ? { channel: bindChannel, purpose: 'bind' as const, account: values.account.trim() }
      : { channel: binding ? bindChannel : channel, purpose: 'verify' as const };
    const refused = await sender.send(request);
    if (refused) {
      const at = fieldOf(refused.code, null) === 'account' ? 'account' : field;
      setErrors((e) => ({ ...e, [at]: refused.message }));
    }
  }

  async function submit() {
    if (busy) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setRefusal(null);
    const code = values.code.trim();
    const options = { notify: false };
    try {
      if (binding) await bindAccount(bindChannel, { account: values.account.trim(), code, ...(changing ? { oldCode: values.oldCode.trim() } : {}) }, options);
      else if (action === 'password') await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword, channel, code }, options);
      else if (action === 'fundSet') await setFundPassword({ fundPassword: values.fundPassword, channel, code }, options);
      else if (action === 'fundChange') await changeFundPassword({ oldFundPassword: values.oldFundPassword, fundPassword: values.fundPassword, channel, code }, options);
      else await setAntiPhishing({ antiPhishingCode: values.antiPhishingCode.trim(), channel, code }, options);
      pushNotice('success', _(DONE[action]));
      onDone();
      onClose();
    } catch (error) {
      setBusy(false);
      if (!isApiError(error)) {
        setRefusal(_('error.generic'));
        return;
      }
      const field = fieldOf(error.code, error.data);
      if (field) setErrors((e) => ({ ...e, [field]: error.msg || _('error.generic') }));
      else setRefusal(error.msg || _('error.generic'));
    }
  }

  const input = (field: Field, labelId: string, type: 'password' | 'text' | 'email' | 'tel', extra: { hint?: string; autoComplete?: string } = {}) => (
    <TextField
      key={field}
      label={_(labelId)}
      name={field}
      type={type}
      autoComplete={extra.autoComplete ?? 'off'}
      value={values[field]}
      onChange={(e) => set(field, e.target.value)}
      error={errors[field]}
      hint={extra.hint}
    />
  );

  const codeInput = (field: 'code' | 'oldCode', label: string, sender: SecurityCodeSender, target: 'new' | 'verify') => (
    <TextField
      key={field}
      label={label}
      name={field}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={_('auth.field.codePlaceholder')}
      value={values[field]}
      onChange={(e) => set(field, e.target.value)}
      error={errors[field]}
      addon={<SendCodeButton remaining={sender.remaining} disabled={sender.disabled} onClick={() => void sendCode(sender, target, field)} />}
    />
  );

  const fields = FIELDS[action].map((field) => {
    switch (field) {
      case 'account':
        return bindChannel === 'email'
          ? input('account', changing ? 'security.field.newEmail' : 'auth.field.email', 'email', { autoComplete: 'email' })
          : input('account', changing ? 'security.field.newPhone' : 'auth.field.phone', 'tel', { autoComplete: 'tel', hint: _('security.field.phoneHint') });
      case 'oldPassword':
        return input('oldPassword', 'security.field.oldPassword', 'password', { autoComplete: 'current-password' });
      case 'newPassword':
        return input('newPassword', 'security.field.newPassword', 'password', { autoComplete: 'new-password', hint: rule('validate.password.format') });
      case 'confirm':
        return input('confirm', 'auth.field.confirmPassword', 'password', { autoComplete: 'new-password' });
      case 'oldFundPassword':
        return input('oldFundPassword', 'security.field.oldFundPassword', 'password');
      case 'fundPassword':
        return input('fundPassword', action === 'fundChange' ? 'security.field.newFundPassword' : 'security.field.fundPassword', 'password', { hint: _('security.field.fundHint') });
      case 'antiPhishingCode':
        return input('antiPhishingCode', 'security.field.antiPhishing', 'text', { hint: _('security.field.antiPhishingHint') });
      default:
        return null;
    }
  });

  return (
    <Modal
      title={_(TITLE[action])}
      onClose={busy ? undefined : onClose}
      testId={`security-dialog-${action}`}
      actions={
        <div className={s.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {_('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy} data-testid="security-submit">
            {busy ? _('common.loading') : _('security.submit')}
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
        {action === 'password' ? <p className={s.note}>{_('security.dialog.passwordNote')}</p> : null}
        {action === 'antiPhishing' ? <p className={s.note}>{_('security.dialog.antiPhishingNote')}</p> : null}
        {fields}
        {binding ? (
          <>
            {codeInput('code', _('security.field.codeToNew'), primary, 'new')}
            {changing ? codeInput('oldCode', _('security.field.codeToCurrent', { address: masked(bindChannel) }), secondary, 'verify') : null}
          </>
        ) : (
          <>
            {bound.length > 1 ? (
              <SelectField label={_('security.field.channel')} name="channel" value={channel} onChange={(e) => setChannel(e.target.value === 'phone' ? 'phone' : 'email')}>
                {bound.map((c) => (
                  <option key={c} value={c}>
                    {_(c === 'email' ? 'security.channel.email' : 'security.channel.phone', { address: masked(c) })}
                  </option>
                ))}
              </SelectField>
            ) : null}
            {codeInput('code', _('security.field.codeToCurrent', { address: masked(channel) }), primary, 'verify')}
          </>
        )}
        {refusal ? <p className={s.refusal} role="alert">{refusal}</p> : null}
      </form>
    </Modal>
  );
}
