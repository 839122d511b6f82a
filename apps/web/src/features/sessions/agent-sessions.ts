import type { TypedApi } from '@switchboard/api-client';
import type { AgentSession, AgentSessionStatus, RealtimeEvent, Task } from '@switchboard/api-client/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';

/**
 * Agent sessions: one list of the organization's live sessions and those ended in the last
 * day, patched by agent_session.* events. `idle` is not an event: it is derived from idleAt as the
 * clock ticks, here as on the server.
 */
export const agentSessionKeys = {
  all: ['agent-sessions'] as const,
  list: () => ['agent-sessions', 'list'] as const,
};

/**
 * A session's lastSeenAt moves with every call but is not broadcast (it is not news); the list is
 * read again this often while a screen shows it, so "last seen" stays true.
 */
export const SESSIONS_REFRESH_MS = 15_000;

export async function fetchAgentSessions(api: TypedApi, signal?: AbortSignal): Promise<AgentSession[]> {
  return (await api.agentSessions.list({ signal })).items;
}

export const agentSessionsQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: agentSessionKeys.list(),
    queryFn: ({ signal }) => fetchAgentSessions(api, signal),
    retry: retryUnlessClientError,
    refetchInterval: SESSIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

/** The status as of `now`: an active session whose idleAt has passed is idle. */
export function sessionStatusAt(
  session: Pick<AgentSession, 'status' | 'idleAt'>,
  now: Date | number,
): AgentSessionStatus {
  const time = typeof now === 'number' ? now : now.getTime();
  if (session.status === 'active' && Date.parse(session.idleAt) <= time) return 'idle';
  return session.status;
}

export const SESSION_STATUS_LABELS: Record<AgentSessionStatus, string> = {
  awaiting_input: 'Awaiting input',
  active: 'Active',
  idle: 'Idle',
  ended: 'Ended',
};

const STATUS_ORDER: Record<AgentSessionStatus, number> = { awaiting_input: 0, active: 1, idle: 2, ended: 3 };

/**
 * Sessions in the order people need them: those awaiting input first (they block on a person, the one
 * waiting longest first), then active, idle and ended, each most recently seen first.
 */
export function sortSessions(sessions: readonly AgentSession[], now: Date | number): AgentSession[] {
  const time = (value: string) => Date.parse(value);
  return [...sessions].sort((a, b) => {
    const sa = sessionStatusAt(a, now);
    const sb = sessionStatusAt(b, now);
    if (sa !== sb) return STATUS_ORDER[sa] - STATUS_ORDER[sb];
    if (sa === 'awaiting_input') return time(a.lastSeenAt) - time(b.lastSeenAt);
    return time(b.lastSeenAt) - time(a.lastSeenAt) || a.id.localeCompare(b.id);
  });
}

export type SessionFilter = 'all' | 'active' | 'idle' | 'ended';

export const SESSION_FILTERS: ReadonlyArray<{ value: SessionFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'idle', label: 'Idle' },
  { value: 'ended', label: 'Ended' },
];

/** `active` means working or waiting for a person: the session is live and holds its claims. */
export function matchesFilter(session: AgentSession, filter: SessionFilter, now: Date | number): boolean {
  if (filter === 'all') return true;
  const status = sessionStatusAt(session, now);
  if (filter === 'active') return status === 'active' || status === 'awaiting_input';
  return status === filter;
}

/** Counts per filter, for the filter buttons. */
export function countByFilter(
  sessions: readonly AgentSession[],
  now: Date | number,
): Record<SessionFilter, number> {
  const counts: Record<SessionFilter, number> = { all: sessions.length, active: 0, idle: 0, ended: 0 };
  for (const session of sessions) {
    for (const filter of ['active', 'idle', 'ended'] as const) {
      if (matchesFilter(session, filter, now)) counts[filter] += 1;
    }
  }
  return counts;
}

export function parseSessionFilter(value: unknown): SessionFilter | undefined {
  return value === 'active' || value === 'idle' || value === 'ended' ? value : undefined;
}

/**
 * How long ago, to the second while it is recent: 'just now', '12 s ago', '4 min ago', '3 h ago',
 * then days. Coarser than a clock, finer than "a few minutes", so a live list visibly ticks.
 */
export function sinceLabel(date: string | Date, now: Date | number): string {
  const then = typeof date === 'string' ? Date.parse(date) : date.getTime();
  const time = typeof now === 'number' ? now : now.getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.floor((time - then) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** How long from `from` to `to` (or now): '45 s', '12 min', '2 h 5 min', '3 d'. */
export function durationLabel(from: string, to: string | null, now: Date | number): string {
  const end = to ? Date.parse(to) : typeof now === 'number' ? now : now.getTime();
  const seconds = Math.max(0, Math.floor((end - Date.parse(from)) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** Adds or replaces a session (from an event); an older version never replaces a newer one. */
export function upsertSession(sessions: readonly AgentSession[], session: AgentSession): AgentSession[] {
  const index = sessions.findIndex((candidate) => candidate.id === session.id);
  if (index === -1) return [session, ...sessions];
  if ((sessions[index]?.version ?? 0) > session.version) return [...sessions];
  return sessions.map((candidate) => (candidate.id === session.id ? session : candidate));
}

export function applySessionChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'agent_session.created':
    case 'agent_session.updated':
      queryClient.setQueryData<AgentSession[]>(agentSessionKeys.list(), (sessions) =>
        sessions ? upsertSession(sessions, event.data.agentSession) : sessions,
      );
      break;
  }
}

export interface ClaimHolder {
  /** The agent holding the lease, when its session is known. */
  agentName: string | null;
  expiresAt: string;
}

/**
 * Who holds a task's claim, as of `now`: the claim names its agent; a claim from a server that names
 * only the session (claim.by) takes the agent's name from the sessions list. An expired lease is
 * nobody's (the server treats it the same).
 */
export function claimHolderOf(
  task: Pick<Task, 'claim'>,
  sessions: readonly AgentSession[] | undefined,
  now: Date | number,
): ClaimHolder | null {
  const claim = task.claim;
  if (!claim) return null;
  const time = typeof now === 'number' ? now : now.getTime();
  if (Date.parse(claim.expiresAt) <= time) return null;
  if (claim.agentName) return { agentName: claim.agentName, expiresAt: claim.expiresAt };
  const session = sessions?.find((candidate) => candidate.id === claim.by);
  return { agentName: session?.agentName ?? null, expiresAt: claim.expiresAt };
}
