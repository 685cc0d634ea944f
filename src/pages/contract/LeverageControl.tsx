// Margin type and leverage of one market, above the order form: cross / isolated switch (refused by the server
// while a position or an order is open, its reason shown), and the leverage, changed in a dialog with a slider from
// 1 to the market's maximum that shows the largest position the chosen leverage allows (the brackets).
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../api/index.ts';
import { setContractLeverage, setContractMarginType } from '../../api/contract.ts';
import { perpMath, type ContractMarketItem, type MarginType } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pushNotice, useSignedIn } from '../../state/index.ts';
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

export function LeverageControl({ symbol, market, leverage, marginType }: { symbol: string; market: ContractMarketItem | null; leverage: number; marginType: MarginType }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const [editing, setEditing] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = market?.maxLeverage ?? 1;

  async function run(action: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true);
    setRefusal(null);
    try {
      await action();
      pushNotice('success', done);
      return true;
    } catch (err) {
      const msg = isApiError(err) && err.msg ? err.msg : _('error.generic');
      setRefusal(msg);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const cap = editing !== null && market ? maxNotionalText(market, editing) : null;
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
              onClick={() => void run(() => setContractMarginType({ symbol, marginType: t }, { notify: false }), _('perp.marginType.changed'))}
            >
              {_(t === 'cross' ? 'perp.marginType.cross' : 'perp.marginType.isolated')}
            </button>
          ))}
        </span>
        <button type="button" className={s.chipOn} data-testid="leverage" disabled={!signedIn || !market} onClick={() => (setRefusal(null), setEditing(leverage))}>
          {`${leverage}×`}
        </button>
      </div>
      {refusal && editing === null ? (
        <p className={s.error} data-testid="margin-type-refusal">
          {refusal}
        </p>
      ) : null}
      {editing !== null ? (
        <Modal
          title={_('perp.leverage.title')}
          onClose={() => setEditing(null)}
          testId="leverage-dialog"
          actions={
            <>
              <Button variant="secondary" onClick={() => setEditing(null)}>
                {_('common.cancel')}
              </Button>
              <Button
                disabled={busy}
                data-testid="leverage-confirm"
                onClick={() =>
                  void run(() => setContractLeverage({ symbol, leverage: editing }, { notify: false }), _('perp.leverage.changed', { leverage: String(editing) })).then((ok) => {
                    if (ok) setEditing(null);
                  })
                }
              >
                {_('common.submit')}
              </Button>
            </>
          }
        >
          <div className={s.form}>
            <label className={s.field}>
              <input
                className={s.input}
                type="number"
                min={1}
                max={max}
                step={1}
                name="leverage"
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
      ) : null}
    </>
  );
}
