import { type RealtimeEvent, realtimeEventSchema } from '@switchboard/api-client/contract';
import { EventSourceParserStream } from 'eventsource-parser/stream';

/** One message of the organization's event stream, as the board needs it. */
export type StreamMessage =
  /** The stream is open: anything before this was missed and needs a reload. */
  | { type: 'ready'; id: string | undefined }
  /** The server could not replay what was missed (too far behind): reload everything. */
  | { type: 'reset'; id: string | undefined }
  /**
   * A committed change. `event` is undefined when its data does not match the contract, e.g. an action
   * a newer server added: the change happened all the same, so callers treat it as "something changed".
   */
  | { type: 'change'; id: string | undefined; event: RealtimeEvent | undefined };

function parseChange(data: string): RealtimeEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = realtimeEventSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Reads a text/event-stream body as it arrives (eventsource-parser does the framing: split lines, CRLF,
 * comments, multi-line data). Messages of other event names are skipped.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamMessage> {
  const reader = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return;
      const { event, id, data } = next.value;
      if (event === 'ready' || event === 'reset') yield { type: event, id };
      else if (event === 'change') yield { type: 'change', id, event: parseChange(data) };
    }
  } finally {
    reader.releaseLock();
  }
}
