import { listActivityQuerySchema } from '@switchboard/api-client/contract';
import { Hono } from 'hono';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { listActivity } from '../domain/activity';
import { findProject } from '../domain/projects';
import { readQuery } from '../http/validation';

export function activityRoutes(db: Database) {
  return new Hono<{ Variables: ActingVariables }>().get('/activity', async (c) => {
    const query = readQuery(c, listActivityQuerySchema);
    if (query.projectId) await findProject(db, c.var.acting, query.projectId);
    return c.json(await listActivity(db, c.var.acting, query));
  });
}
