import { databaseRateLimitStorage } from '@switchboard/auth/server';
import type { Database } from '../db/client';
import { type DomainServices, systemClock } from '../domain/services';
import { createMemoryBus } from '../events/bus';

/**
 * What the domain needs, for a test that calls domain functions itself on a test server's database:
 * an in-memory bus of its own and the system clock unless the test gives others; no mail.
 */
export function domainServicesOn(db: Database, choices: Partial<DomainServices> = {}): DomainServices {
  return {
    db,
    bus: createMemoryBus(),
    clock: systemClock,
    apiKeyRequests: databaseRateLimitStorage({ database: db }),
    ...choices,
  };
}
