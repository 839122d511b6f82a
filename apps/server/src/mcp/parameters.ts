import * as z from 'zod';
import type { SessionFacts } from './lookup';

const AGENT_NAME = /^[a-z0-9][a-z0-9-_]*$/i;

/**
 * A status parameter. In a session bound to a project it is an enum of that project's status names,
 * so the model picks a real one; otherwise any status name or id of the project named.
 */
export function statusParameter(facts: SessionFacts, what: string) {
  const [first, ...rest] = facts.project?.statuses.map((status) => status.name) ?? [];
  if (first !== undefined) return z.enum([first, ...rest]).describe(what);
  return z.string().trim().min(1).max(100).describe(`${what} (name or id)`);
}

/**
 * An assignee parameter: an enum of the organization's agent names, or, when it has none yet, a name
 * the server will refuse with the reason (assign nobody until profiles exist).
 */
export function assigneeParameter(facts: SessionFacts) {
  const [first, ...rest] = facts.agents;
  if (first !== undefined) return z.enum([first, ...rest]).describe('Agent name');
  return z.string().trim().min(1).max(64).regex(AGENT_NAME).describe('Agent name (none defined yet)');
}
