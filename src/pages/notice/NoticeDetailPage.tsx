// Announcement detail (spec §2 /detail?id=…). Opening one signed in marks it read, so the bell counts one less.
import { useEffect } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { fetchArticle, markNoticesRead } from '../../api/content.ts';
import { useSignedIn } from '../../state/index.ts';
import { articleId } from './content-state.ts';
import { missing } from './missing.ts';
import { ArticleDetail } from './ContentView.tsx';
import { useContent } from './useContent.ts';

export function NoticeDetailPage() {
  const { _ } = useLingui();
  const id = articleId(useSearch({ from: '/detail' }).id);
  const signedIn = useSignedIn();
  const [state, retry] = useContent(
    (signal) => (id === null ? Promise.reject(missing()) : fetchArticle(id, { signal, notify: false })),
    [id],
  );
  const shownId = state.kind === 'shown' && state.data.kind === 'announcement' ? state.data.id : null;
  useEffect(() => {
    // Marking is a courtesy to the bell: a failure leaves the announcement unread, nothing to tell the user.
    if (signedIn && shownId !== null) markNoticesRead(shownId, { notify: false }).catch(() => undefined);
  }, [signedIn, shownId]);
  return <ArticleDetail name="detail" title={_('notice.detail')} back={<Link to="/noticeList">{_('common.backToList')}</Link>} state={state} onRetry={retry} />;
}
