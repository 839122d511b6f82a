import { ApiError, createApiClient, createTypedApi, endpoints } from '@switchboard/api-client';
import type { AgentProfile } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import {
  agentFormFrom,
  assignedTasksOf,
  canManageAgents,
  createInputFrom,
  deleteAgentProfile,
  EMPTY_AGENT_FORM,
  parseToolList,
  updateInputFrom,
  upsertProfile,
} from './agents';

function profile(overrides: Partial<AgentProfile> & Pick<AgentProfile, 'id' | 'name'>): AgentProfile {
  return {
    organizationId: 'o1',
    description: '',
    instructions: '',
    model: null,
    tools: [],
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('parseToolList', () => {
  it('takes one tool per line or comma-separated, trimmed and without repeats', () => {
    expect(parseToolList('Read\n Edit , Bash(git status)\n\nRead')).toEqual([
      'Read',
      'Edit',
      'Bash(git status)',
    ]);
    expect(parseToolList('  ')).toEqual([]);
  });
});

describe('createInputFrom', () => {
  it('builds the contract body: lower-case name, empty model as null, tools as a list', () => {
    const result = createInputFrom({
      ...EMPTY_AGENT_FORM,
      name: 'Backend-Dev ',
      description: ' Builds the API ',
      tools: 'Read\nEdit',
    });
    expect(result).toEqual({
      ok: true,
      data: {
        name: 'backend-dev',
        description: 'Builds the API',
        instructions: '',
        model: null,
        tools: ['Read', 'Edit'],
      },
    });
  });

  it('says what is wrong with the name, in the schema’s words', () => {
    const missing = createInputFrom({ ...EMPTY_AGENT_FORM });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors.name).toBe('Is required');
    const bad = createInputFrom({ ...EMPTY_AGENT_FORM, name: 'backend dev' });
    if (!bad.ok) expect(bad.errors.name).toMatch(/^Must be lower-case words joined by hyphens/);
    else throw new Error('expected an error');
  });
});

describe('updateInputFrom', () => {
  it('carries the version and never the name', () => {
    const form = agentFormFrom(profile({ id: 'a', name: 'qa', model: 'claude-sonnet-4-5', tools: ['Read'] }));
    const result = updateInputFrom({ ...form, description: 'Tests things' }, 3);
    expect(result).toEqual({
      ok: true,
      data: {
        version: 3,
        description: 'Tests things',
        instructions: '',
        model: 'claude-sonnet-4-5',
        tools: ['Read'],
      },
    });
  });
});

describe('deleting a profile', () => {
  it('reads how many tasks would lose their assignee from the 422', () => {
    const error = new ApiError({
      status: 422,
      statusText: 'Unprocessable Entity',
      body: {
        error: {
          code: 'CONFIRMATION_REQUIRED',
          message: 'backend-dev is assigned 2 tasks',
          details: { assignedTasks: 2, tasks: ['SWB-1', 'SWB-4'] },
        },
      },
    });
    expect(assignedTasksOf(error)).toEqual({ count: 2, keys: ['SWB-1', 'SWB-4'] });
  });

  it('is null for any other error', () => {
    const error = new ApiError({
      status: 404,
      statusText: 'Not Found',
      body: { error: { code: 'AGENT_NOT_FOUND', message: 'gone' } },
    });
    expect(assignedTasksOf(error)).toBeNull();
    expect(assignedTasksOf(new Error('x'))).toBeNull();
  });

  it('reads the unassigned count from the delete answer', async () => {
    const requests: string[] = [];
    const api = createTypedApi(
      createApiClient({
        baseUrl: 'http://app.test',
        fetch: async (input) => {
          requests.push(String(input));
          return Response.json({ deleted: { name: 'qa', unassignedTasks: 3, revokedKeys: 1 } });
        },
      }),
    );
    await expect(deleteAgentProfile(api, 'qa', { confirm: true, version: 2 })).resolves.toBe(3);
    expect(requests).toEqual([
      api.urlOf(endpoints.agents.delete, { agent: 'qa', query: { confirm: 'true', version: 2 } }),
    ]);
  });
});

describe('canManageAgents', () => {
  it('follows organization:update: owners and admins, not members', () => {
    expect(canManageAgents('owner')).toBe(true);
    expect(canManageAgents('admin')).toBe(true);
    expect(canManageAgents('member')).toBe(false);
    expect(canManageAgents('member,admin')).toBe(true);
    expect(canManageAgents(undefined)).toBe(false);
  });
});

describe('upsertProfile', () => {
  it('adds in name order and never lets an older version win', () => {
    const list = [profile({ id: 'b', name: 'frontend-dev' })];
    const added = upsertProfile(list, profile({ id: 'a', name: 'backend-dev' }));
    expect(added.map((item) => item.name)).toEqual(['backend-dev', 'frontend-dev']);
    const newer = upsertProfile(
      added,
      profile({ id: 'b', name: 'frontend-dev', version: 3, description: 'new' }),
    );
    const stale = upsertProfile(
      newer,
      profile({ id: 'b', name: 'frontend-dev', version: 2, description: 'old' }),
    );
    expect(stale.find((item) => item.id === 'b')?.description).toBe('new');
  });
});
