import { ApiError, createApiClient, createTypedApi } from '@switchboard/api-client';
import type { TaskFinding } from '@switchboard/api-client/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeTask } from '../../testing/api-fixtures';
import { makeFinding, makeRuleSetSummary } from '../../testing/finding-fixtures';
import {
  applyArchitectureChange,
  canManageRuleSets,
  findingKeys,
  ruleSetKeys,
  saveRuleSetFiles,
  tryRuleSet,
  yamlProblemsOf,
} from './rule-sets';

const validationFailed = (details: unknown) =>
  new ApiError({
    status: 400,
    statusText: 'Bad Request',
    body: { error: { code: 'VALIDATION_FAILED', message: 'rulesYaml line 4: bad', details } },
  });

describe('yamlProblemsOf', () => {
  it('sorts the server’s refusal into the two files, each problem with its line', () => {
    const error = validationFailed([
      { path: ['rulesYaml'], line: 4, column: 7, message: 'Not a valid regex' },
      { path: ['architectYaml'], line: 2, message: 'name is required' },
    ]);
    expect(yamlProblemsOf(error)).toEqual({
      architect: [{ line: 2, message: 'name is required' }],
      rules: [{ line: 4, column: 7, message: 'Not a valid regex' }],
    });
  });

  it('is null for refusals that are not about YAML lines', () => {
    expect(yamlProblemsOf(validationFailed([{ path: ['name'], message: 'is required' }]))).toBeNull();
    expect(
      yamlProblemsOf(
        new ApiError({
          status: 409,
          statusText: 'Conflict',
          body: { error: { code: 'VERSION_CONFLICT', message: 'stale' } },
        }),
      ),
    ).toBeNull();
    expect(yamlProblemsOf(new Error('offline'))).toBeNull();
  });
});

describe('canManageRuleSets', () => {
  it('lets owners and admins write; members read', () => {
    expect(canManageRuleSets('owner')).toBe(true);
    expect(canManageRuleSets('admin')).toBe(true);
    expect(canManageRuleSets('member')).toBe(false);
    expect(canManageRuleSets(undefined)).toBe(false);
  });
});

describe('calls', () => {
  function recordingApi(answer: unknown) {
    const requests: Array<{ method: string; url: string; body: unknown }> = [];
    const api = createTypedApi(
      createApiClient({
        baseUrl: 'http://app.test',
        fetch: async (input, init) => {
          requests.push({
            method: init?.method ?? 'GET',
            url: String(input),
            body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          });
          return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
        },
      }),
    );
    return { api, requests };
  }

  it('saves both files with the version they were read at', async () => {
    const { api, requests } = recordingApi({
      id: 'rs1',
      name: 'backend',
      description: '',
      content: { patterns: [], rules: [] },
      architectYaml: 'features: []\n',
      rulesYaml: '',
      version: 3,
      updatedBy: 'Ada',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    await saveRuleSetFiles(api, 'backend', { architectYaml: 'features: []\n', rulesYaml: '' }, 2);
    expect(requests).toEqual([
      {
        method: 'PUT',
        url: 'http://app.test/api/v1/rule-sets/backend',
        body: { architectYaml: 'features: []\n', rulesYaml: '', version: 2 },
      },
    ]);
  });

  it('sends a trial review in the AgiFlow field names', async () => {
    const { api, requests } = recordingApi({
      file_path: 'src/a.ts',
      fix_required: false,
      identified_issues: [],
      rules_to_self_check: [],
      not_checked: [],
      matched_patterns: [],
    });
    await tryRuleSet(api, 'backend', { filePath: 'src/a.ts', content: 'x' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: 'http://app.test/api/v1/rule-sets/backend/review',
      body: { file_path: 'src/a.ts', content: 'x' },
    });
  });
});

describe('applyArchitectureChange', () => {
  const client = () =>
    new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });

  it('puts a dismissed finding in its task’s list', () => {
    const queryClient = client();
    queryClient.setQueryData(findingKeys.ofTask('t1'), [
      makeFinding({ id: 'f1' }),
      makeFinding({ id: 'f2' }),
    ]);
    const dismissed = makeFinding({
      id: 'f2',
      status: 'dismissed',
      dismissal: {
        by: { type: 'user', id: 'u1', name: 'Ada' },
        reason: 'generated file',
        at: '2026-01-02T00:00:00.000Z',
      },
    });
    applyArchitectureChange(
      queryClient,
      makeEvent({
        id: '7',
        action: 'task.finding_dismissed',
        entityId: 't1',
        data: { task: makeTask({ id: 't1' }), finding: dismissed },
      }),
    );
    const findings = queryClient.getQueryData<TaskFinding[]>(findingKeys.ofTask('t1'));
    expect(findings?.map((finding) => finding.status)).toEqual(['open', 'dismissed']);
  });

  it('reads a task’s findings again after a review of one of its files', () => {
    const queryClient = client();
    queryClient.setQueryData(findingKeys.ofTask('t1'), [makeFinding({ id: 'f1' })]);
    queryClient.setQueryData(findingKeys.ofTask('t2'), []);
    applyArchitectureChange(
      queryClient,
      makeEvent({
        id: '8',
        action: 'task.reviewed',
        entityId: 't1',
        data: {
          task: makeTask({ id: 't1' }),
          filePath: 'src/a.ts',
          source: 'check',
          reviewId: 'r2',
          findings: { high: 1, medium: 0, low: 0 },
        },
      }),
    );
    expect(queryClient.getQueryState(findingKeys.ofTask('t1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(findingKeys.ofTask('t2'))?.isInvalidated).toBe(false);
  });

  it('marks rule sets stale on their events', () => {
    const queryClient = client();
    queryClient.setQueryData(ruleSetKeys.list(), [makeRuleSetSummary({ name: 'backend' })]);
    queryClient.setQueryData(ruleSetKeys.detail('backend'), { name: 'backend' });
    applyArchitectureChange(
      queryClient,
      makeEvent({
        id: '9',
        action: 'rule_set.updated',
        entityId: 'rs-backend',
        data: { version: 2, name: 'backend', fields: ['content'] },
      }),
    );
    expect(queryClient.getQueryState(ruleSetKeys.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(ruleSetKeys.detail('backend'))?.isInvalidated).toBe(true);
  });
});
