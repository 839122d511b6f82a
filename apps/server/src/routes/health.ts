import type { HealthResponse } from '@switchboard/api-client/contract';
import { Hono } from 'hono';
import type { DatabaseHandle } from '../db/client';
import { errorResponse } from '../http/errors';

export function healthRoutes(database: Pick<DatabaseHandle, 'kind' | 'ping'>) {
  return new Hono().get('/health', async (c) => {
    if (!(await database.ping())) return errorResponse(c, 'DATABASE_UNAVAILABLE');
    return c.json({ status: 'ok', database: database.kind } satisfies HealthResponse);
  });
}
