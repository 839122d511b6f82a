import {
  mcpJudgedIssueSchema,
  mcpRecordReviewAnswerSchema,
  mcpReviewAnswerSchema,
  mcpTaskArgument,
  REVIEW_MAX_BYTES,
  REVIEW_TIME_BUDGET_MS,
  reviewRequestSchema,
  ruleItemRefSchema,
} from '@switchboard/api-client/contract';
import { defaultSeverity, formatBytes } from '@switchboard/architecture';
import * as z from 'zod';
import { recordReview } from '../../../domain/architecture/findings';
import { reviewPath, reviewSource, ruleFor } from '../../../domain/architecture/reviews';
import { workShare } from '../../../http/worker-failures';
import { defineTool, type ToolKit } from '../../tooling';
import { ruleSetFor } from './rule-set';

export function registerReviewCodeChange(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'review-code-change',
      title: 'Review a changed file',
      description: `Checks a file against the project's rules: machine checks give identified_issues (HIGH, MEDIUM, LOW), each naming its check; rules without a check come back in rules_to_self_check, and checks that timed out or could not run in not_checked, for you to judge (then record-review). With diff (git diff -- <file>), forbid and forbidImport look only at the lines it adds; a diff with no hunk of file_path, or that does not match content, is refused. A review reads at most ${formatBytes(REVIEW_MAX_BYTES)} (content and diff together) and runs its checks for at most ${REVIEW_TIME_BUDGET_MS / 1000} s. With task, the findings are recorded on it, replacing the file's earlier ones that this review shows gone: open HIGH findings block moving the task to review or done, open MEDIUM ones send it to review instead of done.`,
      input: reviewRequestSchema.extend({
        task: mcpTaskArgument.optional().describe('Record the findings on this task'),
      }),
      output: mcpReviewAnswerSchema,
    },
    async ({ task, file_path, content, diff }, call) => {
      const row = await ruleSetFor(call, task);
      const review = await reviewSource(
        row?.content ?? null,
        { filePath: file_path, source: content, diff },
        workShare(call.caller.acting.organizationId, call.signal),
      );
      const result = review.answer;
      if (!row || !task) return { ...result, rule_set: row?.name ?? null };
      const recorded = await recordReview(call.services, call.caller.acting, task, {
        filePath: result.file_path,
        source: 'check',
        findings: result.identified_issues,
        unsettled: review.unsettled,
      });
      return {
        ...result,
        rule_set: row.name,
        recorded: {
          task: recorded.task.key,
          review_id: recorded.reviewId,
          open_findings: recorded.task.openFindings ?? { high: 0, medium: 0, low: 0 },
        },
      };
    },
  );
}

export function registerRecordReview(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'record-review',
      title: 'Record your review',
      description:
        "Records your own judgement of a file's rules_to_self_check on a task: the issues you found (an empty list when the file keeps every rule). It replaces your earlier judgement of that file; the same gate applies as for checked findings.",
      input: z.strictObject({
        task: mcpTaskArgument,
        file_path: reviewRequestSchema.shape.file_path,
        identified_issues: z.array(mcpJudgedIssueSchema).max(200),
        checked_locally: z
          .boolean()
          .optional()
          .describe(
            "True when the issues come from machine checks run beside the code (switchboard mcp serve with the repository's rule files): they are filed as checks, which only the next check of the file replaces",
          ),
        keep_findings_of: z
          .array(ruleItemRefSchema)
          .max(500)
          .optional()
          .describe(
            'With checked_locally: rule items this check did not show gone (their check did not run, or still matches lines outside the diff); their earlier findings stay open',
          ),
      }),
      output: mcpRecordReviewAnswerSchema,
    },
    async ({ task, file_path, identified_issues, checked_locally, keep_findings_of }, call) => {
      const filePath = reviewPath(file_path);
      const row = await ruleSetFor(call, task);
      const resolved = row ? ruleFor(row.content, filePath) : undefined;
      // Without a pattern the issue is filed under the rule holding its item, else the file's rule.
      const patternOf = (rule: string) =>
        resolved?.items.find((item) => item.item.rule === rule)?.pattern ?? resolved?.rule.pattern ?? '';
      // A judgement names no check; only issues checked beside the code keep the check they name.
      const findings = identified_issues.map(({ check, ...issue }) => ({
        ...issue,
        ...(checked_locally && check !== undefined ? { check } : {}),
        severity: issue.severity ?? defaultSeverity[issue.type],
        pattern: issue.pattern ?? patternOf(issue.rule),
      }));
      const recorded = await recordReview(call.services, call.caller.acting, task, {
        filePath,
        source: checked_locally ? 'check' : 'agent',
        findings,
        unsettled: checked_locally ? (keep_findings_of ?? []) : [],
      });
      return {
        task: recorded.task.key,
        file_path: filePath,
        review_id: recorded.reviewId,
        recorded: findings.length,
        open_findings: recorded.task.openFindings ?? { high: 0, medium: 0, low: 0 },
      };
    },
  );
}
