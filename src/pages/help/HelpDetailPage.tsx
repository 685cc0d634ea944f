// Help entry (spec §2 /helpDetail?id=…).
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { DetailView } from '../notice/DetailView.tsx';

export function HelpDetailPage() {
  const { _ } = useLingui();
  return <DetailView name="helpDetail" title={_('help.detail')} back={<Link to="/helpCenter">{_('common.backToList')}</Link>} />;
}
