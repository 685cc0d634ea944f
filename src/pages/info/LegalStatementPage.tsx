// Legal statement (spec §2 /legalStatement): the `legal-statement` page as published.
import { useLingui } from '@lingui/react';
import { FixedPage } from './FixedPage.tsx';

export function LegalStatementPage() {
  const { _ } = useLingui();
  return <FixedPage name="legalStatement" slug="legal-statement" title={_('footer.legalStatement')} />;
}
