import { endpoints, type TypedApi } from '@switchboard/api-client';
import { activitySchema, type Task } from '@switchboard/api-client/contract';
import { listStatuses } from './projects';
import type { BoardSource, LiveStatus } from './ui/board';
import type { BoardData } from './ui/board-model';

export interface ApiBoardSourceOptions {
  api: TypedApi;
  project: { id: string; key: string; name: string };
  /** Headers for the event stream (the bearer token, the user agent). */
  headers: Record<string, string>;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** First wait before reconnecting, doubled up to 30 s. @default 1000 */
  retryMs?: number;
}

/** One SSE message (event, data, id), parsed from a text/event-stream body as it arrives. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/** Splits a text/event-stream into messages (WHATWG "event stream interpretation", without retry). */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      buffer += chunk.value.replace(/\r\n?/g, '\n');
      let boundary = buffer.indexOf('\n\n');
      while (boundary !== -1) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const message: SseMessage = { event: 'message', data: '' };
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line === '' || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') message.event = value;
          else if (field === 'data') data.push(value);
          else if (field === 'id') message.id = value;
        }
        message.data = data.join('\n');
        if (data.length > 0 || message.id !== undefined) yield message;
        boundary = buffer.indexOf('\n\n');
      }
    }
  } finally {
    reader.releaseLock();
  }
}

const changeSchema = activitySchema.pick({ projectId: true, entity: true });

/** The board's data from the REST API, kept fresh by the organisation's event stream. */
export function apiBoardSource(options: ApiBoardSourceOptions): BoardSource {
  const { api, project } = options;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function loadTasks(): Promise<Task[]> {
    const tasks: Task[] = [];
    let cursor: string | undefined;
    do {
      const page = await api.tasks.list({ projectId: project.id, query: { limit: 1000, cursor } });
      tasks.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return tasks;
  }

  return {
    async load(): Promise<BoardData> {
      const [statuses, tasks] = await Promise.all([listStatuses(api, project.id), loadTasks()]);
      return { project, statuses, tasks };
    },

    async move(task, statusId) {
      // The version we read may be stale (an agent moved it meanwhile): read it fresh first.
      const current = await api.tasks.get({ task: task.id });
      await api.tasks.move({ task: task.id, body: { version: current.version, statusId } });
    },

    watch(onChange, onStatus: (status: LiveStatus) => void) {
      const stop = new AbortController();
      let lastEventId: string | undefined;
      const retryMs = options.retryMs ?? 1000;
      void (async () => {
        let wait = retryMs;
        while (!stop.signal.aborted) {
          try {
            const response = await doFetch(api.urlOf(endpoints.events.stream, {}), {
              headers: {
                ...options.headers,
                accept: 'text/event-stream',
                ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
              },
              signal: stop.signal,
            });
            if (!response.ok || !response.body)
              throw new Error(`the event stream answered ${response.status}`);
            for await (const message of readEventStream(response.body)) {
              if (message.id) lastEventId = message.id;
              if (message.event === 'ready') {
                wait = retryMs;
                onStatus('live');
                // Whatever changed between the first load and now.
                onChange();
              } else if (message.event === 'reset') {
                onChange();
              } else if (message.event === 'change') {
                const change = changeSchema.safeParse(JSON.parse(message.data));
                if (!change.success || change.data.projectId === project.id || change.data.projectId === null)
                  onChange();
              }
            }
          } catch {
            // Reconnect below, unless we are stopping.
          }
          if (stop.signal.aborted) return;
          onStatus('reconnecting');
          await new Promise((resolve) => setTimeout(resolve, wait));
          wait = Math.min(wait * 2, 30_000);
        }
      })();
      return () => stop.abort();
    },
  };
}
