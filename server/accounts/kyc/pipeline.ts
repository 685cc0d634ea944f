// The upload pipeline of identity photos: the bytes a user sent in, a clean JPEG out, or a refusal (an AppError with
// an identity.* code) and nothing else. Each step runs only when the ones before passed, cheapest first:
//
// 1. size: empty or over IDENTITY_MAX_FILE_BYTES → identity.file.empty / identity.file.too.large (the route refuses
//    an over-long Content-Length before reading the body at all);
// 2. type, by content only (file-type's magic bytes; the name and the declared type are never looked at):
//    jpg, png or bmp, anything else → identity.file.type;
// 3. embedded content: the file must end where the image ends — JPEG at its EOI marker (walking the segments and the
//    entropy-coded scans; what follows may only be zero padding or further complete JPEGs, which is how phones
//    store the MPF preview and depth images), PNG at its IEND chunk, BMP at the size its header declares — and no
//    script, markup or archive signature (SIGNATURES below) may appear anywhere in it → identity.file.embedded.
//    A file that stops before its end (no EOI, no IEND, shorter than declared) → identity.file.corrupt;
// 4. dimensions from the header before any pixel is decoded: over IDENTITY_MAX_PIXELS (a decompression bomb: a few
//    kilobytes declaring 30000 × 30000) → identity.image.too.large; the shorter side under IDENTITY_MIN_SIDE →
//    identity.image.too.small;
// 5. decode and re-encode: BMP through bmp-ts (sharp has no BMP loader) to raw pixels, JPEG and PNG through sharp with
//    limitInputPixels and failOn 'error' (a damaged or truncated stream fails); `.rotate()` applies the EXIF
//    orientation, then a fresh JPEG (quality 85, at most IDENTITY_STORED_MAX_SIDE a side) is written without any
//    metadata: EXIF, GPS, XMP, comments and profiles do not survive. Only these bytes are ever stored.
import { createHash } from 'node:crypto';
import * as bmp from 'bmp-ts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import {
  IDENTITY_MAX_FILE_BYTES, IDENTITY_MAX_PIXELS, IDENTITY_MIN_SIDE, IDENTITY_STORED_MAX_SIDE,
} from '../../contract/identity.ts';
import { fail } from '../../errors.ts';

export interface CleanPhoto {
  /** The re-encoded JPEG: the only bytes stored. */
  readonly jpeg: Buffer;
  readonly width: number;
  readonly height: number;
  readonly sha256: string;
  /** What the upload was by its content. */
  readonly sourceType: 'jpg' | 'png' | 'bmp';
}

/**
 * Refused wherever they appear: server-side script openers, HTML/SVG markup that a browser would run if the file
 * were ever served as a page, and archive headers (the payload of a "JPEG + zip" polyglot). Markup is matched
 * without regard to case. A photo's compressed data hitting one of these by chance is vanishingly rare (at least
 * five fixed bytes each); it would be refused with the same clear
 * message and can be taken again.
 */
const SIGNATURES: ReadonlyArray<{ bytes: Buffer; caseless: boolean }> = [
  ...['<?php', '<script', '<html', '<!doctype', '<svg ', '<iframe', '<body', 'javascript:'].map((s) => ({ bytes: Buffer.from(s, 'latin1'), caseless: true })),
  { bytes: Buffer.from('PK\x03\x04\x14\x00', 'latin1'), caseless: false }, // zip, jar, docx, apk (version 2.0)
  { bytes: Buffer.from('PK\x03\x04\x0a\x00', 'latin1'), caseless: false }, // zip (version 1.0, stored)
  { bytes: Buffer.from('PK\x05\x06\x00\x00', 'latin1'), caseless: false }, // zip end of central directory
  { bytes: Buffer.from('Rar!\x1a\x07', 'latin1'), caseless: false },
  { bytes: Buffer.from('7z\xbc\xaf\x27\x1c', 'latin1'), caseless: false },
  { bytes: Buffer.from('%PDF-', 'latin1'), caseless: false },
  { bytes: Buffer.from('\x7fELF\x02\x01', 'latin1'), caseless: false },
  { bytes: Buffer.from('\x7fELF\x01\x01', 'latin1'), caseless: false },
];

function hasSignature(data: Buffer): boolean {
  let lower: Buffer | null = null;
  for (const s of SIGNATURES) {
    if (s.caseless) {
      // ASCII lower-casing byte by byte: multi-byte text is not what these markers are.
      lower ??= Buffer.from(data.map((b) => (b >= 0x41 && b <= 0x5a ? b + 0x20 : b)));
      if (lower.includes(s.bytes)) return true;
    } else if (data.includes(s.bytes)) return true;
  }
  return false;
}

type End = { end: number } | { truncated: true } | { malformed: true };

/** Where the JPEG starting at `start` ends (just after its EOI), walking markers and entropy-coded data. */
function jpegEnd(data: Buffer, start: number): End {
  if (data[start] !== 0xff || data[start + 1] !== 0xd8) return { malformed: true };
  let i = start + 2;
  let inScan = false;
  while (i < data.length) {
    if (inScan) {
      // Entropy-coded data: 0xFF 0x00 is a stuffed byte, 0xFF 0xD0..D7 a restart marker; any other marker ends it.
      const at = data.indexOf(0xff, i);
      if (at < 0 || at + 1 >= data.length) return { truncated: true };
      const next = data[at + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
        i = at + 1;
        continue;
      }
      inScan = false;
      i = at;
      continue;
    }
    if (data[i] !== 0xff) return { malformed: true };
    // Fill bytes before a marker.
    while (data[i + 1] === 0xff) i++;
    if (i + 1 >= data.length) return { truncated: true };
    const marker = data[i + 1]!;
    if (marker === 0xd9) return { end: i + 2 };
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (i + 3 >= data.length) return { truncated: true };
    const length = data.readUInt16BE(i + 2);
    if (length < 2) return { malformed: true };
    if (i + 2 + length > data.length) return { truncated: true };
    i += 2 + length;
    if (marker === 0xda) inScan = true;
  }
  return { truncated: true };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Where the PNG ends (just after its IEND chunk), walking the chunks. */
function pngEnd(data: Buffer): End {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) return { malformed: true };
  let i = 8;
  while (i + 8 <= data.length) {
    const length = data.readUInt32BE(i);
    const type = data.toString('latin1', i + 4, i + 8);
    const next = i + 12 + length;
    if (length > 0x7fffffff) return { malformed: true };
    if (next > data.length) return { truncated: true };
    if (type === 'IEND') return { end: next };
    i = next;
  }
  return { truncated: true };
}

/** After a JPEG's EOI: zero padding, or further whole JPEGs (MPF images), each checked the same way, at most 4. */
function jpegTailClean(data: Buffer, from: number): boolean {
  let i = from;
  for (let images = 0; images < 4; images++) {
    while (i < data.length && (data[i] === 0x00 || (data[i] === 0xff && data[i + 1] !== 0xd8))) i++;
    if (i >= data.length) return true;
    const e = jpegEnd(data, i);
    if (!('end' in e)) return false;
    i = e.end;
  }
  return i >= data.length;
}

interface BmpHeader {
  width: number;
  height: number;
}

/** The BMP's header, checked: declared size = the file's, an uncompressed or bit-field format whose rows fit. */
function bmpHeader(data: Buffer): BmpHeader {
  if (data.length < 54) fail('identity.file.corrupt');
  const declared = data.readUInt32LE(2);
  if (data.length > declared) fail('identity.file.embedded');
  if (data.length < declared) fail('identity.file.corrupt');
  const pixels = data.readUInt32LE(10);
  const dib = data.readUInt32LE(14);
  if (dib < 40) fail('identity.file.corrupt');
  const width = data.readInt32LE(18);
  const rawHeight = data.readInt32LE(22);
  const bpp = data.readUInt16LE(28);
  const compression = data.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0) fail('identity.file.corrupt');
  if (width * height > IDENTITY_MAX_PIXELS) fail('identity.image.too.large', { max: IDENTITY_MAX_PIXELS / 1_000_000 });
  if (![1, 4, 8, 16, 24, 32].includes(bpp) || (compression !== 0 && compression !== 3)) fail('identity.file.corrupt');
  const row = Math.ceil((bpp * width) / 32) * 4;
  if (pixels + row * height > data.length) fail('identity.file.corrupt');
  return { width, height };
}

function checkSides(width: number, height: number): void {
  if (width * height > IDENTITY_MAX_PIXELS) fail('identity.image.too.large', { max: IDENTITY_MAX_PIXELS / 1_000_000 });
  if (Math.min(width, height) < IDENTITY_MIN_SIDE) fail('identity.image.too.small', { min: IDENTITY_MIN_SIDE });
}

const reencode = (image: Sharp) =>
  image
    .rotate()
    .resize({ width: IDENTITY_STORED_MAX_SIDE, height: IDENTITY_STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });

/** Checks an uploaded file and returns the clean JPEG to store, or throws the refusal (nothing is written here). */
export async function cleanPhoto(data: Buffer): Promise<CleanPhoto> {
  if (data.length === 0) fail('identity.file.empty');
  if (data.length > IDENTITY_MAX_FILE_BYTES) fail('identity.file.too.large', { max: IDENTITY_MAX_FILE_BYTES / 1024 / 1024 });
  const type = await fileTypeFromBuffer(data);
  const ext = type?.ext;
  if (ext !== 'jpg' && ext !== 'png' && ext !== 'bmp') fail('identity.file.type');

  let out: { data: Buffer; info: OutputInfo };
  if (ext === 'bmp') {
    const header = bmpHeader(data);
    if (hasSignature(data)) fail('identity.file.embedded');
    checkSides(header.width, header.height);
    let decoded: { data: Uint8Array | Buffer; width: number; height: number };
    try {
      decoded = bmp.decode(data, { toRGBA: true });
    } catch {
      fail('identity.file.corrupt');
    }
    if (decoded.width !== header.width || decoded.height !== header.height || decoded.data.length !== header.width * header.height * 4) fail('identity.file.corrupt');
    // bmp-ts gives RGBA with alpha 0 for formats without one: the alpha channel is dropped, not applied.
    out = await reencode(sharp(Buffer.from(decoded.data), { raw: { width: header.width, height: header.height, channels: 4 } }).removeAlpha()).catch(() =>
      fail('identity.file.corrupt'),
    );
  } else {
    const end = ext === 'jpg' ? jpegEnd(data, 0) : pngEnd(data);
    if ('truncated' in end || 'malformed' in end) fail('identity.file.corrupt');
    const clean = ext === 'jpg' ? jpegTailClean(data, end.end) : end.end === data.length;
    if (!clean || hasSignature(data)) fail('identity.file.embedded');
    const options = { limitInputPixels: IDENTITY_MAX_PIXELS, failOn: 'error' } as const;
    let meta: Metadata;
    try {
      meta = await sharp(data, options).metadata();
    } catch (error) {
      if (/pixel limit/i.test(String(error))) fail('identity.image.too.large', { max: IDENTITY_MAX_PIXELS / 1_000_000 });
      fail('identity.file.corrupt');
    }
    checkSides(meta.width, meta.height);
    out = await reencode(sharp(data, options)).catch((error: unknown) => {
      if (/pixel limit/i.test(String(error))) fail('identity.image.too.large', { max: IDENTITY_MAX_PIXELS / 1_000_000 });
      return fail('identity.file.corrupt');
    });
  }
  return {
    jpeg: out.data,
    width: out.info.width,
    height: out.info.height,
    sha256: createHash('sha256').update(out.data).digest('hex'),
    sourceType: ext,
  };
}
