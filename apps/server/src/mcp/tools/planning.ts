import {
  createPlanMessageSchema,
  idSchema,
  mcpProjectArgument,
  type Plan,
  type PlanMessage,
  planItemInputSchema,
  planMessageSchema,
  planSchema,
  planStatusSchema,
  planSummarySchema,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import { proposePlan, revisePlan } from '../../domain/plans/lifecycle';
import { addPlanMessage, messagesSince } from '../../domain/plans/messages';
import { waitForPlanMessages } from '../../domain/plans/messages-wait';
import { findPlan, getPlan, listPlans } from '../../domain/plans/reads';
import { type PlanRevisionEntry, revisionsOf } from '../../domain/plans/revisions';
import { defineTool, type ToolKit, withVersion } from '../tooling';

/** The longest get-plan waits for someone to write before it answers with nothing new. */
export const PLAN_WAIT_MAX_SECONDS = 60;

const planArgument = idSchema.describe('Plan id (propose-plan and list-plans answer it)');

const itemsArgument = z
  .array(planItemInputSchema)
  .min(1)
  .max(500)
  .describe(
    'Work units (kind work_unit) and their tasks (kind task, parent = the work unit key); dependsOn names keys done first',
  );

const planConversationSchema = z.object({
  plan: planSchema,
  messages: z.array(planMessageSchema).describe('Oldest first; pass the last id as since next time'),
  expected: z.string().describe('What people expect of you next'),
});

/**
 * What the people on a plan expect next, in words an agent acts on: a message from someone else that
 * came after the agent last wrote or revised is to be answered; otherwise the plan waits for a decision.
 * Only the agent's own revisions answer: a person saving an edit of the items answers nothing for it.
 */
export function expectedNext(
  plan: Plan,
  messages: readonly PlanMessage[],
  agent: string,
  revisions: readonly Pick<PlanRevisionEntry, 'author' | 'createdAt'>[],
): string {
  if (plan.status === 'accepted') return 'Nothing: the plan is accepted and its items are on the board.';
  if (plan.status === 'rejected') {
    return `Nothing more on this plan: it was rejected (${plan.rejectionReason ?? 'no reason given'}). Propose a new plan if asked.`;
  }
  if (plan.status === 'superseded') return 'Nothing: this plan was superseded by another.';
  const lastOwn = messages.findLastIndex((message) => message.author.name === agent);
  const revisedAt = revisions.findLast((entry) => entry.author.name === agent)?.createdAt.toISOString();
  const unanswered = messages
    .slice(lastOwn + 1)
    .filter((message) => message.author.name !== agent && (!revisedAt || message.createdAt > revisedAt));
  const latest = unanswered.at(-1);
  if (latest) {
    const about = latest.itemKey ? `the comment on ${latest.itemKey}` : 'the latest message';
    return `Answer ${about} from ${latest.author.name} (comment-on-plan, and revise-plan if the items change).`;
  }
  if (plan.status === 'draft') return 'Finish the draft, then revise-plan with status proposed.';
  if (plan.status === 'partially_accepted') {
    return 'Waiting for a person to accept or reject the remaining items; get-plan with wait to hear back.';
  }
  return 'Waiting for acceptance: a person reviews the plan; get-plan with wait to hear their comments.';
}

function registerProposePlan(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'propose-plan',
      title: 'Propose plan',
      description:
        'Proposes a plan of work units and tasks for people to review on the board: nothing is created until a person accepts it. Answers the plan with warnings (too small or large units, big estimates, unknown assignees). Then get-plan with wait for comments.',
      input: z.strictObject({
        project: mcpProjectArgument.optional(),
        title: z.string().trim().min(1).max(200),
        summary: z.string().max(50_000).optional().describe('Markdown: the goal and the approach'),
        items: itemsArgument,
      }),
      output: planSchema,
    },
    async ({ project, ...input }, call) => {
      const target = await call.project(project);
      return proposePlan(call.services, call.caller.acting, target.id, { ...input, status: 'proposed' });
    },
  );
}

function registerRevisePlan(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'revise-plan',
      title: 'Revise plan',
      description:
        'Replaces the items of a plan as its next revision (the earlier one stays readable and the conversation carries on). Items already accepted must stay.',
      input: z.strictObject({
        plan: planArgument,
        summary: z.string().max(50_000).optional(),
        items: itemsArgument,
        version: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe('The version you read; default: the current one'),
      }),
      output: planSchema,
    },
    async ({ plan, version, ...input }, call) =>
      withVersion(
        version,
        () => findPlan(call.services.db, call.caller.acting, plan),
        (_row, current) =>
          revisePlan(call.services, call.caller.acting, plan, { ...input, version: current }),
      ),
  );
}

function registerGetPlan(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'get-plan',
      title: 'Get plan',
      description: `A plan with its items, warnings, the messages since \`since\` and what people expect of you next. With wait (seconds, up to ${PLAN_WAIT_MAX_SECONDS}) and nothing new from others, waits until someone writes.`,
      input: z.strictObject({
        plan: planArgument,
        since: z.string().min(1).max(100).optional().describe('The last message id you saw'),
        wait: z
          .number()
          .int()
          .min(0)
          .max(PLAN_WAIT_MAX_SECONDS)
          .optional()
          .describe(`Seconds to wait for a new message from someone else (0-${PLAN_WAIT_MAX_SECONDS})`),
      }),
      output: planConversationSchema,
      readOnly: true,
    },
    async ({ plan, since, wait }, call) => {
      const acting = call.caller.acting;
      const messages = wait
        ? await waitForPlanMessages(call.services, acting, plan, {
            since,
            waitMs: wait * 1000,
            signal: call.signal,
            othersOnly: true,
          })
        : await messagesSince(call.services.db, acting, plan, since);
      // Read after the wait: the plan may have been accepted or revised meanwhile.
      const current = await getPlan(call.services.db, acting, plan);
      const thread = await messagesSince(call.services.db, acting, plan);
      const revisions = await revisionsOf(call.services.db, await findPlan(call.services.db, acting, plan));
      return {
        plan: current,
        messages,
        expected: expectedNext(current, thread, acting.actor.name, revisions),
      };
    },
  );
}

function registerCommentOnPlan(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'comment-on-plan',
      title: 'Comment on plan',
      description:
        'Writes in the plan’s conversation, about the plan or one item (item = its key). @handle notifies that member.',
      input: createPlanMessageSchema.extend({ plan: planArgument }),
      output: planMessageSchema,
    },
    async ({ plan, ...input }, call) => addPlanMessage(call.services, call.caller.acting, plan, input),
  );
}

function registerListPlans(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'list-plans',
      title: 'List plans',
      description: "A project's plans, newest first, without their items (get-plan reads one).",
      input: z.strictObject({
        project: mcpProjectArgument.optional(),
        status: planStatusSchema.optional(),
      }),
      output: z.object({ items: z.array(planSummarySchema) }),
      readOnly: true,
    },
    async ({ project, status }, call) => {
      const target = await call.project(project);
      return {
        items: await listPlans(call.services.db, call.caller.acting, target.id, status ? { status } : {}),
      };
    },
  );
}

/** planning: agents propose and revise plans and discuss them with people; only people accept them. */
export function registerPlanningTools(kit: ToolKit): void {
  registerProposePlan(kit);
  registerRevisePlan(kit);
  registerGetPlan(kit);
  registerCommentOnPlan(kit);
  registerListPlans(kit);
}
