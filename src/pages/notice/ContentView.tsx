// Published content on a page: an article (the server's sanitized HTML, the only HTML any page inserts), its date and
// a discreet note when it came in another language than the page's, and the lists of announcements, help and
// information articles. A page or entry not published yet says so in the user's language.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { LOCALE_NAMES, type ArticleListItem, type ArticleView, type Locale } from '../../contract.ts';
import { formatDate, formatDateTime } from '../../format/date.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page, Panel } from '../../ui/Page.tsx';
import type { ContentState } from './content-state.ts';
import * as s from './content.css.ts';

/** Where an article of a list opens. */
export type ArticleRoute = '/detail' | '/helpDetail' | '/informationOne';

/** A language's name in the page's language ("英语" for English on a Chinese page); its own name without Intl. */
function languageName(locale: Locale, page: string): string {
  try {
    return new Intl.DisplayNames([page], { type: 'language' }).of(locale) ?? LOCALE_NAMES[locale];
  } catch {
    return LOCALE_NAMES[locale];
  }
}

/** "Shown in English": the served text's language differs from the page's. */
export function FallbackNote({ locale }: { locale: Locale }) {
  const { _, i18n } = useLingui();
  if (locale === i18n.locale) return null;
  return (
    <span className={s.fallback} data-testid="content-fallback" data-locale={locale}>
      {_('content.fallback', { language: languageName(locale, i18n.locale) })}
    </span>
  );
}

/** A list's one note: some of its items came in another language than the page's (English, the fallback). */
export function ListFallbackNote({ items }: { items: readonly ArticleListItem[] }) {
  const { i18n } = useLingui();
  const other = items.find((a) => a.locale !== i18n.locale);
  return other ? <FallbackNote locale={other.locale} /> : null;
}

/** The article's body: HTML made by the server's allow-list renderer from the operator's Markdown. */
export function ArticleBody({ article, dated = true }: { article: ArticleView; dated?: boolean }) {
  const { _ } = useLingui();
  return (
    <>
      <div className={s.meta}>
        {dated ? (
          <time dateTime={new Date(article.publishAt).toISOString()} data-testid="content-date">
            {_('content.published', { date: formatDateTime(article.publishAt) })}
          </time>
        ) : null}
        <FallbackNote locale={article.locale} />
      </div>
      <div className={s.rich} lang={article.locale} data-testid="content-body" dangerouslySetInnerHTML={{ __html: article.html }} />
    </>
  );
}

/** A failure to load, with its message when the server gave one, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string | null; onRetry(): void }) {
  const { _ } = useLingui();
  return (
    <div className={s.meta}>
      <span className={s.error} role="alert" data-testid="content-error">
        {message ?? _('common.loadFailed')}
      </span>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {_('common.retry')}
      </Button>
    </div>
  );
}

/** The body of a content panel for each state; `missing` says what is not published. */
export function ContentPanelBody<T>({ state, missing, onRetry, children }: { state: ContentState<T>; missing: string; onRetry(): void; children(data: T): ReactNode }) {
  const { _ } = useLingui();
  switch (state.kind) {
    case 'loading':
      return <EmptyState>{_('common.loading')}</EmptyState>;
    case 'missing':
      return (
        <div data-testid="content-missing">
          <EmptyState>{missing}</EmptyState>
        </div>
      );
    case 'failed':
      return <LoadFailed message={state.message} onRetry={onRetry} />;
    case 'shown':
      return <>{children(state.data)}</>;
  }
}

/** A detail page (announcement, help entry, information article): the article under its own title. */
export function ArticleDetail({ name, title, back, state, onRetry }: { name: string; title: string; back: ReactNode; state: ContentState<ArticleView>; onRetry(): void }) {
  const { _ } = useLingui();
  return (
    <Page name={name} title={state.kind === 'shown' ? <span lang={state.data.locale}>{state.data.title}</span> : title} actions={back}>
      <Panel>
        <ContentPanelBody state={state} missing={_('detail.missing')} onRetry={onRetry}>
          {(article) => <ArticleBody article={article} />}
        </ContentPanelBody>
      </Panel>
    </Page>
  );
}

/** Rows of articles: a pin mark on pinned ones, the date, the summary; an unread dot where the bell says so. */
export function ArticleRows({ items, to, dated = true, testId }: { items: readonly ArticleListItem[]; to: ArticleRoute; dated?: boolean; testId: string }) {
  const { _ } = useLingui();
  return (
    <ul className={s.list} data-testid={testId}>
      {items.map((a) => (
        <li key={a.id} className={s.row} data-testid={`${testId}-item`} data-id={a.id} data-pinned={a.pinned || undefined}>
          <Link to={to} search={{ id: String(a.id) }} className={s.rowLink}>
            <span className={s.rowTitle}>
              {a.read === false ? <span className={s.unreadDot} aria-label={_('bell.unread')} /> : null}
              {a.pinned ? (
                <span className={s.pin} data-testid="content-pin">
                  {_('content.pinned')}
                </span>
              ) : null}
              <span lang={a.locale}>{a.title}</span>
            </span>
            {dated ? <span className={s.rowDate}>{formatDate(a.publishAt)}</span> : <span />}
            {a.summary ? (
              <span className={s.rowSummary} lang={a.locale}>
                {a.summary}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
