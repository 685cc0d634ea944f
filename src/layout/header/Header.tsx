import { useEffect, useState } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '../../contract.ts';
import { openContact, useSignedIn } from '../../state/index.ts';
import { Icon } from '../../ui/Icon.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { TOP_MENU } from './menu.ts';
import { UserMenu } from './UserMenu.tsx';
import { LangSwitch } from './LangSwitch.tsx';
import { Bell } from './Bell.tsx';
import * as s from './header.css.ts';

export function Header() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useLocation({ select: (l) => l.pathname });
  // The collapsed menu closes once the user has gone somewhere.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className={s.header}>
      <button
        type="button"
        className={`${s.iconButton} ${s.menuButton}`}
        aria-label={_('nav.menu')}
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <Icon name="menu" />
      </button>
      <Link to="/" className={s.logo} aria-label={PRODUCT_NAME}>
        <span className={s.logoMark} aria-hidden="true" />
        <span className={s.logoText}>{PRODUCT_NAME}</span>
      </Link>
      <nav className={`${s.nav} ${menuOpen ? s.navOpen : ''}`} aria-label={_('nav.main')}>
        {TOP_MENU.map((item) => (
          <Link key={item.to} to={item.to} className={s.navLink}>
            {_(item.labelId)}
          </Link>
        ))}
        <Link to="/noticeList" className={`${s.navLink} ${s.narrowOnly}`}>
          {_('nav.notices')}
        </Link>
        <Link to="/down" className={`${s.navLink} ${s.narrowOnly}`}>
          {_('nav.download')}
        </Link>
      </nav>
      <div className={s.spacer} />
      <div className={s.right}>
        <Bell />
        <Link to="/down" className={`${s.iconButton} ${s.wideOnly}`} aria-label={_('nav.download')} title={_('nav.download')}>
          <Icon name="download" />
        </Link>
        <button
          type="button"
          className={`${s.iconButton} ${s.notOnPhone}`}
          data-testid="contact-open"
          aria-label={_('contact.title')}
          title={_('contact.title')}
          onClick={openContact}
        >
          <Icon name="headset" />
        </button>
        <LangSwitch />
        {signedIn ? (
          <UserMenu />
        ) : (
          <div className={s.authButtons}>
            <Link to="/login" search={{ statusType: 0 }} className={buttonClass('ghost', 'sm')} data-testid="header-login">
              {_('auth.login.title')}
            </Link>
            <Link to="/register" search={{ statusType: 1 }} className={buttonClass('primary', 'sm')} data-testid="header-register">
              {_('auth.register.title')}
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
