// Identity uploads: every hostile file is refused with its own message and leaves nothing behind (no file in the
// identity folder, no row); good JPEG, PNG and BMP photos are stored re-encoded, without their EXIF (GPS), as files
// only their owner can read, 0600 in a 0700 folder.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { bmp, bmpBomb, HTML, jpeg, PHP, png, pngBomb, withComment, zip } from './fixtures.ts';
import { openKyc, type KycHarness } from './harness.ts';

describeDialects('identity uploads', (dialect) => {
  let h: KycHarness;
  let ticket: string;
  beforeAll(async () => {
    h = await openKyc(dialect);
    ticket = await h.signUp('up@example.com');
  }, 30_000);
  afterAll(async () => h.dispose());

  /** Uploads `body` and expects `code`, with nothing stored (files and rows counted before and after). */
  const refused = async (body: Buffer | Readable, code: string, message: RegExp, headers?: Record<string, string>) => {
    const before = { files: h.files().length, rows: await h.rows() };
    const r = await h.upload(ticket, 'front', body, headers);
    expect(r.body.code).toBe(code);
    expect(r.body.msg).toMatch(message);
    expect(h.files().length).toBe(before.files);
    expect(await h.rows()).toEqual(before.rows);
    return r;
  };

  it('refuses a PHP script named .jpg and sent as image/jpeg', async () => {
    await refused(PHP, 'identity.file.type', /not a JPEG, PNG or BMP image/, { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="photo.jpg"' });
  });

  it('refuses an HTML page sent as text/html', async () => {
    await refused(HTML, 'identity.file.type', /not a JPEG, PNG or BMP image/, { 'content-type': 'text/html' });
  });

  it('refuses a 9 MB file by its Content-Length, before reading it, in the user\'s language', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(9 * 1024 * 1024)]);
    const r = await refused(big, 'identity.file.too.large', /at most 8 MB/);
    expect(r.body.data).toEqual({ max: 8 });
    const th = await h.upload(ticket, 'front', big, { lang: 'th' });
    expect(th.body.code).toBe('identity.file.too.large');
    expect(th.body.msg).toBe('ไฟล์มีขนาดใหญ่เกินไป: สูงสุด 8 MB');
  });

  it('answers an over-long Content-Length at once, without waiting for the body', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port: Number(port), host: '127.0.0.1' }, () => {
        // Headers only: the 9 MB body is never sent.
        socket.write(`POST /app/identity/upload?kind=front HTTP/1.1\r\nHost: x\r\nticket: ${ticket}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${9 * 1024 * 1024}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (d) => {
        text += d.toString('utf8');
        if (text.includes('identity.file.too.large')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        resolve(text);
      }, 3000);
    });
    expect(answer).toContain('"code":"identity.file.too.large"');
    expect(h.files()).toEqual([]);
  });

  it('refuses a body over 8 MB that came without a Content-Length (chunked)', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 0xff);
    await refused(Readable.from([big.subarray(0, 4 << 20), big.subarray(4 << 20)]), 'identity.file.too.large', /at most 8 MB/);
  });

  it('refuses a decompression bomb (a 110 KB PNG of 30000 × 30000) from its header', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    await refused(bomb, 'identity.image.too.large', /at most 40 megapixels/);
    expect(performance.now() - started).toBeLessThan(5000);
    await refused(bmpBomb(), 'identity.image.too.large', /at most 40 megapixels/);
  });

  it('refuses a truncated JPEG and a truncated PNG', async () => {
    const j = await jpeg();
    await refused(j.subarray(0, Math.floor(j.length * 0.7)), 'identity.file.corrupt', /damaged or incomplete/);
    const p = await png();
    await refused(p.subarray(0, p.length - 20), 'identity.file.corrupt', /damaged or incomplete/);
    const b = bmp();
    await refused(b.subarray(0, b.length - 100), 'identity.file.corrupt', /damaged or incomplete/);
  });

  it('refuses polyglots: a JPEG with a zip or a script appended, a PNG with data after IEND, a script inside a JPEG comment', async () => {
    const j = await jpeg();
    await refused(Buffer.concat([j, zip()]), 'identity.file.embedded', /more than an image/);
    await refused(Buffer.concat([j, Buffer.from('<script>alert(1)</script>')]), 'identity.file.embedded', /more than an image/);
    await refused(Buffer.concat([await png(), PHP]), 'identity.file.embedded', /more than an image/);
    await refused(Buffer.concat([bmp(), Buffer.from('trailing')]), 'identity.file.embedded', /more than an image/);
    // Data after the end with no known signature at all is refused as well.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));
    await refused(Buffer.concat([j, noise]), 'identity.file.embedded', /more than an image/);
    await refused(Buffer.concat([await png(), noise]), 'identity.file.embedded', /more than an image/);
    await refused(withComment(j, '<?php system($_GET["c"]); ?>'), 'identity.file.embedded', /more than an image/);
    await refused(withComment(j, '<ScRiPt src=//evil></script>'), 'identity.file.embedded', /more than an image/);
  });

  it('refuses an empty file and one too small to be a document photo', async () => {
    await refused(Buffer.alloc(0), 'identity.file.empty', /empty/);
    await refused(await jpeg(2, 2), 'identity.image.too.small', /at least 300 pixels/);
  });

  it('refuses an unknown photo kind, and a caller who is not signed in, before reading the file', async () => {
    const r = await h.upload(ticket, 'selfie', await jpeg());
    expect(r.body.code).toBe('request.invalid');
    const anon = await h.app.inject({ method: 'POST', url: '/app/identity/upload?kind=front', headers: { 'content-type': 'application/octet-stream' }, payload: await jpeg() });
    expect(anon.json().code).toBe('login.user.not.login');
    expect(h.files()).toEqual([]);
  });

  it('stores a JPEG re-encoded, without its EXIF and GPS, 0600 in a 0700 folder, readable by its owner', async () => {
    const original = await jpeg(800, 600, { exif: true });
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeDefined();
    expect(meta.exif!.includes(Buffer.from([0x88, 0x25])) || meta.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer
    const r = await h.upload(ticket, 'front', original);
    expect(r.body.code).toBe('success');
    expect(r.body.data).toMatchObject({ kind: 'front', width: 800, height: 600 });
    expect(r.body.data.id).toMatch(/^[0-9a-f]{32}$/);
    const files = h.files();
    expect(files).toHaveLength(1);
    expect(files[0]).not.toContain(r.body.data.id);
    expect(statSync(join(h.folder, files[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(h.folder).mode & 0o777).toBe(0o700);
    const photo = await h.raw(`/app/identity/photo/${r.body.data.id}`, ticket);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    const stored = await sharp(photo.rawPayload).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('takes a PNG and a BMP, stored as JPEG', async () => {
    const p = await h.upload(ticket, 'back', await png(700, 500));
    expect(p.body.code).toBe('success');
    const b = await h.upload(ticket, 'hand', bmp(500, 320));
    expect(b.body.code).toBe('success');
    expect(b.body.data).toMatchObject({ width: 500, height: 320 });
    const photo = await h.raw(`/app/identity/photo/${b.body.data.id}`, ticket);
    const decoded = sharp(photo.rawPayload);
    expect((await decoded.metadata()).format).toBe('jpeg');
    // The gradient came through the right way up and in colour (BMP rows are stored bottom-up, BGR).
    const { data, info } = await decoded.raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(at(info.width - 5, info.height - 5)[2]).toBeGreaterThan(200); // blue: x
    expect(at(5, 5)[1]).toBeGreaterThan(200); // green: the BMP's first row is the bottom one
    expect(Math.abs(at(5, info.height - 5)[0]! - 128)).toBeLessThan(12); // red 128
  });

  it('reads a photo for its owner only: another user, an unknown and a malformed id answer alike', async () => {
    const mine = await h.upload(ticket, 'front', await jpeg());
    const other = await h.signUp('other@example.com');
    const theirs = await h.json('GET', `/app/identity/photo/${mine.body.data.id}`, other);
    const unknown = await h.json('GET', `/app/identity/photo/${'0'.repeat(32)}`, other);
    const malformed = await h.json('GET', '/app/identity/photo/..%2f..%2fexchange.db', other);
    expect(theirs).toEqual(unknown);
    expect(malformed).toEqual(unknown);
    expect(unknown.body.code).toBe('identity.photo.not.found');
  });

  it('holds at most 6 photos not submitted (a new one replaces the oldest), and forgets them after a day', async () => {
    const t = await h.signUp('many@example.com');
    const before = h.files().length;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await h.upload(t, 'front', await jpeg());
      expect(r.body.code).toBe('success');
      ids.push(r.body.data.id);
    }
    expect(h.files().length).toBe(before + 6);
    expect((await h.json('GET', `/app/identity/photo/${ids[0]}`, t)).body.code).toBe('identity.photo.not.found');
    expect((await h.json('GET', `/app/identity/photo/${ids[1]}`, t)).body.code).toBe('identity.photo.not.found');
    expect((await h.raw(`/app/identity/photo/${ids[2]}`, t)).statusCode).toBe(200);
    // A refused file replaces nothing.
    expect((await h.upload(t, 'front', PHP)).body.code).toBe('identity.file.type');
    expect((await h.raw(`/app/identity/photo/${ids[2]}`, t)).statusCode).toBe(200);
    h.clock.advance(24 * 3_600_000 + 1);
    // The next upload sweeps the expired ones (anyone's: the earlier tests' too).
    expect((await h.upload(t, 'front', await jpeg())).body.code).toBe('success');
    expect(h.files().length).toBe(1);
    expect((await h.rows()).uploads).toBe(1);
  });

  it('counts uploads per user: past 30 an hour, rate.limited with the seconds to wait', async () => {
    const t = await h.signUp('rate@example.com');
    let last;
    for (let i = 0; i < 31; i++) last = await h.upload(t, 'front', PHP);
    expect(last!.status).toBe(429);
    expect(last!.body.code).toBe('rate.limited');
    expect(last!.body.data.retryAfter).toBeGreaterThan(0);
  });
});
