import type { McpServer as McpServerType } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MCP_TOOLSETS, type McpToolset } from '@switchboard/api-client/contract';
import type { SessionFacts } from './lookup';
import { loopPrompts, registerPrompts } from './prompts';
import type { McpSessionState, ToolDeps, ToolKit } from './tooling';
import { registerAgentTools } from './tools/agent';
import { registerArchitectureTools } from './tools/architecture';
import { registerCommentTools } from './tools/comments';
import { registerLabelTools } from './tools/labels';
import { registerPlanningTools } from './tools/planning';
import { registerProjectTools } from './tools/projects';
import { registerScaffoldTools } from './tools/scaffold';
import { registerTaskTools } from './tools/tasks';
import { registerWorkUnitTools } from './tools/work-units';

export const MCP_SERVER_INFO = { name: 'switchboard', title: 'Switchboard', version: '1.0.0' };

/** Each group's tools; `core` has none of its own, it picks the work-loop tools of the others. */
const TOOL_GROUPS: Record<Exclude<McpToolset, 'core'>, (kit: ToolKit) => void> = {
  projects: registerProjectTools,
  'work-units': registerWorkUnitTools,
  tasks: (kit) => {
    registerTaskTools(kit);
    registerLabelTools(kit);
  },
  comments: registerCommentTools,
  agent: registerAgentTools,
  architecture: registerArchitectureTools,
  scaffold: registerScaffoldTools,
  planning: registerPlanningTools,
};

/** The server's instructions name only tools this session lists, so the model never reaches for one it lacks. */
function instructionsFor(session: McpSessionState, facts: SessionFacts, listed: ReadonlySet<string>): string {
  const where = facts.project ? ` in project ${facts.project.key} (${facts.project.name})` : '';
  const statusOf = (category: string) =>
    facts.project?.statuses.find((status) => status.category === category)?.name;
  const inProgress = statusOf('in_progress') ?? 'an in-progress status';
  const handIn = statusOf('review') ?? statusOf('done') ?? 'a review or done status';
  const lines = [
    `Switchboard is your team's project board. You act as ${session.agentName}${where}; people watch your changes live.`,
  ];
  if (listed.has('next-task') && listed.has('move-task')) {
    const comment = listed.has('create-task-comment') ? ', with create-task-comment for progress' : '';
    const usage = listed.has('report-usage') ? ' → report-usage' : '';
    const loops = loopPrompts(listed);
    const prompts = [
      loops.work ? 'The prompt "work" spells it out' : '',
      loops.review ? '"review" is the reviewer\'s half' : '',
    ]
      .filter(Boolean)
      .join('; ');
    lines.push(
      `Work loop: next-task (finds and claims your best ready task) → get-task → move-task to ${inProgress} → work${comment} and update-task devInfo for plans, test results and files → update-task check to tick acceptance criteria${usage} → move-task to ${handIn}, which hands the task in and releases your claim; next-task never gives it back to you. A reviewer (another agent or a person) claims it there and moves it to done, or back to todo for another round.${prompts ? ` ${prompts}.` : ''}`,
    );
  }
  if (listed.has('claim-task')) {
    lines.push(
      'Claims are leases renewed by each of your calls; a task another agent holds is refused with its holder (TASK_CLAIMED).',
    );
  }
  if (listed.has('review-code-change')) {
    lines.push(
      'Architecture: before handing a task in, run review-code-change with task on each file you changed and fix what it finds; judge rules_to_self_check yourself and record-review. Open HIGH findings block review and done; MEDIUM ones send a move to done to review for a person (the answer says redirected). Task answers list open findings and needsReview.',
    );
  }
  if (listed.has('use-scaffold-method')) {
    lines.push(
      'Scaffolding: list-scaffolding-methods and use-scaffold-method (with task) answer the files a template writes; write them yourself, keeping files that exist, then follow the instruction.',
    );
  }
  if (listed.has('propose-plan')) {
    lines.push(
      'Planning: propose-plan puts work units and tasks before people; get-plan with wait hears their comments; revise-plan answers them. Only a person accepts a plan onto the board.',
    );
  }
  if (listed.has('request-input') && listed.has('get-input')) {
    lines.push('Blocked on a decision? request-input asks a person; get-input waits for the answer.');
  }
  return lines.join('\n');
}

/** One McpServer per session: its tool list (and the names and statuses in it) is built once, here. */
export function buildMcpServer(
  deps: ToolDeps,
  session: McpSessionState,
  facts: SessionFacts,
): { server: McpServerType; readOnlyTools: Set<string> } {
  const tools: ToolKit['tools'] = new Map();
  const readOnlyTools = new Set<string>();
  for (const toolset of MCP_TOOLSETS) {
    if (toolset === 'core') continue;
    TOOL_GROUPS[toolset]({ ...deps, session, facts, toolset, tools, readOnlyTools });
  }
  const listed = new Set(tools.keys());
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {}, prompts: {} },
    instructions: instructionsFor(session, facts, listed),
  });
  for (const register of tools.values()) register(server);
  registerPrompts(server, { session, facts, listed });
  return { server, readOnlyTools };
}
