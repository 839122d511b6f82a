import {
  createCommentSchema,
  createTaskSchema,
  deleteTaskQuerySchema,
  listTasksQuerySchema,
  moveTaskSchema,
  updateTaskSchema,
} from '@switchboard/api-client/contract';
import { Hono } from 'hono';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { createComment, listComments } from '../domain/comments';
import { findTask, listTasks, toTask } from '../domain/task-views';
import { createTask, deleteTask, moveTask, updateTask } from '../domain/tasks';
import type { EventBus } from '../events/bus';
import { readBody, readQuery } from '../http/validation';

/** Tasks, their moves and their comments: open to every member of the organisation. */
export function taskRoutes(db: Database, bus: EventBus) {
  return new Hono<{ Variables: ActingVariables }>()
    .get('/projects/:projectId/tasks', async (c) => {
      const query = readQuery(c, listTasksQuerySchema);
      return c.json(await listTasks(db, c.var.acting, c.req.param('projectId'), query));
    })
    .post('/projects/:projectId/tasks', async (c) => {
      const input = await readBody(c, createTaskSchema);
      return c.json(await createTask(db, bus, c.var.acting, c.req.param('projectId'), input), 201);
    })
    .get('/tasks/:idOrKey', async (c) =>
      c.json(toTask((await findTask(db, c.var.acting, c.req.param('idOrKey'))).task)),
    )
    .patch('/tasks/:idOrKey', async (c) => {
      const input = await readBody(c, updateTaskSchema);
      return c.json(await updateTask(db, bus, c.var.acting, c.req.param('idOrKey'), input));
    })
    .delete('/tasks/:idOrKey', async (c) => {
      const { version } = readQuery(c, deleteTaskQuerySchema);
      return c.json(await deleteTask(db, bus, c.var.acting, c.req.param('idOrKey'), { version }));
    })
    .post('/tasks/:idOrKey/move', async (c) => {
      const input = await readBody(c, moveTaskSchema);
      return c.json(await moveTask(db, bus, c.var.acting, c.req.param('idOrKey'), input));
    })
    .get('/tasks/:idOrKey/comments', async (c) =>
      c.json({ items: await listComments(db, c.var.acting, c.req.param('idOrKey')) }),
    )
    .post('/tasks/:idOrKey/comments', async (c) => {
      const input = await readBody(c, createCommentSchema);
      return c.json(await createComment(db, bus, c.var.acting, c.req.param('idOrKey'), input), 201);
    });
}
