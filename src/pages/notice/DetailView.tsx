// A detail page (announcement, help entry, article) whose entry has not been published: say so, offer the list.
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page, Panel } from '../../ui/Page.tsx';

export function DetailView({ name, title, back }: { name: string; title: string; back: ReactNode }) {
  const { _ } = useLingui();
  return (
    <Page name={name} title={title} actions={back}>
      <Panel>
        <EmptyState>{_('detail.missing')}</EmptyState>
      </Panel>
    </Page>
  );
}
