import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Catalogs live in locales/<locale>/: messages.po for the web app, ops.po for the operator console (src/ops/, its
// own app: none of its texts ship with the public one), server.po for the server's replies.
const config: LinguiConfig = {
  locales: ['en', 'zh-CN', 'zh-TW', 'ja', 'th', 'ko', 'es', 'it', 'pt'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['src/ops'] },
    { path: '<rootDir>/locales/{locale}/ops', include: ['src/ops'] },
  ],
  format: formatter({ lineNumbers: false }),
};
export default config;
