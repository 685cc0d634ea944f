// Home: the latest announcements (pinned first, then newest), each a link to its detail.
import { useLingui } from '@lingui/react';
import { fetchNotices } from '../../api/content.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ArticleRows, ListFallbackNote } from '../notice/ContentView.tsx';
import { useContent } from '../notice/useContent.ts';

export const HOME_NOTICES = 5;
/** The smallest page the list offers (PAGE_SIZES); the strip shows its first HOME_NOTICES. */
const READ = 10;

export function LatestNotices() {
  const { _ } = useLingui();
  const [state] = useContent((signal) => fetchNotices({ pageIndex: 1, pageSize: READ }, { signal, notify: false }), []);
  if (state.kind === 'loading') return <EmptyState>{_('common.loading')}</EmptyState>;
  if (state.kind !== 'shown') return <EmptyState>{_('common.loadFailed')}</EmptyState>;
  const latest = state.data.list.slice(0, HOME_NOTICES);
  if (latest.length === 0) return <EmptyState>{_('notice.none')}</EmptyState>;
  return (
    <>
      <ListFallbackNote items={latest} />
      <ArticleRows items={latest} to="/detail" testId="home-notices" />
    </>
  );
}
