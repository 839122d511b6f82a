import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import type { SessionFacts } from './lookup';
import type { McpSessionState } from './tooling';

/** What the prompts may say: the session's facts and which tools it lists. */
export interface PromptContext {
  session: McpSessionState;
  facts: SessionFacts;
  listed: ReadonlySet<string>;
}

function projectLine({ session, facts }: PromptContext): string {
  if (!facts.project)
    return `You are ${session.agentName}. Call list-projects and pass project to the tools.`;
  const statuses = facts.project.statuses.map((status) => `${status.name} (${status.category})`).join(', ');
  return `You are ${session.agentName} in project ${facts.project.key} (${facts.project.name}). Statuses: ${statuses}.`;
}

function statusOf(facts: SessionFacts, category: string, fallback: string): string {
  return facts.project?.statuses.find((status) => status.category === category)?.name ?? fallback;
}

/** A tool the text names, or how to get it when this session does not list it. */
function tool(context: PromptContext, name: string, toolset: string): string {
  return context.listed.has(name) ? name : `${name} (reconnect with ?toolsets=${toolset} to get it)`;
}

export function planPrompt(context: PromptContext, goal?: string): string {
  const propose = tool(context, 'propose-plan', 'planning');
  const getPlan = tool(context, 'get-plan', 'planning');
  const revise = tool(context, 'revise-plan', 'planning');
  return [
    projectLine(context),
    goal ? `Goal: ${goal}` : 'Ask what the goal is if it is not clear.',
    `1. Read the goal and what exists: ${tool(context, 'list-tasks', 'tasks')} and ${tool(context, 'list-work-units', 'work-units')}.`,
    `2. ${propose}: group the work into work units of 3 to 8 tasks each (a task's parent is its work unit's key), each task small enough for one session, with acceptance criteria, an estimate, dependsOn for the order and an assignee only when one agent must do it. Read the warnings it answers.`,
    `3. People review the plan on the board. Call ${getPlan} with wait 60 and since the last message id you saw; answer each comment with ${tool(context, 'comment-on-plan', 'planning')}, and ${revise} when the items change. Repeat until "expected" says the plan is accepted or rejected.`,
    `4. Only a person accepts: the accepted items become work units and tasks in ${statusOf(context.facts, 'todo', 'a todo status')}, and next-task hands them out.`,
  ].join('\n');
}

export function workPrompt(context: PromptContext, task?: string): string {
  const { facts } = context;
  return [
    projectLine(context),
    task
      ? `1. claim-task ${task}, then get-task ${task}.`
      : '1. next-task: it finds your best ready task, claims it and answers it whole.',
    `2. move-task to ${statusOf(facts, 'in_progress', 'an in-progress status')}; record your plan with update-task devInfo.executionPlan.`,
    '3. Work. Post progress with create-task-comment; tick criteria with update-task check; record testResults and filesChanged in devInfo.',
    '4. Blocked on a decision? request-input with your question, then get-input until answered.',
    `5. report-usage, then move-task to ${statusOf(facts, 'review', statusOf(facts, 'done', 'a done status'))}. Then next-task again.`,
  ].join('\n');
}

export function reviewPrompt(context: PromptContext, task?: string): string {
  const { facts } = context;
  return [
    projectLine(context),
    task
      ? `1. get-task ${task} and list-task-comments ${task}.`
      : `1. Find work waiting in ${statusOf(facts, 'review', 'review')} (${tool(context, 'list-tasks', 'tasks')} with that status), claim-task one, get-task and list-task-comments it.`,
    '2. Check each acceptance criterion against the devInfo (testResults, filesChanged, commits) and the code.',
    `3. Passes: move-task to ${statusOf(facts, 'done', 'a done status')}. Fails: create-task-comment with what is missing, update-task uncheck the criteria, move-task back to ${statusOf(facts, 'in_progress', 'in progress')}.`,
  ].join('\n');
}

const taskArgument = z.string().max(100).optional().describe('Task id or key (SWB-12)');

/** The prompts `plan`, `work` and `review`: a ready way in, with the project's own statuses. */
export function registerPrompts(server: McpServer, context: PromptContext): void {
  const answer = (text: string) => ({
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
  });
  server.registerPrompt(
    'plan',
    {
      title: 'Plan work',
      description: 'Turn a goal into a plan of work units and tasks, discuss it with people and revise it',
      argsSchema: { goal: z.string().max(2000).optional().describe('What should be achieved') },
    },
    ({ goal }) => answer(planPrompt(context, goal)),
  );
  server.registerPrompt(
    'work',
    {
      title: 'Work on tasks',
      description: 'The work loop: take a task, do it, report, hand it on',
      argsSchema: { task: taskArgument },
    },
    ({ task }) => answer(workPrompt(context, task)),
  );
  server.registerPrompt(
    'review',
    {
      title: 'Review a task',
      description: 'Check finished work against its acceptance criteria',
      argsSchema: { task: taskArgument },
    },
    ({ task }) => answer(reviewPrompt(context, task)),
  );
}
