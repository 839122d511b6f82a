import type { databaseRateLimitStorage } from '@switchboard/auth/server';
import type { Database } from '../db/client';
import type { EventBus } from '../events/bus';
import type { NotificationMailer } from './people/notification-mailer';

/** Where the domain reads the time: the system's in a server, one a test moves in tests. */
export interface Clock {
  now(): Date;
}

/** The one place the domain reads the system's time. */
export const systemClock: Clock = { now: () => new Date() };

/** Counts requests in fixed windows, shared by every server process (the `rate_limit` table). */
export type RequestCounter = ReturnType<typeof databaseRateLimitStorage>;

/**
 * Everything a domain function may reach besides its input, built once at start-up and handed to
 * routes, MCP tools, sweeps and webhooks as one value, so nothing the domain needs hides in a
 * module-level registry and a test server can be given its own clock.
 */
export interface DomainServices {
  db: Database;
  /** Where committed changes go out to realtime clients. */
  bus: EventBus;
  clock: Clock;
  /** Mail about notifications after their change commits; undefined when no mail server is configured. */
  mail?: NotificationMailer;
  /** Each API key's requests, counted against its limit. */
  apiKeyRequests: RequestCounter;
}
