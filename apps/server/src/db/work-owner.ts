import { AsyncLocalStorage } from 'node:async_hooks';

// Whose database work the code running now does, so the embedded database can serve owners in turns
// (turns.ts): a request's caller from its first step, its organization once that is known, and the
// server itself for work no request started (start-up, sweeps, webhooks' follow-ups).

interface WorkOwner {
  owner: string;
}

const current = new AsyncLocalStorage<WorkOwner>();

/** The owner of work done outside any request. */
export const SERVER_WORK = 'server';

/** Runs `work` (a request, from its first step) as `owner`'s. */
export function runAsWorkOwner<T>(owner: string, work: () => T): T {
  return current.run({ owner }, work);
}

/**
 * From here on, the current request's database work is its organization's: an organization's callers
 * share one line however many sessions and keys they use. Outside a request it changes nothing.
 */
export function workForOrganization(organizationId: string): void {
  const store = current.getStore();
  if (store) store.owner = `organization:${organizationId}`;
}

export function currentWorkOwner(): string {
  return current.getStore()?.owner ?? SERVER_WORK;
}
