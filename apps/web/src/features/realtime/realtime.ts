import { type RealtimeEvent, realtimeEventSchema } from '@switchboard/api-client/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isOrganizationIndependent } from '../../lib/organization';
import { applyActivityChange } from '../activity/activity';
import { applyAgentChange } from '../agents/agents';
import { applyArchitectureChange } from '../architecture/rule-sets';
import { applyBillingChange } from '../billing/billing';
import { refreshInboxAfter } from '../inbox/notifications';
import { applyLabelChange } from '../labels/labels';
import { refreshMyWorkAfter } from '../my-work/my-work';
import { applyPlanChange } from '../planning/plans';
import { applyProjectChange } from '../projects/projects';
import { applyQuestionChange } from '../questions/questions';
import { applySessionChange } from '../sessions/agent-sessions';
import { applyTaskChange } from '../tasks/tasks-realtime';
import { applyTemplateChange } from '../templates/templates';
import { applyWorkUnitChange } from '../work-units/work-units-realtime';

/**
 * Realtime: every committed change arrives as one event on GET /api/v1/events, and each
 * event patches or invalidates the same query keys the pages read, so a card moved anywhere moves on
 * every open board. Each feature patches its own queries; this module only hands every event to them.
 */

/** What a feature does with one change: patches or invalidates its queries, ignores actions not its own. */
export type RealtimeHandler = (queryClient: QueryClient, event: RealtimeEvent) => void;

const featureHandlers: readonly RealtimeHandler[] = [
  applyActivityChange,
  applyArchitectureChange,
  applyLabelChange,
  applyTemplateChange,
  applyPlanChange,
  refreshInboxAfter,
  refreshMyWorkAfter,
  applyTaskChange,
  applyWorkUnitChange,
  applyProjectChange,
  applySessionChange,
  applyQuestionChange,
  applyAgentChange,
  applyBillingChange,
];

/** Parses an SSE `change` message; anything malformed or of an action this build does not know is ignored (undefined). */
export function parseChangeEvent(data: string): RealtimeEvent | undefined {
  try {
    const parsed = realtimeEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Applies one change to the cache. Pure with respect to the network: it only patches or invalidates. */
export function applyChange(queryClient: QueryClient, event: RealtimeEvent): void {
  for (const handle of featureHandlers) handle(queryClient, event);
}

/** After `reset` (too far behind to replay) or a change of organization: everything is read again. */
export function invalidateOrganizationData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => !isOrganizationIndependent(query.queryKey) });
}
