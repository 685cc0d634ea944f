// The console's one client, wired to its language, its notices and its session.
import { i18n } from '@lingui/core';
import { createOpsClient } from './api.ts';
import { activeLocale } from './i18n.ts';
import { meStore, pushNotice } from './state.ts';

export const ops = createOpsClient({
  locale: activeLocale,
  texts: {
    timeout: () => i18n._('ops.error.timeout'),
    network: () => i18n._('ops.error.network'),
    error: () => i18n._('ops.error.generic'),
  },
  unauthorized: () => meStore.set(null),
  notifyError: (text) => pushNotice('error', text),
});
