// The verification form (issue 21): name, document type and number, issuing country (named in the page's language),
// and the document's photos, each uploaded as soon as it is chosen. The form's rules show under their fields once
// the user tries to submit; the server's refusals show under the photo or field they are about, else above the
// buttons. A passport needs its photo page and a photo holding it; an ID card its front, back and the hand-held one.
import { useId, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../../api/index.ts';
import { submitIdentity } from '../../../api/identity.ts';
import { DOC_TYPES, REQUIRED_PHOTOS, type DocType, type PhotoKind } from '../../../contract.ts';
import { Button } from '../../../ui/Button.tsx';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { checkIdentity, countryOptions, type IdentityField, type IdentityInput } from './identity-rules.ts';
import { PhotoPicker } from './PhotoPicker.tsx';
import * as s from './identity.css.ts';

const DOC_LABELS: Readonly<Record<DocType, string>> = { idCard: 'identity.docType.idCard', passport: 'identity.docType.passport' };
export const PHOTO_LABELS: Readonly<Record<DocType, Readonly<Record<PhotoKind, string>>>> = {
  idCard: { front: 'identity.photo.front', back: 'identity.photo.back', hand: 'identity.photo.hand' },
  passport: { front: 'identity.photo.passportPage', back: 'identity.photo.back', hand: 'identity.photo.hand' },
};
/** Server refusals that belong under a field of the form. */
const FIELD_OF_CODE: Readonly<Record<string, IdentityField>> = {
  'identity.name.invalid': 'name',
  'identity.number.invalid': 'docNumber',
  'identity.country.invalid': 'country',
};

export function IdentityDialog({ onClose, onDone }: { onClose(): void; onDone(): void }) {
  const { _, i18n } = useLingui();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState<IdentityInput>({ name: '', docType: 'idCard', docNumber: '', country: '', photos: {} });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [server, setServer] = useState<{ field: IdentityField | null; msg: string } | null>(null);
  const countries = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);

  const errors = checkIdentity(input);
  const fieldError = (field: IdentityField): string | undefined => {
    if (server?.field === field) return server.msg;
    const id = errors[field];
    return tried && id ? _(id) : undefined;
  };
  const edit = (patch: Partial<IdentityInput>) => {
    setServer(null);
    setInput((held) => ({ ...held, ...patch }));
  };
  const setPhoto = (kind: PhotoKind, id: string | null) => {
    setServer(null);
    setInput((held) => {
      const photos = { ...held.photos };
      if (id === null) delete photos[kind];
      else photos[kind] = id;
      return { ...held, photos };
    });
  };

  const submit = async () => {
    if (busy || uploading > 0) return;
    setTried(true);
    if (Object.keys(errors).length > 0) {
      if (errors.name) nameRef.current?.focus();
      return;
    }
    setBusy(true);
    setServer(null);
    try {
      await submitIdentity(
        {
          name: input.name, docType: input.docType, docNumber: input.docNumber, country: input.country,
          front: input.photos.front ?? '', back: input.docType === 'passport' ? null : (input.photos.back ?? ''), hand: input.photos.hand ?? '',
        },
        { notify: false },
      );
      onDone();
      onClose();
    } catch (e) {
      setBusy(false);
      if (!isApiError(e)) {
        setServer({ field: null, msg: _('error.generic') });
        return;
      }
      const photo = e.code === 'identity.photo.invalid' && typeof e.data === 'object' && e.data !== null && 'photo' in e.data ? (e.data as { photo: unknown }).photo : null;
      const field: IdentityField | null = photo === 'front' || photo === 'back' || photo === 'hand' ? photo : (FIELD_OF_CODE[e.code] ?? null);
      if (field === 'front' || field === 'back' || field === 'hand') setPhoto(field, null);
      setServer({ field, msg: e.msg || _('error.generic') });
    }
  };

  const kinds = REQUIRED_PHOTOS[input.docType];
  return (
    <Modal
      title={_('identity.dialog.title')}
      onClose={busy ? undefined : onClose}
      testId="identity-dialog"
      initialFocus={nameRef}
      actions={
        <div className={s.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy} data-testid="identity-cancel">
            {_('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy || uploading > 0} data-testid="identity-submit">
            {busy ? _('common.loading') : _('identity.submit')}
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
        <p className={s.lead}>{_('identity.dialog.lead')}</p>
        <TextField
          ref={nameRef}
          label={_('identity.field.name')}
          value={input.name}
          autoComplete="name"
          maxLength={128}
          error={fieldError('name')}
          data-testid="identity-name"
          onChange={(e) => edit({ name: e.target.value })}
        />
        <div className={s.row}>
          <SelectField
            label={_('identity.field.docType')}
            value={input.docType}
            data-testid="identity-doc-type"
            onChange={(e) => edit({ docType: e.target.value as DocType })}
          >
            {DOC_TYPES.map((t) => (
              <option key={t} value={t}>
                {_(DOC_LABELS[t])}
              </option>
            ))}
          </SelectField>
          <TextField
            label={_('identity.field.docNumber')}
            value={input.docNumber}
            autoComplete="off"
            maxLength={64}
            error={fieldError('docNumber')}
            data-testid="identity-doc-number"
            onChange={(e) => edit({ docNumber: e.target.value })}
          />
        </div>
        <SelectField
          label={_('identity.field.country')}
          value={input.country}
          error={fieldError('country')}
          data-testid="identity-country"
          onChange={(e) => edit({ country: e.target.value })}
        >
          <option value="">{_('identity.country.choose')}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className={s.pickers}>
          {kinds.map((kind) => (
            <PhotoPicker
              key={kind}
              kind={kind}
              label={_(PHOTO_LABELS[input.docType][kind])}
              error={fieldError(kind)}
              onUploaded={(id) => setPhoto(kind, id)}
              onBusy={(on) => setUploading((n) => Math.max(0, n + (on ? 1 : -1)))}
            />
          ))}
        </div>
        {server && server.field === null ? (
          <p className={s.failure} role="alert" data-testid="identity-failure">
            {server.msg}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
