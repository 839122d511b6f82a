import { describe, expect, it } from 'vitest';
import { declaresBody, discardRest } from './unread-bodies';

/** A stream of `count` chunks of `size` bytes, each `pauseMs` after the last, then its end (or none). */
function stream(count: number, size: number, options: { pauseMs?: number; ends?: boolean } = {}) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === count) {
        if (options.ends !== false) controller.close();
        return new Promise(() => undefined);
      }
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
      sent += 1;
      controller.enqueue(new Uint8Array(size));
    },
  });
}

describe('discardRest', () => {
  it('reads a body to its end within the bounds', async () => {
    expect(await discardRest(stream(10, 1000).getReader(), { maxBytes: 10_000, maxMs: 60_000 })).toBe(true);
  });

  it('gives up past its byte bound', async () => {
    expect(await discardRest(stream(11, 1000).getReader(), { maxBytes: 10_000, maxMs: 60_000 })).toBe(false);
  });

  it('gives up on a body that stops arriving', async () => {
    const stalled = stream(1, 10, { ends: false });
    expect(await discardRest(stalled.getReader(), { maxBytes: 10_000, maxMs: 50 })).toBe(false);
  });

  it('gives up on a failed stream', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('reset'));
      },
    });
    expect(await discardRest(failing.getReader(), { maxBytes: 10, maxMs: 60_000 })).toBe(false);
  });
});

describe('declaresBody', () => {
  it('is true for a Content-Length above 0 or a chunked body', () => {
    expect(declaresBody(new Headers({ 'content-length': '12' }))).toBe(true);
    expect(declaresBody(new Headers({ 'transfer-encoding': 'chunked' }))).toBe(true);
    expect(declaresBody(new Headers({ 'content-length': '0' }))).toBe(false);
    expect(declaresBody(new Headers())).toBe(false);
  });
});
