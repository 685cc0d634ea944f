// Privacy policy (spec §2 /privacyPolicy): the `privacy-policy` page as published.
import { useLingui } from '@lingui/react';
import { FixedPage } from './FixedPage.tsx';

export function PrivacyPolicyPage() {
  const { _ } = useLingui();
  return <FixedPage name="privacyPolicy" slug="privacy-policy" title={_('footer.privacyPolicy')} />;
}
