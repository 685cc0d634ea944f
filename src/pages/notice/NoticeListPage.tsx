// Announcements (spec §2 /noticeList): pinned first, then newest, paged; each with its date and summary.
import { useLingui } from '@lingui/react';
import { fetchNotices } from '../../api/content.ts';
import { Page, Panel } from '../../ui/Page.tsx';
import { PagedArticles } from './PagedArticles.tsx';

export function NoticeListPage() {
  const { _ } = useLingui();
  return (
    <Page name="noticeList" title={_('nav.notices')}>
      <Panel>
        <PagedArticles load={(paging, signal) => fetchNotices(paging, { signal, notify: false })} to="/detail" testId="notice-list" empty={_('notice.none')} />
      </Panel>
    </Page>
  );
}
