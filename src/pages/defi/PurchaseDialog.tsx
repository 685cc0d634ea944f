// The purchase of a wealth product, or a mining pool's "mining confirm" (spec §1): the amount with Max (what the user
// may still buy, within the wealth account's available balance), the spec's checks with their messages before
// anything is sent (not empty, more than 0, at least the minimum, at most the maximum, within the balance), the
// expected income by the formula the server pays by (previewPurchase) and the schedule (order time now, earning from
// 00:00 GMT+8 the next day, the first payout, maturity and when the principal comes back), and a plain note that the
// rate is the operator's promise paid from its treasury. A short balance links to the transfer dialog (into the
// wealth account). The server checks everything again; its refusal is shown in the user's language.
import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useBalances } from '../../../streams/index.ts';
import type { EarnOrderItem, EarnProductItem } from '../../contract.ts';
import { isApiError } from '../../api/index.ts';
import { pushNotice } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useTransferDialog } from '../user/transfer/useTransferDialog.tsx';
import { purchaseEarn } from './earn-api.ts';
import { maxAmountOf, previewOf, REBATE_LABELS, RELEASE_LABELS, validatePurchase, type PurchaseError } from './earn-form.ts';
import { amountText, CoinBadge, compactAmount, formatMinute, percent, useEarnNow } from './earn-ui.tsx';
import * as s from './defi.css.ts';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/** The text of a form error in the active language. */
export function purchaseErrorText(_: Translate, e: PurchaseError, asset: string): string {
  switch (e.code) {
    case 'product.closed':
      return _('defi.error.closed');
    case 'product.soldOut':
      return _('defi.error.soldOut');
    case 'product.unfunded':
      return _('defi.error.unfunded');
    case 'amount.empty':
      return _('defi.error.empty');
    case 'amount.format':
      return _('defi.error.format');
    case 'amount.zero':
      return _('defi.error.zero');
    case 'amount.below.min':
      return _('defi.error.belowMin', { min: compactAmount(e.min), asset });
    case 'amount.above.max':
      return _('defi.error.aboveMax', { max: compactAmount(e.max), asset });
    case 'balance.insufficient':
      return _('defi.error.balance', { available: amountText(e.available), asset });
  }
}

const newClientId = (): string => `web-${crypto.randomUUID()}`;

interface Props {
  product: EarnProductItem;
  onClose(): void;
  onDone(order: EarnOrderItem): void;
}

export function PurchaseDialog({ product, onClose, onDone }: Props) {
  const { _ } = useLingui();
  const mining = product.kind === 'mining';
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One id per attempt: a retry after a lost reply answers the first order; any edit starts a new attempt.
  const clientId = useRef(newClientId());
  const now = useEarnNow(1_000);
  const transfer = useTransferDialog();

  const balances = dataOf(useBalances());
  const available = balances ? (balances.find((b) => b.wallet === 'earn' && b.asset === product.asset)?.available ?? '0') : null;
  const error = validatePurchase({ amount, product, available });
  const shown = error && (submitted || amount.trim() !== '') ? error : null;
  const preview = previewOf(product, amount, now);
  const short = shown?.code === 'balance.insufficient' || available === '0';

  const edit = (next: string) => {
    clientId.current = newClientId();
    setRefusal(null);
    setAmount(next.replace(',', '.'));
  };

  const submit = async () => {
    if (busy) return;
    setSubmitted(true);
    if (error) return;
    setBusy(true);
    setRefusal(null);
    try {
      const result = await purchaseEarn(product.kind, { productId: product.id, amount: amount.trim(), clientId: clientId.current }, { notify: false });
      pushNotice('success', _(mining ? 'defi.mined' : 'defi.purchased', { name: product.name }));
      onDone(result.order);
    } catch (err) {
      setRefusal(isApiError(err) && err.msg ? err.msg : _('error.generic'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={_(mining ? 'defi.confirm.mining' : 'defi.confirm.wealth')}
      testId="earn-purchase"
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={onClose} data-testid="earn-purchase-cancel">
            {_('common.cancel')}
          </Button>
          <Button variant="primary" disabled={busy} onClick={() => void submit()} data-testid="earn-purchase-ok">
            {_(mining ? 'defi.confirm.mine' : 'defi.confirm.buy')}
          </Button>
        </>
      }
    >
      <form
        className={s.dialogBody}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className={s.product}>
          <CoinBadge asset={product.asset} />
          <div className={s.cardTitle}>
            <strong className={s.name} data-testid="earn-purchase-name">
              {product.name}
            </strong>
            <span className={s.sub}>
              {_('defi.termDays', { days: product.termDays })} · {_(mining ? 'defi.col.dailyRate' : 'defi.col.annualRate')}{' '}
              <span className={s.up}>{percent(mining ? product.dailyRate : product.annualRate)}</span>
              {mining ? ` · ${_('defi.col.monthlyRate')} ${percent(product.monthlyRate)}` : ''}
            </span>
          </div>
        </div>

        <div className={s.line}>
          <span>{_('defi.available')}</span>
          <span>
            <span className={s.mono} data-testid="earn-available">
              {available === null ? '--' : `${amountText(available)} ${product.asset}`}
            </span>{' '}
            <button
              type="button"
              className={s.linkButton}
              data-testid="earn-transfer-in"
              onClick={() => transfer.open({ asset: product.asset, from: 'coin', to: 'earn' })}
            >
              {_('defi.transferIn')}
            </button>
          </span>
        </div>

        <label className={s.amountBox} data-invalid={shown?.code.startsWith('amount') || shown?.code === 'balance.insufficient' || undefined}>
          <input
            className={s.amountInput}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            aria-label={_('defi.col.amount')}
            placeholder={_('defi.amount.placeholder', { min: compactAmount(product.minAmount) })}
            data-testid="earn-amount"
            value={amount}
            aria-invalid={shown ? true : undefined}
            onChange={(e) => edit(e.target.value)}
          />
          <span className={s.unit}>{product.asset}</span>
          <button type="button" className={s.linkButton} data-testid="earn-max" onClick={() => edit(maxAmountOf(product, available))}>
            {_('defi.max')}
          </button>
        </label>
        <div className={s.line}>
          <span>{_('defi.col.range')}</span>
          <span className={s.mono}>
            {compactAmount(product.minAmount)} – {compactAmount(product.maxAmount)} {product.asset}
          </span>
        </div>
        {product.held !== null && product.held !== '0' ? (
          <div className={s.line}>
            <span>{_('defi.col.held')}</span>
            <span className={s.mono}>
              {amountText(product.held)} {product.asset}
            </span>
          </div>
        ) : null}

        {shown ? (
          <p className={s.error} role="alert" data-testid="earn-error" data-code={shown.code}>
            {purchaseErrorText(_, shown, product.asset)}
          </p>
        ) : null}
        {short ? (
          <p className={s.shortNote}>
            {_('defi.short', { asset: product.asset })}{' '}
            <button type="button" className={s.linkButton} data-testid="earn-transfer-short" onClick={() => transfer.open({ asset: product.asset, from: 'coin', to: 'earn' })}>
              {_('defi.transferIn')}
            </button>
          </p>
        ) : null}
        {refusal ? (
          <p className={s.error} role="alert" data-testid="earn-refusal">
            {refusal}
          </p>
        ) : null}

        <div className={s.line}>
          <span>{_('defi.col.expectedIncome')}</span>
          <span>
            <span className={s.income} data-testid="earn-expected">
              {preview ? `+${amountText(preview.totalIncome)}` : '--'}
            </span>{' '}
            <span className={s.unit}>{product.incomeAsset}</span>
          </span>
        </div>
        {preview && product.incomeRelease === 'daily' && preview.periods > 1 ? (
          <div className={s.line}>
            <span>{_('defi.perDay')}</span>
            <span className={s.mono} data-testid="earn-per-day">
              ≈ {amountText(preview.firstIncome)} {product.incomeAsset}
            </span>
          </div>
        ) : null}
        <div className={s.line}>
          <span>
            {_('defi.col.release')} / {_('defi.col.rebate')}
          </span>
          <span>
            {_(RELEASE_LABELS[product.incomeRelease])} / {_(REBATE_LABELS[product.rebateType])}
          </span>
        </div>

        <dl className={s.timeline} data-testid="earn-schedule">
          <dt className={s.factLabel}>{_('defi.schedule.order')}</dt>
          <dd className={s.factValue} data-testid="earn-schedule-order" data-at={preview?.orderAt ?? now}>
            {formatMinute(preview?.orderAt ?? now)}
          </dd>
          <dt className={s.factLabel}>{_(mining ? 'defi.schedule.miningStart' : 'defi.schedule.interestStart')}</dt>
          <dd className={s.factValue} data-testid="earn-schedule-start" data-at={preview?.startAt}>
            {preview ? formatMinute(preview.startAt) : '--'}
          </dd>
          <dt className={s.factLabel}>{_('defi.schedule.firstPayout')}</dt>
          <dd className={s.factValue} data-testid="earn-schedule-first" data-at={preview?.firstPayoutAt}>
            {preview ? formatMinute(preview.firstPayoutAt) : '--'}
          </dd>
          <dt className={s.factLabel}>{_('defi.schedule.maturity')}</dt>
          <dd className={s.factValue} data-testid="earn-schedule-end" data-at={preview?.endAt}>
            {preview ? formatMinute(preview.endAt) : '--'}
          </dd>
          <dt className={s.factLabel}>{_('defi.schedule.return')}</dt>
          <dd className={s.factValue} data-testid="earn-schedule-return" data-at={preview?.returnAt}>
            {preview ? formatMinute(preview.returnAt) : '--'}
          </dd>
        </dl>
        <p className={s.notice} data-testid="earn-promise">
          {_(mining ? 'defi.promise.mining' : 'defi.promise.wealth')}
        </p>
      </form>
    </Modal>
  );
}
