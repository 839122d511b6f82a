import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpToolset } from '@switchboard/api-client/contract';
import type { SessionFacts } from './lookup';
import type { McpSessionState, ToolDeps, ToolKit } from './tooling';
import { registerAgentTools } from './tools/agent';
import { registerCommentTools } from './tools/comments';
import { registerProjectTools } from './tools/projects';
import { registerTaskTools } from './tools/tasks';
import { registerWorkUnitTools } from './tools/work-units';

export const MCP_SERVER_INFO = { name: 'switchboard', title: 'Switchboard', version: '1.0.0' };

const TOOLSETS: Record<McpToolset, (kit: ToolKit) => void> = {
  projects: registerProjectTools,
  'work-units': registerWorkUnitTools,
  tasks: registerTaskTools,
  comments: registerCommentTools,
  agent: registerAgentTools,
};

function instructionsFor(session: McpSessionState, facts: SessionFacts): string {
  const where = facts.project ? ` in project ${facts.project.key} (${facts.project.name})` : '';
  const inProgress = facts.project?.statuses.find((status) => status.category === 'in_progress')?.name;
  const done = facts.project?.statuses.findLast((status) => status.category === 'done')?.name;
  return [
    `Switchboard is your team's project board. You act as ${session.agentName}${where}; people watch your changes live.`,
    `Work loop: next-task (finds and claims the best ready task) → move-task to ${inProgress ?? 'an in-progress status'} → work, with create-task-comment for progress and update-task devInfo for plans, test results and files → update-task check to tick acceptance criteria → report-usage → move-task to ${done ?? 'a done status'} (releases the claim).`,
    'Claims are leases renewed by each of your calls; another agent asking for a task you hold is told you have it.',
    'Blocked on a decision? request-input asks a person and shows you as waiting on their dashboard.',
  ].join('\n');
}

/** One McpServer per session: its tool list (and the names and statuses in it) is built once, here. */
export function buildMcpServer(
  deps: ToolDeps,
  session: McpSessionState,
  facts: SessionFacts,
): { server: McpServer; readOnlyTools: Set<string> } {
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: instructionsFor(session, facts),
  });
  const kit: ToolKit = { ...deps, server, session, facts, readOnlyTools: new Set() };
  for (const toolset of session.toolsets) TOOLSETS[toolset](kit);
  return { server, readOnlyTools: kit.readOnlyTools };
}
