import * as z from 'zod';
import { actorSchema } from './activity';
import { idSchema, limitSchema, prioritySchema, timestampSchema, versionSchema } from './common';
import { withDigitGroups } from './digit-groups';

/** How many items one plan may hold: all of them are accepted in one transaction. */
export const PLAN_MAX_ITEMS = 500;
export const PLAN_MESSAGE_MAX_LENGTH = 10_000;

/**
 * What one plan item may hold: the limits of the work units and tasks it becomes, so an item the
 * server takes (and the plan view lets a person keep) is never refused when it is accepted.
 */
export const PLAN_ITEM_LIMITS = {
  title: { work_unit: 200, task: 300 },
  description: 50_000,
  criteria: 50,
  criterion: 1000,
  estimateHours: 10_000,
} as const;

export const PLAN_STATUSES = [
  'draft',
  'proposed',
  'accepted',
  'partially_accepted',
  'rejected',
  'superseded',
] as const;
export const planStatusSchema = z.enum(PLAN_STATUSES);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** Statuses an author may set by hand; the others follow from accepting and rejecting. */
export const planAuthorStatusSchema = z.enum(['draft', 'proposed', 'superseded']);

export const PLAN_ITEM_KINDS = ['work_unit', 'task'] as const;
export const planItemKindSchema = z.enum(PLAN_ITEM_KINDS);
export type PlanItemKind = z.infer<typeof planItemKindSchema>;

export const planItemKeySchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'must be a letter then up to 39 letters, digits, - or _')
  .describe('Names the item within its plan (W1, T3, PAY …)');

/** One proposed work unit or task, as an author writes it. */
export const planItemInputSchema = z.strictObject({
  key: planItemKeySchema,
  kind: planItemKindSchema,
  parent: planItemKeySchema.nullable().optional().describe('Key of the work unit item it sits in'),
  title: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(PLAN_ITEM_LIMITS.title.task, 'must be at most 300 characters')
    .describe('At most 200 characters for a work unit, as work units allow'),
  description: z.string().max(PLAN_ITEM_LIMITS.description, 'must be at most 50,000 characters').default(''),
  acceptanceCriteria: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(PLAN_ITEM_LIMITS.criterion, 'must be at most 1,000 characters'),
    )
    .max(PLAN_ITEM_LIMITS.criteria, 'must be at most 50 criteria')
    .default([]),
  priority: prioritySchema.optional(),
  estimateHours: z.number().positive('must be more than 0').max(PLAN_ITEM_LIMITS.estimateHours).optional(),
  dependsOn: z
    .array(planItemKeySchema)
    .max(100, 'must be at most 100 keys')
    .default([])
    .describe('Keys of the items to be done first'),
  assignee: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .optional()
    .describe("An agent profile's name or a member's e-mail"),
});
export type PlanItemInput = z.input<typeof planItemInputSchema>;

const planItemsSchema = z
  .array(planItemInputSchema)
  .min(1, 'must hold at least one item')
  .max(PLAN_MAX_ITEMS, `must hold at most ${PLAN_MAX_ITEMS} items`);

const titleSchema = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const summarySchema = z.string().max(50_000, 'must be at most 50,000 characters');
/** A plan written as a markdown outline; refused past these before it is read. */
export const OUTLINE_LIMITS = {
  /** Characters of the outline. */
  characters: 500_000,
  /** Work units and tasks it makes: a plan's own limit. */
  items: PLAN_MAX_ITEMS,
  /** How deeply list items may nest (a list item inside a task's list item is one level down). */
  depth: 16,
} as const;

const outlineSchema = z
  .string()
  .min(1, 'is required')
  .max(OUTLINE_LIMITS.characters, `must be at most ${withDigitGroups(OUTLINE_LIMITS.characters)} characters`)
  .describe('A markdown outline: headings are work units, list items tasks, "- [ ]" acceptance criteria');

/** The items either as a list or as a markdown outline, never both. */
function oneWayOfItems(
  value: { items?: unknown; outline?: unknown },
  context: z.RefinementCtx,
  required: boolean,
) {
  if (value.items !== undefined && value.outline !== undefined) {
    context.addIssue({ code: 'custom', path: ['outline'], message: 'give items or outline, not both' });
  } else if (required && value.items === undefined && value.outline === undefined) {
    context.addIssue({ code: 'custom', path: ['items'], message: 'give items or an outline' });
  }
}

export const createPlanSchema = z
  .strictObject({
    title: titleSchema.optional().describe('Required with items; an outline may give it as its # heading'),
    summary: summarySchema.optional(),
    items: planItemsSchema.optional(),
    outline: outlineSchema.optional(),
    status: z.enum(['draft', 'proposed']).default('proposed'),
  })
  .superRefine((value, context) => {
    oneWayOfItems(value, context, true);
    if (value.items !== undefined && value.title === undefined) {
      context.addIssue({ code: 'custom', path: ['title'], message: 'is required' });
    }
  });
export type CreatePlan = z.input<typeof createPlanSchema>;

/**
 * Title, summary and status change in place; new items (a list or an outline) replace the whole set as
 * a new revision, and the earlier revision stays readable.
 */
export const updatePlanSchema = z
  .strictObject({
    version: versionSchema,
    title: titleSchema.optional(),
    summary: summarySchema.optional(),
    items: planItemsSchema.optional(),
    outline: outlineSchema.optional(),
    status: planAuthorStatusSchema.optional(),
  })
  .superRefine((value, context) => oneWayOfItems(value, context, false));
export type UpdatePlan = z.input<typeof updatePlanSchema>;

export const planItemSchema = z.object({
  key: z.string(),
  kind: planItemKindSchema,
  parent: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  acceptanceCriteria: z.array(z.string()),
  priority: prioritySchema.nullable(),
  estimateHours: z.number().nullable(),
  dependsOn: z.array(z.string()),
  assignee: z.string().nullable().describe('Agent profile name, or the words written when nobody matched'),
  assigneeUserId: idSchema.nullable().describe('The member named by e-mail'),
  acceptedAs: z
    .object({ id: idSchema, key: z.string().describe('Task key or work unit slug') })
    .nullable()
    .describe('What the item became once accepted'),
});
export type PlanItem = z.infer<typeof planItemSchema>;

/** What an author wrote for an item: the part every shape of a plan item carries over unchanged. */
export type AuthoredItemText = Pick<
  PlanItem,
  'key' | 'kind' | 'parent' | 'title' | 'description' | 'acceptanceCriteria'
>;

/** Only the authored text of an item, so a conversion between item shapes copies it in one place. */
export function authoredText(item: AuthoredItemText): AuthoredItemText {
  return {
    key: item.key,
    kind: item.kind,
    parent: item.parent,
    title: item.title,
    description: item.description,
    acceptanceCriteria: item.acceptanceCriteria,
  };
}

export const PLAN_WARNING_CODES = [
  'nesting_too_deep',
  'feature_too_small',
  'feature_too_large',
  'estimate_too_large',
  'unknown_assignee',
] as const;
export const planWarningSchema = z.object({
  code: z.enum(PLAN_WARNING_CODES),
  itemKey: z.string(),
  message: z.string(),
});
export type PlanWarning = z.infer<typeof planWarningSchema>;

/** A plan without its items: lists and events carry this. */
export const planSummarySchema = z.object({
  id: idSchema,
  projectId: idSchema,
  title: z.string(),
  summary: z.string(),
  status: planStatusSchema,
  revision: z.number().int(),
  author: actorSchema,
  rejectionReason: z.string().nullable(),
  itemCount: z.number().int(),
  acceptedCount: z.number().int(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const planSchema = planSummarySchema.extend({
  shownRevision: z.number().int().describe('The revision the items are of (the current one unless asked)'),
  revisionAuthor: actorSchema.describe(
    'Who wrote the shown revision: the proposer, or whoever saved the items again (an agent or a person)',
  ),
  items: z.array(planItemSchema),
  warnings: z.array(planWarningSchema).describe('Advice about the items; nothing is refused for them'),
});
export type Plan = z.infer<typeof planSchema>;

export const listPlansQuerySchema = z.strictObject({
  status: planStatusSchema.optional(),
});

export const getPlanQuerySchema = z.strictObject({
  revision: z.coerce.number().int().min(1).max(100_000).optional().describe('An earlier revision'),
});

export const planMessageSchema = z.object({
  id: idSchema,
  planId: idSchema,
  itemKey: z.string().nullable(),
  author: actorSchema,
  body: z.string(),
  createdAt: timestampSchema,
});
export type PlanMessage = z.infer<typeof planMessageSchema>;

export const createPlanMessageSchema = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(PLAN_MESSAGE_MAX_LENGTH, `must be at most ${PLAN_MESSAGE_MAX_LENGTH} characters`),
  item: planItemKeySchema.optional().describe('The key of the item the message is about'),
});
export type CreatePlanMessage = z.input<typeof createPlanMessageSchema>;

export const listPlanMessagesQuerySchema = z.strictObject({
  since: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('A message id or an ISO time: only messages after it, oldest first'),
  limit: limitSchema,
});

export const acceptPlanSchema = z.strictObject({
  items: z
    .array(planItemKeySchema)
    .min(1, 'name at least one item')
    .max(PLAN_MAX_ITEMS)
    .optional()
    .describe('Keys to accept; all items when absent'),
});
export type AcceptPlan = z.input<typeof acceptPlanSchema>;

export const planAcceptanceSchema = z.object({
  plan: planSchema,
  created: z.array(
    z.object({
      key: z.string(),
      kind: planItemKindSchema,
      id: idSchema,
      reference: z.string().describe('Task key or work unit slug'),
    }),
  ),
  skipped: z.array(z.string()).describe('Keys that were accepted before; nothing was done for them'),
});
export type PlanAcceptance = z.infer<typeof planAcceptanceSchema>;

export const rejectPlanSchema = z.strictObject({
  reason: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2,000 characters'),
});
export type RejectPlan = z.input<typeof rejectPlanSchema>;
