import { isAbsolute, relative } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  mcpDesignPatternAnswerSchema,
  mcpRecordReviewAnswerSchema,
  mcpReviewAnswerSchema,
  mcpTaskArgument,
  reviewRequestSchema,
} from '@switchboard/api-client/contract';
import { type ErrorCode, isErrorCode } from '@switchboard/api-client/errors';
import { isArchitectureError, normaliseRepoPath } from '@switchboard/architecture';
import * as z from 'zod';
import { type ChangedFile, ChangeReader } from '../architecture/git';
import { organizationRulesOrWarning } from '../architecture/organization-rules';
import { type FileReview, Reviewer } from '../architecture/reviewer';
import type { Runtime } from '../context';
import { CliError, UsageError } from '../exit-codes';
import { type LocalTool, localToolDefinition, type RemoteToolCall, toolAnswer } from './local-tool';
import { codeOfToolText, toolRefusal } from './tool-error';

const filePathArgument = reviewRequestSchema.shape.file_path.describe(
  'The file, relative to the repository root (an absolute path inside the repository also works)',
);
const designPatternInput = z.strictObject({ file_path: filePathArgument });
const reviewInput = z.strictObject({
  file_path: filePathArgument,
  task: mcpTaskArgument.optional().describe('Record the findings on this task (through record-review)'),
});

const ruleSources = {
  rule_files: z
    .array(z.string())
    .describe("The repository's rule files layered over the organization's rule set"),
  warning: z.string().optional().describe('Why the organization rule set was left out, when it was'),
};
const designPatternOutput = mcpDesignPatternAnswerSchema.extend(ruleSources);
const reviewOutput = mcpReviewAnswerSchema.extend(ruleSources);

type Receipt = {
  task: string;
  review_id: string;
  open_findings: { high: number; medium: number; low: number };
};

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
}

/**
 * Files a review's findings on a task. When the organization's rule set alone decided, the server runs
 * the same review of the same content and files the findings as machine checks, which the agent's own
 * judgement (record-review) never replaces. Otherwise (rules from repository files the server does not
 * hold, or a session without the server's review tool) they go through record-review, marked as checked
 * locally so they are filed as checks all the same.
 */
async function recordOnTask(
  remote: RemoteToolCall,
  input: {
    task: string;
    change: ChangedFile;
    review: FileReview;
    serverHoldsTheRules: boolean;
  },
): Promise<{ recorded: Receipt } | { code: ErrorCode; error: string }> {
  const { task, change } = input;
  if (input.serverHoldsTheRules) {
    const reviewed = await remote('review-code-change', {
      task,
      file_path: change.path,
      content: change.source,
      ...(change.diff === undefined ? {} : { diff: change.diff }),
    });
    const answer = mcpReviewAnswerSchema.safeParse(reviewed.structuredContent);
    if (!reviewed.isError && answer.success && answer.data.recorded)
      return { recorded: answer.data.recorded };
  }
  // Filed as checks: the agent's own judgement of the file (a later record-review) must not replace them.
  const { review } = input;
  const recorded = await remote('record-review', {
    task,
    file_path: change.path,
    identified_issues: review.identified_issues,
    checked_locally: true,
    // What this check did not show gone keeps its earlier findings, as a review on the server does.
    keep_findings_of: [...review.not_checked, ...review.matched_outside_diff].map(
      ({ pattern, type, rule }) => ({ pattern, type, rule }),
    ),
  });
  if (recorded.isError) {
    const text = textOf(recorded);
    const refused = codeOfToolText(text);
    return {
      code: refused && isErrorCode(refused.code) ? refused.code : 'INTERNAL_ERROR',
      error: `the findings could not be recorded on ${task}: ${refused?.message ?? text}`,
    };
  }
  const receipt = mcpRecordReviewAnswerSchema.safeParse(recorded.structuredContent);
  if (!receipt.success)
    return { code: 'INTERNAL_ERROR', error: `the server's receipt for ${task} was not understood.` };
  const { review_id, open_findings } = receipt.data;
  return { recorded: { task: receipt.data.task, review_id, open_findings } };
}

/**
 * The two review tools served from the working tree: the agent names a file, the CLI reads it and its
 * `git diff` against HEAD, and reviews it with the organization's rule set under the repository's rule
 * files. With a task, the findings go to the server's record-review so they land on the task.
 */
export function localReviewTools(
  runtime: Runtime,
  options: { root: string; project?: string | undefined },
): LocalTool[] {
  const repositoryPath = (filePath: string) =>
    normaliseRepoPath(isAbsolute(filePath) ? relative(options.root, filePath) : filePath);

  const reviewerForCall = async () => {
    const { rules, warning } = await organizationRulesOrWarning(runtime, { project: options.project });
    const reviewer = new Reviewer(options.root, rules.kind === 'rule-set' ? rules.content : undefined);
    return { reviewer, ruleSet: rules.kind === 'rule-set' ? rules.name : null, warning };
  };

  // Mistakes the agent can act on come back as tool errors with their words, never as a crash.
  const guarded =
    <I>(schema: z.ZodType<I>, handler: (input: I, remote: RemoteToolCall) => Promise<CallToolResult>) =>
    async (args: unknown, remote: RemoteToolCall) => {
      const parsed = schema.safeParse(args ?? {});
      if (!parsed.success) return toolRefusal('VALIDATION_FAILED', z.prettifyError(parsed.error));
      try {
        return await handler(parsed.data, remote);
      } catch (error) {
        // A path outside the repository or a ref git does not know is the agent's input; git failing
        // otherwise is not.
        if (isArchitectureError(error) || error instanceof UsageError)
          return toolRefusal('VALIDATION_FAILED', error.message);
        if (error instanceof CliError) return toolRefusal('UNPROCESSABLE', error.message);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          return toolRefusal('NOT_FOUND', 'No such file in the working tree.');
        throw error;
      }
    };

  const getFileDesignPattern: LocalTool = {
    definition: localToolDefinition(
      'get-file-design-pattern',
      'Design patterns of a file',
      "The design patterns that cover a file (the organization's rule set under this repository's rule files) and recommendations from them and from the file's rule. Call it before changing a file.",
      designPatternInput,
      designPatternOutput,
      { readOnlyHint: true },
    ),
    call: guarded(designPatternInput, async ({ file_path }) => {
      const path = repositoryPath(file_path);
      const { reviewer, ruleSet, warning } = await reviewerForCall();
      return toolAnswer({
        ...reviewer.designPatterns(path),
        rule_set: ruleSet,
        rule_files: reviewer.rulesFor(path).ruleFiles,
        ...(warning ? { warning } : {}),
      });
    }),
  };

  const reviewCodeChange: LocalTool = {
    definition: localToolDefinition(
      'review-code-change',
      'Review a changed file',
      'Reviews a file of the working tree as it is now, and only the lines its git diff adds for forbid and forbidImport checks: machine checks give identified_issues (HIGH, MEDIUM, LOW), rules without a check come back in rules_to_self_check, and checks that timed out or could not run in not_checked, for you to judge (then record-review). With task, the findings are recorded on it: open HIGH findings block moving the task to review or done, open MEDIUM ones send it to review instead of done.',
      reviewInput,
      reviewOutput,
      { readOnlyHint: false },
    ),
    call: guarded(reviewInput, async ({ file_path, task }, remote) => {
      const path = repositoryPath(file_path);
      const { reviewer, ruleSet, warning } = await reviewerForCall();
      const change = await new ChangeReader(options.root, { kind: 'working-tree' }).read(path);
      const review = await reviewer.review(change);
      if (review.skipped) return toolRefusal('UNPROCESSABLE', `${path}: not reviewed (${review.skipped}).`);
      const { ruleFiles, content } = reviewer.rulesFor(path);
      const result: Record<string, unknown> = {
        file_path: path,
        fix_required: review.fix_required,
        identified_issues: review.identified_issues,
        rules_to_self_check: review.rules_to_self_check,
        not_checked: review.not_checked,
        matched_patterns: reviewer.designPatterns(path).matched_patterns,
        rule_set: ruleSet,
        rule_files: ruleFiles,
        ...(warning ? { warning } : {}),
      };
      if (!task || !content) return toolAnswer(result);
      const recording = await recordOnTask(remote, {
        task,
        change,
        review,
        // Only then does the server hold every rule that applied, and see the file under the same path.
        serverHoldsTheRules:
          ruleSet !== null && ruleFiles.length === 0 && reviewer.rulesFor(path).projectPath === path,
      });
      if ('error' in recording)
        return toolRefusal(recording.code, `Reviewed ${path}, but ${recording.error}`);
      result.recorded = recording.recorded;
      return toolAnswer(result);
    }),
  };

  return [getFileDesignPattern, reviewCodeChange];
}
