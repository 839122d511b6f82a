import { activity, events } from './activity';
import { agentSessions, agents, mcpConfig } from './agents';
import { billing } from './billing';
import type { Endpoint } from './define';
import { invitations } from './invitations';
import { labels } from './labels';
import { myWork } from './my-work';
import { notifications } from './notifications';
import { plans } from './plans';
import { projects } from './projects';
import { questions } from './questions';
import { findings, ruleSets } from './rule-sets';
import { savedViews } from './saved-views';
import { search } from './search';
import { system } from './system';
import { comments, tasks } from './tasks';
import { templates } from './templates';
import { workUnits } from './work-units';

export * from './define';

/**
 * Every REST operation under /api/v1 that is ours (better-auth's own routes under /auth are not),
 * grouped by resource. `api.tasks.get({ task: 'SWB-12' })` in the typed client is `endpoints.tasks.get`.
 */
export const endpoints = {
  system,
  projects,
  workUnits,
  tasks,
  comments,
  labels,
  activity,
  events,
  agents,
  agentSessions,
  questions,
  myWork,
  notifications,
  mcpConfig,
  ruleSets,
  findings,
  templates,
  billing,
  search,
  plans,
  savedViews,
  invitations,
};

export type Endpoints = typeof endpoints;

/** The endpoints as one flat list, in the order above. */
export function allEndpoints(): Endpoint[] {
  return Object.values(endpoints).flatMap((group) => Object.values(group) as Endpoint[]);
}
