// The invitation poster (README.md beside this file): a PNG made by sharp (librsvg) from an SVG with the brand, a
// headline in the user's language, the invitation code, the sign-up link as a QR code and as text. The QR code's
// modules are drawn as one path (no nested document for the renderer to resolve). Text is set in the system's
// fonts through fontconfig: a generic family, so Chinese, Japanese, Korean and Thai find their fonts (the servers
// and CI install fonts-noto-cjk and fonts-thai-tlwg).
import QRCode from 'qrcode';
import sharp from 'sharp';
import { PRODUCT_NAME } from '../../contract/api.ts';
import type { Locale } from '../../contract/locales.ts';
import type { Messages } from '../../i18n/messages.ts';

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** The QR code of `text` as one SVG path of unit squares, and its size in modules. */
function qrPath(text: string): { d: string; size: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y * size + x]) parts.push(`M${x} ${y}h1v1h-1z`);
  }
  return { d: parts.join(''), size };
}

/** A font size (≤ max) at which `text` fits `width` pixels: wide scripts (CJK) take about 1 em a character, others about 0.6. */
function fitSize(text: string, max: number, width: number): number {
  let ems = 0;
  for (const ch of text) ems += /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u.test(ch) ? 1 : 0.6;
  return Math.max(16, Math.min(max, Math.floor(width / Math.max(ems, 1))));
}

export interface PosterInput {
  readonly locale: Locale;
  readonly code: string;
  /** The full sign-up link (origin + path). */
  readonly link: string;
}

export function posterSvg(messages: Messages, p: PosterInput): string {
  const raw = (key: string) => messages.t(p.locale, key, { product: PRODUCT_NAME });
  const t = (key: string) => escapeXml(raw(key));
  const headline = fitSize(raw('invite.poster.headline'), 44, 630);
  const subline = fitSize(raw('invite.poster.subline'), 26, 630);
  const qr = qrPath(p.link);
  const box = 360;
  const quiet = 4; // modules of white around the code, as scanners expect
  const scale = box / (qr.size + 2 * quiet);
  const qrX = (POSTER_WIDTH - box) / 2;
  const qrY = 560;
  const font = `font-family="sans-serif"`;
  // A long link goes on two lines, cut before its query, rather than shrunk to nothing.
  const cut = p.link.indexOf('?');
  const link = p.link.length > 46 && cut > 0 ? [p.link.slice(0, cut), p.link.slice(cut)] : [p.link];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b1a33"/>
      <stop offset="1" stop-color="#12305e"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <circle cx="660" cy="120" r="220" fill="#f0b90b" fill-opacity="0.08"/>
  <circle cx="60" cy="1250" r="260" fill="#2f80ed" fill-opacity="0.10"/>
  <text x="60" y="120" ${font} font-size="52" font-weight="bold" fill="#f0b90b">${escapeXml(PRODUCT_NAME)}</text>
  <text x="60" y="260" ${font} font-size="${headline}" font-weight="bold" fill="#ffffff">${t('invite.poster.headline')}</text>
  <text x="60" y="320" ${font} font-size="${subline}" fill="#b8c4d9">${t('invite.poster.subline')}</text>
  <text x="375" y="420" ${font} font-size="26" fill="#b8c4d9" text-anchor="middle">${t('invite.poster.code')}</text>
  <text x="375" y="490" ${font} font-size="60" font-weight="bold" fill="#ffffff" text-anchor="middle" letter-spacing="6">${escapeXml(p.code)}</text>
  <rect x="${qrX - 20}" y="${qrY - 20}" width="${box + 40}" height="${box + 40}" rx="24" fill="#ffffff"/>
  <g transform="translate(${qrX} ${qrY}) scale(${scale}) translate(${quiet} ${quiet})"><path d="${qr.d}" fill="#000000" shape-rendering="crispEdges"/></g>
  <text x="375" y="1030" ${font} font-size="28" fill="#ffffff" text-anchor="middle">${t('invite.poster.scan')}</text>
  ${link.map((line, i) => `<text x="375" y="${1100 + i * 34}" ${font} font-size="22" fill="#b8c4d9" text-anchor="middle">${escapeXml(line)}</text>`).join('\n  ')}
</svg>`;
}

/** The poster as PNG bytes. */
export async function renderPoster(messages: Messages, p: PosterInput): Promise<Buffer> {
  return sharp(Buffer.from(posterSvg(messages, p))).png({ compressionLevel: 9 }).toBuffer();
}
