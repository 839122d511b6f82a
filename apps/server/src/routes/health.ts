import type { HealthResponse } from '@switchboard/api-client/contract';
import { endpoints } from '@switchboard/api-client/endpoints';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../domain/errors';
import { endpointRoutes } from '../http/endpoint-route';
import { type EventLoopMonitor, processEventLoopMonitor } from '../observability/event-loop-monitor';

export function healthRoutes(
  database: Pick<DatabaseHandle, 'kind' | 'ping'>,
  eventLoop: EventLoopMonitor = processEventLoopMonitor(),
) {
  return endpointRoutes().on(endpoints.system.health, async () => {
    if (!(await database.ping())) throw new AppError('DATABASE_UNAVAILABLE');
    return { status: 'ok', database: database.kind, eventLoop: eventLoop.delay() } satisfies HealthResponse;
  }).app;
}
