// Address management (spec §1 "withdrawal with address management"): the saved withdrawal addresses with their
// labels, coin and network (a new one under the whitelist says from when it can be used), each removable after a
// question; and a form to save one more with a label. The address is checked as on the withdrawal form before it
// is sent; the server's refusals (taken, book full, bad label or address) show under their field.
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { AddressBookEntry, WalletAsset, WalletNetworkId } from '../../../contract.ts';
import { serverNow } from '../../../../streams/index.ts';
import { isApiError } from '../../../api/index.ts';
import { formatDateTime } from '../../../format/date.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { addAddress, removeAddress } from './wallet-api.ts';
import { ADDRESS_HINT, looksLikeAddress } from './wallet-rules.ts';
import * as s from './wallet.css.ts';

/** The server's limit on a label, in characters (wallet.label.invalid beyond it; server/wallet/rules.ts). */
export const LABEL_MAX = 40;

type Field = 'label' | 'address';
const FIELD_OF: Readonly<Record<string, Field>> = {
  'wallet.label.invalid': 'label',
  'wallet.address.invalid': 'address',
  'wallet.address.book.duplicate': 'address',
};

interface Props {
  assets: readonly WalletAsset[];
  book: readonly AddressBookEntry[];
  coin: string;
  network: WalletNetworkId | null;
  onClose(): void;
  onChanged(): void;
}

export function AddressBookDialog({ assets, book, coin: initialCoin, network: initialNetwork, onClose, onChanged }: Props) {
  const { _ } = useLingui();
  const formId = useId();
  const withdrawable = assets.filter((a) => a.networks.some((n) => n.withdrawEnabled));
  const [coin, setCoin] = useState(withdrawable.some((a) => a.asset === initialCoin) ? initialCoin : (withdrawable[0]?.asset ?? ''));
  const networks = withdrawable.find((a) => a.asset === coin)?.networks.filter((n) => n.withdrawEnabled) ?? [];
  const [networkId, setNetworkId] = useState<WalletNetworkId | null>(initialNetwork);
  const network = networks.find((n) => n.network === networkId) ?? networks[0] ?? null;
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<AddressBookEntry | null>(null);
  const now = serverNow();

  const edit = (field: Field, set: (v: string) => void) => (value: string) => {
    set(value);
    setErrors((e) => ({ ...e, [field]: undefined }));
    setRefusal(null);
  };

  async function add() {
    if (busy || !network) return;
    const found: Partial<Record<Field, string>> = {};
    const name = label.trim();
    if (name === '') found.label = _('rule.required');
    else if ([...name].length > LABEL_MAX) found.label = _('wallet.rule.label', { max: LABEL_MAX });
    const a = address.trim();
    if (a === '') found.address = _('rule.required');
    else if (!looksLikeAddress(network.network, a)) found.address = _('wallet.rule.address', { network: network.name });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await addAddress({ asset: coin, network: network.network, address: a, label: name }, { notify: false });
      pushNotice('success', _('wallet.book.added'));
      setLabel('');
      setAddress('');
      onChanged();
    } catch (error) {
      const field = isApiError(error) ? FIELD_OF[error.code] : undefined;
      const text = isApiError(error) && error.msg ? error.msg : _('error.generic');
      if (field) setErrors((e) => ({ ...e, [field]: text }));
      else setRefusal(text);
    } finally {
      setBusy(false);
    }
  }

  const networkName = (e: AddressBookEntry) => assets.find((a) => a.asset === e.asset)?.networks.find((n) => n.network === e.network)?.name ?? e.network;

  return (
    <>
      <Modal
        title={_('withdraw.addresses')}
        onClose={busy ? undefined : onClose}
        testId="address-book-dialog"
        actions={
          <Button variant="secondary" onClick={onClose} disabled={busy} data-testid="address-book-close">
            {_('wallet.book.close')}
          </Button>
        }
      >
        <div className={s.dialogBody}>
          <h3 className={s.sectionTitle}>{_('wallet.book.saved', { count: book.length })}</h3>
          {book.length === 0 ? (
            <p className={s.sideText}>{_('wallet.book.empty')}</p>
          ) : (
            <div className={s.bookList} data-testid="address-book-list">
              {book.map((e) => (
                <div key={e.id} className={s.bookRow} data-testid="address-book-entry">
                  <div>
                    <div className={s.bookLabel}>
                      <span data-testid="address-book-label">{e.label}</span>
                      <span className={s.tag}>{`${e.asset} · ${networkName(e)}`}</span>
                      {e.usableAt > now ? <span className={s.tag}>{_('wallet.book.usableAt', { time: formatDateTime(e.usableAt) })}</span> : null}
                    </div>
                    <div className={s.bookAddress}>{e.address}</div>
                  </div>
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(e)} data-testid="address-book-remove">
                    {_('wallet.book.remove')}
                  </Button>
                </div>
              ))}
            </div>
          )}

          <h3 className={s.sectionTitle}>{_('wallet.book.add')}</h3>
          <form
            id={formId}
            className={s.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <div className={s.pair}>
              <SelectField label={_('assets.col.coin')} name="bookCoin" value={coin} onChange={(e) => (setCoin(e.target.value), setNetworkId(null))}>
                {withdrawable.map((a) => (
                  <option key={a.asset} value={a.asset}>
                    {a.asset}
                  </option>
                ))}
              </SelectField>
              <SelectField label={_('wallet.field.network')} name="bookNetwork" value={network?.network ?? ''} onChange={(e) => setNetworkId(e.target.value === 'BTC' ? 'BTC' : 'ETH')}>
                {networks.map((n) => (
                  <option key={n.network} value={n.network}>
                    {n.name}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextField
              label={_('wallet.book.label')}
              name="label"
              autoComplete="off"
              maxLength={LABEL_MAX + 8}
              value={label}
              onChange={(e) => edit('label', setLabel)(e.target.value)}
              error={errors.label}
              data-testid="address-book-new-label"
            />
            <TextField
              label={_('withdraw.col.address')}
              name="bookAddress"
              autoComplete="off"
              spellCheck={false}
              placeholder={network ? ADDRESS_HINT[network.network] : ''}
              value={address}
              onChange={(e) => edit('address', setAddress)(e.target.value)}
              error={errors.address}
              data-testid="address-book-new-address"
            />
            {refusal ? (
              <p className={s.refusal} role="alert">
                {refusal}
              </p>
            ) : null}
            <div className={s.actions}>
              <Button type="submit" disabled={busy || !network} data-testid="address-book-save">
                {busy ? _('common.loading') : _('wallet.book.save')}
              </Button>
            </div>
          </form>
        </div>
      </Modal>
      {removing ? (
        <ConfirmDialog
          title={_('wallet.book.removeTitle')}
          yes={_('wallet.book.remove')}
          no={_('common.cancel')}
          testId="address-book-remove"
          run={async () => {
            await removeAddress(removing.id);
            pushNotice('success', _('wallet.book.removed'));
            onChanged();
          }}
          onClose={() => setRemoving(null)}
        >
          {_('wallet.book.removeQuestion', { label: removing.label })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
