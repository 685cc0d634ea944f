// The transfer dialog (spec §1 "transfers between accounts"): from and to over the five accounts with a swap button,
// the coin, the amount with "All", the from-account's available balance (live, from the balances stream), the
// spec's refusals under their fields before anything is sent, and the server's own message when it refuses.
// After a transfer the balances stream moves both accounts; the dialog closes with a notice.
import { useId, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../../api/index.ts';
import { transferAsset } from '../../../api/assets.ts';
import { ACCOUNT_TYPES, type AccountType, type TransferItem } from '../../../contract.ts';
import { formatDecimal } from '../../../format/decimal.ts';
import { RULE_MESSAGES } from '../../../i18n/rules.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { holdingOf, minorText } from '../asset-values.ts';
import { ACCOUNT_LABELS } from '../assets.ts';
import { useStreamHoldings, useTransferAssets } from '../useWallet.ts';
import { checkTransfer, otherAccount, transferRequest, type TransferInput } from './transfer-rules.ts';
import * as s from './transfer.css.ts';

export interface TransferPreset {
  asset?: string;
  from?: AccountType;
  to?: AccountType;
}

interface Props {
  preset: TransferPreset;
  onClose(): void;
  onDone?(transfer: TransferItem): void;
}

const newClientId = (): string => `web-${crypto.randomUUID()}`;

function initialInput(preset: TransferPreset): TransferInput {
  const from = preset.from ?? 'coin';
  const to = preset.to ?? otherAccount(from, from === 'coin' ? 'contract' : 'coin');
  return { from, to, asset: preset.asset ?? 'USDT', amount: '' };
}

export function TransferDialog({ preset, onClose, onDone }: Props) {
  const { _ } = useLingui();
  const [input, setInput] = useState<TransferInput>(() => initialInput(preset));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One id per attempt: a retry after a timeout answers the first transfer; any edit starts a new attempt.
  const clientId = useRef(newClientId());
  const amountRef = useRef<HTMLInputElement>(null);
  const focusAmount = () => amountRef.current?.focus();
  const formId = useId();

  const holdings = useStreamHoldings();
  const assets = useTransferAssets(holdings);
  const available = holdings ? holdingOf(holdings, input.from, input.asset).available : null;
  const error = checkTransfer(input, available);
  // The account clash shows at once; amount rules once typed into (all of them after a submit).
  const shown = error && (submitted || error.field === 'to' || (error.field === 'amount' && input.amount.trim() !== '')) ? error : null;
  const message = (field: 'to' | 'asset' | 'amount') => (shown?.field === field ? _(RULE_MESSAGES[shown.rule].id) : undefined);

  const assetOptions = useMemo(() => (assets.includes(input.asset) ? assets : [...assets, input.asset].sort()), [assets, input.asset]);

  const edit = (patch: Partial<TransferInput>) => {
    clientId.current = newClientId();
    setRefusal(null);
    setInput((held) => ({ ...held, ...patch }));
  };

  const submit = async () => {
    if (busy) return;
    setSubmitted(true);
    if (error) {
      if (error.field === 'amount') focusAmount();
      return;
    }
    const req = transferRequest(input, clientId.current);
    if (!req) return;
    setBusy(true);
    setRefusal(null);
    try {
      const done = await transferAsset(req, { notify: false });
      pushNotice('success', _('transfer.done', { amount: formatDecimal(done.amount, 8), asset: done.asset, from: _(ACCOUNT_LABELS[done.from]), to: _(ACCOUNT_LABELS[done.to]) }));
      onDone?.(done);
      onClose();
    } catch (e) {
      setRefusal(isApiError(e) && e.msg ? e.msg : _('error.generic'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={_('transfer.title')}
      onClose={busy ? undefined : onClose}
      testId="transfer-dialog"
      initialFocus={amountRef}
      actions={
        <div className={s.tabsBar}>
          <Button variant="secondary" onClick={onClose} disabled={busy} data-testid="transfer-cancel">
            {_('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy} data-testid="transfer-submit">
            {busy ? _('common.loading') : _('transfer.submit')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={s.accounts}>
          <SelectField
            label={_('transfer.from')}
            value={input.from}
            data-testid="transfer-from"
            onChange={(e) => edit({ from: e.target.value as AccountType })}
          >
            {ACCOUNT_TYPES.map((a) => (
              <option key={a} value={a}>
                {_(ACCOUNT_LABELS[a])}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            className={s.swap}
            aria-label={_('transfer.swap')}
            title={_('transfer.swap')}
            data-testid="transfer-swap"
            onClick={() => edit({ from: input.to, to: input.from })}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
              <path d="M7 4v16m0 0-4-4m4 4 4-4M17 20V4m0 0-4 4m4-4 4 4" />
            </svg>
          </button>
          <SelectField
            label={_('transfer.to')}
            value={input.to}
            data-testid="transfer-to"
            aria-invalid={shown?.field === 'to' ? true : undefined}
            onChange={(e) => edit({ to: e.target.value as AccountType })}
          >
            {ACCOUNT_TYPES.map((a) => (
              <option key={a} value={a}>
                {_(ACCOUNT_LABELS[a])}
              </option>
            ))}
          </SelectField>
        </div>
        {message('to') ? (
          <span className={s.failure} role="alert" data-testid="field-error">
            {message('to')}
          </span>
        ) : null}
        <SelectField label={_('transfer.asset')} value={input.asset} data-testid="transfer-asset" error={message('asset')} onChange={(e) => edit({ asset: e.target.value })}>
          {assetOptions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <TextField
          label={_('transfer.amount')}
          ref={amountRef}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00000000"
          value={input.amount}
          data-testid="transfer-amount"
          error={message('amount')}
          onChange={(e) => edit({ amount: e.target.value })}
          addon={
            <>
              <span className={s.unit}>{input.asset}</span>
              <Button
                size="sm"
                variant="secondary"
                data-testid="transfer-all"
                disabled={available === null}
                onClick={() => available !== null && edit({ amount: minorText(available) })}
              >
                {_('transfer.all')}
              </Button>
            </>
          }
        />
        <div className={s.available}>
          <span>{_('transfer.available')}</span>
          <span className={s.availableValue} data-testid="transfer-available">
            {available === null ? '--' : `${formatDecimal(minorText(available), 8)} ${input.asset}`}
          </span>
        </div>
        {refusal ? (
          <p className={s.failure} role="alert" data-testid="transfer-error">
            {refusal}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
