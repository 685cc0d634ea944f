// One information article (spec §2 /informationOne?id=…).
import { Link, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { fetchArticle } from '../../api/content.ts';
import { articleId } from '../notice/content-state.ts';
import { ArticleDetail } from '../notice/ContentView.tsx';
import { missing } from '../notice/missing.ts';
import { useContent } from '../notice/useContent.ts';

export function InformationOnePage() {
  const { _ } = useLingui();
  const id = articleId(useSearch({ from: '/informationOne' }).id);
  const [state, retry] = useContent((signal) => (id === null ? Promise.reject(missing()) : fetchArticle(id, { signal, notify: false })), [id]);
  return <ArticleDetail name="informationOne" title={_('info.article.title')} back={<Link to="/informationList">{_('common.backToList')}</Link>} state={state} onRetry={retry} />;
}
