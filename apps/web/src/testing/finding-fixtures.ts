import type { RuleSetSummary, TaskFinding } from '@switchboard/api-client/contract';

/** A finding as GET /tasks/{task}/findings answers it; a test names what it is about. */
export function makeFinding(overrides: Partial<TaskFinding> & Pick<TaskFinding, 'id'>): TaskFinding {
  return {
    taskId: 't1',
    filePath: 'src/routes/users.ts',
    type: 'must_not_do',
    severity: 'HIGH',
    rule: 'Never import the database in a route',
    pattern: 'routes',
    violation: 'imports ../db/client',
    line: 3,
    suggestion: null,
    source: 'check',
    check: 'forbidImport ../**/db/*',
    status: 'open',
    reviewId: 'r1',
    reviewedAt: '2026-01-01T00:00:00.000Z',
    recordedBy: { type: 'agent', id: 'a1', name: 'backend-dev' },
    dismissal: null,
    ...overrides,
  };
}

export function makeRuleSetSummary(
  overrides: Partial<RuleSetSummary> & Pick<RuleSetSummary, 'name'>,
): RuleSetSummary {
  return {
    id: `rs-${overrides.name}`,
    description: '',
    version: 1,
    updatedBy: 'Ada',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    patterns: 0,
    rules: 0,
    projects: [],
    ...overrides,
  };
}
