// About (spec §2 /about): the `about` page as published.
import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '../../contract.ts';
import { FixedPage } from './FixedPage.tsx';

export function AboutPage() {
  const { _ } = useLingui();
  return <FixedPage name="about" slug="about" title={_('about.title', { name: PRODUCT_NAME })} />;
}
