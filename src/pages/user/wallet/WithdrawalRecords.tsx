// The withdrawal records under /withdrawal: time, coin, network, amount, fee, what arrives, the address and the
// transaction (shortened, copyable), the state (applied, approved, broadcast with confirmations, confirmed,
// rejected with the operator's reason, cancelled) and, while it is still applied, a Cancel button (asked once
// more; the held amount comes back). Read again every few seconds while one is on its way.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WalletAsset, WithdrawalItem } from '../../../contract.ts';
import { EMPTY_VALUE } from '../../../format/decimal.ts';
import { pushNotice } from '../../../state/index.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import type { Column } from '../../../ui/DataTable.tsx';
import { PagedTable, usePaged } from '../PagedTable.tsx';
import { IDLE_POLL_MS, useHeartbeat } from './hooks.ts';
import { ShortCopy, StatusCell, When } from './parts.tsx';
import { coinAmount } from './pickers.tsx';
import { cancelWithdrawal, fetchWithdrawals } from './wallet-api.ts';
import { WITHDRAWAL_STATUS, withdrawalMoving } from './wallet-rules.ts';
import * as s from './wallet.css.ts';

interface Props {
  assets: readonly WalletAsset[];
  /** Changes when a withdrawal was made here. */
  refresh: number;
  /** A withdrawal was cancelled (the balance and the limits moved). */
  onCancelled(): void;
}

export function WithdrawalRecords({ assets, refresh, onCancelled }: Props) {
  const { _ } = useLingui();
  const [moving, setMoving] = useState(false);
  const [cancelled, setCancelled] = useState(0);
  const [confirming, setConfirming] = useState<WithdrawalItem | null>(null);
  const beat = useHeartbeat(moving, IDLE_POLL_MS.withdrawals);
  const paged = usePaged((paging, signal) => fetchWithdrawals(paging, { signal, notify: false }), `${refresh}:${cancelled}:${beat}`);
  const nowMoving = paged.page?.list.some((w) => withdrawalMoving(w.status)) ?? false;
  useEffect(() => setMoving(nowMoving), [nowMoving]);

  const networkOf = (w: WithdrawalItem) => assets.find((a) => a.asset === w.asset)?.networks.find((n) => n.network === w.network) ?? null;
  const detail = (w: WithdrawalItem): string | null => {
    if (w.status === 'rejected') return w.reason ? _('wallet.withdrawal.reason', { reason: w.reason }) : null;
    if (w.status === 'broadcast' && w.confirmations !== null) {
      const needed = networkOf(w)?.confirmations;
      return needed ? _('wallet.withdrawal.confirmations', { count: Math.min(w.confirmations, needed), required: needed }) : null;
    }
    return null;
  };

  const columns: Column<WithdrawalItem>[] = [
    { key: 'time', labelId: 'common.col.time', render: (w) => <When ms={w.time} /> },
    {
      key: 'coin',
      labelId: 'assets.col.coin',
      render: (w) => (
        <span className={s.stack}>
          <strong>{w.asset}</strong>
          <span className={s.muted} title={networkOf(w)?.name ?? w.network}>
            {w.network}
          </span>
        </span>
      ),
    },
    { key: 'amount', labelId: 'common.col.amount', align: 'right', render: (w) => <span className={s.num} data-testid="withdrawal-amount">{coinAmount(w.amount)}</span> },
    { key: 'fee', labelId: 'wallet.col.fee', align: 'right', render: (w) => <span className={s.num}>{coinAmount(w.fee)}</span> },
    { key: 'received', labelId: 'withdraw.col.received', align: 'right', render: (w) => <span className={s.num} data-testid="withdrawal-received">{coinAmount(w.received)}</span> },
    { key: 'address', labelId: 'withdraw.col.address', render: (w) => <ShortCopy text={w.address} testId="withdrawal-address" head={6} tail={4} /> },
    { key: 'tx', labelId: 'wallet.col.txHash', render: (w) => (w.txHash ? <ShortCopy text={w.txHash} testId="withdrawal-tx" head={6} tail={4} /> : <span className={s.muted}>{EMPTY_VALUE}</span>) },
    {
      key: 'status',
      labelId: 'common.col.status',
      render: (w) => {
        const st = WITHDRAWAL_STATUS[w.status];
        return <StatusCell tone={st.tone} status={w.status} label={_(st.labelId)} detail={detail(w)} testId="withdrawal-status" />;
      },
    },
    {
      key: 'action',
      labelId: 'assets.col.actions',
      align: 'right',
      render: (w) =>
        w.status === 'applied' ? (
          <button type="button" className={s.cellAction} data-testid="withdrawal-cancel" onClick={() => setConfirming(w)}>
            {_('common.cancel')}
          </button>
        ) : null,
    },
  ];

  return (
    <>
      <PagedTable paged={paged} columns={columns} rowKey={(w) => String(w.id)} rowTestId="withdrawal-row" empty={_('wallet.withdrawal.none')} />
      {confirming ? (
        <ConfirmDialog
          title={_('wallet.withdrawal.cancelTitle')}
          yes={_('wallet.withdrawal.cancelYes')}
          no={_('wallet.withdrawal.cancelNo')}
          testId="withdrawal-cancel"
          run={async () => {
            await cancelWithdrawal(confirming.id);
            pushNotice('success', _('wallet.withdrawal.cancelled'));
            setCancelled((n) => n + 1);
            onCancelled();
          }}
          onClose={() => setConfirming(null)}
        >
          {_('wallet.withdrawal.cancelQuestion', { amount: coinAmount(confirming.amount), coin: confirming.asset })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
