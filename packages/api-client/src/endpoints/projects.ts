import * as z from 'zod';
import {
  createProjectSchema,
  deleteProjectQuerySchema,
  projectContentsSchema,
  projectDetailSchema,
  projectSchema,
  projectWithCountsSchema,
  taskStatusSchema,
  updateProjectSchema,
} from '../contract/projects';
import { defineEndpoint, listOf } from './define';

export const projects = {
  list: defineEndpoint({
    method: 'GET',
    path: '/projects',
    summary: 'List projects',
    tag: 'Projects',
    response: listOf(projectWithCountsSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/projects',
    summary: 'Create a project (seeds Todo, In Progress, Review, Done)',
    tag: 'Projects',
    body: createProjectSchema,
    response: projectSchema,
    status: 201,
    errors: ['PROJECT_KEY_TAKEN'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/projects/{projectId}',
    summary: 'Get a project with what it holds',
    tag: 'Projects',
    response: projectDetailSchema,
    errors: ['PROJECT_NOT_FOUND'],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/projects/{projectId}',
    summary: 'Update a project; setting its rule set needs owner or admin',
    tag: 'Projects',
    body: updateProjectSchema,
    response: projectSchema,
    errors: ['PROJECT_NOT_FOUND', 'VERSION_CONFLICT', 'FORBIDDEN', 'RULE_SET_NOT_FOUND'],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/projects/{projectId}',
    summary: 'Delete a project and everything in it (owner/admin; ?confirm=true)',
    tag: 'Projects',
    query: deleteProjectQuerySchema,
    response: z.object({ deleted: projectContentsSchema }),
    errors: ['PROJECT_NOT_FOUND', 'FORBIDDEN', 'CONFIRMATION_REQUIRED'],
  }),
  statuses: defineEndpoint({
    method: 'GET',
    path: '/projects/{projectId}/statuses',
    summary: 'The project’s task statuses, in board order',
    tag: 'Projects',
    response: listOf(taskStatusSchema),
    errors: ['PROJECT_NOT_FOUND'],
  }),
};
