import * as z from 'zod';
import { actorSchema } from './activity';
import { agentSessionSchema } from './agent-sessions';
import { agentProfileSchema } from './agents';
import { taskFindingSchema } from './architecture';
import { billingUpdateSchema } from './billing';
import { idSchema, timestampSchema } from './common';
import { findingCountsSchema } from './finding-counts';
import { labelSchema } from './labels';
import { planAcceptanceSchema, planMessageSchema, planSummarySchema } from './plans';
import { projectContentsSchema, taskStatusSchema } from './projects';
import { questionSchema } from './questions';
import { commentSchema, taskClaimSchema, taskSchema, taskUsageSchema } from './tasks';
import { workUnitDeletionSchema, workUnitSchema, workUnitStatusSchema } from './work-units';

/**
 * Every committed change is recorded as one activity row and published as one realtime event with the
 * same shape: the envelope below plus an `action` that names the change and decides its `data`.
 */
const envelope = {
  id: z.string().describe('Sequence number; the SSE event id'),
  organizationId: idSchema,
  projectId: idSchema.nullable(),
  actor: actorSchema,
  entityId: idSchema,
  summary: z.string().describe('One line for people, e.g. "moved SWB-12 from Todo to Done"'),
  createdAt: timestampSchema,
};

const versionAfter = z.number().int().describe("The entity's version after the change");
const changedFields = z.array(z.string()).describe('Names of the fields the change touched');

function eventOf<const Action extends string, const Entity extends string, Data extends z.ZodObject>(
  action: Action,
  entity: Entity,
  data: Data,
) {
  return z.object({ ...envelope, action: z.literal(action), entity: z.literal(entity), data });
}

const taskSnapshot = z.object({ version: versionAfter, task: taskSchema });
const workUnitSnapshot = z.object({ version: versionAfter, workUnit: workUnitSchema });
const agentProfileSnapshot = z.object({ version: versionAfter, agent: agentProfileSchema });
const agentSessionSnapshot = z.object({ version: versionAfter, agentSession: agentSessionSchema });
const labelSnapshot = z.object({ version: versionAfter, label: labelSchema });
const planSnapshot = z.object({ version: versionAfter, plan: planSummarySchema });
/** Rule sets and templates: named in the organization and shared by the projects that use them. */
const sharedSnapshot = z.object({ version: versionAfter, name: z.string() });
const sharedDeletion = z.object({
  name: z.string(),
  projects: z.array(z.string()).describe('Keys of the projects that used it'),
});
const claimOverride = z
  .object({ agentName: z.string() })
  .optional()
  .describe('Set when a person changed a task while this agent held its claim (the claim stays)');

export const realtimeEventSchema = z.discriminatedUnion('action', [
  eventOf('task.created', 'task', taskSnapshot),
  eventOf(
    'task.updated',
    'task',
    taskSnapshot.extend({
      fields: changedFields,
      added: taskUsageSchema.optional().describe('Usage an agent reported, when `fields` is ["usage"]'),
      override: claimOverride,
    }),
  ),
  eventOf(
    'task.moved',
    'task',
    taskSnapshot.extend({
      fromStatusId: idSchema,
      toStatusId: idSchema,
      position: z.number(),
      override: claimOverride,
    }),
  ),
  eventOf('task.deleted', 'task', taskSnapshot.describe('The task as it was before deletion')),
  eventOf('task.claimed', 'task', taskSnapshot.extend({ claim: taskClaimSchema.nullable() })),
  eventOf('task.released', 'task', taskSnapshot.extend({ claim: taskClaimSchema.nullable() })),
  eventOf(
    'task.lease_expired',
    'task',
    taskSnapshot.extend({
      agentName: z.string().describe('The agent whose claim ran out'),
      fromStatusId: idSchema,
      toStatusId: idSchema.describe('The first todo status when the task was in progress, else its own'),
    }),
  ),
  eventOf(
    'task.reviewed',
    'task',
    taskSnapshot.extend({
      filePath: z.string(),
      source: z
        .enum(['check', 'agent'])
        .describe("check: the rule set's checks; agent: the agent's own judgement"),
      reviewId: idSchema,
      findings: findingCountsSchema.describe(
        "This review's findings by severity; they replace the file's earlier ones",
      ),
    }),
  ),
  eventOf('task.finding_dismissed', 'task', taskSnapshot.extend({ finding: taskFindingSchema })),
  eventOf(
    'task.development_changed',
    'task',
    taskSnapshot.describe("GitHub linked a branch or pull request, or one's state or checks changed"),
  ),
  eventOf('rule_set.created', 'rule_set', sharedSnapshot),
  eventOf('rule_set.updated', 'rule_set', sharedSnapshot.extend({ fields: changedFields })),
  eventOf('rule_set.deleted', 'rule_set', sharedDeletion),
  eventOf('template.created', 'template', sharedSnapshot),
  eventOf('template.updated', 'template', sharedSnapshot.extend({ fields: changedFields })),
  eventOf('template.deleted', 'template', sharedDeletion),
  eventOf('label.created', 'label', labelSnapshot),
  eventOf('label.updated', 'label', labelSnapshot.extend({ fields: changedFields })),
  eventOf(
    'label.deleted',
    'label',
    z.object({
      label: labelSchema.describe('The label as it was'),
      tasks: z.number().int().describe('Tasks it was taken off'),
    }),
  ),
  eventOf(
    'comment.created',
    'comment',
    z.object({ taskId: idSchema, taskKey: z.string(), comment: commentSchema }),
  ),
  eventOf(
    'comment.updated',
    'comment',
    z.object({ taskId: idSchema, taskKey: z.string(), comment: commentSchema }),
  ),
  eventOf(
    'comment.deleted',
    'comment',
    z
      .object({ taskId: idSchema, taskKey: z.string() })
      .describe('The comment is entityId; its words are gone'),
  ),
  eventOf(
    'project.created',
    'project',
    z.object({ version: versionAfter, key: z.string(), name: z.string() }),
  ),
  eventOf('project.updated', 'project', z.object({ version: versionAfter, fields: changedFields })),
  eventOf('project.deleted', 'project', projectContentsSchema.describe('What was deleted with the project')),
  eventOf('task_status.created', 'task_status', z.object({ status: taskStatusSchema })),
  eventOf(
    'task_status.updated',
    'task_status',
    z
      .object({ status: taskStatusSchema, fields: changedFields })
      .describe('Moving one status shifts the others: read the list again'),
  ),
  eventOf(
    'task_status.deleted',
    'task_status',
    z.object({
      status: taskStatusSchema,
      movedTo: idSchema.nullable().describe('Where its tasks went; each move is its own task.moved event'),
      movedTasks: z.number().int(),
    }),
  ),
  eventOf('work_unit.created', 'work_unit', workUnitSnapshot),
  eventOf(
    'work_unit.updated',
    'work_unit',
    workUnitSnapshot.extend({
      fields: changedFields,
      from: workUnitStatusSchema.optional().describe('Status before the change'),
      to: workUnitStatusSchema.optional().describe('Status after the change'),
    }),
  ),
  eventOf('work_unit.deleted', 'work_unit', workUnitSnapshot.extend(workUnitDeletionSchema.shape)),
  eventOf('agent_profile.created', 'agent_profile', agentProfileSnapshot),
  eventOf('agent_profile.updated', 'agent_profile', agentProfileSnapshot.extend({ fields: changedFields })),
  eventOf(
    'agent_profile.deleted',
    'agent_profile',
    agentProfileSnapshot.extend({
      unassignedTasks: z.number().int().describe('Tasks left without an assignee'),
    }),
  ),
  eventOf('agent_session.created', 'agent_session', agentSessionSnapshot),
  eventOf('agent_session.updated', 'agent_session', agentSessionSnapshot),
  eventOf('question.asked', 'question', z.object({ question: questionSchema })),
  eventOf(
    'question.answered',
    'question',
    z.object({ question: questionSchema, commentId: idSchema.describe('The answer on the task thread') }),
  ),
  eventOf('billing.updated', 'organization', billingUpdateSchema),
  eventOf('plan.created', 'plan', planSnapshot),
  eventOf('plan.updated', 'plan', planSnapshot.extend({ fields: changedFields })),
  eventOf(
    'plan.accepted',
    'plan',
    planSnapshot.extend({
      created: planAcceptanceSchema.shape.created,
      skipped: planAcceptanceSchema.shape.skipped,
    }),
  ),
  eventOf('plan.rejected', 'plan', planSnapshot),
  eventOf('plan_message.created', 'plan_message', z.object({ planId: idSchema, message: planMessageSchema })),
]);

export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
/** An entry of the activity log: the realtime event with the same id. */
export type Activity = RealtimeEvent;
export type RealtimeEventAction = RealtimeEvent['action'];
/** The one member of the union with this action. */
export type RealtimeEventOf<Action extends RealtimeEventAction> = Extract<RealtimeEvent, { action: Action }>;
export type RealtimeEventData<Action extends RealtimeEventAction> = RealtimeEventOf<Action>['data'];

/** Every action, in the order above; for docs and exhaustive tests. */
export const REALTIME_EVENT_ACTIONS: readonly RealtimeEventAction[] = realtimeEventSchema.options.map(
  (member) => member.shape.action.value,
);
