import * as z from 'zod';
import { idSchema, timestampSchema, versionSchema } from './common';

/** The colours the dashboard offers; any other #rrggbb is accepted too. */
export const LABEL_PALETTE = [
  { name: 'Red', color: '#e5484d' },
  { name: 'Orange', color: '#f76b15' },
  { name: 'Amber', color: '#ffc53d' },
  { name: 'Green', color: '#30a46c' },
  { name: 'Teal', color: '#12a594' },
  { name: 'Blue', color: '#0090ff' },
  { name: 'Indigo', color: '#3e63dd' },
  { name: 'Purple', color: '#8e4ec6' },
  { name: 'Pink', color: '#d6409f' },
  { name: 'Gray', color: '#8b8d98' },
] as const;

/** How many labels one organization may have: enough for any team, few enough to pick from. */
export const LABELS_PER_ORGANIZATION = 200;

/** How many labels one task may carry. */
export const LABELS_PER_TASK = 20;

export const labelNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(50, 'must be at most 50 characters')
  // A comma separates names in the task list's label filter (?label=Bug,UI), so no name holds one.
  .regex(/^[^,\p{Cc}]+$/u, 'must not contain commas or control characters')
  .describe('Unique in the organization, whatever its case');

export const labelColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, 'must be a colour like #e5484d')
  .transform((color) => color.toLowerCase())
  .describe('#rrggbb');

/** A label as a task carries it. */
export const taskLabelSchema = z.object({ id: idSchema, name: z.string(), color: z.string() });
export type TaskLabel = z.infer<typeof taskLabelSchema>;

export const labelSchema = taskLabelSchema.extend({
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Label = z.infer<typeof labelSchema>;

export const createLabelSchema = z.strictObject({
  name: labelNameSchema,
  color: labelColorSchema.default(LABEL_PALETTE[5].color),
});
export type CreateLabel = z.input<typeof createLabelSchema>;

export const updateLabelSchema = z.strictObject({
  version: versionSchema,
  name: labelNameSchema.optional(),
  color: labelColorSchema.optional(),
});
export type UpdateLabel = z.input<typeof updateLabelSchema>;

/** What deleting a label did. */
export const labelDeletionSchema = z.object({
  deleted: z.object({
    id: idSchema,
    name: z.string(),
    tasks: z.number().int().describe('Tasks it was taken off'),
  }),
});
export type LabelDeletion = z.infer<typeof labelDeletionSchema>;

/** A task's labels on create and update: the whole set, replacing what it had. */
export const labelIdsSchema = z
  .array(idSchema)
  .max(LABELS_PER_TASK, `must be at most ${LABELS_PER_TASK} labels`)
  .describe("Ids of the organization's labels; replaces the task's labels");
