import type { Context, MiddlewareHandler } from 'hono';

/**
 * Refuses a request body over `maxBytes` with `tooLarge`'s answer. A declared Content-Length is
 * believed (the HTTP parser never delivers more than it says); a chunked body is counted as it is read
 * and kept in memory only up to the limit.
 *
 * Unlike hono's bodyLimit, an over-size chunked body's reader is released when it is refused, so
 * `discardUnreadBodies` can read and drop the rest before the answer goes out: a client still sending
 * then gets its 413 instead of a connection reset.
 */
export function limitBodySize(
  maxBytes: number,
  tooLarge: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const declared = request.headers.get('content-length');
    if (declared !== null && !request.headers.has('transfer-encoding'))
      return Number.parseInt(declared, 10) > maxBytes ? tooLarge(c) : next();

    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.releaseLock();
        return tooLarge(c);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(request, { body: concatenated(chunks, size) });
    return next();
  };
}

function concatenated(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}
