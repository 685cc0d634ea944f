// Shown in place of personal data when nobody is signed in: log in (coming back here after) or sign up.
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { buttonClass } from './Button.tsx';
import { Icon } from './Icon.tsx';
import { buttons, prompt } from './page.css.ts';

export function SignInPrompt() {
  const { _ } = useLingui();
  const href = useLocation({ select: (l) => l.href });
  return (
    <div className={prompt} data-testid="signin-prompt">
      <Icon name="user" size={32} />
      <p>{_('auth.prompt.text')}</p>
      <div className={buttons}>
        <Link to="/login" search={{ statusType: 0, redirect: href }} className={buttonClass('primary')}>
          {_('auth.login.title')}
        </Link>
        <Link to="/register" search={{ statusType: 1 }} className={buttonClass('secondary')}>
          {_('auth.register.title')}
        </Link>
      </div>
    </div>
  );
}
