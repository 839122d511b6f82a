import * as z from 'zod';
import { idSchema } from './common';

export const SEARCH_KINDS = ['project', 'task', 'workUnit', 'person', 'agent'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(200)
    .describe('Words of a name or title, or a key (SWB-12) or slug (SWB-WU-3) for an exact lookup'),
  limit: z.coerce.number().int().min(1).max(20).default(5).describe('The most results of each kind'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

const projectResultSchema = z.object({
  kind: z.literal('project'),
  id: idSchema,
  key: z.string(),
  name: z.string(),
});

const taskResultSchema = z.object({
  kind: z.literal('task'),
  id: idSchema,
  key: z.string().describe('KEY-n'),
  title: z.string(),
  projectId: idSchema,
});

const workUnitResultSchema = z.object({
  kind: z.literal('workUnit'),
  id: idSchema,
  slug: z.string().describe('KEY-WU-n'),
  title: z.string(),
  projectId: idSchema,
});

const personResultSchema = z.object({
  kind: z.literal('person'),
  id: idSchema.describe('The user id'),
  name: z.string(),
  email: z.string(),
});

const agentResultSchema = z.object({
  kind: z.literal('agent'),
  id: idSchema,
  name: z.string().describe('Agent profile name'),
  description: z.string(),
});

/** One thing found: a project, task, work unit, member or agent profile of the caller's organization. */
export const searchResultSchema = z.discriminatedUnion('kind', [
  projectResultSchema,
  taskResultSchema,
  workUnitResultSchema,
  personResultSchema,
  agentResultSchema,
]);
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Results of every kind, each kind best match first (exact key or name, then prefix, then the rest). */
export const searchResultsSchema = z.object({ items: z.array(searchResultSchema) });
export type SearchResults = z.infer<typeof searchResultsSchema>;
