// A fixed page (about, white paper, the legal pages, the download page): its one published article under the page's
// own title (the article's when it has one), or, while none is published, `unpublished` (the download page's
// add-to-home-screen steps) or a plain "not published yet".
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { fetchPage } from '../../api/content.ts';
import type { PageSlug } from '../../contract.ts';
import { Page, Panel } from '../../ui/Page.tsx';
import { ArticleBody, ContentPanelBody } from '../notice/ContentView.tsx';
import { useContent } from '../notice/useContent.ts';

interface Props {
  name: string;
  slug: PageSlug;
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  /** Shown instead of the empty state while the page has no published text. */
  unpublished?: ReactNode;
}

export function FixedPage({ name, slug, title, lead, actions, unpublished }: Props) {
  const { _ } = useLingui();
  const [state, retry] = useContent((signal) => fetchPage(slug, { signal, notify: false }), [slug]);
  const heading = state.kind === 'shown' && state.data.title ? <span lang={state.data.locale}>{state.data.title}</span> : title;
  if (state.kind === 'missing' && unpublished) {
    return (
      <Page name={name} title={title} lead={lead} actions={actions}>
        {unpublished}
      </Page>
    );
  }
  return (
    <Page name={name} title={heading} lead={state.kind === 'shown' ? undefined : lead} actions={actions}>
      <Panel>
        <div data-testid="fixed-page" data-slug={slug}>
          <ContentPanelBody state={state} missing={_('content.page.missing')} onRetry={retry}>
            {(article) => <ArticleBody article={article} dated={false} />}
          </ContentPanelBody>
        </div>
      </Panel>
    </Page>
  );
}
