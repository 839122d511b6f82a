export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream response as it arrives. `next(predicate)` waits for the first message
 * that matches, with a timeout, so tests assert on what a browser's EventSource would see.
 */
export function readSse(response: Response) {
  if (!response.body) throw new Error('the response has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const received: SseMessage[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let done = false;

  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += chunk.value;
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const message: SseMessage = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') message.id = value;
            else if (field === 'event') message.event = value;
            else if (field === 'data') data.push(value);
          }
          message.data = data.join('\n');
          if (data.length > 0 || message.id) received.push(message);
          for (const wake of waiters.splice(0)) wake();
          boundary = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // the stream was cancelled
    } finally {
      done = true;
      for (const wake of waiters.splice(0)) wake();
    }
  })();

  return {
    received,
    async next(predicate: (message: SseMessage) => boolean, timeoutMs = 20_000): Promise<SseMessage> {
      const deadline = Date.now() + timeoutMs;
      let seen = 0;
      for (;;) {
        for (; seen < received.length; seen++) {
          const message = received[seen];
          if (message && predicate(message)) {
            received.splice(seen, 1);
            return message;
          }
        }
        if (done) throw new Error('the event stream ended');
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error('no matching event arrived in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}
