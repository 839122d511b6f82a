import { createApiClient, createTypedApi } from '@switchboard/api-client';
import type { Task } from '@switchboard/api-client/contract';
import { makeTask } from '@switchboard/api-client/testing';
import { describe, expect, it } from 'vitest';
import { resolveTaskNames } from './task-names';

const task = (number: number, overrides: Partial<Task> = {}): Task =>
  makeTask({ id: `t${number}`, number, projectId: 'p', statusId: 's', ...overrides });

const session = {
  id: 'session-1',
  organizationId: 'o',
  projectId: 'p',
  agentName: 'reviewer',
  apiKeyId: null,
  client: null,
  status: 'active',
  question: null,
  currentTask: null,
  startedAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: '2026-01-01T00:00:00.000Z',
  idleAt: '2026-01-01T00:05:00.000Z',
  endedAt: null,
  version: 1,
};

/** A typed API over a scripted server that knows tasks t1…t9 and one session; it records each path read. */
function scriptedApi(known: readonly Task[]) {
  const paths: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const api = createTypedApi(
    createApiClient({
      baseUrl: 'http://switchboard.test',
      fetch: async (input) => {
        const url = new URL(String(input));
        paths.push(url.pathname);
        if (url.pathname === '/api/v1/agent-sessions') return json(200, { items: [session] });
        const found = known.find((candidate) => url.pathname === `/api/v1/tasks/${candidate.id}`);
        return found
          ? json(200, found)
          : json(404, { error: { code: 'TASK_NOT_FOUND', message: 'There is no such task.' } });
      },
    }),
  );
  return { api, paths };
}

describe('resolveTaskNames', () => {
  it('names blockers by key, reading only those outside the list, and keeps the id of one gone', async () => {
    const { api, paths } = scriptedApi([task(7)]);
    const listed = [task(1), task(2, { blockedBy: ['t1', 't7', 'gone'] })];
    const names = await resolveTaskNames(api, listed);
    expect(names.blockerKeys(listed[1] ?? task(0))).toEqual(['SWB-1', 'SWB-7', 'gone']);
    expect(paths.sort()).toEqual(['/api/v1/tasks/gone', '/api/v1/tasks/t7']);
  });

  it('names the claim holder by agent, from the claim or else from its session', async () => {
    const { api, paths } = scriptedApi([]);
    const expiresAt = '2026-01-01T01:00:00.000Z';
    const byName = task(1, { claim: { by: 'session-9', agentName: 'builder', expiresAt } });
    const bySession = task(2, { claim: { by: 'session-1', expiresAt } });
    const unknown = task(3, { claim: { by: 'session-x', expiresAt } });
    const names = await resolveTaskNames(api, [byName, bySession, unknown, task(4)]);
    expect(names.claimHolder(byName)).toBe('builder');
    expect(names.claimHolder(bySession)).toBe('reviewer');
    expect(names.claimHolder(unknown)).toBe('an agent (session session-x)');
    expect(names.claimHolder(task(4))).toBeNull();
    expect(paths).toEqual(['/api/v1/agent-sessions']);
  });

  it('reads nothing when the tasks carry every name', async () => {
    const { api, paths } = scriptedApi([]);
    const claimed = task(2, {
      blockedBy: ['t1'],
      claim: { by: 's', agentName: 'builder', expiresAt: '2026-01-01T01:00:00.000Z' },
    });
    await resolveTaskNames(api, [task(1), claimed]);
    expect(paths).toEqual([]);
  });
});
