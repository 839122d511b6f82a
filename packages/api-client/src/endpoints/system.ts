import { healthResponseSchema, publicConfigSchema } from '../contract/system';
import { CONFIG_PATH } from '../paths';
import { defineEndpoint } from './define';

export const system = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database kind',
    tag: 'System',
    access: 'public',
    response: healthResponseSchema,
    errors: ['DATABASE_UNAVAILABLE'],
  }),
  config: defineEndpoint({
    method: 'GET',
    path: CONFIG_PATH,
    summary: 'Public runtime configuration',
    tag: 'System',
    access: 'public',
    response: publicConfigSchema,
  }),
  openapi: defineEndpoint({
    method: 'GET',
    path: '/openapi.json',
    summary: 'This document',
    tag: 'System',
    access: 'public',
  }),
};
