import {
  CLAIM_LEASE_MS,
  getInputSchema,
  mcpClaimSchema,
  mcpInputSchema,
  mcpNextTaskSchema,
  mcpProjectArgument,
  mcpQuestionAskedSchema,
  mcpReleaseSchema,
  mcpTaskArgument,
  mcpUsageReportSchema,
  reportUsageSchema,
  requestInputSchema,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import { claimTask, nextTask, releaseTask } from '../../domain/agents/claims';
import { askQuestion, latestQuestionOf, waitForAnswer } from '../../domain/agents/questions';
import { reportUsage } from '../../domain/agents/usage';
import { AppError } from '../../domain/errors';
import { gateHold } from '../task-answers';
import { defineTool, type ToolKit } from '../tooling';

const LEASE_MINUTES = CLAIM_LEASE_MS / 60_000;

function registerNextTask(kit: ToolKit): void {
  const { session } = kit;

  defineTool(
    kit,
    {
      name: 'next-task',
      title: 'Next task',
      description:
        'Your best ready task (todo, yours or unassigned, unclaimed, blockers done), claimed unless claim is false. Then get-task.',
      input: z.strictObject({
        project: mcpProjectArgument.optional(),
        claim: z.boolean().default(true),
      }),
      output: mcpNextTaskSchema,
      core: true,
    },
    async ({ project, claim }, call) => {
      const ref = await call.project(project);
      const next = await nextTask(call.services, call.caller.acting, {
        projectId: ref.id,
        agentName: session.agentName,
        sessionId: session.id,
        claim,
      });
      if (!next) {
        return {
          claimed: false,
          task: null,
          message: `No ready task in ${ref.key} for ${session.agentName}: nothing in a todo status is unclaimed, assigned to you or to nobody, and free of unfinished blockers.`,
        };
      }
      const { key, title, priority } = next.task;
      return {
        claimed: claim,
        resumed: next.resumed,
        task: { key, title, priority, ...(await gateHold(call, next.task)) },
      };
    },
  );
}

function registerClaimTask(kit: ToolKit): void {
  const { session } = kit;
  const lease = `A claim is a ${LEASE_MINUTES}-minute lease renewed by each of your calls.`;

  defineTool(
    kit,
    {
      name: 'claim-task',
      title: 'Claim task',
      description: `Claims a task so no other agent works on it (refused with the holder if one has it). ${lease}`,
      input: z.strictObject({ task: mcpTaskArgument }),
      output: mcpClaimSchema,
      core: true,
      idempotent: true,
    },
    async ({ task }, call) => {
      const claimed = await claimTask(call.services, call.caller.acting, session.id, task);
      if (!claimed.claim) throw new Error(`claim-task answered ${claimed.key} without its claim`);
      const status = (await call.statuses(claimed.projectId)).find((each) => each.id === claimed.statusId);
      return {
        claimed: true,
        key: claimed.key,
        status: status?.name ?? claimed.statusId,
        expiresAt: claimed.claim.expiresAt,
      };
    },
  );
}

function registerReleaseTask(kit: ToolKit): void {
  const { session } = kit;

  defineTool(
    kit,
    {
      name: 'release-task',
      title: 'Release task',
      description: 'Gives back your claim on a task (moving it to a review or done status does too).',
      input: z.strictObject({ task: mcpTaskArgument }),
      output: mcpReleaseSchema,
      core: true,
      idempotent: true,
    },
    async ({ task }, call) => {
      const released = await releaseTask(call.services, call.caller.acting, session.id, task);
      return { released: released.released, key: released.task.key };
    },
  );
}

function registerReportUsage(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'report-usage',
      title: 'Report usage',
      description: 'Adds tokens and cost spent on a task to its totals. Report after each chunk of work.',
      input: reportUsageSchema,
      output: mcpUsageReportSchema,
      core: true,
    },
    async (input, call) => {
      const task = await reportUsage(call.services, call.caller.acting, input);
      return { key: task.key, usage: task.usage, version: task.version };
    },
  );
}

function registerRequestInput(kit: ToolKit): void {
  const { session } = kit;

  defineTool(
    kit,
    {
      name: 'request-input',
      title: 'Request input',
      description: 'Asks a person about a task (posted on its thread); you show as waiting. Then get-input.',
      input: requestInputSchema,
      output: mcpQuestionAskedSchema,
      core: true,
    },
    async (input, call) => {
      const asked = await askQuestion(call.services, call.caller.acting, session, input);
      session.status = 'awaiting_input';
      return {
        questionId: asked.question.id,
        task: asked.question.taskKey,
        status: 'awaiting_input' as const,
      };
    },
  );
}

function registerGetInput(kit: ToolKit): void {
  const { session } = kit;

  defineTool(
    kit,
    {
      name: 'get-input',
      title: 'Get input',
      description:
        'Waits for the answer to your latest question (on task, if given), returning as soon as a person answers; answered false: call again.',
      input: getInputSchema,
      output: mcpInputSchema,
      core: true,
      readOnly: true,
    },
    async ({ task, wait }, call) => {
      const asked = await latestQuestionOf(call.services.db, call.caller.acting, session.id, task);
      if (!asked) {
        throw new AppError(
          'NOT_FOUND',
          `You asked no question${task ? ` about ${task}` : ''} in this session; ask with request-input first.`,
        );
      }
      const current = await waitForAnswer(
        call.services,
        asked,
        call.caller.acting.organizationId,
        wait * 1000,
        call.signal,
      );
      return {
        answered: current.answer !== null,
        ...(current.answer !== null ? { answer: current.answer } : {}),
        ...(current.answeredBy ? { answeredBy: current.answeredBy.name } : {}),
        question: current.question,
        task: current.taskKey,
      };
    },
  );
}

/** agent: claims (leases), the next ready task, token and cost reports, asking a person (all core). */
export function registerAgentTools(kit: ToolKit): void {
  registerNextTask(kit);
  registerClaimTask(kit);
  registerReleaseTask(kit);
  registerReportUsage(kit);
  registerRequestInput(kit);
  registerGetInput(kit);
}
