import { describe, expect, it } from 'vitest';
import {
  REALTIME_EVENT_ACTIONS,
  type RealtimeEvent,
  type RealtimeEventAction,
  realtimeEventSchema,
} from './events';

const at = '2026-01-01T00:00:00.000Z';
const envelope = {
  id: '42',
  organizationId: 'org1',
  projectId: 'p1',
  actor: { type: 'agent', id: 'key1', name: 'backend-dev' },
  entityId: 'e1',
  summary: 'something happened',
  createdAt: at,
} as const;

const task = {
  id: 't1',
  projectId: 'p1',
  workUnitId: null,
  number: 12,
  key: 'SWB-12',
  title: 'Ship it',
  description: '',
  assignee: null,
  acceptanceCriteria: [{ text: 'works', checked: false }],
  statusId: 's2',
  position: 1,
  priority: 'medium',
  blockedBy: [],
  claim: { by: 'session1', expiresAt: at },
  usage: { inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
  devInfo: {},
  version: 3,
  createdAt: at,
  updatedAt: at,
};
const workUnit = {
  id: 'w1',
  projectId: 'p1',
  number: 3,
  slug: 'SWB-WU-3',
  title: 'Billing',
  description: '',
  type: 'feature',
  priority: 'high',
  status: 'in_progress',
  parentWorkUnitId: null,
  ownerId: null,
  estimatedEffort: null,
  startDate: null,
  targetDate: null,
  completedAt: null,
  devInfo: {},
  progress: { completedTasks: 0, totalTasks: 1, percentage: 0, currentTask: null },
  taskCount: 1,
  depth: 0,
  warnings: [],
  version: 2,
  createdAt: at,
  updatedAt: at,
};
const agent = {
  id: 'a1',
  organizationId: 'org1',
  name: 'backend-dev',
  description: '',
  instructions: '',
  model: null,
  tools: [],
  version: 1,
  createdAt: at,
  updatedAt: at,
};
const agentSession = {
  id: 'as1',
  organizationId: 'org1',
  projectId: 'p1',
  agentName: 'backend-dev',
  apiKeyId: 'key1',
  client: { name: 'claude-code', version: '2.1.0' },
  status: 'active',
  question: null,
  currentTask: { id: 't1', key: 'SWB-12', title: 'Ship it' },
  startedAt: at,
  lastSeenAt: at,
  idleAt: at,
  endedAt: null,
  version: 4,
};
const comment = {
  id: 'c1',
  taskId: 't1',
  author: { type: 'user', id: 'u1', name: 'Ada' },
  body: 'Looks good',
  version: 1,
  createdAt: at,
  updatedAt: at,
  editedAt: null,
};

const label = { id: 'l1', name: 'Bug', color: '#e5484d', version: 1, createdAt: at, updatedAt: at };

const question = {
  id: 'q1',
  projectId: 'p1',
  taskId: 't1',
  taskKey: 'SWB-12',
  sessionId: 'session1',
  agentName: 'backend-dev',
  question: 'Which database?',
  answer: null,
  answeredBy: null,
  askedAt: at,
  answeredAt: null,
};

const planSummary = {
  id: 'plan1',
  projectId: 'p1',
  title: 'Checkout',
  summary: 'Take money',
  status: 'proposed',
  revision: 1,
  author: { type: 'user', id: 'u1', name: 'Ada' },
  rejectionReason: null,
  itemCount: 4,
  acceptedCount: 0,
  version: 1,
  createdAt: at,
  updatedAt: at,
};

const qaStatus = { id: 's5', projectId: 'p1', name: 'QA', category: 'review', color: '#8e4ec6', position: 3 };

/** One real example of every event, as the server records it. */
const examples: { [Action in RealtimeEventAction]: { entity: string; data: unknown } } = {
  'task.created': { entity: 'task', data: { version: 1, task } },
  'task.updated': { entity: 'task', data: { version: 3, task, fields: ['usage'], added: task.usage } },
  'task.moved': {
    entity: 'task',
    data: { version: 3, task, fromStatusId: 's1', toStatusId: 's2', position: 1 },
  },
  'task.deleted': { entity: 'task', data: { version: 3, task } },
  'task.claimed': { entity: 'task', data: { version: 3, task, claim: task.claim } },
  'task.released': { entity: 'task', data: { version: 3, task: { ...task, claim: null }, claim: null } },
  'task.lease_expired': {
    entity: 'task',
    data: {
      version: 4,
      task: { ...task, claim: null },
      agentName: 'backend-dev',
      fromStatusId: 's2',
      toStatusId: 's1',
    },
  },
  'task.reviewed': {
    entity: 'task',
    data: {
      version: 5,
      task: { ...task, openFindings: { high: 1, medium: 0, low: 2 }, needsReview: false },
      filePath: 'src/api/users.ts',
      source: 'check',
      reviewId: 'r1',
      findings: { high: 1, medium: 0, low: 2 },
    },
  },
  'task.development_changed': {
    entity: 'task',
    data: {
      version: 3,
      task: {
        ...task,
        development: {
          branches: [
            {
              repository: 'acme/api',
              name: 'swb-1-login',
              url: 'https://github.com/acme/api/tree/swb-1-login',
            },
          ],
          pullRequests: [
            {
              repository: 'acme/api',
              number: 12,
              url: 'https://github.com/acme/api/pull/12',
              title: 'SWB-1 Login',
              state: 'open',
              checks: 'pending',
              headSha: '1a2b3c4d',
            },
          ],
        },
      },
    },
  },
  'task.finding_dismissed': {
    entity: 'task',
    data: {
      version: 6,
      task: { ...task, openFindings: { high: 0, medium: 0, low: 2 } },
      finding: {
        id: 'f1',
        taskId: 't1',
        filePath: 'src/api/users.ts',
        type: 'must_not_do',
        severity: 'HIGH',
        rule: 'No direct database access from routes',
        pattern: 'routes',
        violation: 'imports ../db/client',
        line: 3,
        suggestion: null,
        source: 'check',
        check: 'forbidImport ../db/client',
        status: 'dismissed',
        reviewId: 'r1',
        reviewedAt: at,
        recordedBy: { type: 'agent', id: 'k1', name: 'backend-dev' },
        dismissal: { by: { type: 'user', id: 'u1', name: 'Ada' }, reason: 'Migration script', at },
      },
    },
  },
  'rule_set.created': { entity: 'rule_set', data: { version: 1, name: 'backend' } },
  'rule_set.updated': { entity: 'rule_set', data: { version: 2, name: 'backend', fields: ['rules'] } },
  'rule_set.deleted': { entity: 'rule_set', data: { name: 'backend', projects: ['SWB'] } },
  'label.created': { entity: 'label', data: { version: 1, label } },
  'label.updated': {
    entity: 'label',
    data: { version: 2, label: { ...label, version: 2 }, fields: ['name', 'color'] },
  },
  'label.deleted': { entity: 'label', data: { label, tasks: 3 } },
  'template.created': { entity: 'template', data: { version: 1, name: 'node-service' } },
  'template.updated': {
    entity: 'template',
    data: { version: 2, name: 'node-service', fields: ['scaffoldYaml', 'files'] },
  },
  'template.deleted': { entity: 'template', data: { name: 'node-service', projects: ['SWB'] } },
  'comment.created': { entity: 'comment', data: { taskId: 't1', taskKey: 'SWB-12', comment } },
  'comment.updated': {
    entity: 'comment',
    data: { taskId: 't1', taskKey: 'SWB-12', comment: { ...comment, version: 2, editedAt: at } },
  },
  'comment.deleted': { entity: 'comment', data: { taskId: 't1', taskKey: 'SWB-12' } },
  'project.created': { entity: 'project', data: { version: 1, key: 'SWB', name: 'Switchboard' } },
  'project.updated': { entity: 'project', data: { version: 2, fields: ['name'] } },
  'project.deleted': { entity: 'project', data: { workUnits: 1, tasks: 4 } },
  'task_status.created': { entity: 'task_status', data: { status: qaStatus } },
  'task_status.updated': { entity: 'task_status', data: { status: qaStatus, fields: ['name'] } },
  'task_status.deleted': {
    entity: 'task_status',
    data: { status: qaStatus, movedTo: 's4', movedTasks: 2 },
  },
  'work_unit.created': { entity: 'work_unit', data: { version: 1, workUnit } },
  'work_unit.updated': {
    entity: 'work_unit',
    data: { version: 2, workUnit, fields: ['status'], from: 'planning', to: 'in_progress' },
  },
  'work_unit.deleted': {
    entity: 'work_unit',
    data: {
      version: 2,
      workUnit,
      id: 'w1',
      slug: 'SWB-WU-3',
      detachedTasks: 1,
      reparentedWorkUnits: 0,
      newParentWorkUnitId: null,
    },
  },
  'agent_profile.created': { entity: 'agent_profile', data: { version: 1, agent } },
  'agent_profile.updated': { entity: 'agent_profile', data: { version: 2, agent, fields: ['model'] } },
  'agent_profile.deleted': { entity: 'agent_profile', data: { version: 2, agent, unassignedTasks: 3 } },
  'agent_session.created': { entity: 'agent_session', data: { version: 1, agentSession } },
  'agent_session.updated': { entity: 'agent_session', data: { version: 4, agentSession } },
  'question.asked': { entity: 'question', data: { question } },
  'question.answered': {
    entity: 'question',
    data: {
      question: { ...question, answer: 'PostgreSQL', answeredBy: { id: 'u1', name: 'Ada' }, answeredAt: at },
      commentId: 'c2',
    },
  },
  'billing.updated': {
    entity: 'organization',
    data: { plan: 'team', status: 'active', cancelAtPeriodEnd: false },
  },
  'plan.created': { entity: 'plan', data: { version: 1, plan: planSummary } },
  'plan.updated': {
    entity: 'plan',
    data: { version: 2, plan: { ...planSummary, revision: 2 }, fields: ['items'] },
  },
  'plan.accepted': {
    entity: 'plan',
    data: {
      version: 3,
      plan: { ...planSummary, status: 'partially_accepted', acceptedCount: 1 },
      created: [{ key: 'W1', kind: 'work_unit', id: 'w1', reference: 'SWB-WU-3' }],
      skipped: [],
    },
  },
  'plan.rejected': {
    entity: 'plan',
    data: { version: 2, plan: { ...planSummary, status: 'rejected', rejectionReason: 'Too big' } },
  },
  'plan_message.created': {
    entity: 'plan_message',
    data: {
      planId: 'plan1',
      message: {
        id: 'm1',
        planId: 'plan1',
        itemKey: 'W1',
        author: { type: 'agent', id: 'key1', name: 'backend-dev' },
        body: 'Split W1?',
        createdAt: at,
      },
    },
  },
};

describe('realtimeEventSchema', () => {
  it.each(REALTIME_EVENT_ACTIONS)('parses a real %s event', (action) => {
    const parsed: RealtimeEvent = realtimeEventSchema.parse({ ...envelope, action, ...examples[action] });
    expect(parsed.action).toBe(action);
    expect(parsed.data).toEqual(examples[action].data);
  });

  it('has an example for every action and no action twice', () => {
    expect(new Set(REALTIME_EVENT_ACTIONS).size).toBe(REALTIME_EVENT_ACTIONS.length);
    expect(Object.keys(examples).sort()).toEqual([...REALTIME_EVENT_ACTIONS].sort());
  });

  it('narrows the payload by action', () => {
    const event = realtimeEventSchema.parse({ ...envelope, action: 'task.moved', ...examples['task.moved'] });
    if (event.action !== 'task.moved') throw new Error('expected task.moved');
    expect(event.data.toStatusId).toBe('s2');
  });

  it.each([
    ['a payload of another action', { action: 'task.moved', ...examples['task.created'] }],
    [
      'a task without its key',
      { action: 'task.created', entity: 'task', data: { version: 1, task: { ...task, key: 1 } } },
    ],
    [
      'a version that is not a number',
      { action: 'project.updated', entity: 'project', data: { version: '2', fields: [] } },
    ],
    ['an entity that does not match the action', { action: 'comment.created', ...examples['task.created'] }],
    ['an unknown action', { action: 'task.exploded', entity: 'task', data: { version: 1, task } }],
    ['no data', { action: 'project.deleted', entity: 'project' }],
  ])('rejects %s', (_, event) => {
    expect(realtimeEventSchema.safeParse({ ...envelope, ...event }).success).toBe(false);
  });
});
