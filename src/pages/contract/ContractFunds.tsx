// The funds behind the contract entry: the account it trades from (contract or seconds-contract) and its
// available USDT, live from the balances stream, with the Transfer button that moves USDT in from the coin account.
import { useLingui } from '@lingui/react';
import type { AccountType } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { useSignedIn } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Page.tsx';
import { holdingOf, minorText, VALUATION_QUOTE } from '../user/asset-values.ts';
import { ACCOUNT_LABELS } from '../user/assets.ts';
import { useStreamHoldings } from '../user/useWallet.ts';
import { compactRow, priceCell } from '../trade/trade.css.ts';

export function ContractFunds({ account, onTransfer }: { account: AccountType; onTransfer(): void }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const holdings = useStreamHoldings();
  if (!signedIn) return null;
  const available = holdings ? holdingOf(holdings, account, VALUATION_QUOTE).available : null;
  return (
    <Panel
      title={_(ACCOUNT_LABELS[account])}
      actions={
        <Button size="sm" variant="secondary" data-testid="open-transfer" onClick={onTransfer}>
          {_('assets.transfer')}
        </Button>
      }
    >
      <div className={compactRow}>
        <span>{_('transfer.available')}</span>
        <span className={priceCell} data-testid="contract-available">
          {available === null ? '--' : `${formatDecimal(minorText(available), 8)} ${VALUATION_QUOTE}`}
        </span>
      </div>
    </Panel>
  );
}
