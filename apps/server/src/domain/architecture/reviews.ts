import type { ReviewResultJson } from '@switchboard/api-client/contract';
import {
  type DesignPatternMatch,
  findRule,
  type ItemRef,
  isArchitectureError,
  matchDesignPatterns,
  normaliseRepoPath,
  type ResolvedRule,
  type RuleSetContent,
  reviewFileSafely,
} from '@switchboard/architecture/node';
import type { RunOptions } from '@switchboard/sandbox/timed-worker';
import { AppError } from '../errors';

/** The engine's refusals in the API's words: a bad path, diff or size is the caller's to fix. */
function asAppError(error: unknown): unknown {
  if (!isArchitectureError(error)) return error;
  switch (error.code) {
    case 'PATH_INVALID':
      return new AppError('VALIDATION_FAILED', `file_path: ${error.message}`, [
        { path: ['file_path'], message: error.message },
      ]);
    case 'DIFF_INVALID':
      return new AppError('VALIDATION_FAILED', `diff: ${error.message}`, [
        { path: ['diff'], message: error.message },
      ]);
    case 'CONTENT_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', error.message);
    // The engine reports these as not checked; should one escape, it is still no server fault.
    case 'CHECK_TIMED_OUT':
    case 'CHECK_FAILED':
    case 'MATCH_TOO_COSTLY':
      return new AppError('UNPROCESSABLE', error.message);
  }
}

function engineCall<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw asAppError(error);
  }
}

/** The repository path a review or a finding is filed under; `..` out of the repository is refused. */
export function reviewPath(filePath: string): string {
  return engineCall(() => normaliseRepoPath(filePath));
}

export function designPatternsFor(content: RuleSetContent, filePath: string): DesignPatternMatch {
  return engineCall(() => matchDesignPatterns(content, filePath));
}

/** The rule that applies to a file; a match past the step limit is the caller's 422, like a review's. */
export function ruleFor(content: RuleSetContent, filePath: string): ResolvedRule | undefined {
  return engineCall(() => findRule(content, filePath));
}

export interface SourceReview {
  answer: ReviewResultJson;
  /**
   * Rule items whose earlier findings this review does not show gone: their check did not run, or
   * still matches lines outside the diff. Recording keeps those findings open.
   */
  unsettled: ItemRef[];
}

const noRules: RuleSetContent = { patterns: [], rules: [] };

/**
 * Reviews one file against a rule set (none: nothing is checked, but the path, the size and the diff
 * are held to the same rules, so no caller learns to send what a project with rules would refuse).
 * Rule regexes run in a time-limited worker, so a catastrophic pattern costs at most its time limit.
 */
export async function reviewSource(
  content: RuleSetContent | null,
  input: { filePath: string; source: string; diff?: string | undefined },
  share: RunOptions = {},
): Promise<SourceReview> {
  const filePath = reviewPath(input.filePath);
  let result: Awaited<ReturnType<typeof reviewFileSafely>>;
  try {
    result = await reviewFileSafely(
      content ?? noRules,
      {
        filePath,
        source: input.source,
        ...(input.diff === undefined ? {} : { diff: input.diff }),
      },
      share,
    );
  } catch (error) {
    throw asAppError(error);
  }
  return {
    answer: {
      file_path: filePath,
      fix_required: result.fix_required,
      identified_issues: result.identified_issues,
      rules_to_self_check: result.rules_to_self_check,
      not_checked: result.not_checked,
      matched_patterns: content ? designPatternsFor(content, filePath).matched_patterns : [],
    },
    unsettled: [...result.not_checked, ...result.matched_outside_diff].map(({ pattern, type, rule }) => ({
      pattern,
      type,
      rule,
    })),
  };
}
