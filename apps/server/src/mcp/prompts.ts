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

const hasReviewStatus = (facts: SessionFacts) =>
  facts.project?.statuses.some((status) => status.category === 'review') ?? false;

/** Where finished work is handed in: the first review status, or done when the project has none. */
function handInStatus(facts: SessionFacts): string {
  return statusOf(facts, 'review', statusOf(facts, 'done', 'a done status'));
}

/** The check before handing in, when the session can run it. */
function reviewStep(context: PromptContext): string {
  if (!context.listed.has('review-code-change')) return '';
  return ' Run review-code-change with task on each file you changed and fix what it finds: open HIGH findings refuse the hand-in. Judge rules_to_self_check and not_checked yourself, then record-review.';
}

/**
 * The work loop as the worker runs it. It ends at the hand-in: moving the task to review releases
 * the claim, so a reviewer can claim it and next-task never gives it back to the worker.
 */
export function workPrompt(context: PromptContext, task?: string): string {
  const { facts } = context;
  const handIn = handInStatus(facts);
  return [
    projectLine(context),
    task
      ? `1. claim-task ${task}, then get-task ${task}.`
      : '1. next-task: it finds your best ready task and claims it; then get-task it. Its findings and needsReview say what a review left open.',
    `2. move-task to ${statusOf(facts, 'in_progress', 'an in-progress status')}; record your plan with update-task devInfo.executionPlan.`,
    '3. Work. Post progress with create-task-comment; tick criteria with update-task check; record testResults and filesChanged in devInfo.',
    '4. Blocked on a decision? request-input with your question, then get-input until answered.',
    `5. report-usage.${reviewStep(context)} Then move-task to ${handIn}: that hands the task in and releases your claim. If the answer says redirected, or lists findings, read why.`,
    `6. next-task again for your next task: it never gives back what you handed in.${hasReviewStatus(facts) ? ` A reviewer (the review prompt) or a person takes it from ${handIn}.` : ''}`,
    // A pull request that names the key links itself to the task, which then follows it on the board.
    `In a git repository, work on a branch named after the task key (${facts.project?.key ?? 'KEY'}-12-short-title); ${tool(context, 'link-pull-request', 'tasks')} links a PR that does not name it. When the work is pushed, open a PR naming the task key.`,
  ].join('\n');
}

/** The other half of the loop: a reviewer takes handed-in work, passes it or sends it back. */
export function reviewPrompt(context: PromptContext, task?: string): string {
  const { facts } = context;
  const review = statusOf(facts, 'review', 'review');
  const todo = statusOf(facts, 'todo', 'a todo status');
  return [
    projectLine(context),
    task
      ? `1. claim-task ${task}, then get-task ${task} and list-task-comments ${task}.`
      : `1. list-tasks with status ${review}: the work handed in. claim-task one (its worker released it), then get-task and list-task-comments it.`,
    '2. Check each acceptance criterion against the devInfo (testResults, filesChanged, commits) and the code. Open findings or needsReview mean a person must look: comment why and release-task.',
    `3. Passes: move-task to ${statusOf(facts, 'done', 'a done status')} (releases your claim). Fails: create-task-comment with what is missing, update-task uncheck the criteria, move-task back to ${todo}, then release-task, so next-task offers it to its worker again.`,
  ].join('\n');
}

const taskArgument = z.string().max(100).optional().describe('Task id or key (SWB-12)');

/** The tools each step of a loop prompt calls: the prompt is listed only when the session has them all. */
const WORK_PROMPT_TOOLS = ['next-task', 'claim-task', 'get-task', 'update-task', 'move-task', 'report-usage'];
const REVIEW_PROMPT_TOOLS = [
  'list-tasks',
  'claim-task',
  'release-task',
  'get-task',
  'update-task',
  'move-task',
];

/** Which loop prompts a session lists: those whose every tool it has. */
export function loopPrompts(listed: ReadonlySet<string>): { work: boolean; review: boolean } {
  const hasAll = (tools: readonly string[]) => tools.every((name) => listed.has(name));
  return { work: hasAll(WORK_PROMPT_TOOLS), review: hasAll(REVIEW_PROMPT_TOOLS) };
}

/**
 * The prompts `plan`, `work` and `review`: a ready way in, with the project's own statuses. `work`
 * and `review` are listed only in sessions that have their tools; `plan` says how to get its tools.
 */
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
  const loops = loopPrompts(context.listed);
  if (loops.work) {
    server.registerPrompt(
      'work',
      {
        title: 'Work on tasks',
        description: 'The work loop: take a task, do it, report, hand it in for review',
        argsSchema: { task: taskArgument },
      },
      ({ task }) => answer(workPrompt(context, task)),
    );
  }
  if (loops.review) {
    server.registerPrompt(
      'review',
      {
        title: 'Review a task',
        description:
          'Take work handed in for review, check it against its acceptance criteria, pass it or send it back',
        argsSchema: { task: taskArgument },
      },
      ({ task }) => answer(reviewPrompt(context, task)),
    );
  }
}
