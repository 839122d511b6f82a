import type { Actor } from '@switchboard/api-client/contract';

/** Who is acting, and in which organization: every domain function takes this first. */
export interface ActingContext {
  organizationId: string;
  actor: Actor;
}
