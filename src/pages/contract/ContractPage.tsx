// Contract management (spec §2 /contract): positions, orders, transfers and seconds contracts in one place.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { buttonClass } from '../../ui/Button.tsx';
import { Page } from '../../ui/Page.tsx';
import { ContractTables } from './ContractTables.tsx';

export function ContractPage() {
  const { _ } = useLingui();
  return (
    <Page
      name="contract"
      title={_('contract.manage.title')}
      lead={_('contract.manage.lead')}
      actions={
        <Link to="/contractTransaction" className={buttonClass('primary', 'sm')}>
          {_('nav.contract')}
        </Link>
      }
    >
      <ContractTables />
    </Page>
  );
}
