// Deposit (spec §2 /recharge; issue 22): choose the coin (USDT, BTC and ETH are credited automatically; any other
// coin goes through customer service, whose contact dialog opens from here), then its network (name, confirmations
// needed, minimum), then the user's own deposit address on it with its QR code, a copy button and the warnings
// (only this coin on this network; below the minimum nothing is credited). The deposit records below follow each
// deposit live: confirmations n/N while pending, then credited (or below the minimum, or orphaned, with why).
import { useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { WalletAsset, WalletNetwork } from '../../contract.ts';
import { isApiError } from '../../api/index.ts';
import { openContact } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Panel } from '../../ui/Page.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { UserPage } from './UserPage.tsx';
import { DepositRecords } from './wallet/DepositRecords.tsx';
import { useChoice, useWalletAssets } from './wallet/hooks.ts';
import { CopyButton, QrImage, Step } from './wallet/parts.tsx';
import { CoinPicker, coinAmount, NetworkPicker } from './wallet/pickers.tsx';
import { fetchDepositAddress } from './wallet/wallet-api.ts';
import { shorten } from './wallet/wallet-rules.ts';
import * as s from './wallet/wallet.css.ts';

export function RechargePage() {
  const { _ } = useLingui();
  return (
    <UserPage name="recharge" title={_('nav.recharge')}>
      {() => <Recharge />}
    </UserPage>
  );
}

const depositOpen = (n: WalletNetwork) => n.depositEnabled;

function Recharge() {
  const { _ } = useLingui();
  const assets = useWalletAssets();
  const list = assets.status === 'success' ? assets.data : null;
  // ?coin=: the coin to start on (a coin the exchange doesn't offer falls back to the first one, USDT).
  const start = useSearch({ from: '/userCentre/recharge', select: (s) => s.coin });
  const choice = useChoice(list, depositOpen, start);

  return (
    <>
      <Panel>
        <div className={s.layout}>
          <div className={s.steps}>
            {assets.status === 'pending' ? <EmptyState>{_('common.loading')}</EmptyState> : null}
            {assets.status === 'error' ? <p className={s.notice.bad}>{isApiError(assets.error) && assets.error.msg ? assets.error.msg : _('common.loadFailed')}</p> : null}
            {list ? (
              <>
                <Step n={1} title={_('wallet.step.coin')} testId="step-coin">
                  <CoinPicker assets={list} value={choice.coin} onChange={choice.setCoin} />
                </Step>
                {choice.asset && !choice.asset.autoDeposit ? (
                  <ManualCoin coin={choice.asset.asset} />
                ) : choice.asset ? (
                  <>
                    <Step n={2} title={_('wallet.step.network')} testId="step-network">
                      {choice.asset.networks.some(depositOpen) ? (
                        <NetworkPicker asset={choice.asset} value={choice.network?.network ?? null} onChange={choice.setNetwork} mode="deposit" />
                      ) : (
                        <p className={s.notice.warn}>{_('wallet.deposit.suspended', { coin: choice.asset.asset })}</p>
                      )}
                    </Step>
                    {choice.network ? (
                      <Step n={3} title={_('wallet.step.depositAddress')} testId="step-address">
                        <AddressCard asset={choice.asset} network={choice.network} />
                      </Step>
                    ) : null}
                  </>
                ) : null}
              </>
            ) : null}
          </div>
          <aside className={s.side}>
            <div className={s.sideCard}>
              <h3 className={s.sideTitle}>{_('recharge.rules.title')}</h3>
              <ul className={s.sideList}>
                <li>{_('wallet.deposit.tip.network')}</li>
                <li>{_('wallet.deposit.tip.confirmations')}</li>
                <li>{_('wallet.deposit.tip.minimum')}</li>
                <li>{_('wallet.deposit.tip.address')}</li>
              </ul>
            </div>
            <div className={s.sideCard}>
              <h3 className={s.sideTitle}>{_('wallet.help.title')}</h3>
              <p className={s.sideText}>{_('wallet.help.text')}</p>
              <div>
                <Button size="sm" variant="secondary" onClick={openContact} data-testid="contact-service">
                  {_('footer.customerService')}
                </Button>
              </div>
            </div>
          </aside>
        </div>
      </Panel>
      <Panel title={_('recharge.records')}>
        <div data-testid="deposit-records">{list ? <DepositRecords assets={list} /> : <EmptyState>{_('common.loading')}</EmptyState>}</div>
      </Panel>
    </>
  );
}

/** A coin the exchange does not watch on chain: customer service takes the deposit. */
function ManualCoin({ coin }: { coin: string }) {
  const { _ } = useLingui();
  return (
    <Step n={2} title={_('wallet.step.depositAddress')} testId="step-manual">
      <div className={s.notice.info} data-testid="deposit-manual">
        <span>{_('wallet.deposit.manual', { coin })}</span>
        <div>
          <Button size="sm" onClick={openContact} data-testid="deposit-contact">
            {_('wallet.contactService')}
          </Button>
        </div>
      </div>
    </Step>
  );
}

function AddressCard({ asset, network }: { asset: WalletAsset; network: WalletNetwork }) {
  const { _ } = useLingui();
  const address = useLoadable((signal) => fetchDepositAddress(asset.asset, network.network, { signal, notify: false }), [asset.asset, network.network]);
  if (address.status === 'pending') return <EmptyState>{_('common.loading')}</EmptyState>;
  if (address.status === 'error') {
    return (
      <p className={s.notice.bad} data-testid="deposit-address-error">
        {isApiError(address.error) && address.error.msg ? address.error.msg : _('common.loadFailed')}
      </p>
    );
  }
  const a = address.data;
  const min = coinAmount(a.minDeposit);
  return (
    <>
      <div className={s.addressCard} data-testid="deposit-address-card">
        <QrImage uri={a.uri} alt={_('wallet.deposit.qrAlt', { coin: asset.asset, network: a.networkName })} />
        <div className={s.addressInfo}>
          <div>
            <div className={s.label}>{_('wallet.deposit.addressLabel', { coin: asset.asset })}</div>
            <div className={s.addressRow}>
              <span className={s.address} data-testid="deposit-address">
                {a.address}
              </span>
            </div>
          </div>
          <div>
            <CopyButton text={a.address} testId="deposit-address-copy" />
          </div>
          <dl className={s.facts}>
            <dt className={s.factLabel}>{_('wallet.field.network')}</dt>
            <dd className={s.factValue} data-testid="deposit-network">{a.networkName}</dd>
            <dt className={s.factLabel}>{_('wallet.field.minDeposit')}</dt>
            <dd className={s.factValue} data-testid="deposit-min">{`${min} ${asset.asset}`}</dd>
            <dt className={s.factLabel}>{_('wallet.field.credited')}</dt>
            <dd className={s.factValue} data-testid="deposit-confirmations-needed">{a.confirmations}</dd>
            {network.contract ? (
              <>
                <dt className={s.factLabel}>{_('wallet.field.contract')}</dt>
                <dd className={s.factValue} title={network.contract}>
                  <span className={s.num}>{shorten(network.contract, 10, 8)}</span>
                </dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>
      <div className={s.notice.warn} data-testid="deposit-warnings">
        <ul className={s.noticeList}>
          <li>{_('wallet.deposit.warn.only', { coin: asset.asset, network: a.networkName })}</li>
          <li>{_('wallet.deposit.warn.minimum', { min, coin: asset.asset })}</li>
        </ul>
      </div>
    </>
  );
}
