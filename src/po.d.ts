// Lingui's Vite plugin compiles each messages.po into a module exporting the compiled catalog.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
