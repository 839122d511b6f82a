import * as z from 'zod';
import { actorSchema } from './activity';
import { idSchema, timestampSchema } from './common';
import { withDigitGroups } from './digit-groups';
import { findingCountsSchema } from './finding-counts';
import { RULE_SET_LIMITS } from './input-limits';

/**
 * Architecture rules. A rule set is written either in AgiFlow's two YAML files (architect.yaml for
 * design patterns, RULES.yaml for rules) or as the structured JSON below, which is what the server
 * keeps and answers. Reviews answer in AgiFlow's snake_case shape so agents that know that tool read
 * ours unchanged.
 */

export const SEVERITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const severitySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof severitySchema>;

export const findingTypeSchema = z
  .enum(['must_do', 'should_do', 'must_not_do'])
  .describe('The list of the rule the item came from');

/**
 * The most one review reads: the file's content and its diff together, in UTF-8 bytes. The engine,
 * the REST review route, the MCP tool and the docs all hold reviews to this one number.
 */
export const REVIEW_MAX_BYTES = 1024 * 1024;
/**
 * The largest HTTP body that may carry a review (the REST review route and the MCP endpoint). JSON
 * can write one byte of a string as six (`\u0001`), so every review within REVIEW_MAX_BYTES gets
 * through, and a larger one is refused by the review itself, with advice, instead of by the body limit.
 */
export const REVIEW_REQUEST_MAX_BYTES = 6 * REVIEW_MAX_BYTES + 64 * 1024;
/**
 * The time one review's machine checks may take in all. A check not finished within it (or not
 * reached) is reported as not checked, never as a finding.
 */
export const REVIEW_TIME_BUDGET_MS = 10_000;
/** The largest YAML document of a rule set. */
export const RULE_SET_YAML_MAX_CHARACTERS = RULE_SET_LIMITS.yamlCharacters;

export const ruleSetNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'must be letters, digits, dots, dashes or underscores, e.g. backend')
  .describe('Unique in the organization');

const globsSchema = z
  .array(
    z
      .string()
      .min(1)
      .max(
        RULE_SET_LIMITS.globCharacters,
        `must be at most ${RULE_SET_LIMITS.globCharacters} characters per glob`,
      ),
  )
  .max(RULE_SET_LIMITS.globsPerRule, `must hold at most ${RULE_SET_LIMITS.globsPerRule} globs`);

export const ruleCheckSchema = z
  .strictObject({
    forbid: z
      .string()
      .max(2000)
      .optional()
      .describe('A regex the file (or the added lines of a diff) must not match'),
    require: z.string().max(2000).optional().describe('A regex the file must match'),
    forbidImport: z
      .array(z.string().min(1).max(500))
      .max(100)
      .optional()
      .describe('Module patterns no import, require or export-from may name'),
  })
  .describe('A check a machine runs; without one the rule is left to the agent to judge');

export const ruleItemSchema = z.strictObject({
  rule: z.string().trim().min(1, 'is required').max(5000),
  example: z.string().max(20_000).optional(),
  codeExample: z.string().max(20_000).optional(),
  check: ruleCheckSchema.optional(),
  severity: severitySchema
    .optional()
    .describe('Overrides the list default: must_do and must_not_do HIGH, should_do MEDIUM'),
});
export type RuleItemJson = z.infer<typeof ruleItemSchema>;

// No list can hold more items than one review runs (inherited items count too; checked at save).
const ruleItemsSchema = z
  .array(ruleItemSchema)
  .max(
    RULE_SET_LIMITS.itemsPerReview,
    `must hold at most ${RULE_SET_LIMITS.itemsPerReview} items, the limit per review`,
  )
  .default([]);

export const designPatternSchema = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(200),
  designPattern: z.string().max(500).describe('Its title'),
  includes: globsSchema.describe('Globs relative to the project root'),
  description: z.string().max(50_000).default('').describe('Markdown guidance'),
});

export const ruleSchema = z.strictObject({
  pattern: z.string().trim().min(1, 'is required').max(200).describe("The rule's id, named by `inherits`"),
  globs: globsSchema.default([]).describe('Globs; a leading ! excludes'),
  description: z.string().max(50_000).default(''),
  inherits: z.array(z.string().min(1).max(200)).max(50).default([]),
  mustDo: ruleItemsSchema,
  shouldDo: ruleItemsSchema,
  mustNotDo: ruleItemsSchema,
});

export const ruleSetContentSchema = z.object({
  version: z.string().max(50).optional(),
  template: z.string().max(200).optional(),
  description: z.string().max(50_000).optional(),
  patterns: z
    .array(designPatternSchema)
    .max(RULE_SET_LIMITS.patterns, `must hold at most ${RULE_SET_LIMITS.patterns} design patterns`),
  rules: z.array(ruleSchema).max(RULE_SET_LIMITS.rules, `must hold at most ${RULE_SET_LIMITS.rules} rules`),
});
export type RuleSetContentJson = z.infer<typeof ruleSetContentSchema>;

export const ruleSetSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  content: ruleSetContentSchema,
  architectYaml: z
    .string()
    .describe('architect.yaml as last written in YAML (comments and order kept), else written from content'),
  rulesYaml: z
    .string()
    .describe('RULES.yaml as last written in YAML (comments and order kept), else written from content'),
  version: z.number().int(),
  updatedBy: z.string().describe('Who wrote it last'),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type RuleSet = z.infer<typeof ruleSetSchema>;

export const ruleSetSummarySchema = ruleSetSchema
  .omit({ content: true, architectYaml: true, rulesYaml: true })
  .extend({
    patterns: z.number().int().describe('How many design patterns it holds'),
    rules: z.number().int().describe('How many rules it holds'),
    projects: z.array(z.string()).describe('Keys of the projects that use it'),
  });
export type RuleSetSummary = z.infer<typeof ruleSetSummarySchema>;

/** GET /rule-sets/{name}?format=yaml: the rule set as AgiFlow's two files. */
export const ruleSetYamlSchema = z.object({
  name: z.string(),
  description: z.string(),
  architectYaml: z.string().describe('architect.yaml: the design patterns'),
  rulesYaml: z.string().describe('RULES.yaml: the rules'),
});
export type RuleSetYaml = z.infer<typeof ruleSetYamlSchema>;

export const ruleSetQuerySchema = z.strictObject({
  format: z
    .enum(['json', 'yaml'])
    .optional()
    .describe('yaml answers AgiFlow’s architect.yaml and RULES.yaml'),
});

const yamlText = z
  .string()
  .max(
    RULE_SET_YAML_MAX_CHARACTERS,
    `must be at most ${withDigitGroups(RULE_SET_YAML_MAX_CHARACTERS)} characters, the limit per YAML file`,
  );

/**
 * A rule set to write: AgiFlow's YAML files (either may be left out: no patterns, or no rules), or the
 * structured `patterns` and `rules`, never both forms at once.
 */
export const writeRuleSetSchema = z
  .strictObject({
    name: ruleSetNameSchema
      .optional()
      .describe('Required to create unless RULES.yaml names a template; on PUT, renames'),
    description: z.string().max(10_000).optional(),
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('On PUT: the version you read; a stale one gets 409'),
    architectYaml: yamlText.optional(),
    rulesYaml: yamlText.optional(),
    patterns: ruleSetContentSchema.shape.patterns.optional(),
    rules: ruleSetContentSchema.shape.rules.optional(),
  })
  .superRefine((value, context) => {
    const yaml = value.architectYaml !== undefined || value.rulesYaml !== undefined;
    const structured = value.patterns !== undefined || value.rules !== undefined;
    if (yaml && structured) {
      context.addIssue({
        code: 'custom',
        message: 'send either architectYaml/rulesYaml or patterns/rules, not both',
      });
    }
  });
export type WriteRuleSet = z.infer<typeof writeRuleSetSchema>;

export const deletedRuleSetSchema = z.object({
  deleted: z.object({
    name: z.string(),
    projects: z.array(z.string()).describe('Keys of the projects left without a rule set'),
  }),
});

/** A file to review: its repository-relative path, its content after the change, and optionally the diff. */
export const reviewRequestSchema = z.strictObject({
  file_path: z.string().min(1).max(1024).describe('Relative to the repository root, e.g. src/api/users.ts'),
  // No maxLength here: the size is checked by the review, so an over-size review is refused with
  // advice in the API's own error rather than a schema message.
  content: z
    .string()
    .describe(
      `The file's full content after the change; with diff, at most ${REVIEW_MAX_BYTES / 1024 / 1024} MiB (UTF-8) in all`,
    ),
  diff: z
    .string()
    .optional()
    .describe(
      'A unified diff of this change of the file (git diff -- <file>): forbid and forbidImport then look only at the lines it adds. It must have a hunk of file_path that matches content; empty means none (the whole file is checked)',
    ),
});

export const reviewFindingSchema = z.object({
  type: findingTypeSchema,
  severity: severitySchema,
  rule: z.string(),
  pattern: z.string().describe('The id of the rule the item belongs to'),
  violation: z.string(),
  line: z.number().int().optional(),
  suggestion: z.string().optional(),
  check: z
    .string()
    .optional()
    .describe('The machine check that found it, e.g. forbid /console\\.log/; absent for a judgement'),
});
export type ReviewFinding = z.infer<typeof reviewFindingSchema>;

export const selfCheckRuleSchema = z.object({
  pattern: z.string(),
  type: findingTypeSchema,
  rule: z.string(),
  severity: severitySchema,
  codeExample: z.string().optional(),
});

export const matchedPatternSchema = z.object({
  name: z.string(),
  design_pattern: z.string(),
  description: z.string().describe('Markdown guidance'),
  confidence: z
    .enum(['exact', 'glob'])
    .describe('exact: an include names the file; glob: a wildcard covers it'),
});

/** A rule item whose check did not run to the end: the agent judges it, as a rule without a check. */
export const notCheckedRuleSchema = selfCheckRuleSchema.omit({ codeExample: true }).extend({
  check: z.string().describe('The check that did not run, e.g. forbid /(a+)+$/'),
  reason: z.string().describe('Why: it timed out, could not run, or the review ran out of time'),
});

/** The design patterns that cover a file, and what to keep in mind when changing it. */
export const designPatternMatchSchema = z.object({
  file_path: z.string().describe('The path as normalised'),
  matched_patterns: z.array(matchedPatternSchema),
  recommendations: z.array(z.string()),
});

/** A review's answer: what the checks found, and the rules without a check for the agent to judge. */
export const reviewResultSchema = z.object({
  file_path: z.string().describe('The path as normalised'),
  fix_required: z.boolean().describe('Some HIGH finding'),
  identified_issues: z.array(reviewFindingSchema),
  rules_to_self_check: z.array(selfCheckRuleSchema),
  not_checked: z
    .array(notCheckedRuleSchema)
    .describe('Checks that timed out or could not run: judge these rules yourself, like rules_to_self_check'),
  matched_patterns: z.array(matchedPatternSchema),
});
export type ReviewResultJson = z.infer<typeof reviewResultSchema>;

export const FINDING_STATUSES = ['open', 'dismissed'] as const;
/** `check`: found by a machine-checkable rule; `agent`: the agent's own judgement of a rule. */
export const FINDING_SOURCES = ['check', 'agent'] as const;

/** A finding recorded on a task. */
export const taskFindingSchema = z.object({
  id: idSchema,
  taskId: idSchema,
  filePath: z.string(),
  type: findingTypeSchema,
  severity: severitySchema,
  rule: z.string(),
  pattern: z.string(),
  violation: z.string(),
  line: z.number().int().nullable(),
  suggestion: z.string().nullable(),
  source: z.enum(FINDING_SOURCES).describe('check: a machine check; agent: the agent’s own judgement'),
  check: z
    .string()
    .nullable()
    .describe('The machine check that found it, e.g. forbid /console\\.log/; null for a judgement'),
  status: z.enum(FINDING_STATUSES),
  reviewId: idSchema.describe('Findings of one review share it'),
  reviewedAt: timestampSchema,
  recordedBy: actorSchema,
  dismissal: z
    .object({ by: actorSchema, reason: z.string(), at: timestampSchema })
    .nullable()
    .describe('Who dismissed it, why and when'),
});
export type TaskFinding = z.infer<typeof taskFindingSchema>;

export const listFindingsQuerySchema = z.strictObject({
  status: z.enum(FINDING_STATUSES).optional().describe('Only open, or only dismissed, findings'),
});

export const dismissFindingSchema = z.strictObject({
  reason: z.string().trim().min(1, 'is required').max(2000).describe('Kept in the activity'),
});

// The MCP tools of the `architecture` toolset: AgiFlow's argument and answer names (snake_case), so an
// agent that knows their architect-mcp calls ours the same way.

const ruleSetUsed = z
  .string()
  .nullable()
  .describe("The rule set of the task's project; null when the project has none (nothing is checked)");

export const mcpDesignPatternAnswerSchema = designPatternMatchSchema.extend({ rule_set: ruleSetUsed });

export const mcpReviewAnswerSchema = reviewResultSchema.extend({
  rule_set: ruleSetUsed,
  recorded: z
    .object({
      task: z.string().describe('The task key'),
      review_id: idSchema,
      open_findings: findingCountsSchema.describe("The task's open findings after this review"),
    })
    .optional()
    .describe('Set when the findings were recorded on a task (they replace the file’s earlier ones)'),
});

export const mcpJudgedIssueSchema = z.strictObject({
  type: findingTypeSchema,
  severity: severitySchema
    .optional()
    .describe('Defaults to the list: must_do and must_not_do HIGH, should_do MEDIUM'),
  rule: z.string().trim().min(1).max(5000).describe('The rule as rules_to_self_check gave it'),
  pattern: z.string().max(200).optional().describe('The rule id (from rules_to_self_check)'),
  violation: z.string().trim().min(1).max(5000).describe('What in the file breaks it'),
  line: z.number().int().min(1).optional(),
  suggestion: z.string().max(5000).optional(),
  check: z
    .string()
    .max(5000)
    .optional()
    .describe('With checked_locally: the machine check that found it, e.g. forbid /console\\.log/'),
});

/** A rule item as findings name it: the rule's id, the list and the item's text. */
export const ruleItemRefSchema = z.strictObject({
  pattern: z.string().max(200),
  type: findingTypeSchema,
  rule: z.string().max(5000),
});

export const mcpRecordReviewAnswerSchema = z.object({
  task: z.string(),
  file_path: z.string(),
  review_id: idSchema,
  recorded: z.number().int().describe('Findings recorded'),
  open_findings: findingCountsSchema,
});

const agiflowItemSchema = z.strictObject({
  rule: z.string().trim().min(1).max(5000),
  example: z.string().max(20_000).optional(),
  codeExample: z.string().max(20_000).optional(),
  check: ruleCheckSchema.optional(),
  severity: severitySchema.optional(),
});

export const mcpAddDesignPatternSchema = z.strictObject({
  rule_set: ruleSetNameSchema
    .optional()
    .describe("The rule set to add it to; omitted = the project's rule set"),
  pattern_name: z.string().trim().min(1).max(200),
  design_pattern: z.string().trim().min(1).max(500).describe('Its title'),
  includes: z
    .array(z.string().min(1).max(1000))
    .min(1)
    .max(200)
    .describe('Globs relative to the project root'),
  description: z.string().max(50_000).describe('Markdown guidance'),
});

export const mcpAddRuleSchema = z.strictObject({
  rule_set: ruleSetNameSchema
    .optional()
    .describe("The rule set to add it to; omitted = the project's rule set"),
  pattern: z.string().trim().min(1).max(200).describe("The rule's id"),
  globs: z.array(z.string().min(1).max(1000)).max(200).optional().describe('Leading ! excludes'),
  description: z.string().max(50_000),
  inherits: z.array(z.string().min(1).max(200)).max(50).optional(),
  must_do: z.array(agiflowItemSchema).max(200).optional(),
  should_do: z.array(agiflowItemSchema).max(200).optional(),
  must_not_do: z.array(agiflowItemSchema).max(200).optional(),
  is_global: z
    .boolean()
    .optional()
    .describe(
      'Accepted for AgiFlow compatibility; every rule set here is already shared by the organization',
    ),
});

export const mcpRuleSetReceiptSchema = z.object({
  rule_set: z.string(),
  version: z.number().int(),
  patterns: z.number().int().describe('Design patterns it now holds'),
  rules: z.number().int().describe('Rules it now holds'),
});
