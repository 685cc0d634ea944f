// Every contract table is personal: signed out, it asks the user to log in instead. The props they all take: a
// market to narrow to (the terminal's panels) and whether they fill a panel body or scroll with the page.
import type { ReactNode } from 'react';
import { useSignedIn } from '../../state/index.ts';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';

export interface TableProps {
  /** Only this market ("BTCUSDT"); every market when left out. */
  symbol?: string | undefined;
  /** 'fill' (default): fills a dock panel's body and scrolls inside it; 'window': grows with the page. */
  scroll?: 'fill' | 'window';
}

export function SignedIn({ children }: { children: ReactNode }) {
  return useSignedIn() ? children : <SignInPrompt />;
}
