import type { TypedApi } from '@switchboard/api-client';
import { getRouteApi } from '@tanstack/react-router';
import { apiFor } from '../lib/api';

const dashboardRoute = getRouteApi('/dashboard');

/** The typed REST API, inside the dashboard (the same instance its loaders use). */
export function useApi(): TypedApi {
  const { config } = dashboardRoute.useRouteContext();
  return apiFor(config);
}
