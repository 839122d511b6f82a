import {
  type Development,
  type McpTaskSummary,
  NO_DEVELOPMENT,
  type Task,
  type TaskStatus,
} from '@switchboard/api-client/contract';
import { gateReadingsOf, type OpenFinding, type TaskGateReadings } from '../domain/tasks/gate-readings';
import type { ToolCall } from './tooling';

/*
 * How tools show tasks to agents. Every reference in an answer is one the agent can pass back to a
 * tool (blockers by key, a claim by the agent's name), and every answer says what holds the task at
 * the review gate (open findings, waiting for a person), so an agent never has to guess why a move
 * was refused or landed elsewhere.
 */

/** The statuses of every project the tasks belong to, by id. */
async function statusesFor(call: ToolCall, tasks: readonly Task[]): Promise<Map<string, TaskStatus>> {
  const projects = [...new Set(tasks.map((task) => task.projectId))];
  const lists = await Promise.all(projects.map((projectId) => call.statuses(projectId)));
  return new Map(lists.flat().map((status) => [status.id, status]));
}

/**
 * One finding in one line, as the answers' schema has it: "HIGH src/routes/users.ts:3 rule", then the
 * check that found it in brackets when one did, so the agent knows what to run again.
 */
const findingLine = (finding: OpenFinding) =>
  `${finding.severity} ${finding.file}${finding.line ? `:${finding.line}` : ''} ${finding.rule}${finding.check ? ` [${finding.check}]` : ''}`;

/** The fields every task answer carries: references an agent can pass back, and the gate's hold. */
function agentFields(task: Task, readings: TaskGateReadings) {
  const findings = readings.findings.get(task.id);
  return {
    blockedBy: task.blockedBy.map((id) => readings.keys.get(id) ?? id),
    claim: task.claim ? { by: task.claim.agentName ?? task.claim.by, expiresAt: task.claim.expiresAt } : null,
    needsReview: task.needsReview ?? false,
    ...(findings?.length ? { findings: findings.map(findingLine) } : {}),
  };
}

function statusFields(task: Task, statuses: Map<string, TaskStatus>) {
  const status = statuses.get(task.statusId);
  return { status: status?.name ?? task.statusId, statusCategory: status?.category };
}

function summaryOf(
  task: Task,
  statuses: Map<string, TaskStatus>,
  readings: TaskGateReadings,
): McpTaskSummary {
  return {
    id: task.id,
    key: task.key,
    title: task.title,
    ...statusFields(task, statuses),
    priority: task.priority,
    dueDate: task.dueDate,
    estimate: task.estimate,
    assignee: task.assignee,
    assigneeUser: task.assigneeUser?.name ?? null,
    workUnitId: task.workUnitId,
    ...(task.labels ? { labels: task.labels.map((label) => label.name) } : {}),
    criteria: {
      checked: task.acceptanceCriteria.filter((criterion) => criterion.checked).length,
      total: task.acceptanceCriteria.length,
    },
    position: task.position,
    version: task.version,
    ...agentFields(task, readings),
  };
}

/** Tasks as lists show them: what an agent needs to choose, without descriptions and criteria. */
export async function summarizeTasks(call: ToolCall, tasks: readonly Task[]): Promise<McpTaskSummary[]> {
  const [statuses, readings] = await Promise.all([
    statusesFor(call, tasks),
    gateReadingsOf(call.services.db, tasks),
  ]);
  return tasks.map((task) => summaryOf(task, statuses, readings));
}

/** Branches by name and pull requests without their repository: what an agent acts on, in few words. */
export function developmentView(development: Development = NO_DEVELOPMENT) {
  return {
    branches: development.branches.map((branch) => branch.name),
    pullRequests: development.pullRequests.map(({ repository: _repository, ...pr }) => pr),
  };
}

/** The whole task with its status by name, as get-task and create-task answer. */
export async function taskView(call: ToolCall, task: Task) {
  const [statuses, readings] = await Promise.all([
    statusesFor(call, [task]),
    gateReadingsOf(call.services.db, [task]),
  ]);
  const { development, ...rest } = task;
  return {
    ...rest,
    ...statusFields(task, statuses),
    assigneeUser: task.assigneeUser?.name ?? null,
    labels: task.labels?.map((label) => label.name),
    development: developmentView(development),
    ...agentFields(task, readings),
  };
}

/** What the gate holds a task with, for answers that name a task without showing it whole. */
export async function gateHold(call: ToolCall, task: Task) {
  const { needsReview, findings } = agentFields(task, await gateReadingsOf(call.services.db, [task]));
  return { needsReview, ...(findings ? { findings } : {}) };
}

/** A task after a write: the change is what the agent asked for, the rest it has read. */
export async function taskReceipt(call: ToolCall, task: Task) {
  const statuses = await statusesFor(call, [task]);
  return {
    key: task.key,
    status: statusFields(task, statuses).status,
    version: task.version,
    claimedBy: task.claim ? (task.claim.agentName ?? task.claim.by) : null,
  };
}

/** A move's receipt: where the task landed, why when the gate chose, and what holds it there. */
export async function moveReceipt(call: ToolCall, moved: { task: Task; redirected?: string }) {
  return {
    ...(await taskReceipt(call, moved.task)),
    ...(moved.redirected ? { redirected: moved.redirected } : {}),
    ...(await gateHold(call, moved.task)),
  };
}
