import type { ApiClient } from '@switchboard/api-client';
import {
  type Activity,
  type AgentProfile,
  type AgentSession,
  activitySchema,
  agentProfileSchema,
  agentSessionSchema,
  type Comment,
  commentSchema,
  type Task,
  taskSchema,
  type WorkUnit,
  type WorkUnitDetail,
  workUnitSchema,
} from '@switchboard/api-client/contract';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { type ActivityPage, activityKeys, feedIncludes, prependActivity } from './activity';
import { agentSessionKeys, upsertSession } from './agent-sessions';
import { agentKeys, upsertProfile } from './agents';
import { isOrganizationIndependent } from './organization';
import { projectKeys } from './projects';
import { taskKeys } from './tasks';
import { removeTask, upsertTask } from './tasks-board';
import { workUnitKeys } from './work-units';

/**
 * Realtime (DESIGN §7): every committed change arrives as one event on GET /api/v1/events, and each
 * event patches or invalidates the same query keys the pages read, so a card moved anywhere moves on
 * every open board.
 */

/** Parses an SSE `change` message; anything malformed is ignored (undefined). */
export function parseChangeEvent(data: string): Activity | undefined {
  try {
    const parsed = activitySchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const dataOf = (query: Query) => query.state.data as { id?: unknown } | undefined;
const fieldsOf = (event: Activity): string[] =>
  Array.isArray(event.data.fields) ? event.data.fields.filter((field) => typeof field === 'string') : [];

/** Applies one change to the cache. Pure with respect to the network: it only patches or invalidates. */
export function applyChange(queryClient: QueryClient, event: Activity): void {
  queryClient.setQueriesData<InfiniteData<ActivityPage, string | undefined>>(
    { queryKey: activityKeys.all, predicate: (query) => feedIncludes(query.queryKey, event) },
    (data) => (data ? prependActivity(data, event) : data),
  );

  if (event.entity === 'task') applyTaskChange(queryClient, event);
  else if (event.entity === 'comment') applyCommentChange(queryClient, event);
  else if (event.entity === 'work_unit') applyWorkUnitChange(queryClient, event);
  else if (event.entity === 'project') applyProjectChange(queryClient, event);
  else if (event.entity === 'agent_session') applyAgentSessionChange(queryClient, event);
  else if (event.entity === 'agent_profile') applyAgentProfileChange(queryClient, event);
}

function applyTaskChange(queryClient: QueryClient, event: Activity): void {
  const parsed = taskSchema.safeParse(event.data.task);
  const projectId = parsed.success ? parsed.data.projectId : event.projectId;

  if (event.action === 'task.deleted') {
    if (projectId) {
      queryClient.setQueryData<Task[]>(taskKeys.board(projectId), (tasks) =>
        tasks ? removeTask(tasks, event.entityId) : tasks,
      );
    }
    void queryClient.invalidateQueries({
      queryKey: taskKeys.details(),
      predicate: (query) => dataOf(query)?.id === event.entityId,
    });
  } else if (parsed.success) {
    const task = parsed.data;
    queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) =>
      tasks ? upsertTask(tasks, task) : tasks,
    );
    queryClient.setQueriesData<Task>(
      { queryKey: taskKeys.details(), predicate: (query) => dataOf(query)?.id === task.id },
      (current) => (current && current.version > task.version ? current : task),
    );
  } else {
    if (projectId) void queryClient.invalidateQueries({ queryKey: taskKeys.board(projectId) });
    void queryClient.invalidateQueries({ queryKey: taskKeys.details() });
  }

  // A unit's progress is derived from its tasks, and a project's counts too.
  if (projectId) {
    const progressChanged =
      event.action !== 'task.updated' ||
      fieldsOf(event).some((field) => field === 'workUnitId' || field === 'title');
    if (progressChanged) void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(projectId) });
    // A unit's detail embeds its tasks whole.
    if (progressChanged || (parsed.success && parsed.data.workUnitId)) {
      void queryClient.invalidateQueries({ queryKey: workUnitKeys.details() });
    }
    if (event.action !== 'task.updated') void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
  }
}

function applyCommentChange(queryClient: QueryClient, event: Activity): void {
  const parsed = commentSchema.safeParse(event.data.comment);
  if (!parsed.success) {
    if (typeof event.data.taskId === 'string') {
      void queryClient.invalidateQueries({ queryKey: taskKeys.comments(event.data.taskId) });
    }
    return;
  }
  const comment = parsed.data;
  queryClient.setQueryData<Comment[]>(taskKeys.comments(comment.taskId), (comments) =>
    comments && !comments.some((existing) => existing.id === comment.id) ? [...comments, comment] : comments,
  );
}

function applyWorkUnitChange(queryClient: QueryClient, event: Activity): void {
  const parsed = workUnitSchema.safeParse(event.data.workUnit);
  const projectId = parsed.success ? parsed.data.projectId : event.projectId;

  if (event.action === 'work_unit.deleted') {
    if (projectId) {
      queryClient.setQueryData<WorkUnit[]>(workUnitKeys.list(projectId), (units) =>
        units?.filter((unit) => unit.id !== event.entityId),
      );
    }
    void queryClient.invalidateQueries({
      queryKey: workUnitKeys.details(),
      predicate: (query) => dataOf(query)?.id === event.entityId,
    });
  } else if (parsed.success) {
    const unit = parsed.data;
    queryClient.setQueryData<WorkUnit[]>(workUnitKeys.list(unit.projectId), (units) => {
      if (!units) return units;
      const index = units.findIndex((candidate) => candidate.id === unit.id);
      if (index === -1) return [...units, unit];
      if ((units[index]?.version ?? 0) > unit.version) return units;
      return units.map((candidate) => (candidate.id === unit.id ? unit : candidate));
    });
    queryClient.setQueriesData<WorkUnitDetail>(
      { queryKey: workUnitKeys.details(), predicate: (query) => dataOf(query)?.id === unit.id },
      (current) => (current && current.version <= unit.version ? { ...current, ...unit } : current),
    );
    // Moving a unit changes the depth (and the advice) of everything below it.
    if (fieldsOf(event).includes('parentWorkUnitId')) {
      void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(unit.projectId) });
    }
  } else if (projectId) {
    void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(projectId) });
  }
  if (event.action !== 'work_unit.updated')
    void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
}

function applyProjectChange(queryClient: QueryClient, event: Activity): void {
  // Project events carry no project body: read the lists again (only what is on screen refetches).
  void queryClient.invalidateQueries({
    queryKey: projectKeys.all,
    predicate: (query) => query.queryKey[1] !== 'statuses',
  });
  if (event.action === 'project.deleted') {
    void queryClient.invalidateQueries({ queryKey: taskKeys.board(event.entityId) });
    void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(event.entityId) });
  }
}

function applyAgentSessionChange(queryClient: QueryClient, event: Activity): void {
  const parsed = agentSessionSchema.safeParse(event.data.agentSession);
  if (!parsed.success) {
    void queryClient.invalidateQueries({ queryKey: agentSessionKeys.all });
    return;
  }
  queryClient.setQueryData<AgentSession[]>(agentSessionKeys.list(), (sessions) =>
    sessions ? upsertSession(sessions, parsed.data) : sessions,
  );
}

function applyAgentProfileChange(queryClient: QueryClient, event: Activity): void {
  if (event.action === 'agent_profile.deleted') {
    queryClient.setQueryData<AgentProfile[]>(agentKeys.list(), (profiles) =>
      profiles?.filter((profile) => profile.id !== event.entityId),
    );
    return;
  }
  const parsed = agentProfileSchema.safeParse(event.data.agent);
  if (!parsed.success) {
    void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    return;
  }
  queryClient.setQueryData<AgentProfile[]>(agentKeys.list(), (profiles) =>
    profiles ? upsertProfile(profiles, parsed.data) : profiles,
  );
}

/** After `reset` (too far behind to replay) or a change of organisation: everything is read again. */
export function invalidateOrganizationData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => !isOrganizationIndependent(query.queryKey) });
}

// ── The connection ──

export type RealtimeStatus = 'off' | 'connecting' | 'live' | 'offline';

let status: RealtimeStatus = 'off';
const listeners = new Set<() => void>();

function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

/** The tab's connection state, for the "Live" indicator. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => 'off' as const,
  );
}

/** Waits before opening a closed stream again: 1 s, 2 s, 4 s … up to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
}

export interface RealtimeOptions {
  api: ApiClient;
  queryClient: QueryClient;
  /** The stream is per organisation: a new one opens when it changes, none without one. */
  organizationId: string | null;
  /** For tests. @default globalThis.EventSource */
  EventSourceImpl?: typeof EventSource;
}

/**
 * One EventSource per tab while signed in. The browser reconnects a dropped stream by itself and
 * resends Last-Event-ID, so the server replays what was missed; a stream the server closed for good
 * (an error status) is reopened here with backoff, resuming from the last id seen.
 */
export function useRealtime({ api, queryClient, organizationId, EventSourceImpl }: RealtimeOptions): void {
  useEffect(() => {
    const Impl = EventSourceImpl ?? globalThis.EventSource;
    if (!organizationId || !Impl) return;
    let source: EventSource | undefined;
    let lastEventId: string | undefined;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      setStatus('connecting');
      const url = api.url('/events', lastEventId ? { lastEventId } : undefined);
      const current = new Impl(url, { withCredentials: true });
      source = current;
      current.addEventListener('ready', () => {
        attempt = 0;
        setStatus('live');
      });
      current.addEventListener('change', (message) => {
        const event = parseChangeEvent((message as MessageEvent<string>).data);
        if (!event) return;
        if (lastEventId && Number(event.id) <= Number(lastEventId)) return;
        lastEventId = event.id;
        applyChange(queryClient, event);
      });
      current.addEventListener('reset', () => {
        void invalidateOrganizationData(queryClient);
      });
      current.addEventListener('error', () => {
        if (stopped) return;
        if (current.readyState === Impl.CLOSED) {
          setStatus('offline');
          current.close();
          retryTimer = setTimeout(open, reconnectDelay(attempt++));
        } else {
          setStatus('connecting');
        }
      });
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      setStatus('off');
    };
  }, [api, queryClient, organizationId, EventSourceImpl]);
}
