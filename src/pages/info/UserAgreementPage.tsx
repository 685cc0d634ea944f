import { useLingui } from '@lingui/react';
import { Page } from '../../ui/Page.tsx';
import { Article, type ArticleSection } from './Article.tsx';

const SECTIONS: readonly ArticleSection[] = [
  { labelId: 'agreement.accept.title', paragraphs: [{ id: 'agreement.accept.p1' }] },
  { labelId: 'agreement.account.title', paragraphs: [{ id: 'agreement.account.p1' }, { id: 'agreement.account.p2' }] },
  { labelId: 'agreement.risk.title', paragraphs: [{ id: 'agreement.risk.p1' }] },
  { labelId: 'agreement.conduct.title', paragraphs: [{ id: 'agreement.conduct.p1' }] },
  { labelId: 'agreement.changes.title', paragraphs: [{ id: 'agreement.changes.p1' }] },
];

export function UserAgreementPage() {
  const { _ } = useLingui();
  return (
    <Page name="userAgreement" title={_('footer.userAgreement')}>
      <Article sections={SECTIONS} />
    </Page>
  );
}
