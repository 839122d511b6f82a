import {
  type DesignPatternMatch,
  type Finding,
  type ItemRef,
  isArchitectureError,
  matchDesignPatterns,
  mergeRuleSets,
  type NotCheckedRule,
  normaliseRepoPath,
  type RuleSetContent,
  type SelfCheckRule,
} from '@switchboard/architecture';
import { reviewFileSafely } from '@switchboard/architecture/node';
import type { ChangedFile } from './git';
import { RepositoryRuleFiles } from './repository-rules';

export interface FileReview {
  /** Repository-relative. */
  file_path: string;
  fix_required: boolean;
  identified_issues: Finding[];
  rules_to_self_check: SelfCheckRule[];
  /** Checks that timed out or could not run: rules to judge, like those without a check. */
  not_checked: NotCheckedRule[];
  matched_outside_diff: ItemRef[];
  /** Why the file was not reviewed (too large, binary), when it was not. */
  skipped?: string;
}

/**
 * Reviews a repository's files with the organization's rule set (when there is one) and the
 * repository's own rule files layered over it, per file, because a monorepo's projects can name
 * different templates.
 */
export class Reviewer {
  private readonly files: RepositoryRuleFiles;

  constructor(
    root: string,
    private readonly organization: RuleSetContent | undefined,
  ) {
    this.files = new RepositoryRuleFiles(root);
  }

  /** The rules that apply to a file, and its path as those rules see it. */
  rulesFor(path: string): { content: RuleSetContent | undefined; projectPath: string; ruleFiles: string[] } {
    const repository = this.files.rulesFor(normaliseRepoPath(path));
    const layers = [this.organization, repository.content].filter((layer) => layer !== undefined);
    const [first, ...rest] = layers;
    return {
      content: first ? mergeRuleSets(first, ...rest) : undefined,
      projectPath: repository.projectPath,
      ruleFiles: repository.files,
    };
  }

  async review(change: ChangedFile): Promise<FileReview> {
    const empty: FileReview = {
      file_path: change.path,
      fix_required: false,
      identified_issues: [],
      rules_to_self_check: [],
      not_checked: [],
      matched_outside_diff: [],
    };
    if (change.source.includes('\0')) return { ...empty, skipped: 'binary file' };
    // git prints a change of mode alone as a diff without hunks: no line of the file changed.
    if (change.diff?.trim() && !/^@@ /m.test(change.diff)) return { ...empty, skipped: 'no line changed' };
    const { content, projectPath } = this.rulesFor(change.path);
    if (!content) return empty;
    try {
      const input = { filePath: projectPath, source: change.source };
      const result = await reviewFileSafely(
        content,
        change.diff === undefined ? input : { ...input, diff: change.diff },
      );
      return { file_path: change.path, ...result };
    } catch (error) {
      if (isArchitectureError(error) && (error.code === 'CONTENT_TOO_LARGE' || error.code === 'DIFF_INVALID'))
        return { ...empty, skipped: error.message };
      throw error;
    }
  }

  designPatterns(path: string): DesignPatternMatch {
    const { content, projectPath } = this.rulesFor(path);
    const match = matchDesignPatterns(content ?? { patterns: [], rules: [] }, projectPath);
    return { ...match, file_path: normaliseRepoPath(path) };
  }
}
