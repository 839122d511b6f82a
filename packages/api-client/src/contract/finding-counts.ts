import * as z from 'zod';

/**
 * Open findings of a task by severity: board cards show a badge from these. A module of its own, as
 * every task answer carries it and a client that reads tasks need not build the rest of the
 * architecture contract.
 */
export const findingCountsSchema = z.object({
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
});
export type FindingCounts = z.infer<typeof findingCountsSchema>;
