// What a route shows while its chunk loads, and when loading or rendering it failed (spec §8: load error).
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Button } from '../ui/Button.tsx';
import { Page } from '../ui/Page.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';

export function RoutePending() {
  const { _ } = useLingui();
  return <EmptyState>{_('common.loading')}</EmptyState>;
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  const { _ } = useLingui();
  // Kept for whoever opens the console; the page itself says what the user can do.
  console.warn('route failed', error);
  return (
    <Page name="error" title={_('error.load.title')} lead={_('error.load.text')}>
      <div>
        <Button onClick={() => (reset ? reset() : window.location.reload())}>{_('common.retry')}</Button>
      </div>
    </Page>
  );
}
