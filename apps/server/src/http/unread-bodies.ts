import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

/** How much of a refused request's body is read and dropped before the socket is given up. */
export interface DiscardBounds {
  /** Bytes read after the refusal at most. */
  maxBytes: number;
  /** How long the client may take to send them. */
  maxMs: number;
}

/**
 * A few times the largest body any route accepts, so a client that sends a too-large file, or does not
 * read answers before it has sent everything, still sees its 413; past this it is a flood.
 */
export const UNREAD_BODY_BOUNDS: DiscardBounds = { maxBytes: 64 * 1024 * 1024, maxMs: 15_000 };

/** Whether the request says it carries a body: a Content-Length above 0, or a chunked one. */
export function declaresBody(headers: Headers): boolean {
  if (headers.has('transfer-encoding')) return true;
  return (Number.parseInt(headers.get('content-length') ?? '0', 10) || 0) > 0;
}

/**
 * Reads and drops what is left of `reader`'s stream, up to `bounds`. True when the stream ended within
 * them; false when it went on for longer or for more bytes, or failed.
 */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  bounds: DiscardBounds,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), bounds.maxMs);
  });
  let read = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === 'late') return false;
      if (next.done) return true;
      read += next.value.byteLength;
      if (read > bounds.maxBytes) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The Node request behind a context served by @hono/node-server; undefined elsewhere (tests). */
function incomingOf(c: Context): IncomingMessage | undefined {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  return env.incoming instanceof IncomingMessage ? env.incoming : undefined;
}

/**
 * An error answered before the request's body was read (413, 415, a foreign origin, 401) waits until
 * the rest of the body has arrived, reading and dropping it, and only then goes out. A server that
 * answers and closes while the client is still sending makes the client's system reset the
 * connection, and the reset can discard the answer before the client reads it: the client sees
 * "connection reset" instead of its 413. Once the body is read the connection is clean and stays open.
 *
 * Past `bounds` (a flood, or a client that stalls) the answer says `Connection: close` and the socket
 * is dropped after it. A body another reader holds (one a handler began to read) cannot be read from
 * here, so it is handled the same way.
 */
export function discardUnreadBodies(bounds: DiscardBounds = UNREAD_BODY_BOUNDS): MiddlewareHandler {
  return async (c, next) => {
    const arrived = c.req.raw;
    await next();
    if (c.res.status < 400 || !declaresBody(arrived.headers)) return;
    const incoming = incomingOf(c);
    if (!incoming || incoming.readableEnded) return;
    const body = arrived.body;
    const drained = body && !body.locked ? await discardRest(body.getReader(), bounds) : false;
    if (!drained) c.header('Connection', 'close');
  };
}
