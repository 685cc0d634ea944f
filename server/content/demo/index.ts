// The demo's first-start published content (issue 25): announcements, help articles in every category, information
// articles and the fixed pages, each in all nine languages. Everything said here is true of this exchange's code;
// an operator running it for real replaces the legal pages with their own.

import { ANNOUNCEMENTS } from './announcements.ts';
import { HELP_ACCOUNT } from './help-account.ts';
import { HELP_FUNDS } from './help-funds.ts';
import { HELP_TRADING } from './help-trading.ts';
import { HELP_PERPETUAL } from './help-perpetual.ts';
import { HELP_SECONDS } from './help-seconds.ts';
import { HELP_PRICE_RECORD } from './help-price-record.ts';
import { INFORMATION } from './information.ts';
import { PAGES_ABOUT } from './pages-about.ts';
import { PAGES_LEGAL } from './pages-legal.ts';
import { PAGES_WHITEPAPER } from './pages-whitepaper.ts';
import { PAGES_DOWNLOAD } from './pages-download.ts';
import type { DemoArticle } from './types.ts';

export type { DemoArticle, DemoText } from './types.ts';

const HELP: readonly DemoArticle[] = [
  ...HELP_ACCOUNT,
  ...HELP_FUNDS,
  ...HELP_TRADING,
  ...HELP_PERPETUAL,
  ...HELP_SECONDS,
  ...HELP_PRICE_RECORD,
];

const PAGES: readonly DemoArticle[] = [...PAGES_ABOUT, ...PAGES_WHITEPAPER, ...PAGES_LEGAL, ...PAGES_DOWNLOAD];

export const DEMO_ARTICLES: readonly DemoArticle[] = [...ANNOUNCEMENTS, ...HELP, ...INFORMATION, ...PAGES];
