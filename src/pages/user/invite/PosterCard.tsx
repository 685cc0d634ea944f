// The invitation poster (server-drawn PNG in the app's language): a preview, "Download" (a PNG file named with the
// code) and "Share" (the system share sheet with the file where the browser can share files, else with the link,
// else the link copied). Read again when the language changes.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { fetchInvitePoster } from '../../../api/invite.ts';
import { PRODUCT_NAME } from '../../../contract.ts';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { copyText } from '../../../ui/clipboard.ts';
import * as s from './invite.css.ts';

interface Props {
  code: string;
  /** The full sign-up link. */
  link: string;
}

export const posterFileName = (code: string): string => `${PRODUCT_NAME.toLowerCase()}-invite-${code}.png`;

export function PosterCard({ code, link }: Props) {
  const { _, i18n } = useLingui();
  const [poster, setPoster] = useState<{ blob: Blob; url: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    setFailed(false);
    fetchInvitePoster(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setPoster({ blob, url: made });
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => {
      controller.abort();
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [i18n.locale, code]);

  const download = () => {
    if (poster === null) return;
    const a = document.createElement('a');
    a.href = poster.url;
    a.download = posterFileName(code);
    document.body.append(a);
    a.click();
    a.remove();
  };

  const share = async () => {
    const text = _('user.invite.shareText', { product: PRODUCT_NAME, code });
    const file = poster === null ? null : new File([poster.blob], posterFileName(code), { type: 'image/png' });
    try {
      if (file !== null && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
        await navigator.share({ files: [file], title: PRODUCT_NAME, text, url: link });
        return;
      }
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: PRODUCT_NAME, text, url: link });
        return;
      }
    } catch (error) {
      // The user closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
    const ok = await copyText(link);
    pushNotice(ok ? 'success' : 'error', ok ? _('user.invite.linkCopied') : _('common.copyFailed'));
  };

  return (
    <div className={s.poster} data-testid="invite-poster">
      <span className={s.posterTitle}>{_('user.invite.poster')}</span>
      {poster ? (
        <img className={s.posterImage} src={poster.url} alt={_('user.invite.posterAlt')} data-testid="invite-poster-image" />
      ) : (
        <div className={s.posterImage} role="status" aria-live="polite">
          <span className={s.note}>{failed ? _('user.invite.posterFailed') : _('common.loading')}</span>
        </div>
      )}
      <div className={s.posterActions}>
        <Button size="sm" variant="secondary" disabled={poster === null} onClick={download} data-testid="invite-poster-download">
          {_('user.invite.download')}
        </Button>
        <Button size="sm" onClick={() => void share()} data-testid="invite-poster-share">
          {_('user.invite.share')}
        </Button>
      </div>
    </div>
  );
}
