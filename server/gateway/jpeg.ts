// A user's picture (an identity photo, a feedback screenshot) as the answer: a JPEG the server re-encoded itself, never
// cached by anyone between, never sniffed as something else, and sandboxed should a browser open it as a page.
import type { FastifyReply } from 'fastify';

export function sendJpeg(reply: FastifyReply, bytes: Buffer, filename: string): FastifyReply {
  return reply
    .type('image/jpeg')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(bytes);
}
