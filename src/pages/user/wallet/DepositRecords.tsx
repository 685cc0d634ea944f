// The deposit records under /recharge: time, coin, network, amount, the transaction (shortened, copyable), the
// confirmations n/N and the state (pending, credited, below the minimum with why, orphaned with why). Read again
// every few seconds while a deposit is pending, so n/N counts up and "credited" shows without a reload, and
// slowly otherwise, so a new incoming deposit turns up on its own.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { DepositItem, WalletAsset } from '../../../contract.ts';
import type { Column } from '../../../ui/DataTable.tsx';
import { PagedTable, usePaged } from '../PagedTable.tsx';
import { IDLE_POLL_MS, useHeartbeat } from './hooks.ts';
import { ShortCopy, StatusCell, When } from './parts.tsx';
import { coinAmount } from './pickers.tsx';
import { fetchDeposits } from './wallet-api.ts';
import { DEPOSIT_STATUS, depositMoving } from './wallet-rules.ts';
import * as s from './wallet.css.ts';

export function DepositRecords({ assets }: { assets: readonly WalletAsset[] }) {
  const { _ } = useLingui();
  const [moving, setMoving] = useState(false);
  const beat = useHeartbeat(moving, IDLE_POLL_MS.deposits);
  const paged = usePaged((paging, signal) => fetchDeposits(paging, { signal, notify: false }), beat);
  const nowMoving = paged.page?.list.some((d) => depositMoving(d.status)) ?? false;
  useEffect(() => setMoving(nowMoving), [nowMoving]);

  const minimum = (d: DepositItem) => assets.find((a) => a.asset === d.asset)?.networks.find((n) => n.network === d.network)?.minDeposit ?? null;
  const networkName = (d: DepositItem) => assets.find((a) => a.asset === d.asset)?.networks.find((n) => n.network === d.network)?.name ?? d.network;
  const detail = (d: DepositItem): string | null => {
    if (d.status === 'below_min') {
      const min = minimum(d);
      return min ? _('wallet.deposit.belowMinReason', { min: coinAmount(min), coin: d.asset }) : _('wallet.deposit.belowMinShort');
    }
    if (d.status === 'orphaned') return _('wallet.deposit.orphanedReason');
    return null;
  };

  const columns: Column<DepositItem>[] = [
    { key: 'time', labelId: 'common.col.time', render: (d) => <When ms={d.time} /> },
    {
      key: 'coin',
      labelId: 'assets.col.coin',
      render: (d) => (
        <span className={s.stack}>
          <strong>{d.asset}</strong>
          <span className={s.muted} title={networkName(d)}>
            {d.network}
          </span>
        </span>
      ),
    },
    { key: 'amount', labelId: 'common.col.amount', align: 'right', render: (d) => <span className={s.num} data-testid="deposit-amount">{coinAmount(d.amount)}</span> },
    { key: 'tx', labelId: 'wallet.col.txHash', render: (d) => <ShortCopy text={d.txHash} testId="deposit-tx" /> },
    {
      key: 'confirmations',
      labelId: 'wallet.col.confirmations',
      align: 'right',
      render: (d) => (
        <span className={s.num} data-testid="deposit-confirmations">
          {`${Math.min(d.confirmations, d.required)}/${d.required}`}
        </span>
      ),
    },
    {
      key: 'status',
      labelId: 'common.col.status',
      render: (d) => {
        const st = DEPOSIT_STATUS[d.status];
        return <StatusCell tone={st.tone} status={d.status} label={_(st.labelId)} detail={detail(d)} testId="deposit-status" />;
      },
    },
  ];
  return <PagedTable paged={paged} columns={columns} rowKey={(d) => String(d.id)} rowTestId="deposit-row" empty={_('wallet.deposit.none')} />;
}
