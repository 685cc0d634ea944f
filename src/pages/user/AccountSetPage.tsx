// The user centre's account page: profile, security centre (bindings and passwords, two-factor, real-name
// verification, devices and sessions), invitation, language (spec §2, §3; issue 21).
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
        </>
      )}
    </UserPage>
  );
}
