import { join } from 'node:path';

/** What `agents sync` needs of an agent profile. */
export interface ProfileInput {
  name: string;
  description: string;
  instructions: string;
  model: string | null;
  tools: string[];
}

export const SYNC_CLIENTS = ['claude-code', 'cursor', 'codex', 'gemini'] as const;
export type SyncClient = (typeof SYNC_CLIENTS)[number];

/**
 * The line that marks a file (or a block of AGENTS.md) as written by `agents sync`. Only files carrying
 * it are ever updated or deleted; anything else with the same name is left alone. In YAML frontmatter
 * it is a comment, so no client reads it as a setting and it never reaches the model's prompt.
 */
export const MANAGED_MARKER = 'managed by `switchboard agents sync`';
const FRONTMATTER_NOTE = `# ${MANAGED_MARKER}: edit the profile in Switchboard (Settings → AI agents); local edits are overwritten.`;
const BLOCK_BEGIN = `<!-- switchboard:agents begin (${MANAGED_MARKER}; edits inside are overwritten) -->`;
const BLOCK_END = '<!-- switchboard:agents end -->';

/** A YAML scalar that is always valid: a JSON string is a YAML double-quoted string. */
const yamlString = (value: string) => JSON.stringify(value);

function frontmatter(fields: Array<[string, string | string[] | undefined]>): string {
  const lines = ['---', FRONTMATTER_NOTE];
  for (const [key, value] of fields) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      lines.push(`${key}:`);
      for (const item of value) lines.push(`  - ${yamlString(item)}`);
    } else lines.push(`${key}: ${value}`);
  }
  lines.push('---');
  return lines.join('\n');
}

const body = (profile: ProfileInput) =>
  profile.instructions.trim() || `You are the ${profile.name} agent. ${profile.description}`.trim();

/**
 * A Claude Code subagent (.claude/agents/<name>.md): frontmatter name, description, tools (a comma
 * list; left out = every tool) and model (left out = inherit), then the instructions as the prompt.
 */
export function renderClaudeAgent(profile: ProfileInput): string {
  return `${frontmatter([
    ['name', profile.name],
    ['description', yamlString(profile.description || `The ${profile.name} agent`)],
    ['tools', profile.tools.length > 0 ? profile.tools.join(', ') : undefined],
    ['model', profile.model ? yamlString(profile.model) : undefined],
  ])}\n\n${body(profile)}\n`;
}

/**
 * Profiles name tools the way Claude Code does; Gemini CLI's built-in tools have names of their own.
 * A tool with no Gemini counterpart is left out rather than passed on under a name Gemini would not know.
 */
const GEMINI_TOOLS: Record<string, string> = {
  Read: 'read_file',
  Write: 'write_file',
  Edit: 'replace',
  MultiEdit: 'replace',
  Bash: 'run_shell_command',
  Glob: 'glob',
  Grep: 'grep_search',
  LS: 'list_directory',
  WebFetch: 'web_fetch',
  WebSearch: 'google_web_search',
  TodoWrite: 'write_todos',
};
const GEMINI_TOOL_NAMES = new Set(Object.values(GEMINI_TOOLS));

/** The profile's tools as Gemini CLI names them, each once, in the profile's order. */
export function geminiTools(tools: readonly string[]): string[] {
  const mapped = tools.map((tool) => (GEMINI_TOOL_NAMES.has(tool) ? tool : GEMINI_TOOLS[tool]));
  return [...new Set(mapped.filter((tool): tool is string => tool !== undefined))];
}

/**
 * A Gemini CLI subagent (.gemini/agents/<name>.md) in Gemini's own format: `kind: local`, tools by
 * Gemini's names as a YAML list (left out = every tool; a profile whose tools all lack a Gemini
 * counterpart gets an empty list, never every tool), and a model only when it is a Gemini model, since
 * a Claude model name would make the subagent fail to start (left out = the session's model).
 */
export function renderGeminiAgent(profile: ProfileInput): string {
  const tools = geminiTools(profile.tools);
  const model = profile.model?.toLowerCase().startsWith('gemini') ? profile.model : undefined;
  return `${frontmatter([
    ['name', profile.name],
    ['description', yamlString(profile.description || `The ${profile.name} agent`)],
    ['kind', 'local'],
    ['tools', profile.tools.length > 0 ? (tools.length > 0 ? tools : '[]') : undefined],
    ['model', model ? yamlString(model) : undefined],
  ])}\n\n${body(profile)}\n`;
}

/** A Cursor project rule (.cursor/rules/<name>.mdc) the agent applies when the description fits. */
export function renderCursorRule(profile: ProfileInput): string {
  return `${frontmatter([
    [
      'description',
      yamlString(`Agent profile ${profile.name}: ${profile.description || 'shared agent instructions'}`),
    ],
    ['alwaysApply', 'false'],
  ])}\n\n# Agent profile: ${profile.name}\n\n${body(profile)}\n`;
}

/** Codex has no subagents: the profiles become one marked section of AGENTS.md. */
export function renderCodexBlock(profiles: readonly ProfileInput[]): string {
  const sections = profiles.map((profile) => {
    const lines = [`### ${profile.name}`];
    if (profile.description) lines.push('', profile.description);
    const facts = [
      profile.model ? `Model: ${profile.model}` : undefined,
      profile.tools.length > 0 ? `Tools: ${profile.tools.join(', ')}` : undefined,
    ].filter(Boolean);
    if (facts.length > 0) lines.push('', facts.join(' · '));
    lines.push('', body(profile));
    return lines.join('\n');
  });
  return [
    BLOCK_BEGIN,
    '## Agent profiles',
    '',
    'When a task is assigned to one of these agents, follow its instructions.',
    '',
    sections.join('\n\n'),
    BLOCK_END,
  ].join('\n');
}

/** Whether AGENTS.md text already holds our block. */
export function hasAgentsBlock(text: string): boolean {
  return text.includes(BLOCK_BEGIN);
}

/**
 * AGENTS.md with our block replaced (or appended, or taken out when there are no profiles); null when
 * nothing but our block was in it and no profile is left, i.e. the file should go.
 */
export function mergeAgentsMd(
  existing: string | undefined,
  profiles: readonly ProfileInput[],
): string | null {
  const text = existing ?? '';
  if (profiles.length === 0 && !hasAgentsBlock(text)) return existing ?? null;
  const begin = text.indexOf(BLOCK_BEGIN);
  const end = begin === -1 ? -1 : text.indexOf(BLOCK_END, begin);
  const outside =
    begin === -1 || end === -1
      ? { before: text, after: '' }
      : { before: text.slice(0, begin), after: text.slice(end + BLOCK_END.length) };
  const rest =
    `${outside.before.trimEnd()}${outside.after.trim() ? `\n\n${outside.after.trim()}` : ''}`.trim();
  if (profiles.length === 0) return rest === '' ? null : `${rest}\n`;
  return `${rest ? `${rest}\n\n` : ''}${renderCodexBlock(profiles)}\n`;
}

/** Whether a file's text carries our marker, i.e. whether we may replace or delete it. */
export function isManaged(text: string): boolean {
  return text.includes(MANAGED_MARKER);
}

export interface FileLayout {
  /** The folder a client's per-agent files live in. */
  dir: string;
  fileName: (name: string) => string;
  /** The agent name a file in `dir` belongs to, or undefined for files that are not agent files. */
  nameOf: (fileName: string) => string | undefined;
  render: (profile: ProfileInput) => string;
}

/** Per-agent file layouts; Codex is the single AGENTS.md instead. */
export function layoutFor(client: Exclude<SyncClient, 'codex'>, workspace: string): FileLayout {
  const suffix = (extension: string, prefix = '') => ({
    fileName: (name: string) => `${prefix}${name}${extension}`,
    nameOf: (file: string) =>
      file.startsWith(prefix) && file.endsWith(extension)
        ? file.slice(prefix.length, -extension.length)
        : undefined,
  });
  switch (client) {
    case 'claude-code':
      return { dir: join(workspace, '.claude', 'agents'), ...suffix('.md'), render: renderClaudeAgent };
    case 'gemini':
      return { dir: join(workspace, '.gemini', 'agents'), ...suffix('.md'), render: renderGeminiAgent };
    case 'cursor':
      return {
        dir: join(workspace, '.cursor', 'rules'),
        ...suffix('.mdc', 'agent-'),
        render: renderCursorRule,
      };
  }
}
