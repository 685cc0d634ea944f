import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StateProvider } from '../state/index.ts';
import { router } from './router.tsx';

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <StateProvider>
        <RouterProvider router={router} />
      </StateProvider>
    </I18nProvider>
  );
}
