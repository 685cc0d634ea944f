// Who is signed in decides what shows: nothing while /me is asked, the sign-in without a session, else the screens.
import { useEffect } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { OPS_PATHS } from '../contract.ts';
import { ops } from './client.ts';
import { opsMe, parser } from './parse.ts';
import { opsRouter } from './router.tsx';
import { meStore, useMe } from './state.ts';
import { SignInPage } from './pages/SignInPage.tsx';
import { Notices } from './ui/kit.tsx';

const parseMe = parser(opsMe);

function Gate() {
  const { _ } = useLingui();
  const me = useMe();
  useEffect(() => {
    if (me !== undefined) return;
    ops.get(OPS_PATHS.me, parseMe, undefined, { notify: false }).then(
      (who) => meStore.set(who),
      // 401 has set it to null already; anything else (the server down) shows the sign-in too, with its notice.
      () => meStore.set(null),
    );
  }, [me]);
  if (me === undefined) return <p style={{ padding: 24 }}>{_('ops.loading')}</p>;
  if (me === null) {
    return (
      <>
        <SignInPage />
        <Notices />
      </>
    );
  }
  return <RouterProvider router={opsRouter} />;
}

export function OpsApp() {
  return (
    <I18nProvider i18n={i18n}>
      <Gate />
    </I18nProvider>
  );
}
