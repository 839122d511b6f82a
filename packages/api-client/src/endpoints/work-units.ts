import * as z from 'zod';
import {
  createWorkUnitSchema,
  deleteWorkUnitQuerySchema,
  listWorkUnitsQuerySchema,
  updateWorkUnitSchema,
  workUnitDeletionSchema,
  workUnitDetailSchema,
  workUnitSchema,
} from '../contract/work-units';
import { defineEndpoint, listOf } from './define';

export const workUnits = {
  list: defineEndpoint({
    method: 'GET',
    path: '/projects/{projectId}/work-units',
    summary: 'List a project’s work units with derived progress, depth and advice',
    tag: 'Work units',
    query: listWorkUnitsQuerySchema,
    response: listOf(workUnitSchema),
    errors: ['PROJECT_NOT_FOUND'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/projects/{projectId}/work-units',
    summary: 'Create a work unit (slug KEY-WU-n)',
    tag: 'Work units',
    body: createWorkUnitSchema,
    response: workUnitSchema,
    status: 201,
    errors: ['PROJECT_NOT_FOUND', 'WORK_UNIT_NOT_FOUND', 'CYCLE_NOT_ALLOWED', 'UNPROCESSABLE'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/work-units/{workUnit}',
    summary: 'Get a work unit by id or slug, its tasks embedded',
    tag: 'Work units',
    response: workUnitDetailSchema,
    errors: ['WORK_UNIT_NOT_FOUND'],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/work-units/{workUnit}',
    summary: 'Update a work unit; status changes follow the transition table',
    tag: 'Work units',
    body: updateWorkUnitSchema,
    response: workUnitSchema,
    errors: [
      'WORK_UNIT_NOT_FOUND',
      'VERSION_CONFLICT',
      'INVALID_TRANSITION',
      'CYCLE_NOT_ALLOWED',
      'UNPROCESSABLE',
    ],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/work-units/{workUnit}',
    summary: 'Delete a work unit: detaches its tasks, moves its children up (?confirm=true)',
    tag: 'Work units',
    query: deleteWorkUnitQuerySchema,
    response: z.object({ deleted: workUnitDeletionSchema }),
    errors: ['WORK_UNIT_NOT_FOUND', 'VERSION_CONFLICT', 'CONFIRMATION_REQUIRED'],
  }),
};
