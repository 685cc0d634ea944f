// Margin type and leverage of one market, above the order form: cross / isolated switch (refused by the server
// while a position or an order is open, its reason shown), and the leverage, changed in a dialog with a slider from
// 1 to the market's maximum that shows the largest position the chosen leverage allows (the brackets). The dialog
// is opened through state/dialogs.ts, not kept in the control: the order form is remounted when the terminal re-lays
// itself out, and the dialog must stay open through that with the leverage chosen in it.
import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useContractMarkets } from '../../../streams/index.ts';
import { isApiError } from '../../api/index.ts';
import { setContractLeverage, setContractMarginType } from '../../api/contract.ts';
import { perpMath, type ContractMarketItem, type MarginType } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { openDialog, pushNotice, useSignedIn } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { minorText } from '../user/asset-values.ts';
import { bracketsOf } from './contract-form.ts';
import * as s from '../spot/spot.css.ts';

const TYPES: readonly MarginType[] = ['cross', 'isolated'];

/** The largest position notional a leverage allows in this market, as text; null when the brackets say none. */
export function maxNotionalText(market: ContractMarketItem, leverage: number): string | null {
  try {
    const cap = perpMath.maxNotionalFor(bracketsOf(market), leverage);
    return cap === undefined ? null : minorText(cap);
  } catch {
    return null;
  }
}

/** The server's refusal as the user's text. */
function refusalText(err: unknown, fallback: string): string {
  return isApiError(err) && err.msg ? err.msg : fallback;
}

export function LeverageControl({ symbol, market, leverage, marginType }: { symbol: string; market: ContractMarketItem | null; leverage: number; marginType: MarginType }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function changeMarginType(t: MarginType): Promise<void> {
    setBusy(true);
    setRefusal(null);
    try {
      await setContractMarginType({ symbol, marginType: t }, { notify: false });
      pushNotice('success', _('perp.marginType.changed'));
    } catch (err) {
      setRefusal(refusalText(err, _('error.generic')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className={s.line}>
        <span className={s.chips} role="group" aria-label={_('perp.marginType')}>
          {TYPES.map((t) => (
            <button
              key={t}
              type="button"
              className={marginType === t ? s.chipOn : s.chip}
              aria-pressed={marginType === t}
              data-testid={`margin-${t}`}
              disabled={!signedIn || busy || marginType === t}
              onClick={() => void changeMarginType(t)}
            >
              {_(t === 'cross' ? 'perp.marginType.cross' : 'perp.marginType.isolated')}
            </button>
          ))}
        </span>
        <button
          type="button"
          className={s.chipOn}
          data-testid="leverage"
          disabled={!signedIn || !market}
          onClick={(event) => {
            setRefusal(null);
            openDialog(`leverage:${symbol}`, (close) => <LeverageDialog symbol={symbol} leverage={leverage} onClose={close} />, event.currentTarget);
          }}
        >
          {`${leverage}×`}
        </button>
      </div>
      {refusal ? (
        <p className={s.error} data-testid="margin-type-refusal">
          {refusal}
        </p>
      ) : null}
    </>
  );
}

/** The leverage dialog of one market, starting at the leverage in force; the market's limits are followed live. */
export function LeverageDialog({ symbol, leverage, onClose }: { symbol: string; leverage: number; onClose(): void }) {
  const { _ } = useLingui();
  const market = dataOf(useContractMarkets())?.get(symbol) ?? null;
  const [editing, setEditing] = useState(leverage);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const max = market?.maxLeverage ?? 1;
  const cap = market ? maxNotionalText(market, editing) : null;

  async function submit(): Promise<void> {
    setBusy(true);
    setRefusal(null);
    try {
      await setContractLeverage({ symbol, leverage: editing }, { notify: false });
      pushNotice('success', _('perp.leverage.changed', { leverage: String(editing) }));
      onClose();
    } catch (err) {
      setRefusal(refusalText(err, _('error.generic')));
      setBusy(false);
    }
  }

  return (
    <Modal
      title={_('perp.leverage.title')}
      onClose={busy ? undefined : onClose}
      testId="leverage-dialog"
      initialFocus={inputRef}
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {_('common.cancel')}
          </Button>
          <Button disabled={busy} data-testid="leverage-confirm" onClick={() => void submit()}>
            {_('common.submit')}
          </Button>
        </>
      }
    >
      <div className={s.form}>
        <label className={s.field}>
          <input
            ref={inputRef}
            className={s.input}
            type="number"
            min={1}
            max={max}
            step={1}
            name="leverage"
            aria-label={_('perp.leverage.title')}
            value={editing}
            onChange={(e) => setEditing(Math.min(max, Math.max(1, Math.round(Number(e.target.value) || 1))))}
          />
          <span className={s.muted}>×</span>
        </label>
        <input type="range" min={1} max={max} step={1} value={editing} aria-label={_('perp.leverage.title')} onChange={(e) => setEditing(Number(e.target.value))} />
        <div className={s.line}>
          <span>{_('perp.leverage.maxPosition')}</span>
          <span className={s.mono} data-testid="leverage-max-notional">
            {cap === null ? '--' : `${formatDecimal(cap, 0)} USDT`}
          </span>
        </div>
        {refusal ? (
          <p className={s.error} data-testid="leverage-refusal">
            {refusal}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
