// A server-paged list of articles (announcements, information): the rows, the pager under them, and the states of a
// list not loaded yet, failed, or with nothing published.
import { useLingui } from '@lingui/react';
import type { ArticleListItem, Page as PageOf } from '../../contract.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../orders/Pager.tsx';
import { usePaged } from '../user/PagedTable.tsx';
import { ArticleRows, ListFallbackNote, type ArticleRoute } from './ContentView.tsx';
import * as s from './content.css.ts';

interface Props {
  load(paging: { pageIndex: number; pageSize: number }, signal: AbortSignal): Promise<PageOf<ArticleListItem>>;
  to: ArticleRoute;
  testId: string;
  /** What the list says while nothing is published. */
  empty: string;
}

export function PagedArticles({ load, to, testId, empty }: Props) {
  const { _, i18n } = useLingui();
  const paged = usePaged(load, i18n.locale);
  const { page } = paged;
  if (!page) return <EmptyState>{paged.failed ? _('common.loadFailed') : _('common.loading')}</EmptyState>;
  if (page.total === 0 || page.list.length === 0) {
    return (
      <div data-testid={`${testId}-empty`}>
        <EmptyState>{empty}</EmptyState>
      </div>
    );
  }
  return (
    <>
      <ListFallbackNote items={page.list} />
      <ArticleRows items={page.list} to={to} testId={testId} />
      <div className={s.pagerWrap}>
        <Pager pageIndex={paged.pageIndex} pageSize={paged.pageSize} total={page.total} rows={page.list.length} onPage={paged.toPage} onSize={paged.toSize} />
      </div>
    </>
  );
}
