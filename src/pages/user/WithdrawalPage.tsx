// Withdrawal (spec §2 /withdrawal; issue 22): coin, network, address (typed or from the address book), amount with
// the fee and what arrives, the fund password and the authenticator code; beside it the daily limit (used and
// remaining), the whitelist switch, address management and the API keys allowed to withdraw (wallet/SideCards);
// below, the withdrawal records with Cancel while a
// withdrawal is still applied. What stops a withdrawal shows first, as a notice: identity not verified (with the
// way to the verification panel), no fund password, or the 24-hour lock after a security change and when it ends.
import { useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { UserInfo, WalletNetwork, WithdrawLimits } from '../../contract.ts';
import { isApiError } from '../../api/index.ts';
import { formatDateTime } from '../../format/date.ts';
import { openContact } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Panel } from '../../ui/Page.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { holdingOf } from './asset-values.ts';
import { UserPage } from './UserPage.tsx';
import { useWallet } from './useWallet.ts';
import { AddressBookDialog } from './wallet/AddressBookDialog.tsx';
import { useChoice, useLastGood, useWalletAssets } from './wallet/hooks.ts';
import { Step } from './wallet/parts.tsx';
import { CoinPicker, NetworkPicker } from './wallet/pickers.tsx';
import { fetchAddressBook, fetchLimits, fetchWhitelist } from './wallet/wallet-api.ts';
import { ApiKeysCard, BookCard, LimitCard, TipsCard, WhitelistCard } from './wallet/SideCards.tsx';
import { WithdrawalRecords } from './wallet/WithdrawalRecords.tsx';
import { WithdrawForm } from './wallet/WithdrawForm.tsx';
import * as s from './wallet/wallet.css.ts';

export function WithdrawalPage() {
  const { _ } = useLingui();
  return (
    <UserPage name="withdrawal" title={_('nav.withdrawal')}>
      {(user) => <Withdrawal user={user} />}
    </UserPage>
  );
}

const withdrawOpen = (n: WalletNetwork) => n.withdrawEnabled;

const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.msg ? error.msg : fallback);

function Withdrawal({ user }: { user: UserInfo }) {
  const { _ } = useLingui();
  const assets = useWalletAssets();
  const list = assets.status === 'success' ? assets.data : null;
  // ?coin=: the coin to start on (a coin the exchange doesn't offer falls back to the first one, USDT).
  const start = useSearch({ from: '/userCentre/withdrawal', select: (s) => s.coin });
  const choice = useChoice(list, withdrawOpen, start);
  const [accountVersion, setAccountVersion] = useState(0);
  const [bookVersion, setBookVersion] = useState(0);
  const [made, setMade] = useState(0);
  const [dialog, setDialog] = useState<'book' | null>(null);
  const limits = useLoadable((signal) => fetchLimits({ signal, notify: false }), [user, accountVersion, made]);
  const whitelist = useLoadable((signal) => fetchWhitelist({ signal, notify: false }), [accountVersion]);
  const book = useLoadable((signal) => fetchAddressBook({ signal, notify: false }), [bookVersion]);
  const wallet = useWallet();
  const available = wallet.holdings ? holdingOf(wallet.holdings, 'coin', choice.coin).available : null;
  // Read again after each change; meanwhile the last answer stays on screen (the form keeps what was typed).
  const lim = useLastGood(limits);
  const wl = useLastGood(whitelist);
  const entries = useLastGood(book) ?? [];
  const whitelistOn = wl?.enabled === true;
  const blocked = lim === null || lim.lockedUntil !== null || !lim.verified || !lim.fundPasswordSet;

  return (
    <>
      <Panel>
        <div className={s.layout}>
          <div className={s.steps}>
            {lim ? <Blockers limits={lim} /> : null}
            {assets.status === 'pending' || (lim === null && limits.status === 'pending') ? <EmptyState>{_('common.loading')}</EmptyState> : null}
            {assets.status === 'error' ? <p className={s.notice.bad}>{errorText(assets.error, _('common.loadFailed'))}</p> : null}
            {limits.status === 'error' && lim === null ? <p className={s.notice.bad}>{errorText(limits.error, _('common.loadFailed'))}</p> : null}
            {list && lim ? (
              <>
                <Step n={1} title={_('wallet.step.coin')} testId="step-coin">
                  <CoinPicker assets={list} value={choice.coin} onChange={choice.setCoin} />
                </Step>
                {choice.asset && choice.asset.networks.length === 0 ? (
                  <Step n={2} title={_('wallet.step.network')} testId="step-manual">
                    <div className={s.notice.info} data-testid="withdraw-manual">
                      <span>{_('wallet.withdraw.manual', { coin: choice.asset.asset })}</span>
                      <div>
                        <Button size="sm" onClick={openContact}>
                          {_('wallet.contactService')}
                        </Button>
                      </div>
                    </div>
                  </Step>
                ) : choice.asset && !choice.asset.networks.some(withdrawOpen) ? (
                  <Step n={2} title={_('wallet.step.network')} testId="step-network">
                    <NetworkPicker asset={choice.asset} value={null} onChange={choice.setNetwork} mode="withdraw" />
                    <p className={s.notice.warn} data-testid="withdraw-suspended">
                      {_('wallet.withdraw.suspended', { coin: choice.asset.asset })}
                    </p>
                  </Step>
                ) : choice.asset && choice.network ? (
                  <>
                    <Step n={2} title={_('wallet.step.network')} testId="step-network">
                      <NetworkPicker asset={choice.asset} value={choice.network.network} onChange={choice.setNetwork} mode="withdraw" />
                    </Step>
                    <WithdrawForm
                      key={`${choice.asset.asset}:${choice.network.network}`}
                      asset={choice.asset}
                      network={choice.network}
                      limits={lim}
                      whitelist={whitelistOn}
                      book={entries}
                      available={available}
                      blocked={blocked}
                      onDone={() => setMade((n) => n + 1)}
                      onStale={() => setAccountVersion((n) => n + 1)}
                    />
                  </>
                ) : null}
              </>
            ) : null}
          </div>
          <aside className={s.side}>
            {lim ? <LimitCard limits={lim} /> : null}
            <WhitelistCard state={wl} limits={lim} onChanged={() => setAccountVersion((n) => n + 1)} />
            <BookCard count={entries.length} disabled={!list} onManage={() => setDialog('book')} />
            <ApiKeysCard limits={lim} />
            <TipsCard />
          </aside>
        </div>
      </Panel>
      <Panel title={_('withdraw.records')}>
        <div data-testid="withdrawal-records">
          {list ? <WithdrawalRecords assets={list} refresh={made} onCancelled={() => setMade((n) => n + 1)} /> : <EmptyState>{_('common.loading')}</EmptyState>}
        </div>
      </Panel>
      {dialog === 'book' && list ? (
        <AddressBookDialog
          assets={list}
          book={entries}
          coin={choice.coin}
          network={choice.network?.network ?? null}
          onClose={() => setDialog(null)}
          onChanged={() => setBookVersion((n) => n + 1)}
        />
      ) : null}
    </>
  );
}

/** What stops withdrawals now, each with the way out. */
function Blockers({ limits }: { limits: WithdrawLimits }) {
  const { _ } = useLingui();
  if (limits.lockedUntil === null && limits.verified && limits.fundPasswordSet) return null;
  return (
    <div className={s.notices}>
      {limits.lockedUntil !== null ? (
        <div className={s.notice.warn} data-testid="withdraw-locked">
          {_('wallet.withdraw.locked', { time: formatDateTime(limits.lockedUntil) })}
        </div>
      ) : null}
      {!limits.verified ? (
        <div className={`${s.notice.warn} ${s.noticeRow}`} data-testid="withdraw-identity">
          <span>{_('wallet.withdraw.identity')}</span>
          <Link to="/accountSet" hash="identity" className={s.link} data-testid="withdraw-identity-link">
            {_('wallet.withdraw.identityLink')}
          </Link>
        </div>
      ) : null}
      {!limits.fundPasswordSet ? (
        <div className={`${s.notice.warn} ${s.noticeRow}`} data-testid="withdraw-fund-password-missing">
          <span>{_('wallet.withdraw.noFundPassword')}</span>
          <Link to="/accountSet" className={s.link}>
            {_('wallet.withdraw.fundPasswordLink')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
