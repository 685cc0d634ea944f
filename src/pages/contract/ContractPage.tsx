// Contract management (spec §2 /contract): the contract account on top, then every position and order across the
// markets, closed orders, transfers and funding, with a way to the trading terminal.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { useSignedIn } from '../../state/index.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { Page, Panel } from '../../ui/Page.tsx';
import { AccountSummary } from './AccountSummary.tsx';
import { ContractTables } from './ContractTables.tsx';

export function ContractPage() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  return (
    <Page
      name="contract"
      title={_('contract.manage.title')}
      lead={_('contract.manage.summary')}
      actions={
        <Link to="/contractTransaction" className={buttonClass('primary', 'sm')} data-testid="to-terminal">
          {_('nav.contract')}
        </Link>
      }
    >
      {signedIn ? (
        <Panel title={_('assets.account.contract')}>
          <AccountSummary />
        </Panel>
      ) : null}
      <ContractTables />
    </Page>
  );
}
