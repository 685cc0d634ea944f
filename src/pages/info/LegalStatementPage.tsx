import { useLingui } from '@lingui/react';
import { Page } from '../../ui/Page.tsx';
import { Article, type ArticleSection } from './Article.tsx';

const SECTIONS: readonly ArticleSection[] = [
  { labelId: 'legal.risk.title', paragraphs: [{ id: 'legal.risk.p1' }] },
  { labelId: 'legal.advice.title', paragraphs: [{ id: 'legal.advice.p1' }] },
  { labelId: 'legal.jurisdiction.title', paragraphs: [{ id: 'legal.jurisdiction.p1' }] },
];

export function LegalStatementPage() {
  const { _ } = useLingui();
  return (
    <Page name="legalStatement" title={_('footer.legalStatement')}>
      <Article sections={SECTIONS} />
    </Page>
  );
}
