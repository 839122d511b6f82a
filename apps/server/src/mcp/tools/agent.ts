import { CLAIM_LEASE_MS, reportUsageSchema, requestInputSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { requestInput } from '../../domain/agent-sessions';
import { claimTask, nextTask, releaseTask } from '../../domain/claims';
import { reportUsage } from '../../domain/usage';
import { agentsSentence, projectSentence } from '../describe';
import { defineTool, type ToolKit } from '../tooling';
import { projectArgument } from './projects';
import { taskReference, taskView } from './tasks';

const LEASE_MINUTES = CLAIM_LEASE_MS / 60_000;

/** agent: claims (leases), the next ready task, token and cost reports, asking a person. */
export function registerAgentTools(kit: ToolKit): void {
  const { facts, session } = kit;
  const lease = `The claim is a ${LEASE_MINUTES}-minute lease renewed by every call of this session; release-task (or moving the task to a done status) gives it back.`;

  defineTool(
    kit,
    {
      name: 'claim-task',
      title: 'Claim task',
      description: `Claims a task for this session so no other agent works on it. If another agent holds it, the answer names the holder and when the claim expires. ${lease}`,
      input: z.strictObject({ taskId: taskReference }),
      idempotent: true,
    },
    async ({ taskId }, call) => {
      const task = await claimTask(call.db, call.bus, call.caller.acting, session.id, taskId);
      return { claimed: true, task: await taskView(call, task) };
    },
  );

  defineTool(
    kit,
    {
      name: 'release-task',
      title: 'Release task',
      description: 'Gives back this session’s claim on a task (nothing happens if it was not claimed).',
      input: z.strictObject({ taskId: taskReference }),
      idempotent: true,
    },
    async ({ taskId }, call) => {
      const { task, released } = await releaseTask(call.db, call.bus, call.caller.acting, session.id, taskId);
      return { released, key: task.key, claim: task.claim };
    },
  );

  defineTool(
    kit,
    {
      name: 'next-task',
      title: 'Next task',
      description: `The highest-priority ready task for you (${session.agentName}): in a todo status, assigned to you or to nobody, not claimed by another agent, and every task it is blocked by done. Claims it unless claim is false. ${lease} ${projectSentence(facts)}`,
      input: z.strictObject({
        project: projectArgument,
        claim: z.boolean().default(true).describe('Claim the task for this session (default true)'),
      }),
    },
    async ({ project, claim }, call) => {
      const ref = await call.project(project);
      const next = await nextTask(call.db, call.bus, call.caller.acting, {
        projectId: ref.id,
        agentName: session.agentName,
        sessionId: session.id,
        claim,
      });
      if (!next) {
        return {
          task: null,
          message: `No ready task in ${ref.key} for ${session.agentName}: nothing in a todo status is unclaimed, assigned to you or to nobody, and free of unfinished blockers.`,
        };
      }
      return { claimed: claim, resumed: next.resumed, task: await taskView(call, next.task) };
    },
  );

  defineTool(
    kit,
    {
      name: 'report-usage',
      title: 'Report usage',
      description:
        'Adds tokens and cost you spent on a task to its totals (reports add up; they never replace). Report after each chunk of work.',
      input: reportUsageSchema,
    },
    async (input, call) => {
      const task = await reportUsage(call.db, call.bus, call.caller.acting, input);
      return { key: task.key, usage: task.usage, version: task.version };
    },
  );

  defineTool(
    kit,
    {
      name: 'request-input',
      title: 'Request input',
      description: `Asks a person a question and marks this session as awaiting input on the dashboard. The question is posted as your comment on the task (taskId, else the task you hold); read answers with list-task-comments. ${agentsSentence(facts)}`,
      input: requestInputSchema,
    },
    async (input, call) => {
      const result = await requestInput(call.db, call.bus, call.caller.acting, session.id, input);
      session.status = 'awaiting_input';
      return {
        status: result.session.status,
        task: result.session.currentTask,
        comment: result.comment,
        message: result.comment
          ? 'Question posted; poll list-task-comments for the answer.'
          : 'No task named or held: the question shows on the dashboard only.',
      };
    },
  );
}
