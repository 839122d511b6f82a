import { endpoints, type TypedApi } from '@switchboard/api-client';
import type { Task } from '@switchboard/api-client/contract';
import { readEventStream } from './event-stream';
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

/** The board's data from the REST API, kept fresh by the organization's event stream. */
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
              if (message.type === 'ready') {
                wait = retryMs;
                onStatus('live');
                // Whatever changed between the first load and now.
                onChange();
              } else if (message.type === 'reset') {
                onChange();
              } else {
                const projectId = message.event?.projectId;
                // Unreadable changes and organization-wide ones may touch this board too.
                if (projectId === undefined || projectId === null || projectId === project.id) onChange();
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
