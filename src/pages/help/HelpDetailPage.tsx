// Help entry (spec §2 /helpDetail?id=…).
import { Link, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { fetchArticle } from '../../api/content.ts';
import { articleId } from '../notice/content-state.ts';
import { ArticleDetail } from '../notice/ContentView.tsx';
import { missing } from '../notice/missing.ts';
import { useContent } from '../notice/useContent.ts';

export function HelpDetailPage() {
  const { _ } = useLingui();
  const id = articleId(useSearch({ from: '/helpDetail' }).id);
  const [state, retry] = useContent((signal) => (id === null ? Promise.reject(missing()) : fetchArticle(id, { signal, notify: false })), [id]);
  return <ArticleDetail name="helpDetail" title={_('help.detail')} back={<Link to="/helpCenter">{_('common.backToList')}</Link>} state={state} onRetry={retry} />;
}
