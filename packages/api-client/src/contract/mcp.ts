import * as z from 'zod';
import { idSchema, prioritySchema } from './common';
import { statusCategorySchema } from './projects';
import { dueDateSchema } from './tasks';

/**
 * The groups of MCP tools. `core` is the work loop (find, claim, read, update, move, comment, report,
 * ask) and what a session lists when its URL names no toolsets; `?toolsets=tasks,work-units` lists those
 * groups whole, and `?toolsets=all` every tool.
 */
export const MCP_TOOLSETS = [
  'core',
  'projects',
  'work-units',
  'tasks',
  'comments',
  'agent',
  'architecture',
  'scaffold',
  'planning',
] as const;
export const mcpToolsetSchema = z.enum(MCP_TOOLSETS);
export type McpToolset = z.infer<typeof mcpToolsetSchema>;
export const MCP_DEFAULT_TOOLSETS: readonly McpToolset[] = ['core'];

/** How long a claim holds without a call from the claiming session; every call of that session renews it. */
export const CLAIM_LEASE_MS = 10 * 60 * 1000;

/** The longest get-input waits for an answer before it returns unanswered; the agent may ask again. */
export const MCP_INPUT_WAIT_MAX_SECONDS = 60;

/** The environment variable the generated client configurations read the API key from. */
export const MCP_API_KEY_ENV = 'SWITCHBOARD_API_KEY';

/** The names every tool uses for the same thing: one task is always `task`, one project `project` … */
export const mcpTaskArgument = idSchema.describe('Task id or key (SWB-12)');
export const mcpProjectArgument = idSchema.describe(
  "Project id or key (SWB); omitted = this session's project",
);
export const mcpWorkUnitArgument = idSchema.describe('Work unit id or slug (SWB-WU-3)');

/**
 * A due date as task tools take it: checked as the REST contract checks it, but listed as a plain
 * string, since every session's tool list carries update-task and the contract's date pattern alone
 * is 250 characters.
 */
export const mcpDueDateArgument = z
  .string()
  .check((ctx) => {
    const message = dueDateSchema.safeParse(ctx.value).error?.issues[0]?.message;
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  })
  .describe('YYYY-MM-DD');

const usageNumber = z.number().int().min(0).max(1_000_000_000_000);

/** report-usage: added to the task's totals (not replacing them). */
export const reportUsageSchema = z.strictObject({
  task: mcpTaskArgument,
  inputTokens: usageNumber.default(0),
  outputTokens: usageNumber.default(0),
  costUsd: z.number().finite().min(0).max(1_000_000).default(0).describe('US dollars, e.g. 0.42'),
});
export type ReportUsage = z.infer<typeof reportUsageSchema>;

export const requestInputSchema = z.strictObject({
  task: mcpTaskArgument.optional().describe('Task the question is about; default: the one you hold'),
  question: z.string().trim().min(1, 'is required').max(10_000),
});
export type RequestInput = z.infer<typeof requestInputSchema>;

export const getInputSchema = z.strictObject({
  task: mcpTaskArgument.optional().describe('Default: your latest question'),
  wait: z
    .number()
    .int()
    .min(0)
    .max(MCP_INPUT_WAIT_MAX_SECONDS)
    .default(MCP_INPUT_WAIT_MAX_SECONDS)
    .describe(`Seconds to wait for the answer (0-${MCP_INPUT_WAIT_MAX_SECONDS})`),
});
export type GetInput = z.infer<typeof getInputSchema>;

/*
 * What the tools answer (their outputSchema). Every session reads every listed tool's schemas, so these
 * say what an agent uses and no more: plain numbers rather than the REST contract's integers (whose
 * JSON Schema carries two 16-digit bounds), no ids where the key serves, and writes answer a receipt
 * (the change is what the agent asked for; get-task reads the whole task again).
 */
const count = z.number();
const mcpUsageSchema = z.object({ inputTokens: count, outputTokens: count, costUsd: count });
/** A claim as agents read it: `by` is the holding agent's name, which the agent can act on. */
const leaseSchema = z.object({ by: z.string(), expiresAt: z.string() });

/**
 * What holds a task at the review gate, on task answers: whether it waits in review for a person, and
 * its open findings (severest first, at most ten), each one line "HIGH src/a.ts:12 rule", since every
 * session's tool list carries this schema three times. Findings are absent when there are none.
 */
const gateFields = {
  needsReview: z.boolean().optional(),
  findings: z.array(z.string()).optional(),
};

/** A task as lists answer it: enough to choose and to follow up, without the long text. */
export const mcpTaskSummarySchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  status: z.string(),
  statusCategory: statusCategorySchema.optional(),
  priority: prioritySchema,
  dueDate: z.string().nullable().optional(),
  estimate: count.nullable().optional(),
  assignee: z.string().nullable(),
  // The person's name only: every session's tool list carries this schema, so it stays small.
  assigneeUser: z.string().nullable().optional(),
  workUnitId: z.string().nullable(),
  labels: z.array(z.string()).optional(),
  blockedBy: z.array(z.string()),
  claim: leaseSchema.nullable(),
  criteria: z.object({ checked: count, total: count }),
  position: count,
  version: count,
  ...gateFields,
});
export type McpTaskSummary = z.infer<typeof mcpTaskSummarySchema>;

/** The whole task with its status by name (get-task, create-task): what working on it needs. */
export const mcpTaskSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  priority: prioritySchema,
  dueDate: z.string().nullable().optional(),
  estimate: count.nullable().optional(),
  assignee: z.string().nullable(),
  // The person's name only: every session's tool list carries this schema, so it stays small.
  assigneeUser: z.string().nullable().optional(),
  acceptanceCriteria: z.array(z.object({ text: z.string(), checked: z.boolean() })),
  labels: z.array(z.string()).optional(),
  blockedBy: z.array(z.string()),
  claim: leaseSchema.nullable(),
  devInfo: z.record(z.string(), z.unknown()),
  version: count,
  ...gateFields,
});
export type McpTask = z.infer<typeof mcpTaskSchema>;

/** What update-task answers. */
export const mcpTaskReceiptSchema = z.object({
  key: z.string(),
  status: z.string(),
  version: count,
  claimedBy: z.string().nullable(),
});

/** What move-task answers: where the task landed, why when not where asked, and what holds it. */
export const mcpMoveReceiptSchema = mcpTaskReceiptSchema.extend({
  redirected: z.string().optional(),
  ...gateFields,
});

export const mcpProjectListSchema = z.object({
  items: z.array(z.object({ key: z.string(), name: z.string() })),
  current: z.string().nullable(),
});

/** next-task names the task; get-task reads it whole, so the two never carry the same schema twice. */
export const mcpNextTaskSchema = z.object({
  claimed: z.boolean(),
  resumed: z.boolean().optional(),
  task: z.object({ key: z.string(), title: z.string(), priority: prioritySchema, ...gateFields }).nullable(),
  message: z.string().optional(),
});

/** A claim names the task's column too, so an agent knows where the work stands without reading it again. */
export const mcpClaimSchema = z.object({
  claimed: z.boolean(),
  key: z.string(),
  status: z.string(),
  expiresAt: z.string(),
});
export const mcpReleaseSchema = z.object({ released: z.boolean(), key: z.string() });
export const mcpUsageReportSchema = z.object({ key: z.string(), usage: mcpUsageSchema, version: count });
export const mcpCommentSchema = z.object({ author: z.string(), body: z.string(), createdAt: z.string() });
export const mcpCommentListSchema = z.object({ items: z.array(mcpCommentSchema) });
export const mcpCommentReceiptSchema = z.object({ id: z.string(), createdAt: z.string() });

/** request-input: the question is stored and the session awaits input. */
export const mcpQuestionAskedSchema = z.object({
  questionId: z.string(),
  task: z.string(),
  status: z.literal('awaiting_input'),
});

/** get-input: the answer when a person gave one in time. */
export const mcpInputSchema = z.object({
  answered: z.boolean(),
  answer: z.string().optional(),
  answeredBy: z.string().optional(),
  question: z.string(),
  task: z.string(),
});

const mcpServerEntrySchema = z.object({
  type: z.literal('http').optional(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
});

const clientFileSchema = z.object({
  path: z.string().describe('Where the file goes, relative to the repository root'),
  content: z.object({ mcpServers: z.record(z.string(), mcpServerEntrySchema) }),
});

/**
 * GET /projects/:projectId/mcp/config: ready-to-write client files. The key is never in them: they
 * reference the SWITCHBOARD_API_KEY environment variable, each in its client's own syntax.
 */
export const mcpConfigSchema = z.object({
  url: z.string().describe('The MCP endpoint for this project'),
  claudeCode: clientFileSchema,
  cursor: clientFileSchema,
  env: z.record(z.string(), z.string()).describe('Variables to export, with what to put in them'),
});
export type McpConfig = z.infer<typeof mcpConfigSchema>;
