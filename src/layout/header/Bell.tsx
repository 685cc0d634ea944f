// The header's bell. Signed out: a link to the announcements. Signed in: the unread count from the stream layer's
// `notices` pipeline (seeded from /app/content/unread, live from the private topic), and a menu of the newest
// announcements, read or not, with "mark all read" and the link to the list. A mark that fails says so inside the
// menu, under its header, where the user is looking (a notice at the top of the page would cover the menu's header).
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, useNotices } from '../../../streams/index.ts';
import { markNoticesRead } from '../../api/content.ts';
import { isApiError } from '../../api/index.ts';
import { formatDate } from '../../format/date.ts';
import { useSignedIn } from '../../state/index.ts';
import { Icon } from '../../ui/Icon.tsx';
import * as s from './header.css.ts';

/** The badge's text: the count, capped so it stays one small mark. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

export function Bell() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  if (!signedIn) {
    return (
      <Link to="/noticeList" className={`${s.iconButton} ${s.wideOnly}`} aria-label={_('nav.notices')} title={_('nav.notices')} data-testid="bell">
        <Icon name="bell" />
      </Link>
    );
  }
  return <SignedInBell />;
}

function SignedInBell() {
  const { _ } = useLingui();
  const view = dataOf(useNotices());
  const [open, setOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const pathname = useLocation({ select: (l) => l.pathname });
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) setFailed(null);
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (wrap.current && event.target instanceof Node && !wrap.current.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const count = view?.count ?? 0;
  const label = count > 0 ? _('bell.label.unread', { count }) : _('nav.notices');
  const markAll = () => {
    setMarking(true);
    setFailed(null);
    markNoticesRead(undefined, { notify: false })
      // What failed, in the user's language (the API client's text), shown in the menu; nothing was marked.
      .catch((error: unknown) => setFailed(isApiError(error) && error.msg ? error.msg : _('error.generic')))
      .finally(() => setMarking(false));
  };

  return (
    <div className={s.dropWrap} ref={wrap}>
      <button
        type="button"
        className={s.bellButton}
        data-testid="bell"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={label}
        title={label}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="bell" />
        {count > 0 ? (
          <span className={s.badge} data-testid="bell-count" aria-hidden="true">
            {badgeText(count)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className={`${s.dropPanel} ${s.panelOpen} ${s.bellPanel}`} data-testid="bell-menu">
          <div className={s.bellHead}>
            <span>{_('nav.notices')}</span>
            <button type="button" className={s.bellAction} data-testid="bell-mark-all" disabled={count === 0 || marking} onClick={markAll}>
              {_('bell.markAll')}
            </button>
          </div>
          {failed !== null ? (
            <p className={s.bellError} role="alert" data-testid="bell-error">
              {failed}
            </p>
          ) : null}
          {view && view.latest.length > 0 ? (
            view.latest.map((a) => (
              <Link
                key={a.id}
                to="/detail"
                search={{ id: String(a.id) }}
                className={s.bellItem}
                data-testid="bell-item"
                data-read={a.read !== false}
                data-id={a.id}
              >
                <span className={s.bellDot} data-unread={a.read === false} aria-label={a.read === false ? _('bell.unread') : undefined} />
                <span className={s.bellTitle} lang={a.locale}>
                  {a.title}
                </span>
                <span className={s.bellDate}>{formatDate(a.publishAt)}</span>
              </Link>
            ))
          ) : (
            <div className={s.bellEmpty}>{view ? _('notice.none') : _('common.loading')}</div>
          )}
          <Link to="/noticeList" className={s.bellFoot} data-testid="bell-all">
            {_('bell.all')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
