/** Where `switchboard work` writes the brief, relative to the worktree; git-ignored there. */
export const TASK_FILE = '.switchboard/task.md';

/** A design pattern that covers one of the task's files, with what it asks of it. */
export interface FileDesign {
  path: string;
  patterns: { name: string; designPattern: string }[];
  recommendations: string[];
}

/** The architecture part of the brief: the rule set, and what applies where the task works. */
export interface ArchitectureBrief {
  /** The rule set's name; null when the project has none (`reason` says why). */
  ruleSet: string | null;
  reason?: string;
  /** The patterns covering the files the task names (in its text or its development details). */
  files: FileDesign[];
  /** When the task names no file: every pattern of the rule set and the folders it covers. */
  patterns: { name: string; designPattern: string; includes: string[] }[];
}

export interface TaskBrief {
  key: string;
  title: string;
  status: string;
  priority: string;
  description: string;
  acceptanceCriteria: readonly { text: string; checked: boolean }[];
  /** The keys of the tasks this one waits for. */
  blockedBy: readonly string[];
  branch: string;
  base: string;
  architecture: ArchitectureBrief;
}

function architectureSection(brief: ArchitectureBrief): string[] {
  if (brief.ruleSet === null) {
    return [`No architecture rules apply: ${brief.reason ?? 'the project has no rule set'}.`];
  }
  const lines = [`Rule set: ${brief.ruleSet}. Call get-file-design-pattern before changing a file.`];
  if (brief.files.length > 0) {
    for (const file of brief.files) {
      lines.push('', `### ${file.path}`);
      if (file.patterns.length === 0) lines.push('No design pattern covers this file.');
      for (const pattern of file.patterns)
        lines.push(`- Pattern **${pattern.name}**: ${pattern.designPattern}`);
      for (const recommendation of file.recommendations) lines.push(`- ${recommendation}`);
    }
    return lines;
  }
  if (brief.patterns.length === 0) return [...lines, '', 'The rule set has no design patterns.'];
  lines.push('', 'The task names no file; these are the design patterns and the files they cover:', '');
  for (const pattern of brief.patterns) {
    lines.push(`- **${pattern.name}** (${pattern.includes.join(', ')}): ${pattern.designPattern}`);
  }
  return lines;
}

/**
 * The brief an agent reads first in its worktree: the task as the board holds it, the branch it works
 * on, the rules its files must keep and how to hand the work in.
 */
export function renderTaskFile(brief: TaskBrief): string {
  const lines = [
    `# ${brief.key}: ${brief.title}`,
    '',
    `- Status: ${brief.status}`,
    `- Priority: ${brief.priority}`,
    `- Branch: ${brief.branch} (from ${brief.base})`,
    '',
    '## Description',
    '',
    brief.description.trim() || 'No description.',
    '',
    '## Acceptance criteria',
    '',
  ];
  if (brief.acceptanceCriteria.length === 0) lines.push('None written.');
  for (const item of brief.acceptanceCriteria) lines.push(`- [${item.checked ? 'x' : ' '}] ${item.text}`);
  lines.push('', '## Blocked by', '');
  if (brief.blockedBy.length === 0) lines.push('Nothing.');
  for (const key of brief.blockedBy) lines.push(`- ${key}`);
  lines.push('', '## Architecture rules', '', ...architectureSection(brief.architecture));
  lines.push(
    '',
    '## Handing in',
    '',
    `Commit on ${brief.branch}, check the change with \`switchboard review\`, and open a pull request naming ${brief.key}.`,
    `This file is not committed (git ignores .switchboard/); \`switchboard work\` wrote it when ${brief.key} was claimed.`,
    '',
  );
  return lines.join('\n');
}

/** A brief covers this many of the task's files at most; the agent asks about others as it goes. */
const FILES_MAX = 20;

/**
 * Repository paths a task names: words in backticks that look like a file path (a slash or a file
 * extension), and development details' `filesChanged`, in order, each once.
 */
export function filesNamedBy(task: {
  description: string;
  acceptanceCriteria: readonly { text: string }[];
  devInfo?: Record<string, unknown> | null;
}): string[] {
  const text = [task.description, ...task.acceptanceCriteria.map((item) => item.text)].join('\n');
  const named = [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1] as string)
    .filter((word) => /^[\w.@-]+(\/[\w.@-]+)+$|^[\w@-]+\.[a-z0-9]{1,8}$/i.test(word))
    .filter((word) => !word.includes('..') && !/^https?:/.test(word));
  const changed = task.devInfo?.filesChanged;
  if (Array.isArray(changed)) {
    for (const path of changed) if (typeof path === 'string' && path.trim()) named.push(path.trim());
  }
  return [...new Set(named.map((path) => path.replace(/^\.\//, '')))].slice(0, FILES_MAX);
}
