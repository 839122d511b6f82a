import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasAgentsBlock, layoutFor, type SyncClient } from '../agents/files';
import { API_KEY_ENV } from '../mcp/clients';
import { TASK_FILE } from './task-file';

/** A word for a POSIX shell: as it is when nothing in it is special, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Whether `agents sync` has put the profile where the client reads it in this worktree. */
export function profileIsThere(client: SyncClient, worktree: string, agent: string): boolean {
  if (client === 'codex') {
    try {
      return hasAgentsBlock(readFileSync(join(worktree, 'AGENTS.md'), 'utf8'));
    } catch {
      return false;
    }
  }
  const layout = layoutFor(client, worktree);
  return existsSync(join(layout.dir, layout.fileName(agent)));
}

/** The prompt that starts the work: which profile to be, which task, and where its brief is. */
function prompt(client: SyncClient, agent: string | undefined, key: string): string {
  const task = `work on ${key}; its brief is ${TASK_FILE}`;
  if (!agent) return `${task[0]?.toUpperCase()}${task.slice(1)}`;
  switch (client) {
    case 'claude-code':
      return `Use the ${agent} subagent to ${task}`;
    case 'gemini':
      return `Use the ${agent} agent to ${task}`;
    case 'cursor':
      return `Follow the agent-${agent} rule and ${task}`;
    case 'codex':
      return `Act as ${agent} (see AGENTS.md) and ${task}`;
  }
}

const PROGRAM: Record<SyncClient, string> = {
  'claude-code': 'claude',
  gemini: 'gemini -i',
  cursor: 'cursor-agent',
  codex: 'codex',
};

/**
 * The shell lines that start the coding agent in a task's worktree. With a profile, the profile is
 * synced there first when the checkout lacks it, and the client's MCP key must be the profile's, so
 * the agent continues under the claim `work` took for it.
 */
export function startLines(input: {
  client: SyncClient;
  agent: string | undefined;
  key: string;
  worktree: string;
  profilePresent: boolean;
}): string[] {
  const lines = [`cd ${shellWord(input.worktree)}`];
  if (input.agent && !input.profilePresent) lines.push(`switchboard agents sync --client ${input.client}`);
  if (input.agent) {
    lines.push(
      `# ${API_KEY_ENV} must be ${input.agent}'s key: \`switchboard mcp install --client ${input.client} --agent ${input.agent}\` prints it`,
    );
  }
  lines.push(`${PROGRAM[input.client]} ${shellWord(prompt(input.client, input.agent, input.key))}`);
  return lines;
}
