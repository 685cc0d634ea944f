// The contract account at a glance, live (its unrealized figures move with every mark): margin balance, wallet
// balance, unrealized P&L, available, position margin, order margin and the cross margin ratio, or the `fields`
// asked for. Nothing while signed out.
import { useLingui } from '@lingui/react';
import { dataOf, useContractAccount } from '../../../streams/index.ts';
import type { ContractAccountItem } from '../../contract.ts';
import { EMPTY_VALUE, formatDecimal } from '../../format/decimal.ts';
import { useSignedIn } from '../../state/index.ts';
import { marginRisk, percentText, signedAmount, trendOf } from './columns.ts';
import * as s from './tables.css.ts';

export type AccountField = 'marginBalance' | 'walletBalance' | 'unrealizedPnl' | 'available' | 'positionMargin' | 'entrustMargin' | 'crossMarginRatio';

const ALL: readonly AccountField[] = ['marginBalance', 'walletBalance', 'unrealizedPnl', 'available', 'positionMargin', 'entrustMargin', 'crossMarginRatio'];

const LABEL: Readonly<Record<AccountField, string>> = {
  marginBalance: 'contract.account.marginBalance',
  walletBalance: 'contract.account.walletBalance',
  unrealizedPnl: 'contract.account.unrealizedPnl',
  available: 'transfer.available',
  positionMargin: 'contract.account.positionMargin',
  entrustMargin: 'contract.col.entrustMargin',
  crossMarginRatio: 'contract.account.crossMarginRatio',
};

function value(field: AccountField, a: ContractAccountItem | undefined): { text: string; className: string } {
  if (!a) return { text: EMPTY_VALUE, className: s.statValue };
  if (field === 'unrealizedPnl') return { text: signedAmount(a.unrealizedPnl), className: `${s.statValue} ${s.trend[trendOf(a.unrealizedPnl)]}` };
  if (field === 'crossMarginRatio') return { text: percentText(a.crossMarginRatio), className: `${s.statValue} ${s.risk[marginRisk(a.crossMarginRatio)]}` };
  return { text: formatDecimal(a[field]), className: s.statValue };
}

export function AccountSummary({ fields = ALL }: { fields?: readonly AccountField[] }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const account = dataOf(useContractAccount());
  if (!signedIn) return null;
  return (
    <div className={s.summary} data-testid="contract-account">
      {fields.map((field) => {
        const shown = value(field, account);
        return (
          <div key={field} className={s.stat}>
            <span className={s.statLabel}>
              {_(LABEL[field])}
              {field === 'crossMarginRatio' ? null : ` (${account?.asset ?? 'USDT'})`}
            </span>
            <span className={shown.className} data-testid={`contract-account-${field}`}>
              {shown.text}
            </span>
          </div>
        );
      })}
    </div>
  );
}
