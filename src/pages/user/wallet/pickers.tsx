// Step 1 and 2 of both wallet pages: the coin (the self-deposit coins USDT, BTC and ETH as buttons, any other coin
// in a list beside them) and its network (name, and what matters for the operation: confirmations and minimum for
// a deposit, fee and minimum for a withdrawal).
import { useLingui } from '@lingui/react';
import type { WalletAsset, WalletNetwork, WalletNetworkId } from '../../../contract.ts';
import { formatDecimal } from '../../../format/decimal.ts';
import { SELF_DEPOSIT_COINS } from './wallet-rules.ts';
import * as s from './wallet.css.ts';

/** Up to 8 places, trailing zeros dropped (a fee of 0.0005 BTC reads as such). */
export const coinAmount = (value: string): string => formatDecimal(value, 8).replace(/\.?0+$/, '');

export function CoinPicker({ assets, value, onChange }: { assets: readonly WalletAsset[]; value: string; onChange(coin: string): void }) {
  const { _ } = useLingui();
  const main = assets.filter((a) => (SELF_DEPOSIT_COINS as readonly string[]).includes(a.asset));
  const others = assets.filter((a) => !main.includes(a));
  const otherChosen = others.some((a) => a.asset === value);
  return (
    <div className={s.chips} role="group" aria-label={_('wallet.step.coin')}>
      {main.map((a) => (
        <button key={a.asset} type="button" className={s.chip} aria-pressed={a.asset === value} data-testid={`coin-${a.asset}`} onClick={() => onChange(a.asset)}>
          <span className={s.chipCode}>{a.asset}</span>
          {a.name && a.name !== a.asset ? <span className={s.chipName}>{a.name}</span> : null}
        </button>
      ))}
      {others.length > 0 ? (
        <select
          className={`${s.chip} ${s.otherCoins}`}
          aria-label={_('wallet.coin.other')}
          aria-pressed={otherChosen}
          data-testid="coin-other"
          value={otherChosen ? value : ''}
          onChange={(e) => e.target.value && onChange(e.target.value)}
        >
          <option value="">{_('wallet.coin.other')}</option>
          {others.map((a) => (
            <option key={a.asset} value={a.asset}>
              {a.name && a.name !== a.asset ? `${a.asset} · ${a.name}` : a.asset}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

interface NetworkProps {
  asset: WalletAsset;
  value: WalletNetworkId | null;
  onChange(id: WalletNetworkId): void;
  mode: 'deposit' | 'withdraw';
}

export function NetworkPicker({ asset, value, onChange, mode }: NetworkProps) {
  const { _ } = useLingui();
  const open = (n: WalletNetwork) => (mode === 'deposit' ? n.depositEnabled : n.withdrawEnabled);
  return (
    <div className={s.networks} role="group" aria-label={_('wallet.step.network')}>
      {asset.networks.map((n) => (
        <button
          key={n.network}
          type="button"
          className={s.network}
          aria-pressed={n.network === value}
          disabled={!open(n)}
          data-testid={`network-${n.network}`}
          onClick={() => onChange(n.network)}
        >
          <span className={s.networkName}>{n.name}</span>
          <span className={s.networkMeta}>
            {!open(n)
              ? _('wallet.network.suspended')
              : mode === 'deposit'
                ? _('wallet.network.depositMeta', { count: n.confirmations, min: coinAmount(n.minDeposit), coin: asset.asset })
                : _('wallet.network.withdrawMeta', { fee: coinAmount(n.withdrawFee), min: coinAmount(n.withdrawMin), coin: asset.asset })}
          </span>
        </button>
      ))}
    </div>
  );
}
