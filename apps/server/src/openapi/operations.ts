import * as contract from '@switchboard/api-client/contract';
import { errorBodySchema } from '@switchboard/api-client/errors';
import * as z from 'zod';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export interface Operation {
  method: HttpMethod;
  /** OpenAPI path under /api/v1, with {param} placeholders. */
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  response?: z.ZodType;
  /** Status of the success answer. @default 200 */
  status?: number;
  /** text/event-stream instead of JSON. */
  stream?: boolean;
  public?: boolean;
}

const page = <T extends z.ZodType>(item: T) => contract.pageSchema(item);

/**
 * Every REST operation, described from the same zod schemas the server validates with. A test checks
 * this list against the routes the server really mounts, so the document cannot fall behind.
 */
export const operations: Operation[] = [
  {
    method: 'get',
    path: '/health',
    summary: 'Liveness and database kind',
    tag: 'System',
    response: contract.healthResponseSchema,
    public: true,
  },
  {
    method: 'get',
    path: '/config',
    summary: 'Public runtime configuration',
    tag: 'System',
    response: contract.publicConfigSchema,
    public: true,
  },
  { method: 'get', path: '/openapi.json', summary: 'This document', tag: 'System', public: true },
  {
    method: 'get',
    path: '/projects',
    summary: 'List projects',
    tag: 'Projects',
    response: z.object({ items: z.array(contract.projectWithCountsSchema) }),
  },
  {
    method: 'post',
    path: '/projects',
    summary: 'Create a project (seeds Todo, In Progress, Review, Done)',
    tag: 'Projects',
    body: contract.createProjectSchema,
    response: contract.projectSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/projects/{projectId}',
    summary: 'Get a project with what it holds',
    tag: 'Projects',
    response: contract.projectSchema,
  },
  {
    method: 'patch',
    path: '/projects/{projectId}',
    summary: 'Update a project',
    tag: 'Projects',
    body: contract.updateProjectSchema,
    response: contract.projectSchema,
  },
  {
    method: 'delete',
    path: '/projects/{projectId}',
    summary: 'Delete a project and everything in it (owner/admin; ?confirm=true)',
    tag: 'Projects',
    query: contract.deleteProjectQuerySchema,
  },
  {
    method: 'get',
    path: '/projects/{projectId}/statuses',
    summary: 'The project’s task statuses, in board order',
    tag: 'Projects',
    response: z.object({ items: z.array(contract.taskStatusSchema) }),
  },
  {
    method: 'get',
    path: '/projects/{projectId}/work-units',
    summary: 'List a project’s work units with derived progress, depth and advice',
    tag: 'Work units',
    query: contract.listWorkUnitsQuerySchema,
    response: z.object({ items: z.array(contract.workUnitSchema) }),
  },
  {
    method: 'post',
    path: '/projects/{projectId}/work-units',
    summary: 'Create a work unit (slug KEY-WU-n)',
    tag: 'Work units',
    body: contract.createWorkUnitSchema,
    response: contract.workUnitSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/work-units/{idOrSlug}',
    summary: 'Get a work unit by id or slug, its tasks embedded',
    tag: 'Work units',
    response: contract.workUnitDetailSchema,
  },
  {
    method: 'patch',
    path: '/work-units/{idOrSlug}',
    summary: 'Update a work unit; status changes follow the transition table',
    tag: 'Work units',
    body: contract.updateWorkUnitSchema,
    response: contract.workUnitSchema,
  },
  {
    method: 'delete',
    path: '/work-units/{idOrSlug}',
    summary: 'Delete a work unit: detaches its tasks, moves its children up (?confirm=true)',
    tag: 'Work units',
    query: contract.deleteWorkUnitQuerySchema,
    response: z.object({ deleted: contract.workUnitDeletionSchema }),
  },
  {
    method: 'get',
    path: '/projects/{projectId}/tasks',
    summary: 'List tasks in board order, filtered, a page at a time',
    tag: 'Tasks',
    query: contract.listTasksQuerySchema,
    response: contract.taskPageSchema,
  },
  {
    method: 'post',
    path: '/projects/{projectId}/tasks',
    summary: 'Create a task (only title needed; key KEY-n)',
    tag: 'Tasks',
    body: contract.createTaskSchema,
    response: contract.taskSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/tasks/{idOrKey}',
    summary: 'Get a task by id or key',
    tag: 'Tasks',
    response: contract.taskSchema,
  },
  {
    method: 'patch',
    path: '/tasks/{idOrKey}',
    summary: 'Update a task',
    tag: 'Tasks',
    body: contract.updateTaskSchema,
    response: contract.taskSchema,
  },
  {
    method: 'delete',
    path: '/tasks/{idOrKey}',
    summary: 'Delete a task and its comments; tasks it blocked stop waiting',
    tag: 'Tasks',
    query: contract.deleteTaskQuerySchema,
    response: z.object({
      deleted: z.object({ id: z.string(), key: z.string(), unblocked: z.number().int() }),
    }),
  },
  {
    method: 'post',
    path: '/tasks/{idOrKey}/move',
    summary: 'Move a task to a status and position (end of the column when omitted)',
    tag: 'Tasks',
    body: contract.moveTaskSchema,
    response: contract.taskSchema,
  },
  {
    method: 'get',
    path: '/tasks/{idOrKey}/comments',
    summary: 'A task’s comments, oldest first',
    tag: 'Tasks',
    response: z.object({ items: z.array(contract.commentSchema) }),
  },
  {
    method: 'post',
    path: '/tasks/{idOrKey}/comments',
    summary: 'Comment on a task as the acting user or agent',
    tag: 'Tasks',
    body: contract.createCommentSchema,
    response: contract.commentSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/activity',
    summary: 'The organisation’s activity log, newest first',
    tag: 'Activity',
    query: contract.listActivityQuerySchema,
    response: page(contract.activitySchema),
  },
  {
    method: 'get',
    path: '/agents',
    summary: 'The organisation’s shared agent profiles, by name',
    tag: 'Agents',
    response: z.object({ items: z.array(contract.agentProfileSchema) }),
  },
  {
    method: 'post',
    path: '/agents',
    summary: 'Create an agent profile (owner/admin); its name is what tasks are assigned to',
    tag: 'Agents',
    body: contract.createAgentProfileSchema,
    response: contract.agentProfileSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/agents/{name}',
    summary: 'Get an agent profile by name',
    tag: 'Agents',
    response: contract.agentProfileSchema,
  },
  {
    method: 'patch',
    path: '/agents/{name}',
    summary: 'Update an agent profile (owner/admin); the name stays',
    tag: 'Agents',
    body: contract.updateAgentProfileSchema,
    response: contract.agentProfileSchema,
  },
  {
    method: 'delete',
    path: '/agents/{name}',
    summary: 'Delete an agent profile (owner/admin); ?confirm=true unassigns its tasks',
    tag: 'Agents',
    query: contract.deleteAgentProfileQuerySchema,
    response: z.object({ deleted: contract.agentProfileDeletionSchema }),
  },
  {
    method: 'get',
    path: '/events',
    summary: 'Server-Sent Events of every committed change (resume with Last-Event-ID)',
    tag: 'Activity',
    stream: true,
  },
  {
    method: 'get',
    path: '/agent-sessions',
    summary: 'Live and recent agent (MCP) sessions: agent, client, status, current task, last seen',
    tag: 'Agents',
    query: contract.listAgentSessionsQuerySchema,
    response: z.object({ items: z.array(contract.agentSessionSchema) }),
  },
  {
    method: 'get',
    path: '/projects/{projectId}/mcp/config',
    summary: 'Ready MCP client files for the project (Claude Code .mcp.json, Cursor), key by env variable',
    tag: 'Agents',
    response: contract.mcpConfigSchema,
  },
];

export { errorBodySchema };
