// The user centre's account page: profile, security centre (bindings and passwords, two-factor, real-name
// verification, devices and sessions), invitation, language (spec §2, §3; issue 21). A panel with an anchor
// (#identity) is scrolled to when the URL names it, and kept in view while the panels above it fill in.
import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { LOCALES, LOCALE_NAMES } from '../../contract.ts';
import { switchLocale } from '../../i18n/setup.ts';
import { Button } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Page.tsx';
import { UserPage } from './UserPage.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import { InvitePanel } from './InvitePanel.tsx';
import { IdentityPanel } from './identity/IdentityPanel.tsx';
import { SessionsPanel } from './security/SessionsPanel.tsx';
import { TwoFactorPanel } from './twofactor/TwoFactorPanel.tsx';
import { copyRow } from './user.css.ts';

export function AccountSetPage() {
  const { _, i18n } = useLingui();
  return (
    <UserPage name="accountSet" title={_('user.account.title')}>
      {(user) => (
        <>
          <ProfilePanel user={user} />
          <SecurityPanel user={user} />
          <TwoFactorPanel user={user} />
          <IdentityPanel user={user} />
          <SessionsPanel user={user} />
          <InvitePanel user={user} />
          <Panel title={_('user.language.title')}>
            <div className={copyRow}>
              {LOCALES.map((locale) => (
                <Button
                  key={locale}
                  size="sm"
                  lang={locale}
                  variant={locale === i18n.locale ? 'primary' : 'secondary'}
                  onClick={() => locale !== i18n.locale && switchLocale(locale)}
                >
                  {LOCALE_NAMES[locale]}
                </Button>
              ))}
            </div>
          </Panel>
          <ScrollToHash />
        </>
      )}
    </UserPage>
  );
}

/** What ends the pinning: the user moving the page themselves. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** The pinning ends by itself after this: the panels have read what they show long before. */
const PIN_MS = 5_000;

/**
 * Scrolls to the element the URL's hash names (/accountSet#identity) and keeps it there while the panels above it
 * fill in (each reads its own data after the page shows; the browser's scroll anchoring may pick the panel above as
 * its anchor, so it doesn't keep the target in place): every size change of the page scrolls to it again, until the
 * user scrolls, taps or types, or PIN_MS pass.
 */
function ScrollToHash() {
  const hash = useLocation({ select: (l) => l.hash.replace(/^#/, '') });
  useEffect(() => {
    if (!hash) return;
    const pin = () => document.getElementById(hash)?.scrollIntoView({ block: 'start' });
    pin();
    const observer = new ResizeObserver(pin);
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const e of USER_SCROLL_EVENTS) window.removeEventListener(e, stop);
    };
    const timer = setTimeout(stop, PIN_MS);
    for (const e of USER_SCROLL_EVENTS) window.addEventListener(e, stop, { passive: true });
    return stop;
  }, [hash]);
  return null;
}
