// Reset a forgotten password with a code sent to the e-mail address or phone (spec §2, /forget).
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { resetPassword } from '../../api/account.ts';
import { isApiError } from '../../api/index.ts';
import { pushNotice } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ChannelTabs } from './ChannelTabs.tsx';
import { CodeFields } from './CodeFields.tsx';
import { useCodeForm } from './useCodeForm.ts';
import { fieldOfCode, hasErrors, validateReset } from './rules.ts';
import * as s from './auth.css.ts';

export function ForgetPage() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const form = useCodeForm('reset');
  const { channel, account, code, password, confirmPassword, setErrors } = form;
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateReset({ channel, account, code, password, confirmPassword });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await resetPassword({ channel, account: account.trim(), code: code.trim(), password }, { notify: false });
    } catch (error) {
      setBusy(false);
      if (!isApiError(error)) throw error;
      const field = fieldOfCode(error.code);
      if (field === 'account' || field === 'code' || field === 'password') setErrors({ [field]: { message: error.msg } });
      else pushNotice('error', error.msg || _('error.generic'));
      return;
    }
    pushNotice('success', _('auth.forget.success'));
    await navigate({ to: '/login', search: { statusType: 0 } });
  }

  return (
    <AuthCard name="forget" title={_('auth.forget.title')} sub={_('auth.forget.sub')}>
      <ChannelTabs value={channel} onChange={form.switchChannel} />
      <form className={s.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <CodeFields form={form} passwordLabel={_('auth.field.newPassword')} />
        <Button type="submit" wide data-testid="submit" disabled={busy}>
          {_('auth.forget.submit')}
        </Button>
      </form>
      <div className={s.links}>
        <span />
        <Link to="/login" search={{ statusType: 0 }}>
          {_('auth.forget.toLogin')}
        </Link>
      </div>
    </AuthCard>
  );
}
