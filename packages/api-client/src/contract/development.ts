import * as z from 'zod';
import { idSchema, timestampSchema, versionSchema } from './common';

/*
 * Code-connected work: GitHub repositories a project connects, the branches and pull requests that
 * name its tasks, and what Switchboard reports back to GitHub.
 */

export const PULL_REQUEST_STATES = ['open', 'draft', 'merged', 'closed'] as const;
export const pullRequestStateSchema = z.enum(PULL_REQUEST_STATES).describe('closed = closed without merging');
export type PullRequestState = z.infer<typeof pullRequestStateSchema>;

export const CHECK_STATES = ['pending', 'success', 'failure'] as const;
export const checksStateSchema = z
  .enum(CHECK_STATES)
  .nullable()
  .describe('CI on the head commit, all checks and statuses together; null = none reported (ours aside)');
export type ChecksState = z.infer<typeof checksStateSchema>;

export const linkedPullRequestSchema = z.object({
  repository: z.string().describe('owner/name'),
  number: z.number().int(),
  url: z.string(),
  title: z.string(),
  state: pullRequestStateSchema,
  checks: checksStateSchema,
  headSha: z.string().nullable().describe('null until GitHub has told us about the pull request'),
});
export type LinkedPullRequest = z.infer<typeof linkedPullRequestSchema>;

export const linkedBranchSchema = z.object({
  repository: z.string().describe('owner/name'),
  name: z.string(),
  url: z.string(),
});
export type LinkedBranch = z.infer<typeof linkedBranchSchema>;

/** What a task's code looks like on GitHub: the branches and pull requests that name its key. */
export const developmentSchema = z.object({
  branches: z.array(linkedBranchSchema),
  pullRequests: z.array(linkedPullRequestSchema),
});
export type Development = z.infer<typeof developmentSchema>;

export const NO_DEVELOPMENT: Development = { branches: [], pullRequests: [] };

// GitHub's own rules: an owner is 1-39 letters, digits or inner hyphens; a repository name 1-100 of
// letters, digits, '.', '-' and '_'.
const ownerSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$/, 'must be a GitHub user or organization name');
const repositoryNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be a GitHub repository name')
  .refine((name) => name !== '.' && name !== '..', 'must be a GitHub repository name');
const tokenSchema = z
  .string()
  .trim()
  .min(20, 'must be a GitHub token')
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'must be a GitHub token')
  .describe('A fine-grained token with Commit statuses: read and write on this repository; never returned');

export const connectRepositorySchema = z.strictObject({
  owner: ownerSchema,
  name: repositoryNameSchema,
  token: tokenSchema.optional(),
});
export type ConnectRepository = z.infer<typeof connectRepositorySchema>;

export const updateRepositorySchema = z.strictObject({
  token: tokenSchema.nullable().describe('A new token, or null to take the token away (statuses stop)'),
});
export type UpdateRepository = z.infer<typeof updateRepositorySchema>;

/** How reporting the review gate to GitHub goes, so a failure is never silent. */
export const statusDeliverySchema = z.object({
  waiting: z.number().int().describe('Commit statuses not yet accepted by GitHub (retried with backoff)'),
  lastError: z
    .object({ message: z.string(), at: timestampSchema })
    .nullable()
    .describe('The last time GitHub refused or could not be reached'),
  lastDeliveredAt: timestampSchema.nullable(),
});

export const repositorySchema = z.object({
  id: idSchema,
  projectId: idSchema,
  owner: z.string(),
  name: z.string(),
  fullName: z.string().describe('owner/name'),
  url: z.string().describe('The repository on GitHub'),
  hasToken: z.boolean().describe('Whether a token is stored; the token itself is never returned'),
  webhookUrl: z.string().describe('Where GitHub sends this repository’s events'),
  lastDeliveryAt: timestampSchema.nullable().describe('When a signed delivery last arrived'),
  statusDelivery: statusDeliverySchema,
  createdAt: timestampSchema,
});
export type Repository = z.infer<typeof repositorySchema>;

/** The answer that shows the webhook secret: connecting, and rotating. It is never shown again. */
export const repositoryWithSecretSchema = repositorySchema.extend({
  webhookSecret: z.string().describe('Shown once: paste it into the webhook’s Secret field'),
});
export type RepositoryWithSecret = z.infer<typeof repositoryWithSecretSchema>;

export const repositoryCheckSchema = z.object({
  fullName: z.string(),
  canWriteStatuses: z
    .boolean()
    .nullable()
    .describe('What GitHub says of push access; null when it does not say (fine-grained tokens)'),
  checkedAt: timestampSchema,
});
export type RepositoryCheck = z.infer<typeof repositoryCheckSchema>;

/** Which moves follow the code in a project; all on until someone turns one off. */
export const codeMovesSchema = z.object({
  openedMovesToReview: z
    .boolean()
    .describe('A pull request opened or ready for review moves its task to the first review status'),
  mergedMovesToDone: z.boolean().describe('A merged pull request moves its task to done'),
  closedAddsComment: z.boolean().describe('A pull request closed without merging adds a comment'),
  version: z.number().int().describe('0 until first changed'),
});
export type CodeMoves = z.infer<typeof codeMovesSchema>;

export const updateCodeMovesSchema = z.strictObject({
  openedMovesToReview: z.boolean().optional(),
  mergedMovesToDone: z.boolean().optional(),
  closedAddsComment: z.boolean().optional(),
  version: versionSchema.or(z.literal(0)).describe('The version you read (0 while never changed)'),
});
export type UpdateCodeMoves = z.infer<typeof updateCodeMovesSchema>;

export const linkPullRequestSchema = z.strictObject({
  url: z
    .string()
    .trim()
    .max(500)
    .describe('The pull request’s address, e.g. https://github.com/acme/api/pull/12'),
});
export type LinkPullRequest = z.infer<typeof linkPullRequestSchema>;

export const webhookReceiptSchema = z.object({
  delivery: z.string(),
  outcome: z
    .enum(['applied', 'already-applied', 'ignored'])
    .describe('already-applied: this delivery id came before; ignored: an event or action we do not act on'),
});
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;
