// One information article (spec §2 /informationOne?id=…).
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { DetailView } from '../notice/DetailView.tsx';

export function InformationOnePage() {
  const { _ } = useLingui();
  return <DetailView name="informationOne" title={_('info.article.title')} back={<Link to="/informationList">{_('common.backToList')}</Link>} />;
}
