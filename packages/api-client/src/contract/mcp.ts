import * as z from 'zod';
import { idSchema } from './common';

/** The groups of MCP tools; `?toolsets=tasks,agent` on the MCP URL lists only those (default: all). */
export const MCP_TOOLSETS = ['projects', 'work-units', 'tasks', 'comments', 'agent'] as const;
export const mcpToolsetSchema = z.enum(MCP_TOOLSETS);
export type McpToolset = z.infer<typeof mcpToolsetSchema>;

/** How long a claim holds without a call from the claiming session; every call of that session renews it. */
export const CLAIM_LEASE_MS = 10 * 60 * 1000;

/** The environment variable the generated client configurations read the API key from. */
export const MCP_API_KEY_ENV = 'SWITCHBOARD_API_KEY';

const usageNumber = z.number().int().min(0).max(1_000_000_000_000);

/** report-usage: added to the task's totals (not replacing them). */
export const reportUsageSchema = z.strictObject({
  taskId: idSchema.describe('Id or key (SWB-12) of the task the tokens were spent on'),
  inputTokens: usageNumber.default(0),
  outputTokens: usageNumber.default(0),
  costUsd: z.number().finite().min(0).max(1_000_000).default(0).describe('US dollars, e.g. 0.42'),
});
export type ReportUsage = z.infer<typeof reportUsageSchema>;

export const requestInputSchema = z.strictObject({
  taskId: idSchema
    .optional()
    .describe('Id or key of the task the question is about; default: the task this session holds'),
  question: z.string().trim().min(1, 'is required').max(10_000),
});
export type RequestInput = z.infer<typeof requestInputSchema>;

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
