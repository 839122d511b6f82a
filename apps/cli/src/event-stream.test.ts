import type { RealtimeEvent } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { readEventStream, type StreamMessage } from './event-stream';

const projectUpdated: RealtimeEvent = {
  id: '42',
  organizationId: 'o1',
  projectId: 'p1',
  actor: { type: 'user', id: 'u1', name: 'Ada' },
  action: 'project.updated',
  entity: 'project',
  entityId: 'p1',
  summary: 'renamed the project',
  data: { version: 2, fields: ['name'] },
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** A response body that arrives in exactly these pieces. */
function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<StreamMessage[]> {
  const messages: StreamMessage[] = [];
  for await (const message of readEventStream(bodyOf(chunks))) messages.push(message);
  return messages;
}

describe('readEventStream', () => {
  it('frames messages split anywhere, with CRLF, comments and multi-line data', async () => {
    const change = JSON.stringify(projectUpdated);
    const half = Math.floor(change.length / 2);
    const messages = await collect([
      'retry: 2000\r\nevent: ready\r\ndata: {"organizationId":"o1"}\r\n\r\n',
      ': keepalive\n\n',
      `id: 42\nevent: change\ndata: ${change.slice(0, half)}`,
      `${change.slice(half)}\n\n`,
      'event: reset\ndata: {}\n\n',
    ]);
    expect(messages).toEqual([
      { type: 'ready', id: undefined },
      { type: 'change', id: '42', event: projectUpdated },
      { type: 'reset', id: undefined },
    ]);
  });

  it('passes on a change the contract does not describe without its event, and skips other names', async () => {
    const unknown = JSON.stringify({ ...projectUpdated, action: 'project.archived' });
    const messages = await collect([
      `id: 43\nevent: change\ndata: ${unknown}\n\n`,
      'id: 44\nevent: change\ndata: {not json\n\n',
      'event: something-else\ndata: {}\n\n',
      'data: no event name\n\n',
    ]);
    expect(messages).toEqual([
      { type: 'change', id: '43', event: undefined },
      { type: 'change', id: '44', event: undefined },
    ]);
  });
});
