import * as z from 'zod';
import { idSchema, queryVersionSchema, timestampSchema, versionSchema } from './common';

/** How many views one person may save in one project: a menu, not an archive. */
export const SAVED_VIEWS_PER_PERSON = 50;

/** The most query parameters a view keeps: every filter, the grouping, the sort and the tab fit. */
const MAX_SEARCH_PARAMS = 20;

/**
 * What a view shows, as the list's own URL search parameters (`view`, `assignee`, `priority`, `label`,
 * `group`, `sort`, `dir` …): the web reads them as it reads a link, so a view opens exactly as its URL,
 * and a parameter a later version no longer knows is dropped rather than refused.
 */
export const savedViewSearchSchema = z
  .record(
    z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,19}$/, 'must be a parameter name like priority'),
    z.string().max(200),
  )
  .refine((search) => Object.keys(search).length <= MAX_SEARCH_PARAMS, {
    message: `may hold at most ${MAX_SEARCH_PARAMS} parameters`,
  })
  .describe('The list URL search parameters the view applies, e.g. {"view":"list","priority":"high"}');

const viewNameSchema = z.string().trim().min(1, 'is required').max(80);

/** A named arrangement of a project's list: personal (its author's only) or shared with the organization. */
export const savedViewSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  name: z.string(),
  shared: z.boolean().describe('Seen by every member of the organization; false = only its author'),
  search: savedViewSearchSchema,
  author: z.object({ id: z.string(), name: z.string() }),
  canEdit: z
    .boolean()
    .describe('Whether the caller may change or delete it: its author, or an owner or admin when shared'),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const createSavedViewSchema = z.strictObject({
  name: viewNameSchema,
  shared: z.boolean().default(false),
  search: savedViewSearchSchema,
});
export type CreateSavedView = z.infer<typeof createSavedViewSchema>;

export const updateSavedViewSchema = z.strictObject({
  version: versionSchema,
  name: viewNameSchema.optional(),
  shared: z.boolean().optional(),
  search: savedViewSearchSchema.optional(),
});
export type UpdateSavedView = z.infer<typeof updateSavedViewSchema>;

export const deleteSavedViewQuerySchema = z.strictObject({ version: queryVersionSchema });

export const savedViewDeletionSchema = z.object({ deleted: z.object({ id: idSchema, name: z.string() }) });
export type SavedViewDeletion = z.infer<typeof savedViewDeletionSchema>;
