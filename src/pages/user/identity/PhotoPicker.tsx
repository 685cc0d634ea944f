// One photo of the form: a file picker that uploads the chosen file at once (the server judges and re-encodes it),
// with a preview of the file as chosen and, when the server refuses it, the server's message under it. The form
// keeps only the id of the upload the server took.
import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../../api/index.ts';
import { uploadIdentityPhoto } from '../../../api/identity.ts';
import type { PhotoKind } from '../../../contract.ts';
import * as s from './identity.css.ts';

interface Props {
  kind: PhotoKind;
  label: string;
  /** The form's own message (a photo not added yet), shown when the server has none. */
  error?: string | undefined;
  onUploaded(id: string | null): void;
  onBusy(busy: boolean): void;
}

export function PhotoPicker({ kind, label, error, onUploaded, onBusy }: Props) {
  const { _ } = useLingui();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempt = useRef<AbortController | null>(null);

  useEffect(() => () => attempt.current?.abort(), []);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = async (file: File) => {
    attempt.current?.abort();
    const controller = new AbortController();
    attempt.current = controller;
    setRefusal(null);
    onUploaded(null);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    onBusy(true);
    try {
      const done = await uploadIdentityPhoto(kind, file, controller.signal);
      if (!controller.signal.aborted) onUploaded(done.id);
    } catch (e) {
      if (controller.signal.aborted) return;
      setPreview(null);
      setRefusal(isApiError(e) && e.msg ? e.msg : _('error.generic'));
    } finally {
      if (!controller.signal.aborted) {
        setBusy(false);
        onBusy(false);
      }
    }
  };

  const message = refusal ?? error;
  return (
    <div className={s.picker} data-testid={`identity-photo-${kind}`}>
      <label className={s.pickerLabel} htmlFor={id}>
        {label}
      </label>
      <div className={s.drop} data-invalid={message ? 'true' : undefined}>
        {preview ? <img className={s.preview} src={preview} alt="" /> : <span>{_('identity.photo.choose')}</span>}
        {busy ? <span className={s.busyVeil}>{_('identity.photo.uploading')}</span> : null}
        <input
          id={id}
          className={s.fileInput}
          type="file"
          accept="image/jpeg,image/png,image/bmp"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : `${id}-hint`}
          data-testid={`identity-file-${kind}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again is a change too.
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
      </div>
      {message ? (
        <span className={s.pickerError} id={`${id}-error`} role="alert" data-testid="identity-photo-error">
          {message}
        </span>
      ) : (
        <span className={s.pickerHint} id={`${id}-hint`}>
          {_('identity.photo.hint')}
        </span>
      )}
    </div>
  );
}
