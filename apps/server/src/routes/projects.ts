import {
  createProjectSchema,
  deleteProjectQuerySchema,
  updateProjectSchema,
} from '@switchboard/api-client/contract';
import { roleAllows } from '@switchboard/auth/access';
import { Hono } from 'hono';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import {
  createProject,
  deleteProject,
  findProject,
  listProjects,
  listStatuses,
  projectContents,
  toProject,
  updateProject,
} from '../domain/projects';
import type { EventBus } from '../events/bus';
import { AppError } from '../http/errors';
import { readBody, readQuery } from '../http/validation';

/**
 * Projects are open to every member for reading and writing; deleting one follows the role table
 * (organization:update, i.e. owner and admin), because it destroys everyone's work.
 */
export function projectRoutes(db: Database, bus: EventBus) {
  return new Hono<{ Variables: ActingVariables }>()
    .get('/projects', async (c) => c.json({ items: await listProjects(db, c.var.acting) }))
    .post('/projects', async (c) => {
      const input = await readBody(c, createProjectSchema);
      return c.json(await createProject(db, bus, c.var.acting, input), 201);
    })
    .get('/projects/:projectId', async (c) => {
      const row = await findProject(db, c.var.acting, c.req.param('projectId'));
      return c.json({ ...toProject(row), contents: await projectContents(db, row.id) });
    })
    .patch('/projects/:projectId', async (c) => {
      const input = await readBody(c, updateProjectSchema);
      return c.json(await updateProject(db, bus, c.var.acting, c.req.param('projectId'), input));
    })
    .delete('/projects/:projectId', async (c) => {
      const { confirm } = readQuery(c, deleteProjectQuerySchema);
      const projectId = c.req.param('projectId');
      // Existence first, so an outsider learns nothing from the permission answer.
      await findProject(db, c.var.acting, projectId);
      if (!roleAllows(c.var.acting.role, { organization: ['update'] })) {
        throw new AppError('FORBIDDEN', 'not allowed to access resource project');
      }
      return c.json(await deleteProject(db, bus, c.var.acting, projectId, confirm === 'true'));
    })
    .get('/projects/:projectId/statuses', async (c) =>
      c.json({ items: await listStatuses(db, c.var.acting, c.req.param('projectId')) }),
    );
}
