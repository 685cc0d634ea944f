// The white paper (spec §1 mentions it as article copy; §2 /informationTwo): the `whitepaper` page.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { FixedPage } from '../info/FixedPage.tsx';

export function InformationTwoPage() {
  const { _ } = useLingui();
  return <FixedPage name="informationTwo" slug="whitepaper" title={_('info.whitepaper.title')} actions={<Link to="/informationList">{_('common.backToList')}</Link>} />;
}
