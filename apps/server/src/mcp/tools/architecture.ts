import {
  mcpAddDesignPatternSchema,
  mcpAddRuleSchema,
  mcpDesignPatternAnswerSchema,
  mcpJudgedIssueSchema,
  mcpRecordReviewAnswerSchema,
  mcpReviewAnswerSchema,
  mcpRuleSetReceiptSchema,
  mcpTaskArgument,
  REVIEW_MAX_BYTES,
  REVIEW_TIME_BUDGET_MS,
  reviewRequestSchema,
  ruleItemRefSchema,
} from '@switchboard/api-client/contract';
import { defaultSeverity, formatBytes, type RuleItem, type RuleSetContent } from '@switchboard/architecture';
import * as z from 'zod';
import { recordReview } from '../../domain/architecture/findings';
import { designPatternsFor, reviewPath, reviewSource, ruleFor } from '../../domain/architecture/reviews';
import {
  findRuleSet,
  type RuleSetRow,
  ruleSetOfProject,
  updateRuleSet,
} from '../../domain/architecture/rule-sets';
import { AppError } from '../../domain/errors';
import { findTask } from '../../domain/tasks/views';
import { workShare } from '../../http/worker-failures';
import { defineTool, type ToolCall, type ToolKit } from '../tooling';

const NO_RULE_SET =
  'This project has no rule set, so nothing is checked; an owner or admin chooses one in the project settings (PATCH /api/v1/projects/{id} with ruleSet).';

/** The rule set that applies: the task's project's when a task is named, else the session's project's. */
async function ruleSetFor(call: ToolCall, task?: string): Promise<RuleSetRow | null> {
  const projectId = task
    ? (await findTask(call.services.db, call.caller.acting, task)).task.projectId
    : (await call.project()).id;
  return ruleSetOfProject(call.services.db, projectId);
}

/**
 * Adds one entry to the rule set an admin tool names (else the project's) and answers its receipt. An
 * entry whose id the set already holds is refused: adding never silently replaces.
 */
async function addToRuleSet(
  call: ToolCall,
  templateName: string | undefined,
  entry: { field: string; id: string; taken: (content: RuleSetContent) => boolean },
  add: (content: RuleSetContent) => RuleSetContent,
) {
  const target = templateName
    ? await findRuleSet(call.services.db, call.caller.acting, templateName)
    : await ruleSetFor(call);
  if (!target) throw new AppError('RULE_SET_NOT_FOUND', `${NO_RULE_SET} Or name one with rule_set.`);
  const updated = await updateRuleSet(call.services, call.caller.acting, target.name, {}, (content) => {
    if (entry.taken(content)) {
      throw new AppError('VALIDATION_FAILED', `${entry.field}: ${target.name} already has "${entry.id}".`);
    }
    return add(content);
  });
  return {
    rule_set: updated.name,
    version: updated.version,
    patterns: updated.content.patterns.length,
    rules: updated.content.rules.length,
  };
}

type AgiflowItem = z.output<typeof mcpAddRuleSchema>['must_do'];

function itemsOf(items: AgiflowItem): RuleItem[] {
  return (items ?? []).map((item) => ({ ...item }));
}

/**
 * architecture: the organization's design patterns and rules, checked against the files an agent
 * changes. Review findings recorded on a task gate its moves (see domain/architecture/review-gate.ts).
 */
export function registerArchitectureTools(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'get-file-design-pattern',
      title: 'Design patterns of a file',
      description:
        "The design patterns of the project's rule set that cover a file, and recommendations from them and from the file's rule. Call it before changing a file.",
      input: z.strictObject({ file_path: reviewRequestSchema.shape.file_path }),
      output: mcpDesignPatternAnswerSchema,
      readOnly: true,
    },
    async ({ file_path }, call) => {
      const row = await ruleSetFor(call);
      if (!row)
        return {
          file_path: reviewPath(file_path),
          matched_patterns: [],
          recommendations: [NO_RULE_SET],
          rule_set: null,
        };
      return { ...designPatternsFor(row.content, file_path), rule_set: row.name };
    },
  );

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

  // The admin tools change what every agent of the organization is held to, so only keys an owner or
  // admin marked admin list them.
  if (!kit.session.adminTools) return;

  defineTool(
    kit,
    {
      name: 'add-design-pattern',
      title: 'Add a design pattern',
      description:
        "Adds a design pattern (architect.yaml's shape) to the project's rule set, or the one named.",
      input: mcpAddDesignPatternSchema,
      output: mcpRuleSetReceiptSchema,
    },
    (input, call) =>
      addToRuleSet(
        call,
        input.rule_set,
        {
          field: 'pattern_name',
          id: input.pattern_name,
          taken: (content) => content.patterns.some((pattern) => pattern.name === input.pattern_name),
        },
        (content) => ({
          ...content,
          patterns: [
            ...content.patterns,
            {
              name: input.pattern_name,
              designPattern: input.design_pattern,
              includes: input.includes,
              description: input.description,
            },
          ],
        }),
      ),
  );

  defineTool(
    kit,
    {
      name: 'add-rule',
      title: 'Add a rule',
      description:
        "Adds a rule (RULES.yaml's shape; items may carry check and severity) to the project's rule set, or the one named.",
      input: mcpAddRuleSchema,
      output: mcpRuleSetReceiptSchema,
    },
    (input, call) =>
      addToRuleSet(
        call,
        input.rule_set,
        {
          field: 'pattern',
          id: input.pattern,
          taken: (content) => content.rules.some((rule) => rule.pattern === input.pattern),
        },
        (content) => ({
          ...content,
          rules: [
            ...content.rules,
            {
              pattern: input.pattern,
              globs: input.globs ?? [],
              description: input.description,
              inherits: input.inherits ?? [],
              mustDo: itemsOf(input.must_do),
              shouldDo: itemsOf(input.should_do),
              mustNotDo: itemsOf(input.must_not_do),
            },
          ],
        }),
      ),
  );
}
