import { useLingui } from '@lingui/react';
import { Page } from '../../ui/Page.tsx';
import { Article, type ArticleSection } from './Article.tsx';

const SECTIONS: readonly ArticleSection[] = [
  { labelId: 'privacy.collect.title', paragraphs: [{ id: 'privacy.collect.p1' }] },
  { labelId: 'privacy.use.title', paragraphs: [{ id: 'privacy.use.p1' }] },
  { labelId: 'privacy.storage.title', paragraphs: [{ id: 'privacy.storage.p1' }] },
  { labelId: 'privacy.rights.title', paragraphs: [{ id: 'privacy.rights.p1' }] },
];

export function PrivacyPolicyPage() {
  const { _ } = useLingui();
  return (
    <Page name="privacyPolicy" title={_('footer.privacyPolicy')}>
      <Article sections={SECTIONS} />
    </Page>
  );
}
