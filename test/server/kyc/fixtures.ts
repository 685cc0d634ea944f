// Images and hostile files for the identity upload tests, made on the spot (sharp for JPEG and PNG, a hand-written
// BMP and PNG where the bytes themselves are the point: a decompression bomb declares what it is not).
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG with a pattern (so it is not all one colour), optionally with EXIF including GPS and an orientation. */
export async function jpeg(width = 640, height = 400, options: { exif?: boolean } = {}): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="20" y="20" width="${Math.floor(width / 2)}" height="${Math.floor(height / 3)}" fill="#123"/></svg>`) }])
    .jpeg({ quality: 90 });
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: 'SpyCam', Model: 'X1', Software: 'test' },
      // sharp takes EXIF tags by name; GPS tags go in their own IFD.
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    });
  }
  return image.toBuffer();
}

export const png = (width = 640, height = 400): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 160, b: 90 } } }).png().toBuffer();

/** A 24-bit bottom-up BMP of a gradient. */
export function bmp(width = 500, height = 320): Buffer {
  const row = Math.ceil((24 * width) / 32) * 4;
  const size = 54 + row * height;
  const b = Buffer.alloc(size);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(size, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(0, 30);
  b.writeUInt32LE(row * height, 34);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = 54 + y * row + x * 3;
      b[at] = (x * 255) / width;
      b[at + 1] = (y * 255) / height;
      b[at + 2] = 128;
    }
  }
  return b;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real decompression bomb: ~110 KB of PNG that inflates to 30000 × 30000 one-bit pixels. */
export function pngBomb(side = 30000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const idat = deflateSync(Buffer.alloc((1 + Math.ceil(side / 8)) * side), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A BMP whose header declares 30000 × 30000 (and a matching file size it does not have). */
export function bmpBomb(): Buffer {
  const b = bmp(400, 300);
  b.writeInt32LE(30000, 18);
  b.writeInt32LE(30000, 22);
  return b;
}

/** A minimal zip (one stored file) — what a "JPEG + zip" polyglot carries. */
export function zip(): Buffer {
  const name = Buffer.from('shell.php');
  const data = Buffer.from('<?php system($_GET["c"]); ?>');
  const local = Buffer.alloc(30);
  local.write('PK\x03\x04', 0, 'latin1');
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const end = Buffer.alloc(22);
  end.write('PK\x05\x06', 0, 'latin1');
  return Buffer.concat([local, name, data, end]);
}

/** A JPEG with a comment segment (COM, 0xFFFE) holding `text`, right after SOI. */
export function withComment(jpegBytes: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpegBytes.subarray(0, 2), head, body, jpegBytes.subarray(2)]);
}

export const PHP = Buffer.from('<?php echo shell_exec($_GET["cmd"]); ?>\n');
export const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>\n');
