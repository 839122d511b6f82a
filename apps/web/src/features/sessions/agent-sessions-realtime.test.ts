import type { AgentProfile, AgentSession, Task } from '@switchboard/api-client/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeTask } from '../../testing/api-fixtures';
import { agentKeys } from '../agents/agents';
import { applyChange, parseChangeEvent } from '../realtime/realtime';
import { taskKeys } from '../tasks/tasks';
import { agentSessionKeys } from './agent-sessions';

const client = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });

const agentSession = (overrides: Partial<AgentSession> = {}): AgentSession => ({
  id: 's1',
  organizationId: 'o1',
  projectId: 'p1',
  agentName: 'backend-dev',
  apiKeyId: 'k1',
  client: { name: 'claude-code', version: '2.1.0' },
  status: 'active',
  question: null,
  currentTask: null,
  startedAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: '2026-01-01T00:00:00.000Z',
  idleAt: '2026-01-01T00:05:00.000Z',
  endedAt: null,
  version: 1,
  ...overrides,
});

const profile = (overrides: Partial<AgentProfile> = {}): AgentProfile => ({
  id: 'a1',
  organizationId: 'o1',
  name: 'backend-dev',
  description: '',
  instructions: '',
  model: null,
  tools: [],
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('applyChange: agent sessions', () => {
  it('a new session appears and an update (awaiting input, a task) replaces it', () => {
    const queryClient = client();
    queryClient.setQueryData<AgentSession[]>(agentSessionKeys.list(), []);
    applyChange(
      queryClient,
      makeEvent({
        id: '1',
        action: 'agent_session.created',
        entityId: 's1',
        data: { version: 1, agentSession: agentSession() },
      }),
    );
    expect(queryClient.getQueryData<AgentSession[]>(agentSessionKeys.list())).toHaveLength(1);

    const waiting = agentSession({
      status: 'awaiting_input',
      question: 'Which database?',
      currentTask: { id: 't1', key: 'SWB-1', title: 'Pick a database' },
      version: 2,
    });
    applyChange(
      queryClient,
      makeEvent({
        id: '2',
        action: 'agent_session.updated',
        entityId: 's1',
        data: { agentSession: waiting },
      }),
    );
    expect(queryClient.getQueryData<AgentSession[]>(agentSessionKeys.list())).toEqual([waiting]);
  });

  it('a malformed session event is ignored', () => {
    const wellFormed = makeEvent({ id: '3', action: 'task.created', entityId: 't1' });
    const message = JSON.stringify({
      ...wellFormed,
      action: 'agent_session.updated',
      entity: 'agent_session',
      data: { version: 2, agentSession: { id: 's1' } },
    });
    expect(parseChangeEvent(message)).toBeUndefined();
  });

  it('a claim shows on the board from task.claimed alone', () => {
    const queryClient = client();
    queryClient.setQueryData<Task[]>(taskKeys.board('p1'), [makeTask({ id: 't1' })]);
    const claimed = makeTask({ id: 't1', claim: { by: 's1', expiresAt: '2026-01-01T00:10:00.000Z' } });
    applyChange(
      queryClient,
      makeEvent({ id: '4', action: 'task.claimed', entity: 'task', entityId: 't1', data: { task: claimed } }),
    );
    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.[0]?.claim?.by).toBe('s1');
  });
});

describe('applyChange: agent profiles', () => {
  it('adds, updates and removes profiles in the shared list', () => {
    const queryClient = client();
    queryClient.setQueryData<AgentProfile[]>(agentKeys.list(), [profile({ id: 'a2', name: 'qa' })]);
    applyChange(
      queryClient,
      makeEvent({
        id: '1',
        action: 'agent_profile.created',
        entityId: 'a1',
        projectId: null,
        data: { agent: profile() },
      }),
    );
    expect(queryClient.getQueryData<AgentProfile[]>(agentKeys.list())?.map((item) => item.name)).toEqual([
      'backend-dev',
      'qa',
    ]);

    applyChange(
      queryClient,
      makeEvent({
        id: '2',
        action: 'agent_profile.updated',
        entityId: 'a1',
        projectId: null,
        data: { agent: profile({ description: 'APIs', version: 2 }) },
      }),
    );
    expect(queryClient.getQueryData<AgentProfile[]>(agentKeys.list())?.[0]?.description).toBe('APIs');

    applyChange(
      queryClient,
      makeEvent({
        id: '3',
        action: 'agent_profile.deleted',
        entityId: 'a1',
        projectId: null,
        data: { agent: profile() },
      }),
    );
    expect(queryClient.getQueryData<AgentProfile[]>(agentKeys.list())?.map((item) => item.name)).toEqual([
      'qa',
    ]);
  });
});
