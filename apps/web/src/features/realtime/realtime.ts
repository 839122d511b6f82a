import {
  type AgentProfile,
  type AgentSession,
  type Comment,
  type RealtimeEvent,
  realtimeEventSchema,
  type Task,
  type WorkUnit,
  type WorkUnitDetail,
} from '@switchboard/api-client/contract';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { isOrganizationIndependent } from '../../lib/organization';
import { type ActivityPage, activityKeys, feedIncludes, prependActivity } from '../activity/activity';
import { agentKeys, upsertProfile } from '../agents/agents';
import { applyArchitectureChange } from '../architecture/rule-sets';
import { billingKeys } from '../billing/billing';
import { refreshInboxAfter } from '../inbox/notifications';
import { applyLabelChange, withKnownLabels, withLabelsFrom } from '../labels/labels';
import { refreshMyWorkAfter } from '../my-work/my-work';
import { applyPlanChange } from '../planning/plans';
import { projectKeys } from '../projects/projects';
import { storeQuestion } from '../questions/questions';
import { agentSessionKeys, upsertSession } from '../sessions/agent-sessions';
import { markProjectDeleted, markTaskDeleted } from '../tasks/deleted-elsewhere';
import { taskKeys } from '../tasks/tasks';
import { removeTask, upsertTask } from '../tasks/tasks-board';
import { applyTemplateChange } from '../templates/templates';
import { workUnitKeys } from '../work-units/work-units';

/**
 * Realtime: every committed change arrives as one event on GET /api/v1/events, and each
 * event patches or invalidates the same query keys the pages read, so a card moved anywhere moves on
 * every open board.
 */

/** Parses an SSE `change` message; anything malformed or of an action this build does not know is ignored (undefined). */
export function parseChangeEvent(data: string): RealtimeEvent | undefined {
  try {
    const parsed = realtimeEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const dataOf = (query: Query) => query.state.data as { id?: unknown } | undefined;

/** Applies one change to the cache. Pure with respect to the network: it only patches or invalidates. */
export function applyChange(queryClient: QueryClient, event: RealtimeEvent): void {
  queryClient.setQueriesData<InfiniteData<ActivityPage, string | undefined>>(
    { queryKey: activityKeys.all, predicate: (query) => feedIncludes(query.queryKey, event) },
    (data) => (data ? prependActivity(data, event) : data),
  );
  applyArchitectureChange(queryClient, event);
  applyLabelChange(queryClient, event);
  applyTemplateChange(queryClient, event);
  applyPlanChange(queryClient, event);
  refreshInboxAfter(queryClient, event);
  refreshMyWorkAfter(queryClient, event);

  switch (event.action) {
    case 'task.created':
    case 'task.moved':
    case 'task.claimed':
    case 'task.released':
    // A lease that ran out frees the task and may send it back to todo: the same as a release.
    case 'task.lease_expired':
      upsertTaskEverywhere(queryClient, event.data.task);
      taskTotalsChanged(queryClient, event.data.task, { progress: true, counts: true });
      break;
    // A review or a dismissal changes the task's finding badge, GitHub its development: nothing else of it.
    case 'task.reviewed':
    case 'task.finding_dismissed':
    case 'task.development_changed':
      upsertTaskEverywhere(queryClient, event.data.task);
      break;
    case 'task.updated': {
      upsertTaskEverywhere(queryClient, event.data.task);
      const progressChanged = event.data.fields.some((field) => field === 'workUnitId' || field === 'title');
      taskTotalsChanged(queryClient, event.data.task, { progress: progressChanged, counts: false });
      break;
    }
    case 'task.deleted':
      removeTaskEverywhere(queryClient, event.data.task, event.actor.name);
      break;
    case 'comment.created':
      addComment(queryClient, event.data.comment);
      break;
    case 'comment.updated':
      replaceComment(queryClient, event.data.comment);
      break;
    case 'comment.deleted':
      queryClient.setQueryData<Comment[]>(taskKeys.comments(event.data.taskId), (comments) =>
        comments?.filter((comment) => comment.id !== event.entityId),
      );
      break;
    case 'work_unit.created':
      upsertWorkUnitEverywhere(queryClient, event.data.workUnit, false);
      void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
      break;
    case 'work_unit.updated':
      // Moving a unit changes the depth (and the advice) of everything below it.
      upsertWorkUnitEverywhere(
        queryClient,
        event.data.workUnit,
        event.data.fields.includes('parentWorkUnitId'),
      );
      break;
    case 'work_unit.deleted':
      removeWorkUnitEverywhere(queryClient, event.data.workUnit);
      break;
    case 'project.created':
    case 'project.updated':
      applyProjectChange(queryClient);
      break;
    case 'project.deleted':
      // An open page of the project is told (and says who deleted it) instead of reading a project,
      // board and plans that are no longer there; only the list of projects is read again.
      markProjectDeleted(queryClient, event.entityId, event.actor.name);
      void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
      break;
    case 'task_status.created':
    case 'task_status.updated':
    case 'task_status.deleted':
      // Moving one status renumbers the others, so the board's columns are read again whole.
      if (event.projectId)
        void queryClient.invalidateQueries({ queryKey: projectKeys.statuses(event.projectId) });
      break;
    case 'agent_session.created':
    case 'agent_session.updated':
      queryClient.setQueryData<AgentSession[]>(agentSessionKeys.list(), (sessions) =>
        sessions ? upsertSession(sessions, event.data.agentSession) : sessions,
      );
      break;
    case 'question.asked':
    case 'question.answered':
      storeQuestion(queryClient, event.data.question);
      break;
    case 'agent_profile.created':
    case 'agent_profile.updated':
      queryClient.setQueryData<AgentProfile[]>(agentKeys.list(), (profiles) =>
        profiles ? upsertProfile(profiles, event.data.agent) : profiles,
      );
      break;
    case 'agent_profile.deleted':
      queryClient.setQueryData<AgentProfile[]>(agentKeys.list(), (profiles) =>
        profiles?.filter((profile) => profile.id !== event.entityId),
      );
      break;
    case 'billing.updated':
      // The event says only what changed; the plan, its limits, the card and invoices are read again.
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      break;
  }
}

function upsertTaskEverywhere(queryClient: QueryClient, task: Task): void {
  queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) =>
    tasks ? upsertTask(tasks, withLabelsFrom(tasks, task)) : tasks,
  );
  queryClient.setQueriesData<Task>(
    { queryKey: taskKeys.details(), predicate: (query) => dataOf(query)?.id === task.id },
    (current) => (current && current.version > task.version ? current : withKnownLabels(task, current)),
  );
}

/**
 * A deleted task leaves the boards; an open page of it is told (and turns read-only) instead of
 * reading a task that is no longer there.
 */
function removeTaskEverywhere(queryClient: QueryClient, task: Task, by: string): void {
  queryClient.setQueryData<Task[]>(taskKeys.board(task.projectId), (tasks) =>
    tasks ? removeTask(tasks, task.id) : tasks,
  );
  markTaskDeleted(queryClient, task.id, by);
  taskTotalsChanged(queryClient, task, { progress: true, counts: true });
}

/**
 * A unit's progress is derived from its tasks, and a project's counts too; a unit's detail embeds its
 * tasks whole, so it is read again whenever one of them changes.
 */
function taskTotalsChanged(
  queryClient: QueryClient,
  task: Task,
  changed: { progress: boolean; counts: boolean },
): void {
  if (changed.progress) void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(task.projectId) });
  if (changed.progress || task.workUnitId)
    void queryClient.invalidateQueries({ queryKey: workUnitKeys.details() });
  if (changed.counts) void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
}

function addComment(queryClient: QueryClient, comment: Comment): void {
  queryClient.setQueryData<Comment[]>(taskKeys.comments(comment.taskId), (comments) =>
    comments && !comments.some((existing) => existing.id === comment.id) ? [...comments, comment] : comments,
  );
}

/** An edited comment takes its place in the thread; an older copy never replaces a newer one. */
function replaceComment(queryClient: QueryClient, comment: Comment): void {
  queryClient.setQueryData<Comment[]>(taskKeys.comments(comment.taskId), (comments) =>
    comments?.map((existing) =>
      existing.id === comment.id && existing.version <= comment.version ? comment : existing,
    ),
  );
}

function upsertWorkUnitEverywhere(queryClient: QueryClient, unit: WorkUnit, treeChanged: boolean): void {
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
  if (treeChanged) void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(unit.projectId) });
}

function removeWorkUnitEverywhere(queryClient: QueryClient, unit: WorkUnit): void {
  queryClient.setQueryData<WorkUnit[]>(workUnitKeys.list(unit.projectId), (units) =>
    units?.filter((candidate) => candidate.id !== unit.id),
  );
  void queryClient.invalidateQueries({
    queryKey: workUnitKeys.details(),
    predicate: (query) => dataOf(query)?.id === unit.id,
  });
  void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
}

function applyProjectChange(queryClient: QueryClient): void {
  // Project events carry no project body: read the lists again (only what is on screen refetches).
  void queryClient.invalidateQueries({
    queryKey: projectKeys.all,
    predicate: (query) => query.queryKey[1] !== 'statuses',
  });
}

/** After `reset` (too far behind to replay) or a change of organisation: everything is read again. */
export function invalidateOrganizationData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => !isOrganizationIndependent(query.queryKey) });
}
