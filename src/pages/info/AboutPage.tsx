import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '../../contract.ts';
import { Page } from '../../ui/Page.tsx';
import { Article, type ArticleSection } from './Article.tsx';

const SECTIONS: readonly ArticleSection[] = [
  { labelId: 'about.who.title', paragraphs: [{ id: 'about.who.p1' }] },
  { labelId: 'about.offer.title', paragraphs: [{ id: 'about.offer.p1' }] },
  { labelId: 'about.honest.title', paragraphs: [{ id: 'about.honest.p1' }, { id: 'about.honest.p2' }] },
];

export function AboutPage() {
  const { _ } = useLingui();
  return (
    <Page name="about" title={_('about.title', { name: PRODUCT_NAME })}>
      <Article sections={SECTIONS} />
    </Page>
  );
}
