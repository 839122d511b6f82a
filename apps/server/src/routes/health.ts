import type { HealthResponse } from '@switchboard/api-client/contract';
import { endpoints } from '@switchboard/api-client/endpoints';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../domain/errors';
import { endpointRoutes } from '../http/endpoint-route';
import { databaseLiveness } from '../observability/database-liveness';
import { type EventLoopMonitor, processEventLoopMonitor } from '../observability/event-loop-monitor';

export function healthRoutes(
  database: Pick<DatabaseHandle, 'kind' | 'ping'>,
  eventLoop: EventLoopMonitor = processEventLoopMonitor(),
) {
  const databaseAnswers = databaseLiveness(() => database.ping());
  return endpointRoutes().on(endpoints.system.health, async () => {
    if (!(await databaseAnswers())) throw new AppError('DATABASE_UNAVAILABLE');
    return { status: 'ok', database: database.kind, eventLoop: eventLoop.delay() } satisfies HealthResponse;
  }).app;
}
