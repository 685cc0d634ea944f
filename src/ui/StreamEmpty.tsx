// What a live panel shows before it has data: loading while the stream is starting, a failure when it gave up
// (a Loadable error without data), the plain empty state once it is known to be empty.
import { useLingui } from '@lingui/react';
import { EmptyState } from './EmptyState.tsx';

export function StreamEmpty({ status }: { status: 'idle' | 'pending' | 'success' | 'error' }) {
  const { _ } = useLingui();
  if (status === 'error') return <EmptyState>{_('common.loadFailed')}</EmptyState>;
  return <EmptyState>{status === 'success' ? undefined : _('common.loading')}</EmptyState>;
}
