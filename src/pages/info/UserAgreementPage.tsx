// User agreement (spec §2 /userAgreement): the `user-agreement` page as published.
import { useLingui } from '@lingui/react';
import { FixedPage } from './FixedPage.tsx';

export function UserAgreementPage() {
  const { _ } = useLingui();
  return <FixedPage name="userAgreement" slug="user-agreement" title={_('footer.userAgreement')} />;
}
