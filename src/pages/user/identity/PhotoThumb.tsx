// One of the user's own identity photos, fetched with the session's ticket (an <img src> could not send it) and shown
// from an object URL, released when the thumbnail goes.
import { useEffect, useState } from 'react';
import { fetchIdentityPhoto } from '../../../api/identity.ts';
import * as s from './identity.css.ts';

export function PhotoThumb({ id, label }: { id: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    fetchIdentityPhoto(id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [id]);
  return (
    <figure className={s.thumb} data-testid="identity-thumb">
      {url ? <img className={s.thumbImage} src={url} alt={label} /> : <div className={s.thumbImage} aria-hidden="true" />}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
