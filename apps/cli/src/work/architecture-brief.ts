import type { Task } from '@switchboard/api-client/contract';
import { ApiError } from '@switchboard/api-client/errors';
import { loadOrganizationRules } from '../architecture/organization-rules';
import { Reviewer } from '../architecture/reviewer';
import type { Runtime } from '../context';
import { serverMessageOf } from '../server-message';
import { type ArchitectureBrief, filesNamedBy } from './task-file';

/**
 * The rules a task's work must keep, read the way get-file-design-pattern reads them: the project's
 * rule set with the worktree's own rule files over it, for each file the task names; when it names
 * none, the rule set's patterns. The brief is still written when the rules cannot be read; it says why.
 */
export async function architectureBriefFor(
  runtime: Runtime,
  task: Task,
  worktree: string,
): Promise<ArchitectureBrief> {
  let rules: Awaited<ReturnType<typeof loadOrganizationRules>>;
  try {
    rules = await loadOrganizationRules(runtime, { project: task.projectId });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      ruleSet: null,
      reason: `the rule set could not be read (${serverMessageOf(error)})`,
      files: [],
      patterns: [],
    };
  }
  const content = rules.kind === 'rule-set' ? rules.content : undefined;
  const reviewer = new Reviewer(worktree, content);
  const files = filesNamedBy(task).map((path) => {
    const match = reviewer.designPatterns(path);
    return {
      path: match.file_path,
      patterns: match.matched_patterns.map((pattern) => ({
        name: pattern.name,
        designPattern: pattern.design_pattern,
      })),
      recommendations: match.recommendations,
    };
  });
  if (rules.kind === 'none' && files.every((file) => file.patterns.length === 0)) {
    return { ruleSet: null, reason: rules.reason, files: [], patterns: [] };
  }
  return {
    ruleSet: rules.kind === 'rule-set' ? rules.name : 'the repository rule files',
    files,
    patterns: (content?.patterns ?? []).map((pattern) => ({
      name: pattern.name,
      designPattern: pattern.designPattern,
      includes: pattern.includes,
    })),
  };
}
