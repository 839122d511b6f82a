import type { AgentSession, AgentSessionStatus } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import {
  claimHolderOf,
  countByFilter,
  durationLabel,
  matchesFilter,
  sessionStatusAt,
  sinceLabel,
  sortSessions,
  upsertSession,
} from './agent-sessions';

const now = Date.parse('2026-11-21T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
const IDLE_MS = 5 * 60 * 1000;

function session(
  id: string,
  status: AgentSessionStatus,
  lastSeenSecondsAgo: number,
  overrides: Partial<AgentSession> = {},
): AgentSession {
  const lastSeenAt = ago(lastSeenSecondsAgo);
  return {
    id,
    organizationId: 'o1',
    projectId: 'p1',
    agentName: `agent-${id}`,
    apiKeyId: 'k1',
    client: { name: 'claude-code', version: '2.1.0' },
    status,
    question: null,
    currentTask: null,
    startedAt: ago(3600),
    lastSeenAt,
    idleAt: new Date(Date.parse(lastSeenAt) + IDLE_MS).toISOString(),
    endedAt: status === 'ended' ? lastSeenAt : null,
    version: 1,
    ...overrides,
  };
}

describe('sessionStatusAt', () => {
  it('turns an active session idle once idleAt passes, as the clock ticks', () => {
    const live = session('a', 'active', 299);
    expect(sessionStatusAt(live, now)).toBe('active');
    expect(sessionStatusAt(live, now + 1000)).toBe('idle');
    expect(sessionStatusAt(session('b', 'awaiting_input', 3600), now)).toBe('awaiting_input');
    expect(sessionStatusAt(session('c', 'ended', 10), now)).toBe('ended');
  });
});

describe('sortSessions', () => {
  it('puts sessions awaiting input first (longest waiting first), then active, idle, ended', () => {
    const sessions = [
      session('ended', 'ended', 5),
      session('idle', 'active', 900),
      session('active-old', 'active', 60),
      session('active-new', 'active', 2),
      session('asked-late', 'awaiting_input', 30),
      session('asked-early', 'awaiting_input', 400),
    ];
    expect(sortSessions(sessions, now).map((item) => item.id)).toEqual([
      'asked-early',
      'asked-late',
      'active-new',
      'active-old',
      'idle',
      'ended',
    ]);
  });
});

describe('filters', () => {
  const sessions = [
    session('a', 'active', 1),
    session('w', 'awaiting_input', 1),
    session('i', 'active', 600),
    session('e', 'ended', 1),
  ];

  it('active means live (working or waiting for a person); idle and ended are what they say', () => {
    expect(sessions.filter((item) => matchesFilter(item, 'active', now)).map((item) => item.id)).toEqual([
      'a',
      'w',
    ]);
    expect(sessions.filter((item) => matchesFilter(item, 'idle', now)).map((item) => item.id)).toEqual(['i']);
    expect(sessions.filter((item) => matchesFilter(item, 'ended', now)).map((item) => item.id)).toEqual([
      'e',
    ]);
    expect(countByFilter(sessions, now)).toEqual({ all: 4, active: 2, idle: 1, ended: 1 });
  });
});

describe('sinceLabel', () => {
  it.each([
    [0, 'just now'],
    [4, 'just now'],
    [12, '12 s ago'],
    [59, '59 s ago'],
    [60, '1 min ago'],
    [3599, '59 min ago'],
    [3 * 3600 + 10, '3 h ago'],
    [30 * 3600, 'yesterday'],
    [3 * 86400, '3 days ago'],
  ])('%i s ago reads %s', (seconds, label) => {
    expect(sinceLabel(ago(seconds), now)).toBe(label);
  });

  it('never says "in the future" for a clock slightly ahead, and is empty for nonsense', () => {
    expect(sinceLabel(new Date(now + 3000).toISOString(), now)).toBe('just now');
    expect(sinceLabel('not a date', now)).toBe('');
  });

  it('durations read like a stopwatch', () => {
    expect(durationLabel(ago(45), null, now)).toBe('45 s');
    expect(durationLabel(ago(125 * 60), null, now)).toBe('2 h 5 min');
    expect(durationLabel(ago(7200), ago(0), now)).toBe('2 h');
  });
});

describe('upsertSession', () => {
  it('adds new sessions at the top and keeps the newest version', () => {
    const first = session('a', 'active', 1, { version: 2 });
    const list = upsertSession([first], session('b', 'active', 1));
    expect(list.map((item) => item.id)).toEqual(['b', 'a']);
    expect(upsertSession(list, session('a', 'ended', 1, { version: 1 }))[1]?.status).toBe('active');
    expect(upsertSession(list, session('a', 'ended', 1, { version: 3 }))[1]?.status).toBe('ended');
  });
});

describe('claimHolderOf', () => {
  const sessions = [session('s1', 'active', 1, { agentName: 'backend-dev' })];

  it('names the agent whose session holds a live lease', () => {
    const task = { claim: { by: 's1', expiresAt: new Date(now + 60_000).toISOString() } };
    expect(claimHolderOf(task, sessions, now)).toEqual({
      agentName: 'backend-dev',
      expiresAt: task.claim.expiresAt,
    });
    expect(claimHolderOf(task, undefined, now)?.agentName).toBeNull();
  });

  it('takes the agent the claim names, even before the sessions are known', () => {
    const expiresAt = new Date(now + 60_000).toISOString();
    const task = { claim: { by: 's9', agentName: 'reviewer', expiresAt } };
    expect(claimHolderOf(task, undefined, now)).toEqual({ agentName: 'reviewer', expiresAt });
    expect(claimHolderOf(task, sessions, now)?.agentName).toBe('reviewer');
  });

  it('an expired lease, or none, is nobody’s', () => {
    expect(
      claimHolderOf({ claim: { by: 's1', expiresAt: new Date(now - 1).toISOString() } }, sessions, now),
    ).toBeNull();
    expect(claimHolderOf({ claim: null }, sessions, now)).toBeNull();
  });
});
