// Steps 3 and 4 of /withdrawal: the address (typed, or picked from the address book for this coin and network) and
// the amount ("Max" fills the available balance cut to the network's decimals), with the fee, what arrives and
// the minimum worked out as the user types; then the fund password and, when the user has it on, the authenticator
// code. What the page can tell is shown under its field before anything is sent (an address that does not look
// like the network's, an amount below the minimum or not above the fee, too fine for the network or more than is
// available, a saved address still cooling under the whitelist); the server's refusals, in the user's language,
// go under the field they are about, the rest above the button. One client id per attempt: a retry after a
// timeout answers the first withdrawal instead of making a second.
import { useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { AddressBookEntry, WalletAsset, WalletNetwork, WithdrawalItem, WithdrawLimits } from '../../../contract.ts';
import { serverNow } from '../../../../streams/index.ts';
import { isApiError } from '../../../api/index.ts';
import { formatDateTime } from '../../../format/date.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import { minorText } from '../asset-values.ts';
import { CodeInput, isCompleteCode } from '../twofactor/CodeInput.tsx';
import { Step } from './parts.tsx';
import { coinAmount } from './pickers.tsx';
import { requestWithdrawal } from './wallet-api.ts';
import { ADDRESS_HINT, canonicalAmount, checkAmount, looksLikeAddress, maxAmount, receivedFor, type AmountRule } from './wallet-rules.ts';
import * as s from './wallet.css.ts';

type Field = 'address' | 'amount' | 'fundPassword' | 'totpCode';
type Errors = Partial<Record<Field, string>>;

/** Which field a server refusal is about (the rest show above the button). */
const FIELD_OF: Readonly<Record<string, Field>> = {
  'wallet.address.invalid': 'address',
  'wallet.whitelist.only': 'address',
  'wallet.whitelist.cooling': 'address',
  'wallet.amount.invalid': 'amount',
  'wallet.amount.below.min': 'amount',
  'wallet.amount.precision': 'amount',
  'wallet.limit.exceeded': 'amount',
  'funds.insufficient': 'amount',
  'wallet.fund.password.required': 'fundPassword',
  'wallet.fund.password.wrong': 'fundPassword',
  'wallet.totp.required': 'totpCode',
  'wallet.totp.wrong': 'totpCode',
};

const newClientId = (): string => `web-${crypto.randomUUID()}`;

interface Props {
  asset: WalletAsset;
  network: WalletNetwork;
  limits: WithdrawLimits;
  whitelist: boolean;
  book: readonly AddressBookEntry[];
  /** Available in the coin account (minor units), null until known. */
  available: bigint | null;
  /** Withdrawals are closed (identity, fund password, lock): the form shows but does not send. */
  blocked: boolean;
  onDone(item: WithdrawalItem): void;
  /** A refusal that says the account's state changed (lock, identity): read the limits again. */
  onStale(): void;
}

export function WithdrawForm({ asset, network, limits, whitelist, book, available, blocked, onDone, onStale }: Props) {
  const { _ } = useLingui();
  const formId = useId();
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clientId = useRef(newClientId());
  const coin = asset.asset;
  const saved = book.filter((e) => e.asset === coin && e.network === network.network);

  const edit = (field: Field, set: (v: string) => void) => (value: string) => {
    clientId.current = newClientId();
    set(value);
    setErrors((e) => ({ ...e, [field]: undefined }));
    setRefusal(null);
  };

  const amountText = (rule: AmountRule): string => {
    switch (rule.rule) {
      case 'required':
        return _('rule.required');
      case 'format':
        return _('rule.number.format');
      case 'precision':
        return _('wallet.rule.precision', { decimals: rule.decimals, coin });
      case 'belowMin':
        return _('wallet.rule.belowMin', { min: coinAmount(rule.min), coin });
      case 'notAboveFee':
        return _('wallet.rule.notAboveFee', { fee: coinAmount(rule.fee), coin });
      case 'insufficient':
        return _('rule.funds.insufficient');
    }
  };

  function addressError(): string | undefined {
    const a = address.trim();
    if (a === '') return _('rule.required');
    if (!looksLikeAddress(network.network, a)) return _('wallet.rule.address', { network: network.name });
    if (whitelist) {
      const entry = saved.find((e) => e.address.toLowerCase() === a.toLowerCase());
      if (!entry) return _('wallet.rule.whitelistOnly');
      if (entry.usableAt > serverNow()) return _('wallet.rule.cooling', { time: formatDateTime(entry.usableAt) });
    }
    return undefined;
  }

  /** What the form can tell before sending. */
  function check(): Errors {
    const out: Errors = {};
    const a = addressError();
    if (a) out.address = a;
    const rule = checkAmount(amount, network, available);
    if (rule) out.amount = amountText(rule);
    if (fundPassword === '') out.fundPassword = _('rule.required');
    if (limits.totpRequired && !isCompleteCode(totpCode)) out.totpCode = _('twofactor.totp.codeRule');
    return out;
  }

  // An amount's rules show as soon as one is typed (the rest after a submit), so "below the minimum" is not a surprise.
  const liveAmount = amount.trim() !== '' && !errors.amount ? checkAmount(amount, network, available) : null;
  const amountError = errors.amount ?? (liveAmount && liveAmount.rule !== 'required' ? amountText(liveAmount) : undefined);
  const received = receivedFor(amount, network.withdrawFee);

  async function submit() {
    if (busy || blocked) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const canonical = canonicalAmount(amount);
    if (canonical === null) return;
    setBusy(true);
    setRefusal(null);
    try {
      const item = await requestWithdrawal(
        {
          asset: coin,
          network: network.network,
          address: address.trim(),
          amount: canonical,
          fundPassword,
          ...(limits.totpRequired ? { totpCode } : {}),
          clientId: clientId.current,
        },
        { notify: false },
      );
      pushNotice('success', _('wallet.withdraw.done', { amount: coinAmount(item.amount), coin: item.asset }));
      clientId.current = newClientId();
      setAmount('');
      setFundPassword('');
      setTotpCode('');
      setErrors({});
      onDone(item);
    } catch (error) {
      if (!isApiError(error)) {
        setRefusal(_('error.generic'));
      } else {
        const field = FIELD_OF[error.code];
        if (field) setErrors((e) => ({ ...e, [field]: error.msg || _('error.generic') }));
        else setRefusal(error.msg || _('error.generic'));
        if (error.code === 'wallet.security.locked' || error.code === 'security.withdrawal.locked' || error.code === 'wallet.identity.required') onStale();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      id={formId}
      className={s.steps}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Step n={3} title={_('wallet.step.address')} testId="step-address">
        <TextField
          label={_('wallet.field.address', { network: network.name })}
          name="address"
          autoComplete="off"
          spellCheck={false}
          placeholder={ADDRESS_HINT[network.network]}
          value={address}
          onChange={(e) => edit('address', setAddress)(e.target.value)}
          onBlur={() => address.trim() !== '' && setErrors((e) => ({ ...e, address: addressError() }))}
          error={errors.address}
          hint={whitelist ? _('wallet.field.addressWhitelist') : undefined}
          data-testid="withdraw-address"
        />
        {saved.length > 0 ? (
          <SelectField
            label={_('wallet.field.fromBook')}
            name="book"
            value={saved.find((e) => e.address === address.trim())?.id ?? ''}
            onChange={(e) => {
              const entry = saved.find((x) => String(x.id) === e.target.value);
              if (entry) edit('address', setAddress)(entry.address);
            }}
            data-testid="withdraw-book"
          >
            <option value="">{_('wallet.field.fromBookPick')}</option>
            {saved.map((e) => (
              <option key={e.id} value={e.id}>
                {`${e.label} · ${e.address.slice(0, 10)}…${e.address.slice(-6)}`}
              </option>
            ))}
          </SelectField>
        ) : null}
      </Step>

      <Step n={4} title={_('wallet.step.amount')} testId="step-amount">
        <TextField
          label={_('common.col.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={_('wallet.field.amountPlaceholder', { min: coinAmount(network.withdrawMin) })}
          value={amount}
          onChange={(e) => edit('amount', setAmount)(e.target.value)}
          error={amountError}
          data-testid="withdraw-amount"
          addon={
            <span className={s.addon}>
              <span>{coin}</span>
              <button
                type="button"
                className={s.maxButton}
                disabled={available === null || available <= 0n}
                data-testid="withdraw-max"
                onClick={() => available !== null && edit('amount', setAmount)(maxAmount(available, network.withdrawDecimals))}
              >
                {_('wallet.field.max')}
              </button>
            </span>
          }
        />
        <div className={s.availableLine}>
          <span>
            {_('assets.col.available')}:{' '}
            <span className={s.strong} data-testid="withdraw-available">
              {available === null ? '--' : `${coinAmount(minorText(available))} ${coin}`}
            </span>
          </span>
          <span>
            {_('wallet.field.minWithdraw')}: <span className={s.strong}>{`${coinAmount(network.withdrawMin)} ${coin}`}</span>
          </span>
        </div>
        <div className={s.summary}>
          <div className={s.summaryItem}>
            <span className={s.label}>{_('wallet.field.fee')}</span>
            <span className={s.summaryValue} data-testid="withdraw-fee">{`${coinAmount(network.withdrawFee)} ${coin}`}</span>
          </div>
          <div className={s.summaryItem}>
            <span className={s.label}>{_('wallet.field.receive')}</span>
            <span className={s.receiveValue} data-testid="withdraw-receive">
              {received === null ? '--' : `${coinAmount(received)} ${coin}`}
            </span>
          </div>
          <div className={s.summaryItem}>
            <span className={s.label}>{_('wallet.limit.remaining')}</span>
            <span className={s.summaryValue}>{`${coinAmount(limits.remaining)} USDT`}</span>
          </div>
        </div>
      </Step>

      <Step n={5} title={_('wallet.step.verify')} testId="step-verify">
        <div className={s.pair}>
          <TextField
            label={_('user.security.fundPassword')}
            name="fundPassword"
            type="password"
            autoComplete="off"
            value={fundPassword}
            onChange={(e) => edit('fundPassword', setFundPassword)(e.target.value)}
            error={errors.fundPassword}
            data-testid="withdraw-fund-password"
          />
          {limits.totpRequired ? (
            <CodeInput label={_('twofactor.totp.code')} value={totpCode} onChange={edit('totpCode', setTotpCode)} error={errors.totpCode} testId="withdraw-totp" />
          ) : null}
        </div>
        {refusal ? (
          <p className={s.refusal} role="alert" data-testid="withdraw-refusal">
            {refusal}
          </p>
        ) : null}
        <div className={s.actions}>
          <Button type="submit" disabled={busy || blocked} data-testid="withdraw-submit">
            {busy ? _('common.loading') : _('withdraw.submit')}
          </Button>
        </div>
      </Step>
    </form>
  );
}
