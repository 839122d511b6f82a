import * as z from 'zod';

/*
 * The parts of GitHub's webhook payloads the integration reads. Anything else in a payload is
 * dropped; a payload without these parts is not one GitHub sends for the event, and is refused.
 */

const sha = z.string().min(1).max(100);

export const pullRequestEventSchema = z.object({
  action: z.string(),
  pull_request: z.object({
    number: z.number().int().positive(),
    html_url: z.string().max(2000),
    title: z.string().max(10_000),
    body: z.string().nullable().optional(),
    state: z.enum(['open', 'closed']),
    draft: z.boolean().optional(),
    merged: z.boolean().nullable().optional(),
    head: z.object({ ref: z.string().max(1000), sha }),
  }),
});
export type PullRequestEvent = z.infer<typeof pullRequestEventSchema>;

export const pushEventSchema = z.object({
  ref: z.string().max(1000),
  deleted: z.boolean().optional(),
  commits: z
    .array(z.object({ id: sha, message: z.string() }))
    .optional()
    .default([]),
  repository: z.object({ default_branch: z.string().optional() }).optional(),
});
export type PushEvent = z.infer<typeof pushEventSchema>;

const checkSchema = z.object({
  id: z.number().int(),
  head_sha: sha,
  status: z.string().nullable().optional(),
  conclusion: z.string().nullable().optional(),
});

export const checkSuiteEventSchema = z.object({ check_suite: checkSchema });
export const checkRunEventSchema = z.object({ check_run: checkSchema });
export const statusEventSchema = z.object({
  sha,
  state: z.enum(['pending', 'success', 'failure', 'error']),
  context: z.string().max(1000),
});
