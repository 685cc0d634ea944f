// The perpetual order form (spec: contract trading): open long / open short; limit, market, stop-limit and
// stop-market; leverage up to the market's bracket maximum and cross / isolated margin; size in lots (the contract
// multiplier shown) or in USDT; optional take-profit and stop-loss checked as typed; reduce-only and post-only.
// Before submit it shows the cost (initial margin + fee), the estimated liquidation price and the contract
// account's available balance with a transfer link. Figures come from contract-form.ts (the engine's formulas).
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import {
  dataOf, useContractAccount, useContractMark, useContractMarkets, useContractPosition, useContractPositions, useContractSettings, usePerpOrderBook,
} from '../../../streams/index.ts';
import { isApiError } from '../../api/index.ts';
import { placeContractConditional, placeContractOrder, setContractTpSl } from '../../api/contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pushNotice, useSignedIn } from '../../state/index.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { SpotPanel } from '../spot/SpotPanel.tsx';
import { baseAsset } from '../quotation/market-rows.ts';
import { minorText } from '../user/asset-values.ts';
import {
  attachedExits, checkTpSl, signedMinor, conditionalRequest, CONTRACT_FORM_KINDS, estimate, orderRequest, validateContractOrder,
  type ContractFormContext, type ContractFormInput, type ContractFormKind, type FormError, type FormField, type SizeUnit,
} from './contract-form.ts';
import { LeverageControl } from './LeverageControl.tsx';
import * as s from '../spot/spot.css.ts';

const KIND_LABELS: Record<ContractFormKind, string> = {
  limit: 'trade.type.limit',
  market: 'trade.type.market',
  stopLimit: 'perp.type.stopLimit',
  stopMarket: 'perp.type.stopMarket',
};
const EMPTY = { price: '', trigger: '', size: '', takeProfit: '', stopLoss: '' };

function NumberField({ name, label, unit, value, onChange, error }: { name: FormField; label: string; unit?: string; value: string; onChange(v: string): void; error: boolean }) {
  return (
    <label className={s.field} data-invalid={error || undefined}>
      <span className={s.muted}>{label}</span>
      <input className={s.input} name={name} inputMode="decimal" autoComplete="off" value={value} aria-invalid={error} onChange={(e) => onChange(e.target.value.replace(',', '.'))} />
      {unit ? <span className={s.muted}>{unit}</span> : null}
    </label>
  );
}

const money = (v: bigint | null, decimals = 2): string => (v === null ? '--' : formatDecimal(minorText(v), decimals));

export function ContractOrderForm({ symbol, picked, onTransfer }: { symbol: string; picked: { price: string; at: number } | null; onTransfer(): void }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const href = useLocation({ select: (l) => l.href });
  const market = dataOf(useContractMarkets())?.get(symbol) ?? null;
  const mark = dataOf(useContractMark(symbol));
  const settings = useContractSettings(symbol);
  const account = dataOf(useContractAccount());
  const position = useContractPosition(symbol);
  const positions = dataOf(useContractPositions());
  const book = dataOf(usePerpOrderBook(symbol, null, 1));
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [kind, setKind] = useState<ContractFormKind>('limit');
  const [unit, setUnit] = useState<SizeUnit>('lots');
  const [fields, setFields] = useState(EMPTY);
  const [reduceOnly, setReduceOnly] = useState(false);
  const [postOnly, setPostOnly] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => setFields(EMPTY), [symbol]);
  useEffect(() => {
    if (picked) setFields((f) => ({ ...f, price: picked.price }));
  }, [picked]);

  const input: ContractFormInput = { side, kind, unit, reduceOnly, postOnly: postOnly && kind === 'limit', ...fields };
  const leverage = settings?.leverage ?? market?.defaultLeverage ?? 1;
  const marginType = settings?.marginType ?? 'cross';
  const ctx: ContractFormContext | null = useMemo(() => {
    if (!market) return null;
    let otherMaintenance = 0n;
    let otherUpnl = 0n;
    for (const p of (positions ?? []).filter((x) => x.symbol !== symbol && x.marginType === 'cross')) {
      otherMaintenance += signedMinor(p.maintenanceMargin) ?? 0n;
      otherUpnl += signedMinor(p.unrealizedPnl) ?? 0n;
    }
    return {
      market,
      leverage,
      marginType,
      mark: mark?.markPrice ?? market.markPrice,
      bid: book?.bids[0]?.[0] ?? null,
      ask: book?.asks[0]?.[0] ?? null,
      available: account?.available ?? null,
      crossWallet: account?.crossWalletBalance ?? null,
      otherMaintenance: minorText(otherMaintenance),
      otherUpnl: minorText(otherUpnl),
      position: position ? { size: position.direction === 'short' ? `-${position.quantity}` : position.quantity, entryNotional: position.entryNotional, margin: position.margin } : null,
    };
  }, [market, leverage, marginType, mark, book, account, position, positions, symbol]);

  const est = ctx ? estimate(input, ctx) : null;
  // TP / SL are checked as they are typed, the rest on submit.
  const live = ctx ? checkTpSl(input, ctx) : null;
  const shown = error ?? live;

  const edit = (field: FormField, value: string) => {
    setError(null);
    setRefusal(null);
    setFields((f) => ({ ...f, [field]: value }));
  };

  async function submit(e: FormEvent, chosen: 'buy' | 'sell') {
    e.preventDefault();
    setSide(chosen);
    if (!ctx) return;
    const order = { ...input, side: chosen };
    const found = validateContractOrder(order, ctx);
    setError(found);
    setRefusal(null);
    if (found) return;
    const sized = estimate(order, ctx);
    setBusy(true);
    try {
      if (order.kind === 'stopLimit' || order.kind === 'stopMarket') {
        await placeContractConditional(conditionalRequest(order, symbol, sized), { notify: false });
        for (const exit of attachedExits(order, symbol, sized)) await placeContractConditional(exit, { notify: false });
        pushNotice('success', _('perp.conditional.placed'));
      } else {
        const reply = await placeContractOrder(orderRequest(order, symbol, sized), { notify: false });
        const exits = attachedExits(order, symbol, sized);
        if (exits.length > 0) {
          // Filled at once: the exits become the position's own take-profit and stop-loss; resting: they wait as
          // reduce-only conditional orders of the order's quantity.
          if (reply.order.status === 'completed') {
            await setContractTpSl(
              { symbol, ...(order.takeProfit.trim() ? { takeProfit: order.takeProfit.trim() } : {}), ...(order.stopLoss.trim() ? { stopLoss: order.stopLoss.trim() } : {}) },
              { notify: false },
            );
          } else {
            for (const exit of exits) await placeContractConditional(exit, { notify: false });
          }
        }
        pushNotice('success', _('perp.order.placed'));
      }
      setFields((f) => ({ ...EMPTY, price: f.price }));
    } catch (err) {
      setRefusal(isApiError(err) && err.msg ? err.msg : _('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  const base = baseAsset(symbol);
  const usesPrice = kind === 'limit' || kind === 'stopLimit';
  const usesTrigger = kind === 'stopLimit' || kind === 'stopMarket';
  const closed = market !== null && (market.isOpen !== 0 || market.maintenance);
  return (
    <SpotPanel area="entry" title={_('trade.entry.title')} testId="contract-order-form">
      <form className={s.form} onSubmit={(e) => void submit(e, side)} noValidate>
        <LeverageControl symbol={symbol} market={market} leverage={leverage} marginType={marginType} />
        <div className={s.chips} role="group">
          {CONTRACT_FORM_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              className={kind === k ? s.chipOn : s.chip}
              aria-pressed={kind === k}
              data-testid={`kind-${k}`}
              onClick={() => {
                setKind(k);
                setError(null);
                setRefusal(null);
              }}
            >
              {_(KIND_LABELS[k])}
            </button>
          ))}
        </div>
        {usesTrigger ? <NumberField name="trigger" label={_('perp.field.trigger')} unit="USDT" value={fields.trigger} onChange={(v) => edit('trigger', v)} error={shown?.field === 'trigger'} /> : null}
        {usesPrice ? <NumberField name="price" label={_('trade.field.price')} unit="USDT" value={fields.price} onChange={(v) => edit('price', v)} error={shown?.field === 'price'} /> : null}
        <NumberField name="size" label={_('perp.field.size')} value={fields.size} onChange={(v) => edit('size', v)} error={shown?.field === 'size'} />
        <div className={s.line}>
          <span className={s.chips}>
            {(['lots', 'usdt'] as const).map((u) => (
              <button key={u} type="button" className={unit === u ? s.chipOn : s.chip} aria-pressed={unit === u} data-testid={`unit-${u}`} onClick={() => (setUnit(u), edit('size', ''))}>
                {u === 'lots' ? _('perp.unit.lots') : 'USDT'}
              </button>
            ))}
          </span>
          <span className={s.mono} data-testid="multiplier">
            {market ? _('perp.multiplier', { multiplier: market.multiplier, base }) : '--'}
          </span>
        </div>
        {est && unit === 'usdt' && est.lots > 0n ? (
          <div className={s.line}>
            <span>{_('contract.col.lots')}</span>
            <span className={s.mono}>{`${est.lots} = ${minorText(est.qty)} ${base}`}</span>
          </div>
        ) : null}
        {!reduceOnly ? (
          <>
            <NumberField name="takeProfit" label={_('contract.col.takeProfit')} unit="USDT" value={fields.takeProfit} onChange={(v) => edit('takeProfit', v)} error={shown?.field === 'takeProfit'} />
            <NumberField name="stopLoss" label={_('contract.col.stopLoss')} unit="USDT" value={fields.stopLoss} onChange={(v) => edit('stopLoss', v)} error={shown?.field === 'stopLoss'} />
          </>
        ) : null}
        <div className={s.chips}>
          <label className={s.chip}>
            <input type="checkbox" checked={reduceOnly} data-testid="reduce-only" onChange={(e) => setReduceOnly(e.target.checked)} /> {_('perp.reduceOnly')}
          </label>
          {kind === 'limit' ? (
            <label className={s.chip}>
              <input type="checkbox" checked={postOnly} data-testid="post-only" onChange={(e) => setPostOnly(e.target.checked)} /> {_('perp.postOnly')}
            </label>
          ) : null}
        </div>
        <div className={s.line}>
          <span>{_('perp.cost')}</span>
          <span className={s.mono} data-testid="order-cost" title={est?.margin !== null && est?.fee !== null && est ? _('perp.costParts', { margin: money(est.margin), fee: money(est.fee, 4) }) : undefined}>
            {est?.cost !== null && est && est.lots > 0n ? `${money(est.cost)} USDT` : '--'}
          </span>
        </div>
        <div className={s.line}>
          <span>{_('perp.estLiquidation')}</span>
          <span className={s.mono} data-testid="est-liquidation">
            {est && est.lots > 0n && est.liquidationPrice !== null ? money(est.liquidationPrice) : '--'}
          </span>
        </div>
        <div className={s.line}>
          <span>{_('transfer.available')}</span>
          <span className={s.mono}>
            <span data-testid="form-available">{account ? `${formatDecimal(account.available, 2)} USDT` : '--'}</span>{' '}
            {signedIn ? (
              <button type="button" className={s.link} data-testid="open-transfer" onClick={onTransfer}>
                {_('assets.transfer')}
              </button>
            ) : null}
          </span>
        </div>
        {closed ? <p className={s.error} data-testid="market-closed">{_('perp.marketClosed')}</p> : null}
        {shown ? <p className={s.error} data-testid="order-error">{_(shown.id)}</p> : null}
        {refusal ? <p className={s.error} data-testid="order-refusal">{refusal}</p> : null}
        {signedIn ? (
          <div className={s.sideTabs}>
            <Button type="button" variant="up" disabled={busy || closed || !ctx} data-testid="open-long" onClick={(e) => void submit(e, 'buy')}>
              {_(reduceOnly ? 'perp.closeShort' : 'contract.openLong')}
            </Button>
            <Button type="button" variant="down" disabled={busy || closed || !ctx} data-testid="open-short" onClick={(e) => void submit(e, 'sell')}>
              {_(reduceOnly ? 'perp.closeLong' : 'contract.openShort')}
            </Button>
          </div>
        ) : (
          <Link to="/login" search={{ statusType: 0, redirect: href }} className={buttonClass('primary', 'md', true)} data-testid="login-to-trade">
            {_('trade.loginToTrade')}
          </Link>
        )}
      </form>
    </SpotPanel>
  );
}

