// Information articles (spec §2 /informationList): newest first, paged, with the white paper beside them.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { fetchInformation } from '../../api/content.ts';
import { Page, Panel } from '../../ui/Page.tsx';
import { PagedArticles } from '../notice/PagedArticles.tsx';

export function InformationListPage() {
  const { _ } = useLingui();
  return (
    <Page
      name="informationList"
      title={_('info.list.title')}
      actions={
        <Link to="/informationTwo" data-testid="whitepaper-link">
          {_('info.whitepaper.title')}
        </Link>
      }
    >
      <Panel>
        <PagedArticles load={(paging, signal) => fetchInformation(paging, { signal, notify: false })} to="/informationOne" testId="information-list" empty={_('info.none')} />
      </Panel>
    </Page>
  );
}
