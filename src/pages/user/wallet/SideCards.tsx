// The column beside the withdrawal form: the daily limit (in USDT: the limit, used and remaining, with a bar), the
// whitelist switch (on at once; off only 24 hours after it is asked, and the card says when), the address book's
// count with the way to manage it, the API keys allowed to withdraw (only when the user has keys), and the rules.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import type { ApiKeyWithdrawal, WhitelistState, WithdrawLimits } from '../../../contract.ts';
import { formatDateTime } from '../../../format/date.ts';
import { Button } from '../../../ui/Button.tsx';
import { useLoadable } from '../../../ui/useLoadable.ts';
import { toMinor } from '../asset-values.ts';
import { useLastGood } from './hooks.ts';
import { coinAmount } from './pickers.tsx';
import { SecretsDialog } from './SecretsDialog.tsx';
import { fetchApiKeys, setApiKeyWithdraw, setWhitelist } from './wallet-api.ts';
import { shorten } from './wallet-rules.ts';
import * as s from './wallet.css.ts';

export function LimitCard({ limits }: { limits: WithdrawLimits }) {
  const { _ } = useLingui();
  const daily = toMinor(limits.daily) ?? 0n;
  const used = toMinor(limits.used) ?? 0n;
  const percent = daily > 0n ? Math.min(100, Number((used * 1000n) / daily) / 10) : 0;
  return (
    <div className={s.sideCard} data-testid="withdraw-limits">
      <h3 className={s.sideTitle}>{_('wallet.limit.title')}</h3>
      <div className={s.line}>
        <span className={s.lineLabel}>{_('wallet.limit.daily')}</span>
        <span className={s.lineValue} data-testid="limit-daily">{`${coinAmount(limits.daily)} USDT`}</span>
      </div>
      <div className={s.meter} role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={_('wallet.limit.used')}>
        <div className={s.meterFill} style={{ width: `${percent}%` }} />
      </div>
      <div className={s.line}>
        <span className={s.lineLabel}>{_('wallet.limit.used')}</span>
        <span className={s.lineValue} data-testid="limit-used">{`${coinAmount(limits.used)} USDT`}</span>
      </div>
      <div className={s.line}>
        <span className={s.lineLabel}>{_('wallet.limit.remaining')}</span>
        <span className={s.lineValue} data-testid="limit-remaining">{`${coinAmount(limits.remaining)} USDT`}</span>
      </div>
      <p className={s.sideText}>{_(limits.verified ? 'wallet.limit.raise' : 'wallet.limit.raiseVerify')}</p>
    </div>
  );
}

interface WhitelistProps {
  state: WhitelistState | null;
  limits: WithdrawLimits | null;
  onChanged(): void;
}

export function WhitelistCard({ state, limits, onChanged }: WhitelistProps) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const on = state?.enabled === true;
  const offAt = state?.offAt ?? null;
  // While a switch-off waits, the button keeps it on.
  const turnOn = !on || offAt !== null;
  return (
    <div className={s.sideCard} data-testid="whitelist-card">
      <div className={s.toggle}>
        <h3 className={s.sideTitle}>{_('wallet.whitelist.title')}</h3>
        <span className={on ? s.toggleState.on : s.toggleState.off} data-testid="whitelist-state" data-on={on}>
          {_(on ? 'wallet.whitelist.on' : 'wallet.whitelist.off')}
        </span>
      </div>
      <p className={s.sideText}>{_('wallet.whitelist.note')}</p>
      {offAt !== null ? (
        <p className={s.sideText} data-testid="whitelist-off-at">
          {_('wallet.whitelist.offAt', { time: formatDateTime(offAt) })}
        </p>
      ) : null}
      <div className={s.actions}>
        <Button size="sm" variant="secondary" disabled={state === null || !limits?.fundPasswordSet} onClick={() => setOpen(true)} data-testid="whitelist-toggle">
          {_(turnOn ? (on ? 'wallet.whitelist.keepOn' : 'wallet.whitelist.turnOn') : 'wallet.whitelist.turnOff')}
        </Button>
      </div>
      {open && limits ? (
        <SecretsDialog
          title={_(turnOn ? 'wallet.whitelist.onTitle' : 'wallet.whitelist.offTitle')}
          note={_(turnOn ? 'wallet.whitelist.onNote' : 'wallet.whitelist.offNote')}
          totpRequired={limits.totpRequired}
          testId="whitelist-dialog"
          send={(secrets) => setWhitelist({ enabled: turnOn, ...secrets }, { notify: false })}
          done={_(turnOn ? 'wallet.whitelist.turnedOn' : 'wallet.whitelist.turnedOff')}
          onClose={() => setOpen(false)}
          onDone={onChanged}
        />
      ) : null}
    </div>
  );
}

export function BookCard({ count, disabled, onManage }: { count: number; disabled: boolean; onManage(): void }) {
  const { _ } = useLingui();
  return (
    <div className={s.sideCard} data-testid="address-book-card">
      <h3 className={s.sideTitle}>{_('withdraw.addresses')}</h3>
      <p className={s.sideText} data-testid="address-book-count">{_('wallet.book.count', { count })}</p>
      <div className={s.actions}>
        <Button size="sm" variant="secondary" disabled={disabled} onClick={onManage} data-testid="address-book-open">
          {_('wallet.book.manage')}
        </Button>
      </div>
    </div>
  );
}

/** The user's API keys and whether each may withdraw; shown only to a user who has keys. */
export function ApiKeysCard({ limits }: { limits: WithdrawLimits | null }) {
  const { _ } = useLingui();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<ApiKeyWithdrawal | null>(null);
  const keys = useLastGood(useLoadable((signal) => fetchApiKeys({ signal, notify: false }), [version]));
  if (keys === null || keys.length === 0) return null;
  return (
    <div className={s.sideCard} data-testid="api-keys-card">
      <h3 className={s.sideTitle}>{_('wallet.apiKeys.title')}</h3>
      <p className={s.sideText}>{_('wallet.apiKeys.note')}</p>
      {keys.map((k) => (
        <div key={k.apiKey} className={s.line} data-testid="api-key-row" data-key={k.apiKey}>
          <span className={s.stack}>
            <span className={s.num} title={k.apiKey}>
              {shorten(k.apiKey, 6, 4)}
            </span>
            <span className={k.withdraw ? s.toggleState.on : s.toggleState.off} data-testid="api-key-state" data-on={k.withdraw}>
              {_(k.withdraw ? 'wallet.apiKeys.allowed' : 'wallet.apiKeys.notAllowed')}
            </span>
          </span>
          {k.ipRestricted || k.withdraw ? (
            <Button size="sm" variant="secondary" disabled={!limits?.fundPasswordSet} onClick={() => setEditing(k)} data-testid="api-key-toggle">
              {_(k.withdraw ? 'wallet.apiKeys.forbid' : 'wallet.apiKeys.allow')}
            </Button>
          ) : (
            <span className={s.reason}>{_('wallet.apiKeys.needsIp')}</span>
          )}
        </div>
      ))}
      {editing && limits ? (
        <SecretsDialog
          title={_(editing.withdraw ? 'wallet.apiKeys.forbidTitle' : 'wallet.apiKeys.allowTitle')}
          note={_(editing.withdraw ? 'wallet.apiKeys.forbidNote' : 'wallet.apiKeys.allowNote')}
          totpRequired={limits.totpRequired}
          testId="api-key-dialog"
          send={(secrets) => setApiKeyWithdraw({ apiKey: editing.apiKey, enabled: !editing.withdraw, ...secrets }, { notify: false })}
          done={_(editing.withdraw ? 'wallet.apiKeys.forbidden' : 'wallet.apiKeys.allowedDone')}
          onClose={() => setEditing(null)}
          onDone={() => setVersion((v) => v + 1)}
        />
      ) : null}
    </div>
  );
}

export function TipsCard() {
  const { _ } = useLingui();
  return (
    <div className={s.sideCard}>
      <h3 className={s.sideTitle}>{_('wallet.withdraw.tips')}</h3>
      <ul className={s.sideList}>
        <li>{_('wallet.withdraw.tip.address')}</li>
        <li>{_('wallet.withdraw.tip.review')}</li>
        <li>{_('withdraw.note')}</li>
      </ul>
    </div>
  );
}
