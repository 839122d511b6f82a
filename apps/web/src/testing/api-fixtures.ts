import {
  type Comment,
  type RealtimeEvent,
  realtimeEventSchema,
  type WorkUnit,
} from '@switchboard/api-client/contract';
import { makeTask } from '@switchboard/api-client/testing';

export { makeTask };

export function makeWorkUnit(overrides: Partial<WorkUnit> & Pick<WorkUnit, 'id'>): WorkUnit {
  const number = overrides.number ?? 1;
  const progress = { completedTasks: 0, totalTasks: 0, percentage: 0, currentTask: null };
  return {
    projectId: 'p1',
    number,
    slug: `SWB-WU-${number}`,
    title: `Unit ${number}`,
    description: '',
    type: 'feature',
    priority: 'medium',
    status: 'planning',
    parentWorkUnitId: null,
    ownerId: null,
    estimatedEffort: null,
    startDate: null,
    targetDate: null,
    completedAt: null,
    devInfo: { progress },
    progress,
    taskCount: 0,
    depth: 0,
    warnings: [],
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> & Pick<Comment, 'id' | 'taskId'>): Comment {
  return {
    author: { type: 'user', id: 'u1', name: 'Ada' },
    body: 'Hello',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    editedAt: null,
    ...overrides,
  };
}

/** A realtime event as the stream would deliver it: parsed with the contract, so a wrong fixture fails loudly. */
/** A test names the envelope fields and the part of the payload it is about; the rest is filled in. */
type EventOverrides = Pick<RealtimeEvent, 'id' | 'action'> &
  Partial<Omit<RealtimeEvent, 'id' | 'action' | 'data'>> & { data?: Record<string, unknown> };

export function makeEvent(overrides: EventOverrides): RealtimeEvent {
  return realtimeEventSchema.parse({
    organizationId: 'o1',
    projectId: 'p1',
    actor: { type: 'user', id: 'u1', name: 'Ada' },
    entity: overrides.action.split('.')[0] ?? 'task',
    entityId: 'x',
    summary: overrides.action,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
    data: { ...payloadDefaults(overrides.data ?? {}), ...overrides.data },
  });
}

/**
 * Every field any action's payload needs, so a test names only what it is about; the schema drops
 * the fields its action does not have. The version follows the body the test gives.
 */
function payloadDefaults(data: Record<string, unknown>): Record<string, unknown> {
  const task = makeTask({ id: 't1' });
  const workUnit = makeWorkUnit({ id: 'w1' });
  const body = [data.task, data.workUnit, data.agent, data.agentSession].find(
    (candidate): candidate is { version: unknown } =>
      typeof candidate === 'object' && candidate !== null && 'version' in candidate,
  );
  return {
    version: body?.version ?? 1,
    task,
    fields: [],
    fromStatusId: task.statusId,
    toStatusId: task.statusId,
    position: task.position,
    claim: null,
    taskId: task.id,
    taskKey: task.key,
    comment: makeComment({ id: 'c1', taskId: task.id }),
    key: 'SWB',
    name: 'Switchboard',
    workUnits: 0,
    tasks: 0,
    workUnit,
    id: workUnit.id,
    slug: workUnit.slug,
    detachedTasks: 0,
    reparentedWorkUnits: 0,
    newParentWorkUnitId: null,
    unassignedTasks: 0,
  };
}
