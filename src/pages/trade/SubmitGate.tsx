// An order button: signed out it leads to the login page (spec §6: buy/sell prompts login first); signed in it
// stays disabled until order entry opens for this market.
import type { ReactNode } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { useSignedIn } from '../../state/index.ts';
import { Button, buttonClass, type ButtonVariant } from '../../ui/Button.tsx';

export function SubmitGate({ variant, children }: { variant: ButtonVariant; children: ReactNode }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const href = useLocation({ select: (l) => l.href });
  if (!signedIn) {
    return (
      <Link to="/login" search={{ statusType: 0, redirect: href }} className={buttonClass(variant, 'md', true)}>
        {_('trade.loginToTrade')}
      </Link>
    );
  }
  return (
    <Button variant={variant} wide disabled title={_('common.comingSoon')}>
      {children}
    </Button>
  );
}
