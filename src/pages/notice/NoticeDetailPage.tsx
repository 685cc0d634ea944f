// Announcement detail (spec §2 /detail?id=…).
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { DetailView } from './DetailView.tsx';

export function NoticeDetailPage() {
  const { _ } = useLingui();
  return <DetailView name="detail" title={_('notice.detail')} back={<Link to="/noticeList">{_('common.backToList')}</Link>} />;
}
