// A user-centre page: its content when signed in, a sign-in prompt otherwise, "loading" until the user arrives.
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import type { UserInfo } from '../../contract.ts';
import { useSignedIn, useUser } from '../../state/index.ts';
import { Page } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

interface Props {
  name: string;
  title: string;
  lead?: string;
  /** Rendered once the signed-in user's info is known. */
  children: (user: UserInfo) => ReactNode;
}

export function UserPage({ name, title, lead, children }: Props) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const user = useUser();
  return (
    <Page name={name} title={title} lead={lead} flush>
      {!signedIn ? <SignInPrompt /> : user ? children(user) : <EmptyState>{_('common.loading')}</EmptyState>}
    </Page>
  );
}
