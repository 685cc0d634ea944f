// Small pieces both wallet pages use: a copy button (the whole text, a notice says whether it worked), a shortened
// hash or address with its copy icon, a numbered step, a status cell, and the QR code of a deposit URI.
import { useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import QRCode from 'qrcode';
import { pushNotice } from '../../../state/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { copyText } from '../../../ui/clipboard.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { formatDate, formatTime } from '../../../format/date.ts';
import { shorten } from './wallet-rules.ts';
import * as s from './wallet.css.ts';

function useCopy(): (text: string) => Promise<void> {
  const { _ } = useLingui();
  return async (text) => {
    const ok = await copyText(text);
    pushNotice(ok ? 'success' : 'error', ok ? _('common.copied') : _('common.copyFailed'));
  };
}

export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { _ } = useLingui();
  const copy = useCopy();
  return (
    <Button size="sm" variant="secondary" onClick={() => void copy(text)} data-testid={testId}>
      <Icon name="copy" size={14} />
      {_('common.copy')}
    </Button>
  );
}

/** A hash or address too long for a table cell: its ends, the whole in the tooltip and on the clipboard. */
export function ShortCopy({ text, testId, head, tail }: { text: string; testId?: string; head?: number; tail?: number }) {
  const { _ } = useLingui();
  const copy = useCopy();
  return (
    <span className={s.hash}>
      <span title={text} data-testid={testId} data-full={text}>
        {shorten(text, head, tail)}
      </span>
      <button type="button" className={s.iconButton} aria-label={_('common.copy')} title={_('common.copy')} onClick={() => void copy(text)}>
        <Icon name="copy" size={14} />
      </button>
    </span>
  );
}

/** A record's time on two lines (day, then time of day): narrow enough for a wide table. */
export function When({ ms }: { ms: number }) {
  return (
    <span className={s.stack}>
      <span className={s.num}>{formatDate(ms)}</span>
      <span className={`${s.num} ${s.muted}`}>{formatTime(ms)}</span>
    </span>
  );
}

export function Step({ n, title, children, testId }: { n: number; title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={s.step} data-testid={testId}>
      <span className={s.stepNum}>{n}</span>
      <h2 className={s.stepTitle}>{title}</h2>
      <div className={s.stepBody}>{children}</div>
    </section>
  );
}

export function StatusCell({ tone, label, detail, status, testId }: { tone: 'wait' | 'ok' | 'bad'; label: string; detail?: string | null; status: string; testId: string }) {
  return (
    <span className={s.statusCell}>
      <span className={s.status[tone]} data-testid={testId} data-status={status}>
        {label}
      </span>
      {detail ? (
        <span className={s.reason} data-testid={`${testId}-detail`}>
          {detail}
        </span>
      ) : null}
    </span>
  );
}

/** The QR code of `uri`, drawn here as an SVG (shown as an image: nothing in it runs). */
export function QrImage({ uri, alt }: { uri: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 0, color: { dark: '#000000', light: '#ffffff' } }).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? <img className={s.qr} src={src} alt={alt} data-testid="deposit-qr" data-uri={uri} /> : <span className={s.qrEmpty} />;
}
