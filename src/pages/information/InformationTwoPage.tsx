// The white paper (spec §1 mentions it as article copy; §2 /informationTwo).
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { DetailView } from '../notice/DetailView.tsx';

export function InformationTwoPage() {
  const { _ } = useLingui();
  return <DetailView name="informationTwo" title={_('info.whitepaper.title')} back={<Link to="/informationList">{_('common.backToList')}</Link>} />;
}
