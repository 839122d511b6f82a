import type { ReviewResultJson } from '@switchboard/api-client/contract';
import {
  type DesignPatternMatch,
  findRule,
  isArchitectureError,
  matchDesignPatterns,
  normaliseRepoPath,
  type ResolvedRule,
  type RuleSetContent,
  reviewFileSafely,
} from '@switchboard/architecture/node';
import type { RunOptions } from '@switchboard/sandbox/timed-worker';
import { AppError } from '../http/errors';

/** The engine's refusals in the API's words: a bad path or too large a file is the caller's to fix. */
function asAppError(error: unknown): unknown {
  if (!isArchitectureError(error)) return error;
  switch (error.code) {
    case 'PATH_INVALID':
      return new AppError('VALIDATION_FAILED', `file_path: ${error.message}`, [
        { path: ['file_path'], message: error.message },
      ]);
    case 'CONTENT_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', error.message);
    case 'CHECK_TIMED_OUT':
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

/**
 * Reviews one file against a rule set. Rule regexes run in a time-limited worker, so a catastrophic
 * pattern costs at most its time limit and never holds up the server's other requests.
 */
export async function reviewSource(
  content: RuleSetContent,
  input: { filePath: string; source: string; diff?: string },
  share: RunOptions = {},
): Promise<ReviewResultJson> {
  const filePath = reviewPath(input.filePath);
  let result: Awaited<ReturnType<typeof reviewFileSafely>>;
  try {
    result = await reviewFileSafely(
      content,
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
    file_path: filePath,
    fix_required: result.fix_required,
    identified_issues: result.identified_issues,
    rules_to_self_check: result.rules_to_self_check,
    matched_patterns: designPatternsFor(content, filePath).matched_patterns,
  };
}
