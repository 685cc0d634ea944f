// The article editor: kind and place (a help category or a page's slug), then one text per language (English
// needed, the other eight optional), each a title, a summary and Markdown beside its live preview as the server
// renders it. Saving a language is `content save` (with the revision it was edited from, so a concurrent edit is
// refused rather than overwritten); publishing (now or at a time), unpublishing and pinning are their own commands.
import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { CONTENT_LIMITS, HELP_CATEGORIES, LOCALES, LOCALE_NAMES, OPS_PATHS, PAGE_SLUGS, type Locale, type OpsArticleDetail, type OpsArticleItem } from '../../contract.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { ops } from '../client.ts';
import { articleDetail, parser, preview } from '../parse.ts';
import { go, OpsLink } from '../router.tsx';
import { can, useMe } from '../state.ts';
import { useAction } from '../ui/ActionDialog.tsx';
import { Badge, Load, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { localInputToMs, savedId } from '../views.ts';
import { ARTICLE_STATUS_IDS, articleState, KIND_IDS } from './ContentPage.tsx';

const parseArticle = parser(articleDetail);
const parsePreview = parser(preview);

interface Text {
  title: string;
  summary: string;
  markdown: string;
}
const blank: Text = { title: '', summary: '', markdown: '' };

/** What `content save` gets for one language of the article being edited. */
export function saveArgs(
  a: { id: number | null; kind: OpsArticleItem['kind']; category: string; slug: string; revision: number | null },
  locale: Locale,
  text: Text,
): Record<string, string> {
  const args: Record<string, string> = { kind: a.kind, locale, title: text.title.trim(), summary: text.summary.trim(), body: text.markdown };
  if (a.kind === 'help' && a.category) args.category = a.category;
  if (a.kind === 'page' && a.slug) args.slug = a.slug;
  if (a.id !== null) args.id = String(a.id);
  if (a.revision !== null) args.revision = String(a.revision);
  if (!args.summary) delete args.summary;
  return args;
}

/** `content publish`'s --at: the picked local time as ISO (none: now). */
export function publishArgs(id: number, at: string): Record<string, string> {
  const ms = at ? localInputToMs(at) : null;
  return ms === null ? { id: String(id) } : { id: String(id), at: new Date(ms).toISOString() };
}

export default function ContentEditorPage({ id }: { id: number | null }) {
  const { _ } = useLingui();
  const [tick, reload] = useReload();
  const state = useLoadable((signal) => (id === null ? Promise.resolve(null) : ops.get(OPS_PATHS.contentArticle, parseArticle, { id }, { signal })), [id, tick]);
  // The language tab outlives a save (the editor is made anew from the saved revision): saving the Chinese text
  // leaves the operator on the Chinese tab, not back on English.
  const [locale, setLocale] = useState<Locale>('en');
  return (
    <Screen name="content-editor" title={id === null ? _('ops.content.new') : _('ops.content.edit', { id })} actions={<OpsLink to="/content">{_('ops.back')}</OpsLink>}>
      <Load state={state}>{(article) => <Editor key={`${id ?? 'new'}:${article?.revision ?? 0}`} article={article} reload={reload} locale={locale} setLocale={setLocale} />}</Load>
    </Screen>
  );
}

function Editor({ article, reload, locale, setLocale }: { article: OpsArticleDetail | null; reload(): void; locale: Locale; setLocale(locale: Locale): void }) {
  const { _ } = useLingui();
  const me = useMe();
  const [kind, setKind] = useState<OpsArticleItem['kind']>(article?.kind ?? 'announcement');
  const [category, setCategory] = useState(article?.category ?? HELP_CATEGORIES[0]);
  const [slug, setSlug] = useState(article?.slug ?? PAGE_SLUGS[0]);
  const [texts, setTexts] = useState<Partial<Record<Locale, Text>>>(() => {
    const out: Partial<Record<Locale, Text>> = {};
    for (const t of article?.texts ?? []) if ((LOCALES as readonly string[]).includes(t.locale)) out[t.locale as Locale] = { title: t.title, summary: t.summary, markdown: t.markdown };
    return out;
  });
  const text = texts[locale] ?? blank;
  const setText = (patch: Partial<Text>) => setTexts((old) => ({ ...old, [locale]: { ...(old[locale] ?? blank), ...patch } }));
  const saved = useMemo(() => new Set(article?.locales ?? []), [article]);
  // A saved text's HTML is the server's already: shown at once (after a save the editor is made anew, and the
  // preview stood empty until the first request came back).
  const savedHtml = (l: Locale, markdown: string): string | null => {
    const t = article?.texts.find((x) => x.locale === l);
    return t !== undefined && t.markdown === markdown ? t.html : null;
  };
  const [html, setHtml] = useState(() => savedHtml(locale, text.markdown) ?? '');

  // The preview follows the typing, a moment behind (one request per pause, not per key).
  useEffect(() => {
    const known = savedHtml(locale, text.markdown);
    if (known !== null) {
      setHtml(known);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (!text.markdown.trim()) {
        setHtml('');
        return;
      }
      ops.post(OPS_PATHS.contentPreview, parsePreview, { markdown: text.markdown }, { signal: controller.signal, notify: false }).then(
        (r) => setHtml(r.html),
        () => undefined,
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // savedHtml reads the article this editor was made for, which never changes under it.
  }, [text.markdown, locale]);

  const action = useAction((result) => {
    const newId = savedId(result.data);
    if (article === null && newId !== null) go(`/content/${newId}`);
    else reload();
  });
  const id = article?.id ?? null;
  const save = () =>
    action.open({
      command: 'content save',
      args: saveArgs({ id, kind, category, slug, revision: article?.revision ?? null }, locale, text),
      titleId: 'ops.content.saveTitle',
      titleValues: { lang: LOCALE_NAMES[locale] },
      summary: text.title,
      testId: 'ops-content-save',
    });
  const publish = () =>
    id !== null &&
    action.open({
      command: 'content publish',
      args: { id: String(id) },
      titleId: 'ops.content.publish',
      fields: [{ name: 'at', labelId: 'ops.content.publishAtField', kind: 'datetime', hintId: 'ops.content.publishAtHint' }],
      toArgs: (v) => publishArgs(id, v['at'] ?? ''),
      testId: 'ops-content-publish',
    });
  const simple = (command: string, titleId: string, danger = false) => id !== null && action.open({ command, args: { id: String(id) }, titleId, danger });
  const tooLong = text.markdown.length > CONTENT_LIMITS.body || text.title.length > CONTENT_LIMITS.title || text.summary.length > CONTENT_LIMITS.summary;
  const canEdit = can(me, 'content.edit');
  const canPublish = can(me, 'content.publish');
  const st = article ? articleState(article, Date.now()) : null;

  return (
    <>
      <Section
        title={article ? article.title || `#${article.id}` : _('ops.content.new')}
        testId="ops-content-meta"
        actions={
          article ? (
            <>
              {st ? <Badge status={st}>{st === 'scheduled' ? _('ops.content.scheduled') : _(ARTICLE_STATUS_IDS[st])}</Badge> : null}
              {article.pinned ? <Badge status="neutral">{_('ops.content.pinned')}</Badge> : null}
              <span className={s.small}>{`r${article.revision} · ${formatDateTime(article.updatedAt)} · ${article.updatedBy}`}</span>
              {canPublish ? (
                <>
                  <Button size="sm" variant="up" onClick={publish} data-testid="ops-content-publish-open">
                    {_('ops.content.publish')}
                  </Button>
                  {article.status === 'published' ? (
                    <Button size="sm" variant="secondary" onClick={() => simple('content unpublish', 'ops.content.unpublish', true)} data-testid="ops-content-unpublish">
                      {_('ops.content.unpublish')}
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => simple(article.pinned ? 'content unpin' : 'content pin', article.pinned ? 'ops.content.unpin' : 'ops.content.pin')}
                    data-testid="ops-content-pin"
                  >
                    {_(article.pinned ? 'ops.content.unpin' : 'ops.content.pin')}
                  </Button>
                </>
              ) : null}
            </>
          ) : null
        }
      >
        <div className={s.formRow}>
          <SelectField label={_('ops.col.kind')} value={kind} disabled={article !== null} onChange={(e) => setKind(e.target.value as OpsArticleItem['kind'])} data-testid="ops-content-kind">
            {(Object.keys(KIND_IDS) as OpsArticleItem['kind'][]).map((k) => (
              <option key={k} value={k}>
                {_(KIND_IDS[k])}
              </option>
            ))}
          </SelectField>
          {kind === 'help' ? (
            <SelectField label={_('ops.content.category')} value={category} onChange={(e) => setCategory(e.target.value)}>
              {HELP_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          ) : null}
          {kind === 'page' ? (
            <SelectField label={_('ops.content.slug')} value={slug} disabled={article !== null} onChange={(e) => setSlug(e.target.value)}>
              {PAGE_SLUGS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      </Section>
      <Section
        title={_('ops.content.text')}
        testId="ops-content-text"
        actions={
          canEdit ? (
            <Button size="sm" onClick={save} disabled={!text.title.trim() || !text.markdown.trim() || tooLong || (article === null && locale !== 'en')} data-testid="ops-content-save-open">
              {_('ops.content.save', { lang: LOCALE_NAMES[locale] })}
            </Button>
          ) : null
        }
      >
        <div className={s.langTabs} role="tablist" aria-label={_('ops.content.languages')}>
          {LOCALES.map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              className={s.langTab}
              aria-selected={l === locale}
              data-has={saved.has(l) ? 'true' : 'false'}
              data-testid={`ops-content-lang-${l}`}
              onClick={() => setLocale(l)}
            >
              {LOCALE_NAMES[l]}
            </button>
          ))}
        </div>
        {article === null && locale !== 'en' ? <p className={s.muted}>{_('ops.content.englishFirst')}</p> : null}
        <div className={s.formRow}>
          <TextField label={_('ops.content.title')} value={text.title} maxLength={CONTENT_LIMITS.title} onChange={(e) => setText({ title: e.target.value })} data-testid="ops-content-title" />
          <TextField label={_('ops.content.summary')} value={text.summary} maxLength={CONTENT_LIMITS.summary} onChange={(e) => setText({ summary: e.target.value })} data-testid="ops-content-summary" />
        </div>
        <div className={s.editor}>
          <textarea
            className={s.markdown}
            aria-label={_('ops.content.markdown')}
            placeholder={_('ops.content.markdownHint')}
            value={text.markdown}
            onChange={(e) => setText({ markdown: e.target.value })}
            data-testid="ops-content-body"
          />
          {/* The server's renderer made this HTML through its allow-list: the same HTML the public pages show. */}
          <div className={s.preview} data-testid="ops-content-preview" aria-label={_('ops.content.preview')} dangerouslySetInnerHTML={{ __html: html }} />
        </div>
        <p className={s.small}>
          {_('ops.content.length', { n: text.markdown.length, max: CONTENT_LIMITS.body })}
          {tooLong ? <span className={s.down}> {_('ops.content.tooLong')}</span> : null}
        </p>
      </Section>
      {action.dialog}
    </>
  );
}
