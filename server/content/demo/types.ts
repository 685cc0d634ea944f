// The shape of the demo's first-start content (issue 25): typed data, one text per language, that the first start
// publishes so a fresh demo has real announcements, help, information and fixed pages about itself.

import type { ArticleKind, HelpCategory, PageSlug } from '../../contract/content.ts';
import type { Locale } from '../../contract/locales.ts';

export interface DemoText {
  title: string;
  summary: string;
  markdown: string;
}

export interface DemoArticle {
  /** Stable key, so a later start can tell which demo articles it already published. */
  seedKey: string;
  kind: ArticleKind;
  category?: HelpCategory | string;
  slug?: PageSlug;
  pinned?: boolean;
  /** publish_at = first start − ageDays */
  ageDays?: number;
  texts: Record<Locale, DemoText>;
}

/** A Markdown body written as an indented-free template literal: the surrounding blank lines trimmed. */
export function md(strings: TemplateStringsArray, ...values: readonly string[]): string {
  let text = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) text += values[i]! + (strings[i + 1] ?? '');
  return text.trim();
}
